import { formatNumber, parseDecimal } from "./format";
import { de } from "#app/i18n/de";
import { roundToCents, type Cents } from "./money";

export type UnitType = "amount" | "weight" | "volume" | "length" | "area" | "cubic";

/** Units and their size in the smallest unit of their type (gram, ml, mm, mm², mm³). */
const CATALOGUE = {
  piece: { type: "amount", factor: 1 },
  serving: { type: "amount", factor: 1 },
  pair: { type: "amount", factor: 1 },
  person: { type: "amount", factor: 1 },
  package: { type: "amount", factor: 1 },
  gram: { type: "weight", factor: 1 },
  decagram: { type: "weight", factor: 10 },
  kilogram: { type: "weight", factor: 1000 },
  ml: { type: "volume", factor: 1 },
  cl: { type: "volume", factor: 10 },
  dl: { type: "volume", factor: 100 },
  l: { type: "volume", factor: 1000 },
  mm: { type: "length", factor: 1 },
  cm: { type: "length", factor: 10 },
  dm: { type: "length", factor: 100 },
  m: { type: "length", factor: 1000 },
  km: { type: "length", factor: 1_000_000 },
  mm2: { type: "area", factor: 1 },
  cm2: { type: "area", factor: 100 },
  dm2: { type: "area", factor: 10_000 },
  m2: { type: "area", factor: 1_000_000 },
  mm3: { type: "cubic", factor: 1 },
  cm3: { type: "cubic", factor: 1000 },
  dm3: { type: "cubic", factor: 1_000_000 },
  m3: { type: "cubic", factor: 1_000_000_000 },
} as const satisfies Record<string, { type: UnitType; factor: number }>;

export type Unit = keyof typeof CATALOGUE;

export interface UnitDefinition {
  unit: Unit;
  type: UnitType;
  /** Size in the smallest unit of the type. */
  factor: number;
  name: string;
  short: string;
  shortPlural: string;
}

export const UNITS: readonly UnitDefinition[] = (Object.keys(CATALOGUE) as Unit[]).map((unit) => ({
  unit,
  ...CATALOGUE[unit],
  ...de.units[unit],
}));

export function isUnit(value: string): value is Unit {
  return Object.hasOwn(CATALOGUE, value);
}

export function unitDefinition(unit: Unit): UnitDefinition {
  const definition = UNITS.find((candidate) => candidate.unit === unit);
  if (!definition) throw new RangeError(`Unbekannte Einheit ${unit}`);
  return definition;
}

export function unitsOfType(type: UnitType): UnitDefinition[] {
  return UNITS.filter((definition) => definition.type === type);
}

/** Cuts binary noise (0.1 + 0.2) from quantities; 12 significant digits are plenty for goods. */
export function cleanQuantity(value: number): number {
  return Number(value.toPrecision(12));
}

/**
 * Converts between units of one measured type (500 g → 0.5 kg). Counted units (piece, package,
 * person …) are not convertible into each other, so they answer null like different types do.
 */
export function convertQuantity(amount: number, from: Unit, to: Unit): number | null {
  if (from === to) return amount;
  const source = CATALOGUE[from];
  const target = CATALOGUE[to];
  if (source.type !== target.type || source.type === "amount") return null;
  return cleanQuantity((amount * source.factor) / target.factor);
}

/** `0,25 kg`, `3 Portionen`, `1 Stk.`; a unit that is itself a quantity: `3 × 10 g`. */
export function formatQuantity(amount: number, unit: Unit): string {
  const { short, shortPlural } = de.units[unit];
  const written = amount === 1 ? short : shortPlural;
  return `${formatNumber(amount)} ${/^\d/.test(written) ? `× ${written}` : written}`;
}

export type CalculationModel = "fixed" | "approximate" | "minimum";

/** 'Fix', 'ca.' or 'ab' in front of a price. */
export function calculationModelLabel(model: CalculationModel): string {
  return de.calculationModels[model];
}

/** The price is not final (weighed goods, "from" prices). */
export function isVariablePrice(model: CalculationModel | null | undefined): boolean {
  return model === "approximate" || model === "minimum";
}

/** Quantity limits as stored on a product or on one of its alternative units. */
export interface QuantitySettings {
  minimumQuantity?: number | null;
  maximumQuantity?: number | null;
  quantityStepSize?: number | null;
}

export interface AlternativeUnit extends QuantitySettings {
  unit: Unit;
  /** How many of the product's own unit one of this unit is (1 slice = 0.05 kg). */
  ratio: number;
  calculationModel?: CalculationModel | null;
}

export interface SoldByUnit extends QuantitySettings {
  unit: Unit;
  defaultQuantity?: number | null;
  alternativeUnits?: readonly AlternativeUnit[] | null;
}

export interface QuantityRules {
  minimum: number;
  /** null: no upper limit. */
  maximum: number | null;
  step: number;
}

function positive(value: number | null | undefined): number | null {
  return value !== null && value !== undefined && Number.isFinite(value) && value > 0
    ? value
    : null;
}

/**
 * Missing settings get defaults that keep an item orderable: the step is 1, the minimum is one
 * step (an amount must be above 0), and there is no maximum.
 */
export function quantityRules(settings: QuantitySettings): QuantityRules {
  const step = positive(settings.quantityStepSize) ?? 1;
  const minimum = positive(settings.minimumQuantity) ?? step;
  const maximum = positive(settings.maximumQuantity);
  return { minimum, maximum: maximum !== null && maximum >= minimum ? maximum : null, step };
}

/** The alternative unit a product is ordered in, or null for its own unit or an unknown one. */
export function alternativeUnitOf(product: SoldByUnit, unit: Unit): AlternativeUnit | null {
  if (unit === product.unit) return null;
  return product.alternativeUnits?.find((alternative) => alternative.unit === unit) ?? null;
}

/** The limits for ordering `product` in `unit` (its own unit, or one of its alternatives). */
export function quantityRulesFor(product: SoldByUnit, unit: Unit = product.unit): QuantityRules {
  return quantityRules(alternativeUnitOf(product, unit) ?? product);
}

/** Quantities allowed are minimum + n × step, up to the maximum. */
function largestAllowed(rules: QuantityRules): number | null {
  if (rules.maximum === null) return null;
  const steps = Math.floor(cleanQuantity((rules.maximum - rules.minimum) / rules.step));
  return cleanQuantity(rules.minimum + steps * rules.step);
}

/**
 * The nearest allowed quantity: the step grid starts at the minimum (so the minimum itself is
 * always allowed), halves round up, and the result stays between minimum and maximum.
 */
export function snapQuantity(value: number, rules: QuantityRules): number {
  if (!Number.isFinite(value) || value <= rules.minimum) return rules.minimum;
  const steps = Math.round(cleanQuantity((value - rules.minimum) / rules.step));
  const snapped = cleanQuantity(rules.minimum + steps * rules.step);
  const largest = largestAllowed(rules);
  return largest !== null && snapped > largest ? largest : snapped;
}

/** The amount typed into the dialog ('1,5' or '1.5'), snapped; null if it is no number. */
export function parseQuantity(input: string, rules: QuantityRules): number | null {
  const value = parseDecimal(input);
  return value === null ? null : snapQuantity(value, rules);
}

/** The first amount the item dialog shows. */
export function initialQuantity(product: SoldByUnit): number {
  const rules = quantityRulesFor(product);
  return snapQuantity(product.defaultQuantity ?? rules.minimum, rules);
}

/** The minus button is disabled at the minimum. */
export function canDecrease(value: number, rules: QuantityRules): boolean {
  return snapQuantity(value, rules) > rules.minimum;
}

/** The plus button is disabled when one more step would pass the maximum. */
export function canIncrease(value: number, rules: QuantityRules): boolean {
  const largest = largestAllowed(rules);
  return largest === null || snapQuantity(value, rules) < largest;
}

export function increaseQuantity(value: number, rules: QuantityRules): number {
  return snapQuantity(snapQuantity(value, rules) + rules.step, rules);
}

export function decreaseQuantity(value: number, rules: QuantityRules): number {
  return snapQuantity(snapQuantity(value, rules) - rules.step, rules);
}

/**
 * How many of the product's own unit one `unit` is: 1 for its own unit, the alternative's ratio
 * otherwise, null when the product is not sold in that unit.
 */
export function unitRatio(product: SoldByUnit, unit: Unit): number | null {
  if (unit === product.unit) return 1;
  const alternative = alternativeUnitOf(product, unit);
  return alternative && alternative.ratio > 0 ? alternative.ratio : null;
}

/**
 * Price of a cart line: the price per product unit × amount × unit ratio, rounded half away from
 * zero to whole cents once per line.
 */
export function linePrice(unitPrice: Cents, amount: number, ratio = 1): Cents {
  return roundToCents(cleanQuantity(unitPrice * amount * ratio));
}

/** Without a maximum of its own a product is still not ordered by the ton (own limit). */
export const QUANTITY_CEILING = 9999;

/**
 * A posted amount is taken only as the picker would send it: on the step grid from the minimum,
 * within the limits. Off-grid, negative or absurd amounts are refused rather than silently changed.
 */
export function isAllowedQuantity(value: number, rules: QuantityRules): boolean {
  if (!Number.isFinite(value) || value < rules.minimum || value > QUANTITY_CEILING) return false;
  if (rules.maximum !== null && value > rules.maximum) return false;
  return snapQuantity(value, rules) === cleanQuantity(value);
}

/** The amount in a text field: a comma, no thousands dots ('1500', '0,25'). */
export function quantityInputValue(value: number): string {
  return String(cleanQuantity(value)).replace(".", ",");
}
