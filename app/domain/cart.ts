import { deliveryCharge, type DeliveryArea } from "./delivery";
import { formatNumber } from "./format";
import { de } from "#app/i18n/de";
import { type Cents } from "./money";
import { orderTypeOf, type OrderTypeFlags } from "./order-type";
import { cartTotals, taxRateFor, type CartTotals, type ProductTaxRates } from "./tax";
import {
  alternativeUnitOf,
  cleanQuantity,
  isVariablePrice,
  linePrice,
  unitRatio,
  type CalculationModel,
  type SoldByUnit,
  type Unit,
} from "./units";

/**
 * The units a customer counts as "products" in the cart line: three croissants are three
 * products, while 0.5 kg of biscuits, a pair of sausages or a cake for 12 persons is one each.
 */
export const UNITS_COUNTED_BY_AMOUNT: readonly Unit[] = ["piece", "serving", "package"];

export interface CountedLine {
  amount: number;
  unit: Unit;
}

export function cartCount(items: readonly CountedLine[]): number {
  const count = items.reduce(
    (total, item) => total + (UNITS_COUNTED_BY_AMOUNT.includes(item.unit) ? item.amount : 1),
    0,
  );
  return cleanQuantity(count);
}

/** 'Keine Produkte im Warenkorb', '1 Produkt im Warenkorb', 'N Produkte im Warenkorb'. */
export function cartCountText(items: readonly CountedLine[]): string {
  const count = cartCount(items);
  if (count === 0) return de.cart.empty;
  return count === 1 ? de.cart.one : de.cart.many(formatNumber(count));
}

/** The cart's button is disabled for an empty cart and below the delivery minimum. */
export function isCheckoutAllowed(itemCount: number, isMinimumOrderValueReached: boolean): boolean {
  return itemCount > 0 && isMinimumOrderValueReached;
}

/** A chosen option of a configurable product; its value is in cents. */
export interface PriceOption {
  modifier: "add" | "subtract" | "overwrite";
  value: Cents;
}

/**
 * The price per unit after the chosen options. An overwrite sets the base price (the last one
 * wins) whatever its position, and additions and subtractions then apply on top; a price never
 * falls below zero.
 */
export function unitPriceWithOptions(price: Cents, options: readonly PriceOption[] = []): Cents {
  const base = options.reduce(
    (current, option) => (option.modifier === "overwrite" ? option.value : current),
    price,
  );
  const adjusted = options.reduce((current, option) => {
    if (option.modifier === "add") return current + option.value;
    if (option.modifier === "subtract") return current - option.value;
    return current;
  }, base);
  return Math.max(adjusted, 0);
}

export interface PricedProduct extends SoldByUnit, ProductTaxRates {
  price: Cents;
  calculationModel?: CalculationModel | null;
}

export interface PricedCartItem {
  product: PricedProduct;
  amount: number;
  unit: Unit;
  options?: readonly PriceOption[];
}

/** An alternative unit may be priced by another model than the product's own unit. */
export function calculationModelOf(item: PricedCartItem): CalculationModel {
  const alternative = alternativeUnitOf(item.product, item.unit);
  return alternative?.calculationModel ?? item.product.calculationModel ?? "fixed";
}

/** Totals show 'ca.' when any item's price is not final. */
export function hasVariablePrices(items: readonly PricedCartItem[]): boolean {
  return items.some((item) => isVariablePrice(calculationModelOf(item)));
}

/** The gross price of one cart line in cents. */
export function itemPrice(item: PricedCartItem): Cents {
  const ratio = unitRatio(item.product, item.unit);
  if (ratio === null) {
    throw new RangeError(`Das Produkt wird nicht in der Einheit ${item.unit} verkauft.`);
  }
  return linePrice(unitPriceWithOptions(item.product.price, item.options), item.amount, ratio);
}

export interface CartToPrice extends OrderTypeFlags {
  items: readonly PricedCartItem[];
  /** Only used for delivery. */
  deliveryArea?: DeliveryArea | null;
}

/**
 * What the server charges for a cart: each line at the rate of the order type, plus the delivery
 * charge of the chosen area (free from its threshold on, measured on the goods' gross total).
 * An empty cart costs nothing, so its panel does not show a delivery charge on its own.
 */
export function priceCart(cart: CartToPrice): CartTotals {
  const orderType = orderTypeOf(cart);
  const lines = cart.items.map((item) => ({
    gross: itemPrice(item),
    taxRate: taxRateFor(item.product, orderType),
  }));
  const goodsGross = lines.reduce((total, line) => total + line.gross, 0);
  const delivery =
    orderType === "delivery" && cart.deliveryArea && lines.length > 0
      ? deliveryCharge(cart.deliveryArea, goodsGross)
      : null;
  return cartTotals(lines, delivery);
}
