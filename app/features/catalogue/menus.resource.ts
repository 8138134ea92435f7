import type { Transaction } from "kysely";
import { DateTime } from "luxon";
import { z } from "zod";
import type { Db } from "#app/db/schema";
import { parseId } from "#app/domain/values";
import { de } from "#app/i18n/de-backoffice";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { nameField } from "#app/features/backoffice/common-fields";
import type { Problem, ResourceDefinition } from "#app/features/backoffice/resource.server";

/**
 * Menus, called "Kataloge" in the back office (spec section 3, decision 036): a name, the instant
 * from which it serves (`availableFrom`, typed in the shop's time zone like a branch's
 * `orderableFrom`), its branches (`menu_branches`) and its `catalog`: the categories in order, each
 * with its products and product groups in order (`menu_categories`, `menu_entries`), written in
 * the record's transaction by `afterWrite` and read by `loadExtra`. The catalogue editor
 * (`menu-editor.server.ts`) changes the same rows one step at a time.
 */
const t = deCatalogue.menus;

export const MAX_CATEGORIES = 200;
export const MAX_ENTRIES = 2_000;

export type CatalogItem = { productId: number } | { productGroupId: number };
export interface CatalogCategory {
  id: number;
  products: CatalogItem[];
}

const id = z.union([z.string(), z.number()]).transform((value, context) => {
  const parsed = parseId(value);
  if (parsed === null) {
    context.addIssue({ code: "custom", message: t.unknownEntry });
    return z.NEVER;
  }
  return parsed;
});

const itemSchema = z
  .object({ productId: id.optional().nullable(), productGroupId: id.optional().nullable() })
  .transform((value, context): CatalogItem => {
    if (value.productId != null && value.productGroupId == null) {
      return { productId: value.productId };
    }
    if (value.productGroupId != null && value.productId == null) {
      return { productGroupId: value.productGroupId };
    }
    context.addIssue({ code: "custom", message: t.entryNeedsOne });
    return z.NEVER;
  });

/** The spec's `catalog`; left out (the HTML form), the stored one stays as it is. */
export const catalogSchema = z
  .array(
    z.object({
      id,
      products: z.array(itemSchema).max(MAX_ENTRIES, t.tooManyEntries).optional().default([]),
    }),
  )
  .max(MAX_CATEGORIES, t.tooManyCategories)
  .optional();

export async function zoneOf(db: Db | Transaction<any>): Promise<string> {
  const row = await (db as Db).selectFrom("settings").select("businessTimeZone").executeTakeFirst();
  return row?.businessTimeZone ?? "Europe/Berlin";
}

/** An instant as the form and the API show it: 'YYYY-MM-DDTHH:mm' in the shop's zone. */
export function localDateTime(at: Date, zone: string): string {
  return DateTime.fromJSDate(at).setZone(zone).toFormat("yyyy-LL-dd'T'HH:mm");
}

/** Ids a catalogue names that this shop does not have, and repeats, beside their place. */
export async function catalogProblems(db: Db, catalog: CatalogCategory[]): Promise<Problem[]> {
  const problems: Problem[] = [];
  const ids = (pick: (item: CatalogItem) => number | undefined) =>
    [
      ...new Set(catalog.flatMap((category) => category.products.map(pick)).filter(Boolean)),
    ] as number[];
  const productIds = ids((item) => ("productId" in item ? item.productId : undefined));
  const groupIds = ids((item) => ("productGroupId" in item ? item.productGroupId : undefined));
  const categoryIds = [...new Set(catalog.map((category) => category.id))];
  const existing = async (table: "categories" | "products" | "productGroups", wanted: number[]) =>
    new Set(
      wanted.length
        ? (await db.selectFrom(table).select("id").where("id", "in", wanted).execute()).map(
            (row) => row.id,
          )
        : [],
    );
  const [categories, products, groups] = await Promise.all([
    existing("categories", categoryIds),
    existing("products", productIds),
    existing("productGroups", groupIds),
  ]);
  const seenCategories = new Set<number>();
  for (const [index, category] of catalog.entries()) {
    const field = `catalog.${index}`;
    if (!categories.has(category.id)) {
      problems.push({ message: t.unknownEntry, field: `${field}.id` });
    } else if (seenCategories.has(category.id)) {
      problems.push({ message: t.duplicateCategory, field: `${field}.id` });
    }
    seenCategories.add(category.id);
    const seen = new Set<string>();
    for (const [position, item] of category.products.entries()) {
      const place = `${field}.products.${position}`;
      if ("productId" in item) {
        if (!products.has(item.productId)) {
          problems.push({ message: t.unknownEntry, field: `${place}.productId` });
        } else if (seen.has(`p${item.productId}`)) {
          problems.push({ message: t.duplicateProduct, field: `${place}.productId` });
        }
        seen.add(`p${item.productId}`);
      } else {
        if (!groups.has(item.productGroupId)) {
          problems.push({ message: t.unknownEntry, field: `${place}.productGroupId` });
        } else if (seen.has(`g${item.productGroupId}`)) {
          problems.push({ message: t.duplicateGroup, field: `${place}.productGroupId` });
        }
        seen.add(`g${item.productGroupId}`);
      }
    }
  }
  return problems;
}

/** Replaces a menu's categories and entries (the entries go with their categories). */
export async function writeCatalog(
  trx: Transaction<any>,
  menuId: number,
  catalog: CatalogCategory[],
) {
  await trx.deleteFrom("menu_categories").where("menu_id", "=", menuId).execute();
  if (catalog.length === 0) return;
  await trx
    .insertInto("menu_categories")
    .values(
      catalog.map((category, position) => ({
        menu_id: menuId,
        category_id: category.id,
        position,
      })),
    )
    .execute();
  const entries = catalog.flatMap((category) =>
    category.products.map((item, position) => ({
      menu_id: menuId,
      category_id: category.id,
      position,
      product_id: "productId" in item ? item.productId : null,
      product_group_id: "productGroupId" in item ? item.productGroupId : null,
    })),
  );
  // Large catalogues go in slices: one statement's parameters stay well below PostgreSQL's limit.
  for (let start = 0; start < entries.length; start += 2_000) {
    await trx
      .insertInto("menu_entries")
      .values(entries.slice(start, start + 2_000))
      .execute();
  }
}

/** A menu's catalogue in the spec's shape, categories and entries in order. */
export async function readCatalog(db: Db, menuId: number): Promise<CatalogCategory[]> {
  const [categories, entries] = await Promise.all([
    db
      .selectFrom("menuCategories")
      .select("categoryId")
      .where("menuId", "=", menuId)
      .orderBy("position")
      .orderBy("categoryId")
      .execute(),
    db
      .selectFrom("menuEntries")
      .select(["categoryId", "productId", "productGroupId"])
      .where("menuId", "=", menuId)
      .orderBy("position")
      .orderBy("id")
      .execute(),
  ]);
  const byCategory = new Map<number, CatalogItem[]>(
    categories.map((category) => [category.categoryId, []]),
  );
  for (const entry of entries) {
    byCategory
      .get(entry.categoryId)
      ?.push(
        entry.productId !== null
          ? { productId: entry.productId }
          : { productGroupId: entry.productGroupId as number },
      );
  }
  return categories.map((category) => ({
    id: category.categoryId,
    products: byCategory.get(category.categoryId) ?? [],
  }));
}

export const menusResource: ResourceDefinition = {
  name: "menus",
  entityType: "menu",
  table: "menus",
  texts: de.resources.menus,
  fields: [
    nameField(120),
    {
      name: "availableFrom",
      type: "date",
      mode: "dateTime",
      label: t.availableFrom,
      help: t.availableFromHelp,
      required: true,
    },
    {
      name: "branchIds",
      // Spec section 3: "branches (ids)".
      apiName: "branches",
      type: "reference",
      resource: "branches",
      multiple: true,
      label: t.branches,
    },
  ],
  extraSchema: { catalog: catalogSchema },
  extraFields: ["availableFrom", "catalog"],
  links: [{ field: "branchIds", table: "menu_branches", own: "menu_id", other: "branch_id" }],
  listColumns: [
    { name: "name", label: de.fieldLabels.name, sortable: true },
    { name: "availableFrom", label: t.availableFrom, sortable: true },
    { name: "branchIds", label: t.branches },
  ],
  searchColumns: ["name"],
  defaultSort: { column: "availableFrom", direction: "desc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN"] },
  touchesUpdatedAt: true,
  async storedColumns(trx, input) {
    if (!("availableFrom" in input) || typeof input.availableFrom !== "string") return {};
    const at = DateTime.fromISO(input.availableFrom, { zone: await zoneOf(trx) });
    return { availableFrom: at.toJSDate() };
  },
  async listRows(db, rows) {
    const zone = await zoneOf(db);
    return rows.map((row) => ({
      ...row,
      availableFrom: localDateTime(new Date(row.availableFrom as Date), zone),
    }));
  },
  async check(db, input) {
    const catalog = input.catalog as CatalogCategory[] | undefined;
    return catalog ? catalogProblems(db, catalog) : [];
  },
  async afterWrite(trx, menuId, input) {
    const catalog = input.catalog as CatalogCategory[] | undefined;
    if (catalog) await writeCatalog(trx, menuId, catalog);
  },
  async loadExtra(db, menuId) {
    const [menu, catalog, zone] = await Promise.all([
      db.selectFrom("menus").select("availableFrom").where("id", "=", menuId).executeTakeFirst(),
      readCatalog(db, menuId),
      zoneOf(db),
    ]);
    return {
      availableFrom: menu ? localDateTime(new Date(menu.availableFrom), zone) : null,
      catalog,
    };
  },
  async pageExtras(_db, row) {
    return { menuId: row.id };
  },
};
