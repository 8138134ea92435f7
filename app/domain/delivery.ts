import { de } from "#app/i18n/de";
import { DEFAULT_CURRENCY, formatMoney, type Cents } from "./money";
import type { TaxRate, TaxedAmount } from "./tax";

/** A delivery area of a branch, amounts in cents. Unset or 0 thresholds mean "no threshold". */
export interface DeliveryArea {
  area: string;
  price: Cents;
  tax: TaxRate;
  free: boolean;
  freeFromOrderValue: Cents | null;
  minimumOrderValue: Cents | null;
}

export interface DeliveryCharge extends TaxedAmount {
  isFree: boolean;
}

function threshold(value: Cents | null): Cents | null {
  return value !== null && value > 0 ? value : null;
}

/**
 * Delivery is free from the threshold on, the threshold included: the customer reads
 * "Kostenlose Lieferung ab 50,00 €", and "ab" promises 50,00 € itself. The goods' gross total
 * (before the delivery charge) is what must reach it.
 */
export function isDeliveryFree(area: DeliveryArea, goodsGross: Cents): boolean {
  const freeFrom = threshold(area.freeFromOrderValue);
  return area.free || (freeFrom !== null && goodsGross >= freeFrom);
}

export function deliveryCharge(area: DeliveryArea, goodsGross: Cents): DeliveryCharge {
  const isFree = isDeliveryFree(area, goodsGross);
  return { gross: isFree ? 0 : area.price, taxRate: area.tax, isFree };
}

/** 'Kostenlose Lieferung ab {amount}.' while the threshold is still ahead, else null. */
export function freeDeliveryHint(
  area: DeliveryArea,
  goodsGross: Cents,
  currency: string = DEFAULT_CURRENCY,
): string | null {
  const freeFrom = threshold(area.freeFromOrderValue);
  if (freeFrom === null || isDeliveryFree(area, goodsGross)) return null;
  return de.delivery.freeFrom(formatMoney(freeFrom, currency));
}

export interface MinimumOrderValueCheck {
  isReached: boolean;
  minimum: Cents;
  /** How much more the goods must be worth; 0 when reached. */
  missing: Cents;
  /** The two sentences of the notice, empty when reached. */
  messages: string[];
}

/**
 * The area's minimum is measured against the goods' gross total, without the delivery charge,
 * and is reached at exactly the minimum. The second sentence names the missing amount, the sum
 * the customer still has to add.
 */
export function checkMinimumOrderValue(
  area: DeliveryArea,
  goodsGross: Cents,
  currency: string = DEFAULT_CURRENCY,
): MinimumOrderValueCheck {
  const minimum = threshold(area.minimumOrderValue) ?? 0;
  const missing = Math.max(minimum - goodsGross, 0);
  if (missing === 0) return { isReached: true, minimum, missing, messages: [] };
  return {
    isReached: false,
    minimum,
    missing,
    messages: [
      de.delivery.minimumNotReached(formatMoney(minimum, currency)),
      de.delivery.addGoodsOrChangeType(formatMoney(missing, currency)),
    ],
  };
}

/** The postcodes an area lists ('79098, 79100'), as staff typed them; empty for none. */
export function postcodesOf(list: string | null | undefined): string[] {
  return (list ?? "")
    .split(/[\s,;]+/)
    .map((postcode) => postcode.trim().toUpperCase())
    .filter((postcode) => postcode !== "");
}

export type PostcodeCheck = { isValid: true } | { isValid: false; message: string };

/**
 * Whether the address lies in the area: an area that lists postcodes delivers only to those. The
 * postcode is read from the checkout's 'PLZ und Ort' line (`79098 Freiburg`), as the first word
 * that is one of the area's postcodes or looks like a postcode (four or five digits).
 */
export function checkPostcode(
  area: { name: string; postcodes?: string | null },
  cityLine: string,
): PostcodeCheck {
  const listed = postcodesOf(area.postcodes);
  if (listed.length === 0) return { isValid: true };
  const words = cityLine
    .toUpperCase()
    .split(/[\s,;]+/)
    .filter((word) => word !== "");
  if (words.some((word) => listed.includes(word))) return { isValid: true };
  const postcode = words.find((word) => /^\d{4,5}$/.test(word));
  if (!postcode) return { isValid: false, message: de.delivery.postcodeMissing(listed.join(", ")) };
  return {
    isValid: false,
    message: de.delivery.postcodeOutside(postcode, area.name, listed.join(", ")),
  };
}
