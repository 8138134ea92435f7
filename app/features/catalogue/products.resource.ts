import { sql, type Transaction } from "kysely";
import type { Db } from "#app/db/schema";
import { de } from "#app/i18n/de-backoffice";
import { deCatalogue } from "#app/i18n/de-catalogue";
import type { Field } from "#app/features/backoffice/fields";
import { flagField as flag } from "#app/features/backoffice/common-fields";
import {
  countWhere,
  type Problem,
  type ResourceDefinition,
} from "#app/features/backoffice/resource.server";
import { applyHoursIntent } from "#app/features/branches/opening-hours-intent";
import {
  openingRulesSchema,
  type OpeningRuleValue,
} from "#app/features/branches/opening-rules.schema";
import {
  alternativeUnitsSchema,
  bundleItemsSchema,
  calculationModelOptions,
  partsSchema,
  refineProduct,
  unitOptions,
  type AlternativeUnitValue,
  type BundleItemValue,
  type PartValue,
} from "./products.schema";
import { dineInListFilter, dineInNotice, dineInTaxColumns } from "./dine-in-tax.server";
import { scheduleFromStored, scheduleToStored } from "./schedule";
import { soldOutRowActions } from "./sold-out-actions";

/**
 * Products (spec section 3) on the resource pattern (decision 035): the registry fields below,
 * and the child rows — alternative units, configurable parts with their options, a bundle's
 * products, the availability schedule — written by `afterWrite` and read by `loadExtra`. Parts
 * and options keep their ids across saves, so carts and orders naming them keep pointing at them.
 * Shop-wide: administrators only (decision 036).
 */
const t = deCatalogue.products;
const label = de.fieldLabels;
const s = t.sections;

const quantity = (name: string, text: string, fallback: number | null, help?: string): Field => ({
  name,
  type: "number",
  label: text,
  min: 0.001,
  max: 100_000,
  decimals: 3,
  section: s.quantity,
  ...(fallback === null ? {} : { default: fallback }),
  ...(help ? { help } : {}),
});

/** A rate in percent; without a fallback an empty field is worked out (`dineInTaxColumns`). */
const taxRate = (
  name: string,
  apiName: string,
  text: string,
  fallback: number | null,
  help?: string,
): Field => ({
  name,
  apiName,
  type: "number",
  label: text,
  min: 0,
  max: 100,
  decimals: 2,
  ...(fallback === null ? {} : { default: fallback }),
  ...(help ? { help } : {}),
  section: s.price,
});

export const productFields: Field[] = [
  { name: "name", type: "text", label: label.name, required: true, max: 120, section: s.identity },
  {
    name: "identifier",
    type: "text",
    format: "identifier",
    label: label.identifier,
    help: label.identifierHelp,
    max: 80,
    section: s.identity,
  },
  {
    name: "type",
    type: "select",
    label: t.type,
    required: true,
    default: "simple",
    options: (["simple", "configurable", "bundle"] as const).map((value) => ({
      value,
      label: t.types[value],
    })),
    section: s.identity,
  },
  {
    name: "description",
    type: "textarea",
    label: label.description,
    max: 2_000,
    section: s.identity,
  },
  // The department that makes it, for the production list (issue 39, decision 106).
  {
    name: "departmentId",
    type: "reference",
    resource: "departments",
    label: t.departmentId,
    help: t.departmentIdHelp,
    section: s.identity,
  },
  {
    name: "allergenIds",
    type: "reference",
    resource: "allergens",
    multiple: true,
    checkboxes: true,
    label: t.allergenIds,
    help: t.allergenIdsHelp,
    section: s.allergens,
  },
  {
    name: "allergens",
    type: "textarea",
    label: t.allergens,
    help: t.allergensHelp,
    max: 1_000,
    section: s.allergens,
  },
  {
    name: "ingredients",
    type: "textarea",
    label: t.ingredients,
    help: t.ingredientsHelp,
    max: 2_000,
    section: s.allergens,
  },
  {
    name: "bestBeforeDays",
    type: "number",
    label: t.bestBeforeDays,
    help: t.bestBeforeDaysHelp,
    min: 0,
    max: 3_650,
    section: s.allergens,
  },
  {
    name: "imageIds",
    apiName: "images",
    apiShape: "object",
    type: "images",
    label: t.images,
    section: s.images,
  },
  {
    name: "tagIds",
    apiName: "tags",
    apiShape: "object",
    type: "reference",
    resource: "tags",
    multiple: true,
    label: t.tags,
    section: s.images,
  },
  {
    name: "price",
    type: "money",
    label: t.price,
    help: t.priceHelp,
    required: true,
    section: s.price,
  },
  {
    name: "unit",
    type: "select",
    label: t.unit,
    required: true,
    // A product without a unit is sold by the piece at a fixed price (issue 38, decision 098).
    default: "piece",
    options: unitOptions,
    section: s.price,
  },
  {
    name: "pricing",
    type: "text",
    label: t.pricing,
    help: t.pricingHelp,
    max: 120,
    section: s.price,
  },
  {
    name: "calculationModel",
    type: "select",
    label: t.calculationModel,
    required: true,
    default: "fixed",
    options: calculationModelOptions,
    section: s.price,
  },
  flag("isPriceHidden", t.isPriceHidden, s.price, t.isPriceHiddenHelp),
  // Spec section 3: tax, takeawayTax, dineInTax (decision 097).
  taxRate("taxRate", "tax", t.taxRate, 7),
  taxRate("takeawayTaxRate", "takeawayTax", t.takeawayTaxRate, 7),
  // Empty: as taken away, so food 7 % and drinks 19 % (decision 092).
  taxRate("dineInTaxRate", "dineInTax", t.dineInTaxRate, null, t.dineInTaxRateHelp),
  quantity("minimumQuantity", t.minimumQuantity, 1),
  quantity("maximumQuantity", t.maximumQuantity, null, t.maximumQuantityHelp),
  quantity("quantityStepSize", t.quantityStepSize, 1),
  quantity("defaultQuantity", t.defaultQuantity, 1),
  {
    name: "defaultUnit",
    type: "select",
    label: t.defaultUnit,
    options: unitOptions,
    section: s.quantity,
  },
  flag("isEnabled", t.isEnabled, s.availability, t.isEnabledHelp),
  flag(
    "isVisibleWhenUnavailable",
    t.isVisibleWhenUnavailable,
    s.availability,
    t.isVisibleWhenUnavailableHelp,
  ),
  flag("isStepByStep", t.isStepByStep, s.availability, t.isStepByStepHelp),
  flag("isLeadTimeEnabled", t.isLeadTimeEnabled, s.leadTime),
  {
    name: "leadTimeValue",
    type: "number",
    label: t.leadTimeValue,
    min: 0,
    max: 10_000,
    section: s.leadTime,
  },
  {
    name: "leadTimeType",
    type: "select",
    label: t.leadTimeType,
    options: (["minutes", "hours", "days", "weeks"] as const).map((value) => ({
      value,
      label: t.leadTimeTypes[value],
    })),
    section: s.leadTime,
  },
];

/** Child rows and the schedule: not columns of the registry, written by `afterWrite`. */
const EXTRA = ["alternativeUnits", "parts", "bundleItems", "schedule"] as const;

/** New rows' values when a list's "add" button is pressed (the intent helper's defaults). */
export const NEW_PRODUCT_ROWS: Record<string, Record<string, string>> = {
  alternativeUnits: { unit: "gram", calculationModel: "fixed" },
  parts: { type: "text" },
  "parts[].options": { modifier: "add" },
  bundleItems: { quantity: "1" },
};

// ——— Child rows ———

type Trx = Transaction<any>;

async function writeUnits(trx: Trx, productId: number, units: AlternativeUnitValue[]) {
  await trx.deleteFrom("product_alternative_units").where("product_id", "=", productId).execute();
  if (units.length === 0) return;
  await trx
    .insertInto("product_alternative_units")
    .values(
      units.map((unit, position) => ({
        product_id: productId,
        position,
        unit: unit.unit,
        ratio: unit.ratio,
        minimum_quantity: unit.minimumQuantity,
        maximum_quantity: unit.maximumQuantity,
        quantity_step_size: unit.quantityStepSize,
        calculation_model: unit.calculationModel,
      })),
    )
    .execute();
}

/**
 * Rows of a list that keep their ids: stored rows named by id are updated, the others inserted,
 * the missing ones deleted. Positions move out of the way first (they are unique per parent).
 */
async function syncRows<T extends { id: number | null }>(
  trx: Trx,
  table: string,
  parentColumn: string,
  parentId: number,
  rows: readonly T[],
  columns: (row: T) => Record<string, unknown>,
): Promise<number[]> {
  const stored = new Set(
    (
      (await trx.selectFrom(table).select("id").where(parentColumn, "=", parentId).execute()) as {
        id: number;
      }[]
    ).map((row) => row.id),
  );
  const kept = rows.flatMap((row) => (row.id !== null && stored.has(row.id) ? [row.id] : []));
  const keptOnce = new Set<number>();
  let gone = trx.deleteFrom(table).where(parentColumn, "=", parentId);
  if (kept.length) gone = gone.where("id", "not in", kept);
  await gone.execute();
  if (kept.length) {
    await trx
      .updateTable(table)
      .set({ position: sql`-1 - position` })
      .where(parentColumn, "=", parentId)
      .execute();
  }
  const ids: number[] = [];
  for (const [position, row] of rows.entries()) {
    const values = { ...columns(row), position };
    // A repeated id (a forged post) is stored as a new row the second time.
    if (row.id !== null && stored.has(row.id) && !keptOnce.has(row.id)) {
      keptOnce.add(row.id);
      await trx.updateTable(table).set(values).where("id", "=", row.id).execute();
      ids.push(row.id);
    } else {
      const inserted = (await trx
        .insertInto(table)
        .values({ ...values, [parentColumn]: parentId })
        .returning("id")
        .executeTakeFirstOrThrow()) as { id: number };
      ids.push(inserted.id);
    }
  }
  return ids;
}

async function writeParts(trx: Trx, productId: number, parts: PartValue[]) {
  const ids = await syncRows(trx, "product_parts", "product_id", productId, parts, (part) => ({
    name: part.name,
    description: part.description,
    is_optional: part.isOptional,
    type: part.type,
    max_length: part.maxLength,
    max_count: part.maxCount,
  }));
  for (const [index, part] of parts.entries()) {
    await syncRows(trx, "product_part_options", "part_id", ids[index]!, part.options, (option) => ({
      name: option.name,
      modifier: option.modifier,
      value: option.value,
    }));
  }
}

async function writeBundle(trx: Trx, productId: number, items: BundleItemValue[]) {
  await trx.deleteFrom("product_bundle_items").where("bundle_product_id", "=", productId).execute();
  if (items.length === 0) return;
  await trx
    .insertInto("product_bundle_items")
    .values(
      items.map((item, position) => ({
        bundle_product_id: productId,
        component_product_id: item.productId,
        position,
        quantity: item.quantity,
      })),
    )
    .execute();
}

export async function loadProductExtra(db: Db, id: number) {
  const [units, parts, options, items, product] = await Promise.all([
    db
      .selectFrom("productAlternativeUnits")
      .selectAll()
      .where("productId", "=", id)
      .orderBy("position")
      .execute(),
    db
      .selectFrom("productParts")
      .selectAll()
      .where("productId", "=", id)
      .orderBy("position")
      .execute(),
    db
      .selectFrom("productPartOptions")
      .innerJoin("productParts", "productParts.id", "productPartOptions.partId")
      .selectAll("productPartOptions")
      .where("productParts.productId", "=", id)
      .orderBy("productPartOptions.position")
      .execute(),
    db
      .selectFrom("productBundleItems")
      .select(["componentProductId", "quantity"])
      .where("bundleProductId", "=", id)
      .orderBy("position")
      .execute(),
    db.selectFrom("products").select("schedule").where("id", "=", id).executeTakeFirst(),
  ]);
  return {
    alternativeUnits: units.map((unit) => ({
      unit: unit.unit,
      ratio: Number(unit.ratio),
      minimumQuantity: Number(unit.minimumQuantity),
      maximumQuantity: unit.maximumQuantity === null ? null : Number(unit.maximumQuantity),
      quantityStepSize: Number(unit.quantityStepSize),
      calculationModel: unit.calculationModel,
    })),
    parts: parts.map((part) => ({
      id: part.id,
      name: part.name,
      description: part.description,
      isOptional: part.isOptional,
      type: part.type,
      maxLength: part.maxLength,
      maxCount: part.maxCount,
      options: options
        .filter((option) => option.partId === part.id)
        .map((option) => ({
          id: option.id,
          name: option.name,
          modifier: option.modifier,
          value: option.value,
        })),
    })),
    bundleItems: items.map((item) => ({
      productId: item.componentProductId,
      quantity: Number(item.quantity),
    })),
    schedule: scheduleFromStored(product?.schedule ?? []),
  };
}

/** A bundle names existing products that are no bundles themselves, never itself. */
async function bundleProblems(
  db: Db,
  input: Record<string, unknown>,
  id: number | null,
): Promise<Problem[]> {
  const items = (input.bundleItems ?? []) as BundleItemValue[];
  if (items.length === 0) return [];
  const found = await db
    .selectFrom("products")
    .select(["id", "type"])
    .where(
      "id",
      "in",
      items.map((item) => item.productId),
    )
    .execute();
  const types = new Map(found.map((row) => [row.id, row.type]));
  const problems: Problem[] = [];
  items.forEach((item, index) => {
    const field = `bundleItems[${index}].productId`;
    if (item.productId === id) problems.push({ message: t.errors.bundleContainsItself, field });
    else if (!types.has(item.productId)) problems.push({ message: t.errors.unknownProduct, field });
    else if (types.get(item.productId) === "bundle") {
      problems.push({ message: t.errors.bundleContainsBundle, field });
    }
  });
  return problems;
}

/**
 * The EU codes of the allergens the product now names (`allergen_codes`, which the storefront, the
 * labels and the CSV read), in the list's order; the shop's own allergens have none.
 */
async function followAllergenCodes(trx: Transaction<any>, id: number) {
  await sql`
    update products set allergen_codes = coalesce((
      select array_agg(a.regulation_code order by a.position, a.id)
      from product_allergens pa join allergens a on a.id = pa.allergen_id
      where pa.product_id = products.id and a.regulation_code is not null), '{}')
    where id = ${id}`.execute(trx);
}

export const productsResource: ResourceDefinition = {
  name: "products",
  entityType: "product",
  table: "products",
  texts: de.resources.products,
  fields: productFields,
  extraSchema: {
    alternativeUnits: alternativeUnitsSchema,
    parts: partsSchema,
    bundleItems: bundleItemsSchema,
    schedule: openingRulesSchema,
  },
  extraFields: EXTRA,
  // Spec section 3: "config.parts" (decision 097).
  extraApiNames: { parts: { name: "config.parts" } },
  // "Heute ausverkauft" in every branch, beside each product of the list (decision 036).
  rowActions: soldOutRowActions,
  links: [
    { field: "tagIds", table: "product_tags", own: "product_id", other: "tag_id" },
    // The allergens it contains (decision 083); `allergen_codes` follows, see afterWrite.
    { field: "allergenIds", table: "product_allergens", own: "product_id", other: "allergen_id" },
    {
      field: "imageIds",
      table: "product_images",
      own: "product_id",
      other: "image_id",
      position: "position",
    },
  ],
  listColumns: [
    { name: "name", label: label.name, sortable: true, caseInsensitive: true },
    { name: "type", label: t.type, sortable: true },
    { name: "price", label: t.price, sortable: true },
    { name: "isEnabled", label: t.isEnabled, sortable: true },
    { name: "dineInTaxRate", label: t.dineInColumn, sortable: true },
  ],
  filterColumns: { dineInTaxRate: "number" },
  listFilters: [dineInListFilter],
  listNotice: dineInNotice,
  searchColumns: ["name", "identifier"],
  defaultSort: { column: "name", direction: "asc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN"] },
  touchesUpdatedAt: true,
  storedColumns: async (_trx, input) => dineInTaxColumns(input),
  refine: refineProduct,
  async check(db, input, id) {
    const problems = await bundleProblems(db, input, id);
    // A product that bundles name cannot become a bundle itself (bundles hold no bundles).
    if (
      id !== null &&
      input.type === "bundle" &&
      (await countWhere(db, "product_bundle_items", "component_product_id", id))
    ) {
      problems.push({ message: t.errors.bundleContainsBundle, field: "type" });
    }
    return problems;
  },
  async afterWrite(trx, id, input) {
    if ("allergenIds" in input) await followAllergenCodes(trx, id);
    if ("alternativeUnits" in input) {
      await writeUnits(trx, id, input.alternativeUnits as AlternativeUnitValue[]);
    }
    if ("parts" in input) await writeParts(trx, id, input.parts as PartValue[]);
    if ("bundleItems" in input) await writeBundle(trx, id, input.bundleItems as BundleItemValue[]);
    if ("schedule" in input) {
      const schedule = scheduleToStored(input.schedule as OpeningRuleValue[]);
      await trx
        .updateTable("products")
        .set({ schedule: sql`${JSON.stringify(schedule)}::jsonb` })
        .where("id", "=", id)
        .execute();
    }
  },
  loadExtra: loadProductExtra,
  async inUse(db, id) {
    const menus = await db
      .selectFrom("menuEntries")
      .select((eb) => eb.fn.count<string>(sql`distinct menu_id`).as("count"))
      .where("productId", "=", id)
      .executeTakeFirstOrThrow();
    if (Number(menus.count)) return t.inUse.inMenus(Number(menus.count));
    const bundles = await countWhere(db, "product_bundle_items", "component_product_id", id);
    if (bundles) return t.inUse.inBundles(bundles);
    const groups = await countWhere(db, "product_group_products", "product_id", id);
    if (groups) return t.inUse.inGroups(groups);
    // Orders keep their own copy of name, price and options (order_items.product_id is set to
    // null), so a product that was ordered may go; open carts tell their customers (spec 4).
    return null;
  },
  notices: { kopiert: t.copy.copied },
  pageActions: [{ label: t.copy.button, path: "copy" }],
  prepareForm: (form) =>
    applyHoursIntent(
      form,
      ["schedule", "alternativeUnits", "parts", "parts[].options", "bundleItems"],
      NEW_PRODUCT_ROWS,
    ),
  async extraChoices(db) {
    const products = await db
      .selectFrom("products")
      .select(["id", "name"])
      .where("type", "<>", "bundle")
      .orderBy(sql`lower(name)`)
      .orderBy("id")
      .limit(1_000)
      .execute();
    return {
      bundleProducts: products.map((product) => ({
        value: String(product.id),
        label: product.name,
      })),
    };
  },
};
