import { dePrices } from "#app/i18n/de-prices";
import { unitPriceWithOptions, type PriceOption } from "./cart";
import { formatMoney, type Cents } from "./money";
import {
  alternativeUnitOf,
  linePrice,
  unitDefinition,
  unitRatio,
  type CalculationModel,
  type SoldByUnit,
  type Unit,
} from "./units";

/**
 * How a price is labelled, in one place (spec section 9, decision 044): the menu, the item dialog,
 * the cart, the checkout, the status page and the receipt all ask here.
 *
 * - fixed: the amount as it is ('58,00 €'); the price charged is the price shown.
 * - approximate: 'ca. 2,95 €'; the actual weight (or quantity) decides the final price.
 * - minimum: 'ab 349,00 €'; the effort can raise the final price, never lower it.
 * - a hidden price: 'Preis auf Anfrage'; the final price follows with the offer.
 */

/** What a price line needs to be labelled. */
export interface LabelledLine {
  /** The model of the unit it is ordered in (an alternative unit may have its own). */
  model: CalculationModel;
  isPriceHidden?: boolean;
  /** The unit it is ordered in: an approximate weight gets the note about the actual weight. */
  unit?: Unit;
}

/** 'ca.' for approximate, 'ab' for minimum, nothing for a fixed price. */
export function modelPrefix(model: CalculationModel): string | null {
  if (model === "approximate") return dePrices.approximate;
  if (model === "minimum") return dePrices.minimum;
  return null;
}

function withPrefix(model: CalculationModel, money: string): string {
  const prefix = modelPrefix(model);
  return prefix ? `${prefix} ${money}` : money;
}

/** One line's price: '58,00 €', 'ca. 2,95 €', 'ab 349,00 €' or 'Preis auf Anfrage'. */
export function linePriceLabel(amount: Cents, line: LabelledLine, currency: string): string {
  if (line.isPriceHidden) return dePrices.priceOnRequest;
  return withPrefix(line.model, formatMoney(amount, currency));
}

/**
 * The model of a sum of lines. An approximate line can move the sum either way ('ca.'); a minimum
 * line or a hidden price (counted as nothing yet) can only raise it ('ab'); otherwise it is fixed.
 */
export function totalModel(lines: readonly LabelledLine[]): CalculationModel {
  if (lines.some((line) => !line.isPriceHidden && line.model === "approximate"))
    return "approximate";
  if (lines.some((line) => line.isPriceHidden || line.model === "minimum")) return "minimum";
  return "fixed";
}

/** A total or subtotal: 'ca. 61,54 €' when a weighed item is in it, 'ab …', or the plain sum. */
export function totalPriceLabel(
  amount: Cents,
  lines: readonly LabelledLine[],
  currency: string,
): string {
  return withPrefix(totalModel(lines), formatMoney(amount, currency));
}

/** The total is not final (it carries 'ca.' or 'ab'). */
export function isTotalApproximate(lines: readonly LabelledLine[]): boolean {
  return totalModel(lines) !== "fixed";
}

/**
 * The notes that explain the prefixes under a price or a total: the actual weight, the effort,
 * and that the final price follows for hidden prices and quotation requests (spec section 9).
 */
export function priceNotes(
  lines: readonly LabelledLine[],
  options: { isQuotation?: boolean } = {},
): string[] {
  const shown = lines.filter((line) => !line.isPriceHidden);
  const approximate = shown.filter((line) => line.model === "approximate");
  const notes: string[] = [];
  if (approximate.some((line) => !line.unit || unitDefinition(line.unit).type === "weight")) {
    notes.push(dePrices.notes.actualWeight);
  }
  if (approximate.some((line) => line.unit && unitDefinition(line.unit).type !== "weight")) {
    notes.push(dePrices.notes.actualQuantity);
  }
  if (shown.some((line) => line.model === "minimum")) notes.push(dePrices.notes.minimum);
  if (options.isQuotation || lines.some((line) => line.isPriceHidden)) {
    notes.push(dePrices.notes.priceFollows);
  }
  return notes;
}

/** A product's price data as the dialog and the menu need it to label and compute its price. */
export interface ProductPricing extends SoldByUnit {
  price: Cents;
  calculationModel?: CalculationModel | null;
  isPriceHidden: boolean;
  /** The price effect of each option, by option id. */
  options: Record<string, PriceOption>;
  /** Option ids per step, in the steps' order: for the lowest price on the menu. */
  steps?: readonly { isOptional: boolean; isMultiple: boolean; optionIds: readonly string[] }[];
}

/** The model of `unit`: an alternative unit may be priced by another model than the product. */
export function modelOfUnit(product: ProductPricing, unit: Unit): CalculationModel {
  return alternativeUnitOf(product, unit)?.calculationModel ?? product.calculationModel ?? "fixed";
}

export interface Configuration {
  amount: number;
  unit: Unit;
  /** The chosen option ids; unknown ids are ignored (the server refuses them on saving). */
  optionIds: readonly string[];
}

/**
 * The price of a configuration as the cart will charge it, labelled: the item dialog's running
 * price, computed by the server on every plain-form round trip and by the browser as it changes.
 */
export function configuredPrice(
  product: ProductPricing,
  configuration: Configuration,
  currency: string,
): { amount: Cents; label: string; line: LabelledLine } {
  const options = configuration.optionIds.flatMap((id) => {
    const option = product.options[id];
    return option ? [option] : [];
  });
  const ratio = unitRatio(product, configuration.unit) ?? 1;
  const amount =
    Number.isFinite(configuration.amount) && configuration.amount > 0
      ? linePrice(unitPriceWithOptions(product.price, options), configuration.amount, ratio)
      : 0;
  const line: LabelledLine = {
    model: modelOfUnit(product, configuration.unit),
    isPriceHidden: product.isPriceHidden,
    unit: configuration.unit,
  };
  return { amount, label: linePriceLabel(amount, line, currency), line };
}

/**
 * The lowest price per unit a customer can configure: each step in turn takes the choice that
 * makes the price lowest (an optional step may stay empty, a multiple choice takes all its
 * reductions). Good for the menu's 'ab'; the cart prices the real choice.
 */
export function lowestUnitPrice(product: ProductPricing): Cents {
  const chosen: PriceOption[] = [];
  for (const step of product.steps ?? []) {
    const options = step.optionIds.flatMap((id) => {
      const option = product.options[id];
      return option ? [option] : [];
    });
    const candidates: PriceOption[][] = options.map((option) => [option]);
    if (step.isMultiple) {
      const reductions = options.filter((option) => option.modifier === "subtract");
      if (reductions.length > 0) candidates.push(reductions);
    }
    if (step.isOptional || candidates.length === 0) candidates.push([]);
    let best: PriceOption[] = candidates[0] ?? [];
    let bestPrice = unitPriceWithOptions(product.price, [...chosen, ...best]);
    for (const candidate of candidates.slice(1)) {
      const price = unitPriceWithOptions(product.price, [...chosen, ...candidate]);
      if (price < bestPrice) {
        best = candidate;
        bestPrice = price;
      }
    }
    chosen.push(...best);
  }
  return unitPriceWithOptions(product.price, chosen);
}

/** Some choice of options changes the price (so the menu's price is a "from" price). */
export function optionsChangePrice(product: ProductPricing, lowest: Cents): boolean {
  return Object.values(product.options).some((option) =>
    option.modifier === "overwrite" ? option.value !== lowest : option.value !== 0,
  );
}

/**
 * The menu's price before anything is chosen: '2,40 €', 'ca. 5,90 € pro kg', 'ab 39,00 €' (a
 * fixed price whose options change it: the lowest configuration, from which it can rise), or
 * 'Preis auf Anfrage'.
 */
export function listPriceLabel(product: ProductPricing, currency: string): string {
  if (product.isPriceHidden) return dePrices.priceOnRequest;
  const lowest = lowestUnitPrice(product);
  const own = product.calculationModel ?? "fixed";
  const model = own === "fixed" && optionsChangePrice(product, lowest) ? "minimum" : own;
  const unit = unitDefinition(product.unit);
  const perUnit = unit.type === "amount" ? "" : ` ${dePrices.perUnit(unit.short)}`;
  return `${withPrefix(model, formatMoney(lowest, currency))}${perUnit}`;
}
