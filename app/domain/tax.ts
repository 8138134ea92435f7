import { roundToCents, sumCents, type Cents } from "./money";
import type { OrderType } from "./order-type";

/** A VAT rate in percent: 7, 19, 10.5. */
export type TaxRate = number;

/** The three rates a product carries; the specific ones may be unset in older catalogues. */
export interface ProductTaxRates {
  tax: TaxRate;
  takeawayTax?: TaxRate | null;
  dineInTax?: TaxRate | null;
}

export interface TaxAmounts {
  net: Cents;
  tax: Cents;
  gross: Cents;
}

/** A gross amount and the rate it is taxed at: a cart line or a delivery charge. */
export interface TaxedAmount {
  gross: Cents;
  taxRate: TaxRate;
}

/** Keyed by the rate as written in percent (`"7"`, `"19"`, `"10.5"`). */
export type TaxesByRate = Record<string, TaxAmounts>;

export interface CartTotals extends TaxAmounts {
  /** Goods only, one entry per rate. */
  taxes: TaxesByRate;
  deliveryNet: Cents;
  deliveryTax: Cents;
  deliveryGross: Cents;
  totalNet: Cents;
  totalTax: Cents;
  totalGross: Cents;
  /** Goods and delivery together, the breakdown a receipt prints; sums to the totals. */
  totalTaxes: TaxesByRate;
}

/**
 * Dine-in and takeaway may be taxed differently from delivery (German food VAT). A product
 * without a specific rate falls back to its general `tax`.
 */
export function taxRateFor(product: ProductTaxRates, orderType: OrderType): TaxRate {
  if (orderType === "dine-in") return product.dineInTax ?? product.tax;
  if (orderType === "takeaway") return product.takeawayTax ?? product.tax;
  return product.tax;
}

/** Germany's reduced VAT rate (food; since 1 January 2026 also food served in a restaurant). */
export const REDUCED_RATE: TaxRate = 7;
/** Germany's standard VAT rate (drinks, also eaten in; most goods). */
export const STANDARD_RATE: TaxRate = 19;
/**
 * The rates the bulk change may set (decision 092): the rates of German VAT. A special rate (a
 * farmer's flat rate, say) is set on the product itself, never on hundreds at once by a slip.
 */
export const BULK_TAX_RATES: readonly TaxRate[] = [0, REDUCED_RATE, STANDARD_RATE];

/**
 * The dine-in rate of a product for which none is given (decision 092). Since 1 January 2026
 * food served in a restaurant or café is taxed at 7 % like food taken away (§ 12 Abs. 2 Nr. 15
 * UStG); drinks stay at 19 %. The catalogue does not know which product is a drink, so the
 * takeaway rate tells: food taken away at 7 % is 7 % eaten in, a drink at 19 % stays 19 %.
 */
export function defaultDineInTaxRate(takeawayTax: TaxRate): TaxRate {
  return takeawayTax;
}

/** The key of a rate, so that 7, 7.0 and 7.000000001 land in one group. */
export function rateKey(rate: TaxRate): string {
  return String(Number(rate.toFixed(4)));
}

/**
 * net = gross / (1 + rate/100), rounded half away from zero to whole cents; the tax is the
 * remainder, so net + tax is always exactly the gross.
 */
export function splitGross(gross: Cents, rate: TaxRate): TaxAmounts {
  const net = roundToCents((gross * 100) / (100 + rate));
  return { net, tax: gross - net, gross };
}

/**
 * Tax per rate group: the gross amounts of one rate are summed first and split once, as a German
 * receipt shows them, so lines never add up rounding differences.
 */
export function taxesByRate(amounts: readonly TaxedAmount[]): TaxesByRate {
  const grossByRate = new Map<string, { rate: TaxRate; gross: Cents }>();
  for (const { gross, taxRate } of amounts) {
    const key = rateKey(taxRate);
    const group = grossByRate.get(key) ?? { rate: taxRate, gross: 0 };
    group.gross += gross;
    grossByRate.set(key, group);
  }
  const taxes: TaxesByRate = {};
  for (const [key, { rate, gross }] of grossByRate) {
    taxes[key] = splitGross(gross, rate);
  }
  return taxes;
}

export interface TaxRow extends TaxAmounts {
  rate: TaxRate;
}

/**
 * The groups as rows in ascending rate, for a receipt or the totals table. (An object cannot
 * keep that order: JavaScript lists "7" and "19" before "10.5" whatever the insertion order.)
 */
export function taxRows(taxes: TaxesByRate): TaxRow[] {
  return Object.entries(taxes)
    .map(([rate, amounts]) => ({ rate: Number(rate), ...amounts }))
    .sort((a, b) => a.rate - b.rate);
}

function sumOf(taxes: TaxesByRate): TaxAmounts {
  const groups = Object.values(taxes);
  return {
    net: sumCents(groups.map((group) => group.net)),
    tax: sumCents(groups.map((group) => group.tax)),
    gross: sumCents(groups.map((group) => group.gross)),
  };
}

/** Adds the already split groups; nothing is split again, so the parts keep their cents. */
function mergeTaxes(...parts: TaxesByRate[]): TaxesByRate {
  const merged: TaxesByRate = {};
  for (const part of parts) {
    for (const [key, amounts] of Object.entries(part)) {
      const current = merged[key] ?? { net: 0, tax: 0, gross: 0 };
      merged[key] = {
        net: current.net + amounts.net,
        tax: current.tax + amounts.tax,
        gross: current.gross + amounts.gross,
      };
    }
  }
  return merged;
}

/**
 * Totals of a cart: goods split per rate group, the delivery charge split on its own at the
 * area's rate, and the sums of both.
 */
export function cartTotals(
  lines: readonly TaxedAmount[],
  delivery: TaxedAmount | null = null,
): CartTotals {
  const taxes = taxesByRate(lines);
  const goods = sumOf(taxes);
  const deliveryTaxes: TaxesByRate =
    delivery && delivery.gross !== 0
      ? { [rateKey(delivery.taxRate)]: splitGross(delivery.gross, delivery.taxRate) }
      : {};
  const charge = sumOf(deliveryTaxes);
  return {
    ...goods,
    taxes,
    deliveryNet: charge.net,
    deliveryTax: charge.tax,
    deliveryGross: charge.gross,
    totalNet: goods.net + charge.net,
    totalTax: goods.tax + charge.tax,
    totalGross: goods.gross + charge.gross,
    totalTaxes: mergeTaxes(taxes, deliveryTaxes),
  };
}
