import { createHash } from "node:crypto";
import type { Db } from "#app/db/schema";
import {
  listMenusForBranch,
  loadMenuCatalogue,
  type CatalogueProduct,
  type MenuSummary,
} from "#app/db/queries/catalogue";
import { isAvailableAt, isListedAt } from "#app/domain/menu";
import { toOpeningRule } from "./opening.server";
import { cachedReference } from "#app/features/shared/reference-data.server";
import { isSoldOutAt } from "#app/domain/sold-out";

export interface ListedProduct {
  product: CatalogueProduct;
  isAvailable: boolean;
  /** Sold out today in this branch (decision 036): listed greyed out with 'Heute ausverkauft'. */
  isSoldOut?: boolean;
}

export interface ListedCategory {
  id: number;
  name: string;
  description: string | null;
  products: ListedProduct[];
}

export interface ActiveCatalogue {
  categories: ListedCategory[];
  /** Every product a customer can put into the cart now, by id (the first listing wins). */
  orderable: Map<number, CatalogueProduct>;
  /** Every listed product by id, available or not: the dialog explains the unavailable ones. */
  listed: Map<number, ListedProduct>;
  /**
   * The products a cart item may still point to: enabled products of the active menu, whatever
   * their schedule says right now (the customer may order for later).
   */
  active: CatalogueProduct[];
  /** Products of the menu sold out today in this branch: not orderable, out of the cart. */
  soldOut: ReadonlySet<number>;
}

/**
 * The branch's active menu as the storefront lists it: categories in order, bundle-only ones left
 * out, products hidden or greyed out per `isVisibleWhenUnavailable`.
 */
export async function loadActiveCatalogue(
  db: Db,
  branchId: number,
  now: Date,
  zone: string,
): Promise<ActiveCatalogue> {
  const menus = await cachedReference(db, `menus:${branchId}`, () =>
    listMenusForBranch(db, branchId),
  );
  // Schedules are kept to the minute, so what is listed holds for the whole minute. A menu
  // switches at the full minute too (one available from 12:00:30 is active from 12:01): every
  // storefront boundary in time falls on a full minute, where the kept pages expire (decision 032).
  const minute = Math.floor(now.getTime() / 60_000);
  const menu = activeMenuOf(menus, new Date(minute * 60_000));
  if (!menu) return listActiveCatalogue(undefined, now, zone);
  const listedForMenu = cachedReference(
    db,
    `active:${menu.id}:${zone}`,
    async () => {
      const catalogue = await cachedReference(db, `catalogue:${menu.id}`, () =>
        loadMenuCatalogue(db, menu.id),
      );
      return listActiveCatalogue(catalogue, new Date(minute * 60_000), zone);
    },
    minute,
  );
  // Sold out is per branch, the listing above per menu (branches share menus). The branch's rows
  // are reference data (the table is watched, decision 032), read side by side with the listing
  // (one stamp query for both); applying them is a pass over the listing in memory, cheaper than
  // another round trip, so nothing of one branch's state is kept where another branch reads.
  const [listing, soldOut] = await Promise.all([
    listedForMenu,
    cachedReference(db, `sold-out:${branchId}`, () => soldOutRowsOfBranch(db, branchId)),
  ]);
  if (soldOut.length === 0) return listing;
  const ids = new Set(soldOut.filter((row) => isSoldOutAt(row, now)).map((row) => row.productId));
  return withSoldOut(listing, ids);
}

/**
 * The branch's sold-out rows that may still count (until ahead of now); which count at a given
 * minute is decided when listing, so the rows stay valid as reference data until the next change.
 */
function soldOutRowsOfBranch(db: Db, branchId: number) {
  return db
    .selectFrom("productSoldOut")
    .select(["productId", "until"])
    .where((eb) => eb.or([eb("branchId", "=", branchId), eb("branchId", "is", null)]))
    .where("until", ">", new Date())
    .execute();
}

/**
 * The menu's listing with the branch's sold-out products taken out: hidden, or listed greyed out
 * with 'Heute ausverkauft' when the product is visible when unavailable; never orderable.
 */
export function withSoldOut(
  listing: ActiveCatalogue,
  soldOut: ReadonlySet<number>,
): ActiveCatalogue {
  if (soldOut.size === 0) return listing;
  const hidden = (product: CatalogueProduct) =>
    soldOut.has(product.id) && !product.isVisibleWhenUnavailable;
  const mark = (entry: ListedProduct): ListedProduct =>
    soldOut.has(entry.product.id) ? { ...entry, isAvailable: false, isSoldOut: true } : entry;
  const categories = listing.categories.flatMap((category) => {
    const products = category.products.filter((entry) => !hidden(entry.product)).map(mark);
    return products.length > 0 ? [{ ...category, products }] : [];
  });
  const orderable = new Map([...listing.orderable].filter(([id]) => !soldOut.has(id)));
  const listed = new Map(
    [...listing.listed]
      .filter(([, entry]) => !hidden(entry.product))
      .map(([id, entry]) => [id, mark(entry)] as const),
  );
  const present = new Set([...listing.active].map((product) => product.id));
  return {
    categories,
    orderable,
    listed,
    active: listing.active,
    soldOut: new Set([...soldOut].filter((id) => present.has(id))),
  };
}

/** The spec's active menu: the latest `availableFrom` already past (newest first, as listed). */
function activeMenuOf(menus: readonly MenuSummary[], now: Date): MenuSummary | undefined {
  return menus.find((menu) => menu.availableFrom.getTime() <= now.getTime());
}

export function listActiveCatalogue(
  catalogue: Awaited<ReturnType<typeof loadMenuCatalogue>>,
  now: Date,
  zone: string,
): ActiveCatalogue {
  const orderable = new Map<number, CatalogueProduct>();
  const listed = new Map<number, ListedProduct>();
  const active = new Map<number, CatalogueProduct>();
  const categories: ListedCategory[] = [];
  for (const category of catalogue?.categories ?? []) {
    if (category.isBundleOnly) continue;
    const products = category.entries.flatMap((entry) =>
      entry.kind === "product" ? [entry.product] : entry.group.products,
    );
    for (const product of products) if (product.isEnabled) active.set(product.id, product);
    const schedulable = { ...category, schedule: category.schedule.map(toOpeningRule) };
    if (!isListedAt(schedulable, now, zone)) continue;
    const categoryAvailable = isAvailableAt(schedulable, now, zone);
    const shown = products.flatMap((product): ListedProduct[] => {
      const rules = { ...product, schedule: product.schedule.map(toOpeningRule) };
      if (!isListedAt(rules, now, zone)) return [];
      return [{ product, isAvailable: categoryAvailable && isAvailableAt(rules, now, zone) }];
    });
    for (const entry of shown) {
      if (!listed.has(entry.product.id) || entry.isAvailable) listed.set(entry.product.id, entry);
      if (entry.isAvailable) orderable.set(entry.product.id, entry.product);
    }
    if (shown.length > 0) {
      categories.push({
        id: category.id,
        name: category.name,
        description: category.description,
        products: shown,
      });
    }
  }
  return { categories, orderable, listed, active: [...active.values()], soldOut: new Set() };
}

const versions = new WeakMap<ActiveCatalogue, string>();

/**
 * A short fingerprint of what the menu page shows of the listing: categories, products with
 * their name, description, price, picture and whether they can be ordered now. An open menu page
 * compares it every 10 s with the one it was rendered with (spec section 4) and reloads its data
 * when it differs. Kept per listing object: the cached listing is the same object for a minute.
 */
export function menuVersionOf(catalogue: ActiveCatalogue): string {
  const known = versions.get(catalogue);
  if (known) return known;
  const hash = createHash("sha256");
  for (const category of catalogue.categories) {
    hash.update(`c${category.id}\u0000${category.name}\u0000${category.description ?? ""}\n`);
    for (const { product, isAvailable, isSoldOut } of category.products) {
      hash.update(
        [
          product.id,
          product.name,
          product.description ?? "",
          product.price,
          product.unit,
          product.calculationModel,
          product.isPriceHidden ? 1 : 0,
          product.imageIds[0] ?? "",
          product.parts.length,
          product.isLeadTimeEnabled ? `${product.leadTimeValue}${product.leadTimeType}` : "",
          isAvailable ? 1 : 0,
          isSoldOut ? 1 : 0,
          product.updatedAt instanceof Date ? product.updatedAt.getTime() : "",
        ].join("\u0000") + "\n",
      );
    }
  }
  const version = hash.digest("base64url").slice(0, 16);
  versions.set(catalogue, version);
  return version;
}
