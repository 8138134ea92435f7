import { dePrices } from "#app/i18n/de-prices";
import type { LeadTime } from "./slots";

/**
 * 'Vorlaufzeit: 2 Tage' for a product whose lead time is enabled (the catalogue stores it as
 * isLeadTimeEnabled, leadTimeType and leadTimeValue, spec section 3); null otherwise.
 */
export function leadTimeLabel(product: LeadTime): string | null {
  const value = product.leadTimeValue ?? 0;
  if (!product.isLeadTimeEnabled || !product.leadTimeType || !(value > 0)) return null;
  const count = Math.round(value);
  return dePrices.leadTime.label(dePrices.leadTime[product.leadTimeType](count));
}
