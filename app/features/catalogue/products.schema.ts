import { z } from "zod";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { UNITS } from "#app/domain/units";
import { fieldSchema } from "#app/features/backoffice/fields";
import type { CalculationModel, PartType, PriceModifier } from "#app/db/schema";

/**
 * A product's child rows (spec section 3) as the product form posts them
 * (`alternativeUnits[0].ratio`, `parts[1].options[0].value` …) and as JSON, with the checks
 * across fields that the registry cannot make alone (`refineProduct`). Client-safe: the editors
 * import the value lists.
 */
const t = deCatalogue.products;

/** Enough for any real product; beyond it a post is a mistake or an attack. */
export const MAX_UNITS = 20;
export const MAX_PARTS = 30;
export const MAX_OPTIONS = 50;
export const MAX_BUNDLE_ITEMS = 50;
/** The storefront's default for a text part without its own limit (MAX_TEXT_LENGTH). */
export const MAX_LENGTH_LIMIT = 10_000;
export const MAX_COUNT_LIMIT = 100;
const QUANTITY_MAX = 100_000;

export const PART_TYPES = [
  "text",
  "textarea",
  "image",
  "images",
  "file",
  "files",
  "select",
  "multiselect",
] as const satisfies readonly PartType[];
export const MODIFIERS = [
  "add",
  "subtract",
  "overwrite",
] as const satisfies readonly PriceModifier[];
export const CALCULATION_MODELS = [
  "fixed",
  "approximate",
  "minimum",
] as const satisfies readonly CalculationModel[];

export const unitOptions = UNITS.map(({ unit, name }) => ({ value: unit, label: name }));
export const calculationModelOptions = CALCULATION_MODELS.map((value) => ({
  value,
  label: t.calculationModels[value],
}));

const TEXT_TYPES = new Set<string>(["text", "textarea"]);
const CHOICE_TYPES = new Set<string>(["select", "multiselect"]);
const COUNTED_TYPES = new Set<string>(["images", "files", "multiselect"]);

/** A list of child rows: its length is checked before its rows (one message, not 100,000). */
function listOf<T extends z.ZodType>(row: T, max: number) {
  return z
    .array(z.unknown(), { error: t.errors.list })
    .max(max, t.errors.tooMany(max))
    .nullish()
    .transform((rows) => rows ?? [])
    .pipe(z.array(row));
}

/** A stored row's id (kept so that carts naming a part or option keep pointing at it). */
const rowId = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => {
    const id = typeof value === "number" ? value : Number(value);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  });

const quantity = (name: string, label: string, fallback: number | null, min = 0.001) =>
  fieldSchema({
    name,
    type: "number",
    label,
    min,
    max: QUANTITY_MAX,
    decimals: 3,
    ...(fallback === null ? {} : { default: fallback }),
  });

export const alternativeUnitSchema = z.object({
  unit: fieldSchema({
    name: "unit",
    type: "select",
    label: t.units.unit,
    required: true,
    options: unitOptions,
  }),
  ratio: fieldSchema({
    name: "ratio",
    type: "number",
    label: t.units.ratio,
    required: true,
    min: 0,
    max: 1_000_000,
    decimals: 6,
  }),
  minimumQuantity: quantity("minimumQuantity", t.minimumQuantity, 1),
  maximumQuantity: quantity("maximumQuantity", t.maximumQuantity, null),
  quantityStepSize: quantity("quantityStepSize", t.quantityStepSize, 1),
  calculationModel: fieldSchema({
    name: "calculationModel",
    type: "select",
    label: t.calculationModel,
    required: true,
    options: calculationModelOptions,
  }),
});

export const optionSchema = z.object({
  id: rowId,
  name: fieldSchema({
    name: "name",
    type: "text",
    label: t.options.name,
    required: true,
    max: 120,
  }),
  modifier: fieldSchema({
    name: "modifier",
    type: "select",
    label: t.options.modifier,
    required: true,
    options: MODIFIERS.map((value) => ({ value, label: t.options.modifiers[value] })),
  }),
  value: fieldSchema({ name: "value", type: "money", label: t.options.value }).transform(
    (value) => (value as number | null) ?? 0,
  ),
});

export const partSchema = z.object({
  id: rowId,
  name: fieldSchema({ name: "name", type: "text", label: t.parts.name, required: true, max: 120 }),
  description: fieldSchema({
    name: "description",
    type: "textarea",
    label: t.parts.description,
    max: 1_000,
  }),
  isOptional: fieldSchema({ name: "isOptional", type: "boolean", label: t.parts.isOptional }),
  type: fieldSchema({
    name: "type",
    type: "select",
    label: t.parts.type,
    required: true,
    options: PART_TYPES.map((value) => ({ value, label: t.parts.types[value] })),
  }),
  maxLength: fieldSchema({
    name: "maxLength",
    type: "number",
    label: t.parts.maxLength,
    min: 1,
    max: MAX_LENGTH_LIMIT,
  }),
  maxCount: fieldSchema({
    name: "maxCount",
    type: "number",
    label: t.parts.maxCount,
    min: 1,
    max: MAX_COUNT_LIMIT,
  }),
  options: listOf(optionSchema, MAX_OPTIONS),
});

export const bundleItemSchema = z.object({
  productId: fieldSchema({
    name: "productId",
    type: "reference",
    resource: "products",
    label: t.bundle.product,
    required: true,
  }),
  quantity: quantity("quantity", t.bundle.quantity, 1),
});

export const alternativeUnitsSchema = listOf(alternativeUnitSchema, MAX_UNITS);
export const partsSchema = listOf(partSchema, MAX_PARTS);
export const bundleItemsSchema = listOf(bundleItemSchema, MAX_BUNDLE_ITEMS);

/** The rows as the schemas give them (the registry's field schemas are typed loosely). */
export interface AlternativeUnitValue {
  unit: string;
  ratio: number;
  minimumQuantity: number;
  maximumQuantity: number | null;
  quantityStepSize: number;
  calculationModel: CalculationModel;
}
export interface OptionValue {
  id: number | null;
  name: string;
  modifier: PriceModifier;
  value: number;
}
export interface PartValue {
  id: number | null;
  name: string;
  description: string | null;
  isOptional: boolean;
  type: PartType;
  maxLength: number | null;
  maxCount: number | null;
  options: OptionValue[];
}
export interface BundleItemValue {
  productId: number;
  quantity: number;
}

/** More places after the comma than the column keeps (it would round 0,0004 to 0). */
function tooPrecise(value: unknown, places: number): boolean {
  return typeof value === "number" && Number(value.toFixed(places)) !== value;
}

type Issue = (message: string, path: (string | number)[]) => void;

function checkQuantities(
  row: Record<string, unknown>,
  path: (string | number)[],
  issue: Issue,
  withDefault: boolean,
) {
  for (const name of [
    "minimumQuantity",
    "maximumQuantity",
    "quantityStepSize",
    "defaultQuantity",
  ]) {
    if (tooPrecise(row[name], 3)) issue(t.errors.decimals(3), [...path, name]);
  }
  const minimum = row.minimumQuantity as number | null;
  const maximum = row.maximumQuantity as number | null;
  if (minimum != null && maximum != null && minimum > maximum) {
    issue(t.errors.minimumAboveMaximum, [...path, "minimumQuantity"]);
  } else if (withDefault && typeof row.defaultQuantity === "number") {
    const value = row.defaultQuantity;
    if ((minimum != null && value < minimum) || (maximum != null && value > maximum)) {
      issue(t.errors.defaultOutsideRange, [...path, "defaultQuantity"]);
    }
  }
}

/**
 * The rules across fields of one product (its registry fields and child rows together), as zod
 * issues with the field's path, so the form shows each beside its field and the API names it.
 */
export function refineProduct(input: Record<string, unknown>, context: z.RefinementCtx): void {
  const issue: Issue = (message, path) => context.addIssue({ code: "custom", message, path });
  checkQuantities(input, [], issue, true);
  for (const name of ["taxRate", "takeawayTaxRate", "dineInTaxRate"]) {
    if (tooPrecise(input[name], 2)) issue(t.errors.decimals(2), [name]);
  }
  if (input.isLeadTimeEnabled === true) {
    if (!input.leadTimeType) issue(t.errors.leadTimeRequired, ["leadTimeType"]);
    if (input.leadTimeValue == null) issue(t.errors.leadTimeRequired, ["leadTimeValue"]);
  }

  const price = typeof input.price === "number" ? input.price : 0;
  const units = (input.alternativeUnits ?? []) as AlternativeUnitValue[];
  const seen = new Set<string>([String(input.unit)]);
  units.forEach((unit, index) => {
    const path = ["alternativeUnits", index];
    if (unit.ratio === 0) issue(t.errors.ratioZero, [...path, "ratio"]);
    else if (tooPrecise(unit.ratio, 6)) issue(t.errors.decimals(6), [...path, "ratio"]);
    if (unit.unit === input.unit) issue(t.errors.sameAsBaseUnit, [...path, "unit"]);
    else if (seen.has(unit.unit)) issue(t.errors.duplicateUnit, [...path, "unit"]);
    seen.add(unit.unit);
    checkQuantities(unit as unknown as Record<string, unknown>, path, issue, false);
  });
  if (input.defaultUnit && !seen.has(String(input.defaultUnit))) {
    issue(t.errors.defaultUnitUnknown, ["defaultUnit"]);
  }

  const parts = (input.parts ?? []) as PartValue[];
  parts.forEach((part, index) => {
    const path = ["parts", index];
    if (part.maxLength !== null && !TEXT_TYPES.has(part.type)) {
      issue(t.errors.maxLengthOnlyForText, [...path, "maxLength"]);
    }
    if (part.maxCount !== null && !COUNTED_TYPES.has(part.type)) {
      issue(t.errors.maxCountOnlyForMany, [...path, "maxCount"]);
    }
    if (CHOICE_TYPES.has(part.type) && part.options.length === 0) {
      issue(t.errors.selectNeedsOptions, [...path, "options"]);
    }
    if (!CHOICE_TYPES.has(part.type) && part.options.length > 0) {
      issue(t.errors.optionsOnlyForChoices, [...path, "options"]);
    }
    part.options.forEach((option, optionIndex) => {
      if (option.modifier === "subtract" && option.value > price) {
        issue(t.errors.subtractTooLarge, [...path, "options", optionIndex, "value"]);
      }
    });
  });

  const items = (input.bundleItems ?? []) as BundleItemValue[];
  if (items.length > 0 && input.type !== "bundle") {
    issue(t.errors.bundleOnlyForBundles, ["bundleItems"]);
  }
  const components = new Set<number>();
  items.forEach((item, index) => {
    if (components.has(item.productId)) {
      issue(t.errors.duplicateBundleProduct, ["bundleItems", index, "productId"]);
    }
    components.add(item.productId);
    if (tooPrecise(item.quantity, 3)) {
      issue(t.errors.decimals(3), ["bundleItems", index, "quantity"]);
    }
  });
}
