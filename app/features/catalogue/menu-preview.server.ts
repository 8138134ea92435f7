import { DateTime } from "luxon";
import { listMenusForBranch, loadMenuCatalogue } from "#app/db/queries/catalogue";
import type { Db } from "#app/db/schema";
import { findImagesByIds } from "#app/db/queries/images";
import { pictureOf } from "#app/features/media/picture";
import { parseClockTime, parseId, parseIsoDate } from "#app/domain/values";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { menuHead } from "./menu-editor.server";
import { cachedReference, referenceSettings } from "#app/features/shared/reference-data.server";
import { itemDialogView } from "#app/features/storefront/item-dialog.server";
import { listActiveCatalogue } from "#app/features/storefront/menu-catalogue.server";
import { priceLabel, type Storefront } from "#app/features/storefront/storefront.server";

/**
 * The preview (`/backend/menus/{id}/preview?date=YYYY-MM-DD&time=HH:mm&branch={id}`): a branch's
 * storefront menu as a customer will see it at that instant (default 12:00 in the shop's zone):
 * the menu active then (this one only if it is live by then; otherwise the one that still serves,
 * named in the banner), its categories and products with their availability at that instant, by
 * the storefront's own listing (`listActiveCatalogue`). `&produkt={id}` opens the product's item
 * dialog, read-only: the storefront's dialog view, with no cart and no button to add.
 *
 * The time-dependent listing is computed here, not taken from the storefront's kept copy (that
 * copy is stamped with the current minute; a preview of tomorrow must not replace it). The route
 * guards and reads the query; null when there is no such menu.
 */
const t = deCatalogue.menus;
const DEFAULT_TIME = "12:00";

/** The preview's query as sent: `date`, `time`, `branch`, `produkt`. */
export interface PreviewQuery {
  date: string | null;
  time: string | null;
  branch: string | null;
  product: string | null;
}

export async function menuPreview(db: Db, menuId: number, asked: PreviewQuery) {
  const menu = await menuHead(db, menuId);
  if (!menu) return null;
  const settings = await referenceSettings(db);
  const zone = settings.businessTimeZone;
  const today = DateTime.now().setZone(zone).toISODate() ?? "";
  const date = parseIsoDate(asked.date ?? "") ?? today;
  const time = parseClockTime(asked.time ?? "") ?? DEFAULT_TIME;
  const at = DateTime.fromISO(`${date}T${time}`, { zone });
  const now = at.toJSDate();

  const branches = await db
    .selectFrom("menuBranches")
    .innerJoin("branches", "branches.id", "menuBranches.branchId")
    .select(["branches.id", "branches.name", "branches.identifier"])
    .where("menuBranches.menuId", "=", menuId)
    .orderBy("branches.position")
    .orderBy("branches.name")
    .execute();
  const wanted = parseId(asked.branch);
  const branch = branches.find((candidate) => candidate.id === wanted) ?? branches[0] ?? null;

  const query = (extra: Record<string, string>) => {
    const search = new URLSearchParams({
      date,
      time,
      ...(branch ? { branch: String(branch.id) } : {}),
      ...extra,
    });
    return `/backend/menus/${menuId}/preview?${search.toString()}`;
  };
  const base = {
    menu: { id: menu.id, name: menu.name },
    date,
    time,
    banner: t.previewBanner(`${at.toFormat("dd.MM.yyyy")}, ${time} Uhr`),
    branches: branches.map((candidate) => ({ value: String(candidate.id), label: candidate.name })),
    branchId: branch ? String(branch.id) : "",
    closePath: query({}),
  };
  if (!branch) {
    return { ...base, state: t.previewNoBranch, categories: [], dialog: null };
  }

  // Which menu serves the branch then: the spec's rule, at the full minute as the storefront does.
  const menus = await listMenusForBranch(db, branch.id);
  const active = menus.find((candidate) => candidate.availableFrom.getTime() <= now.getTime());
  const state = !active
    ? t.previewNoMenu
    : active.id === menu.id
      ? t.previewThisMenu
      : t.previewOtherMenu(active.name);
  const notYet =
    new Date(menu.availableFrom).getTime() > now.getTime()
      ? t.previewNotYet(
          DateTime.fromJSDate(new Date(menu.availableFrom))
            .setZone(zone)
            .toFormat("dd.MM.yyyy, HH:mm 'Uhr'"),
        )
      : null;
  const catalogue = active
    ? await cachedReference(db, `catalogue:${active.id}`, () => loadMenuCatalogue(db, active.id))
    : undefined;
  const listed = listActiveCatalogue(catalogue, now, zone);

  const images = await findImagesByIds(
    db,
    listed.categories.flatMap((category) =>
      category.products.flatMap(({ product }) => product.imageIds.slice(0, 1)),
    ),
  );
  const categories = listed.categories.map((category) => ({
    id: category.id,
    name: category.name,
    description: category.description,
    products: category.products.map(({ product, isAvailable }) => {
      const image = product.imageIds[0] === undefined ? undefined : images.get(product.imageIds[0]);
      return {
        id: product.id,
        name: product.name,
        description: product.description,
        priceLabel: priceLabel(product, settings.currency),
        isAvailable,
        href: query({ produkt: String(product.id) }),
        image: image ? pictureOf(image, "square", "(max-width: 40rem) 100vw, 20rem") : null,
      };
    }),
  }));

  const productId = parseId(asked.product);
  // The storefront's dialog view reads only the listing and the currency of its store.
  const store = { settings, catalogue: listed, zone, now } as unknown as Storefront;
  const dialog =
    productId === null
      ? null
      : await itemDialogView(db, store, productId, new URLSearchParams(), null);
  return {
    ...base,
    state: notYet ? `${state} ${notYet}` : state,
    branchName: branch.name,
    categories,
    dialog,
  };
}
