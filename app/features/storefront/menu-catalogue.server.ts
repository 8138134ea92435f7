import type { Db } from "../../db/schema";
import {
  listMenusForBranch,
  loadMenuCatalogue,
  type CatalogueProduct,
  type MenuSummary,
} from "../../db/queries/catalogue";
import { isAvailableAt, isListedAt } from "../../domain/menu";
import { toOpeningRule } from "./opening.server";
import { cachedReference } from "../shared/reference-data.server";

export interface ListedProduct {
  product: CatalogueProduct;
  isAvailable: boolean;
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
  return cachedReference(
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
}

/** The spec's active menu: the latest `availableFrom` already past (newest first, as listed). */
function activeMenuOf(menus: readonly MenuSummary[], now: Date): MenuSummary | undefined {
  return menus.find((menu) => menu.availableFrom.getTime() <= now.getTime());
}

function listActiveCatalogue(
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
  return { categories, orderable, listed, active: [...active.values()] };
}
