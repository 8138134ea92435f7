import { sql } from "kysely";
import type {
  AlternativeUnit,
  BundleItem,
  Category,
  Db,
  Menu,
  PartOption,
  Product,
  ProductGroup,
  ProductPart,
} from "#app/db/schema";
import { groupBy } from "./branches";

export type MenuSummary = Pick<Menu, "id" | "name" | "availableFrom">;

/** A branch's menus, newest first. */
export async function listMenusForBranch(db: Db, branchId: number): Promise<MenuSummary[]> {
  return db
    .selectFrom("menus")
    .innerJoin("menuBranches", "menuBranches.menuId", "menus.id")
    .select(["menus.id", "menus.name", "menus.availableFrom"])
    .where("menuBranches.branchId", "=", branchId)
    .orderBy("menus.availableFrom", "desc")
    .orderBy("menus.id", "desc")
    .execute();
}

/** The spec's active menu: the branch's menu with the latest availableFrom that is already past. */
export async function findActiveMenuForBranch(
  db: Db,
  branchId: number,
  now: Date,
): Promise<MenuSummary | undefined> {
  return db
    .selectFrom("menus")
    .innerJoin("menuBranches", "menuBranches.menuId", "menus.id")
    .select(["menus.id", "menus.name", "menus.availableFrom"])
    .where("menuBranches.branchId", "=", branchId)
    .where("menus.availableFrom", "<=", now)
    .orderBy("menus.availableFrom", "desc")
    .orderBy("menus.id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export interface CatalogueProductPart extends ProductPart {
  options: PartOption[];
}

export interface CatalogueBundleItem extends BundleItem {
  product: Product;
}

/** A product with everything the item dialog needs. */
export interface CatalogueProduct extends Product {
  alternativeUnits: AlternativeUnit[];
  parts: CatalogueProductPart[];
  bundleItems: CatalogueBundleItem[];
  tagIds: number[];
  imageIds: number[];
}

export interface CatalogueGroup extends ProductGroup {
  products: CatalogueProduct[];
}

export type CatalogueEntry =
  | { kind: "product"; id: number; position: number; product: CatalogueProduct }
  | { kind: "group"; id: number; position: number; group: CatalogueGroup };

export interface CatalogueCategory extends Category {
  position: number;
  entries: CatalogueEntry[];
}

export interface MenuCatalogue {
  menu: Menu;
  /** In menu order, disabled ones included: availability is the domain's decision. */
  categories: CatalogueCategory[];
}

/**
 * One menu's catalogue: categories in order, each with its entries in order, products complete
 * with units, parts, options and bundle items. A fixed number of queries (about ten) whatever
 * the menu's size; the ones that do not depend on each other run side by side.
 */
export async function loadMenuCatalogue(
  db: Db,
  menuId: number,
): Promise<MenuCatalogue | undefined> {
  const menu = await db.selectFrom("menus").selectAll().where("id", "=", menuId).executeTakeFirst();
  if (!menu) return undefined;

  const [categories, entries, groupRows] = await Promise.all([
    db
      .selectFrom("menuCategories")
      .innerJoin("categories", "categories.id", "menuCategories.categoryId")
      .selectAll("categories")
      .select("menuCategories.position")
      .where("menuCategories.menuId", "=", menuId)
      .orderBy("menuCategories.position")
      .orderBy("categories.id")
      .execute(),
    db
      .selectFrom("menuEntries")
      .select(["id", "categoryId", "position", "productId", "productGroupId"])
      .where("menuId", "=", menuId)
      .orderBy("categoryId")
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("productGroups")
      .leftJoin("productGroupProducts", "productGroupProducts.productGroupId", "productGroups.id")
      .selectAll("productGroups")
      .select("productGroupProducts.productId")
      .where(
        "productGroups.id",
        "in",
        db
          .selectFrom("menuEntries")
          .select("productGroupId")
          .where("menuId", "=", menuId)
          .where("productGroupId", "is not", null)
          .$narrowType<{ productGroupId: number }>(),
      )
      .orderBy("productGroups.id")
      .orderBy("productGroupProducts.position")
      .execute(),
  ]);

  const productIds = new Set<number>();
  for (const entry of entries) if (entry.productId !== null) productIds.add(entry.productId);
  for (const row of groupRows) if (row.productId !== null) productIds.add(row.productId);
  const products = await loadCatalogueProducts(db, [...productIds]);

  const groupsById = new Map<number, CatalogueGroup>();
  for (const { productId, ...group } of groupRows) {
    const existing = groupsById.get(group.id) ?? { ...group, products: [] };
    const product = productId === null ? undefined : products.get(productId);
    if (product) existing.products.push(product);
    groupsById.set(group.id, existing);
  }

  const entriesOf = groupBy(entries, (entry) => entry.categoryId);
  return {
    menu,
    categories: categories.map((category) => ({
      ...category,
      entries: (entriesOf.get(category.id) ?? []).flatMap((entry): CatalogueEntry[] => {
        const product = entry.productId === null ? undefined : products.get(entry.productId);
        if (product) return [{ kind: "product", id: entry.id, position: entry.position, product }];
        const group =
          entry.productGroupId === null ? undefined : groupsById.get(entry.productGroupId);
        if (group) return [{ kind: "group", id: entry.id, position: entry.position, group }];
        return [];
      }),
    })),
  };
}

/** Products by id with units, parts, options, bundle items, tag and image ids. */
export async function loadCatalogueProducts(
  db: Db,
  ids: number[],
): Promise<Map<number, CatalogueProduct>> {
  const result = new Map<number, CatalogueProduct>();
  if (ids.length === 0) return result;
  const [rows, units, parts, options, bundleItems] = await Promise.all([
    db
      .selectFrom("products")
      .selectAll("products")
      .select([
        sql<
          number[]
        >`array(select tag_id from product_tags where product_id = products.id order by tag_id)`.as(
          "tagIds",
        ),
        sql<
          number[]
        >`array(select image_id from product_images where product_id = products.id order by position, image_id)`.as(
          "imageIds",
        ),
      ])
      .where("id", "in", ids)
      .execute(),
    db
      .selectFrom("productAlternativeUnits")
      .selectAll()
      .where("productId", "in", ids)
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("productParts")
      .selectAll()
      .where("productId", "in", ids)
      .orderBy("position")
      .execute(),
    db
      .selectFrom("productPartOptions")
      .innerJoin("productParts", "productParts.id", "productPartOptions.partId")
      .selectAll("productPartOptions")
      .where("productParts.productId", "in", ids)
      .orderBy("productPartOptions.position")
      .execute(),
    db
      .selectFrom("productBundleItems")
      .selectAll()
      .where("bundleProductId", "in", ids)
      .orderBy("position")
      .orderBy("id")
      .execute(),
  ]);

  const known = new Map<number, Product>(
    rows.map(({ tagIds: _t, imageIds: _i, ...product }) => [product.id, product]),
  );
  const missingComponents = [...new Set(bundleItems.map((item) => item.componentProductId))].filter(
    (id) => !known.has(id),
  );
  if (missingComponents.length > 0) {
    const components = await db
      .selectFrom("products")
      .selectAll()
      .where("id", "in", missingComponents)
      .execute();
    for (const component of components) known.set(component.id, component);
  }

  const unitsOf = groupBy(units, (unit) => unit.productId);
  const partsOf = groupBy(parts, (part) => part.productId);
  const optionsOf = groupBy(options, (option) => option.partId);
  const bundleItemsOf = groupBy(bundleItems, (item) => item.bundleProductId);
  for (const row of rows) {
    result.set(row.id, {
      ...row,
      alternativeUnits: unitsOf.get(row.id) ?? [],
      parts: (partsOf.get(row.id) ?? []).map((part) => ({
        ...part,
        options: optionsOf.get(part.id) ?? [],
      })),
      bundleItems: (bundleItemsOf.get(row.id) ?? []).flatMap((item) => {
        const product = known.get(item.componentProductId);
        return product ? [{ ...item, product }] : [];
      }),
    });
  }
  return result;
}

/** Plain product rows by id, for re-pricing a cart and the menu-migration check. */
export async function findProductsByIds(db: Db, ids: number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("products").selectAll().where("id", "in", ids).execute();
}

/**
 * The ids of the products a menu offers (directly, through groups, or as bundle components):
 * a cart item whose product is not among them no longer matches the active menu.
 */
export async function listMenuProductIds(db: Db, menuId: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    with offered as (
      select product_id as id from menu_entries where menu_id = ${menuId} and product_id is not null
      union
      select gp.product_id from menu_entries e
        join product_group_products gp on gp.product_group_id = e.product_group_id
        where e.menu_id = ${menuId}
    )
    select id from offered
    union
    select component_product_id from product_bundle_items where bundle_product_id in (select id from offered)
    order by id`.execute(db);
  return rows.rows.map((row) => row.id);
}
