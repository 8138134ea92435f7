import type { Cents } from "./money";
import { isOpenAt, type OpeningHoursRule } from "./opening-hours";
import { BUSINESS_TIME_ZONE, inZone, type Instant } from "./time";

export type Id = number | string;

/** A catalogue entry lists ids, or objects with an id, as the back office saved them. */
type Reference = Id | { id: Id };

export interface CatalogEntry {
  id: Id;
  products: readonly Reference[];
}

export interface Menu {
  id: Id;
  branches: readonly Reference[];
  /** From when the menu applies; unset means it always has. */
  availableFrom: Instant | null;
  catalog: readonly CatalogEntry[];
}

function idOf(reference: Reference): string {
  return String(typeof reference === "object" ? reference.id : reference);
}

/**
 * The branch's menu with the latest availableFrom that has already begun; null when none has.
 * Of two menus starting at the same instant the first one given wins, so the caller decides by
 * the order it loads them in.
 */
export function activeMenu<M extends Menu>(
  menus: readonly M[],
  branchId: Id,
  now: Instant,
  zone: string = BUSINESS_TIME_ZONE,
): M | null {
  const at = inZone(now, zone).toMillis();
  let active: { menu: M; from: number } | null = null;
  for (const menu of menus) {
    if (!menu.branches.some((branch) => idOf(branch) === String(branchId))) continue;
    const from =
      menu.availableFrom === null ? -Infinity : inZone(menu.availableFrom, zone).toMillis();
    if (from > at) continue;
    if (!active || from > active.from) active = { menu, from };
  }
  return active?.menu ?? null;
}

/** Products and categories share these fields. */
export interface Schedulable {
  isEnabled: boolean;
  /** Opening-hours-style rules; empty means always. */
  schedule?: readonly OpeningHoursRule[] | null;
  isVisibleWhenUnavailable?: boolean | null;
}

/** Orderable now: enabled, and its schedule (if it has one) is open. */
export function isAvailableAt(
  item: Schedulable,
  now: Instant,
  zone: string = BUSINESS_TIME_ZONE,
): boolean {
  if (!item.isEnabled) return false;
  const schedule = item.schedule ?? [];
  return schedule.length === 0 || isOpenAt(schedule, now, zone);
}

/** Listed now: available, or marked to stay visible (greyed out) while unavailable. */
export function isListedAt(
  item: Schedulable,
  now: Instant,
  zone: string = BUSINESS_TIME_ZONE,
): boolean {
  return isAvailableAt(item, now, zone) || Boolean(item.isVisibleWhenUnavailable);
}

export interface MenuProductView<P> {
  product: P;
  isAvailable: boolean;
}

export interface MenuCategoryView<C, P> {
  category: C;
  isAvailable: boolean;
  products: MenuProductView<P>[];
}

/**
 * The menu as the storefront lists it, in catalogue order. A product inside an unavailable
 * category cannot be ordered either; unknown ids are skipped, and a category with nothing to list
 * is left out.
 */
export function menuView<C extends Schedulable & { id: Id }, P extends Schedulable & { id: Id }>(
  menu: Menu,
  categories: readonly C[],
  products: readonly P[],
  now: Instant,
  zone: string = BUSINESS_TIME_ZONE,
): MenuCategoryView<C, P>[] {
  const categoryById = new Map(categories.map((category) => [String(category.id), category]));
  const productById = new Map(products.map((product) => [String(product.id), product]));
  return menu.catalog.flatMap((entry) => {
    const category = categoryById.get(String(entry.id));
    if (!category || !isListedAt(category, now, zone)) return [];
    const isCategoryAvailable = isAvailableAt(category, now, zone);
    const listed = entry.products.flatMap((reference) => {
      const product = productById.get(idOf(reference));
      if (!product || !isListedAt(product, now, zone)) return [];
      return [{ product, isAvailable: isCategoryAvailable && isAvailableAt(product, now, zone) }];
    });
    return listed.length === 0
      ? []
      : [{ category, isAvailable: isCategoryAvailable, products: listed }];
  });
}

/**
 * The products a cart may hold: enabled products listed in the active menu. A schedule that is
 * closed right now does not remove them, because the customer may order for later.
 */
export function activeProducts<P extends { id: Id; isEnabled: boolean }>(
  menu: Menu | null,
  products: readonly P[],
): P[] {
  if (!menu) return [];
  const listed = new Set(menu.catalog.flatMap((entry) => entry.products.map(idOf)));
  return products.filter((product) => product.isEnabled && listed.has(String(product.id)));
}

/** What a cart item remembers of its product, enough to notice a changed product. */
export interface ProductIdentity {
  id: Id;
  name: string;
  description?: string | null;
  price: Cents;
}

function isSameProduct(remembered: ProductIdentity, current: ProductIdentity): boolean {
  return (
    String(remembered.id) === String(current.id) &&
    remembered.name === current.name &&
    (remembered.description ?? "") === (current.description ?? "") &&
    remembered.price === current.price
  );
}

export interface CartMigration<I, P> {
  items: (I & { product: P })[];
  removed: I[];
}

/**
 * After a menu reload an item stays only if an active product still matches it by id, name,
 * description and price; it then carries the current product (fresh tax rates, images), while
 * amount, unit and choices stay as the customer set them.
 */
export function migrateCart<P extends ProductIdentity, I extends { product: ProductIdentity }>(
  items: readonly I[],
  products: readonly P[],
): CartMigration<I, P> {
  const kept: (I & { product: P })[] = [];
  const removed: I[] = [];
  for (const item of items) {
    const current = products.find((product) => isSameProduct(item.product, product));
    if (current) kept.push({ ...item, product: current });
    else removed.push(item);
  }
  return { items: kept, removed };
}
