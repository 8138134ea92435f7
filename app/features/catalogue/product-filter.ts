import { BULK_TAX_RATES } from "#app/domain/tax";
import { parseId } from "#app/domain/values";
import { deCatalogue } from "#app/i18n/de-catalogue";

/** The choice of a rate in a filter: all, or one of German VAT's (0, 7, 19 %). */
export const RATE_FILTER_OPTIONS = [
  { value: "", label: deCatalogue.bulk.anyRate },
  ...BULK_TAX_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` })),
];

/**
 * The product filter of the bulk change and the label pages: `suche` (name or identifier, at most
 * 100 characters), `kategorie` and `schlagwort` (ids; anything else means "all"), and on the bulk
 * change the rates `abholung` and `vor-ort`. Both pages query with `matchingProducts` and draw
 * the bar with `ProductFilterBar`.
 */
export interface ProductFilterValues {
  search: string;
  categoryId: number | null;
  tagId: number | null;
  /** `abholung` and `vor-ort`: a tax rate in percent (the bulk change's filter, decision 092). */
  takeawayTaxRate: number | null;
  dineInTaxRate: number | null;
}

/** A rate as a query writes it ('7', '19', '10,5'); anything else means "all". */
function rateFrom(value: FormDataEntryValue | null): number | null {
  if (typeof value !== "string" || !/^\d{1,3}([.,]\d{1,2})?$/.test(value.trim())) return null;
  const rate = Number(value.trim().replace(",", "."));
  return rate <= 100 ? rate : null;
}

export function productFilterFrom(params: URLSearchParams | FormData): ProductFilterValues {
  const text = params.get("suche");
  return {
    search: typeof text === "string" ? text.trim().slice(0, 100) : "",
    categoryId: parseId(params.get("kategorie")),
    tagId: parseId(params.get("schlagwort")),
    takeawayTaxRate: rateFrom(params.get("abholung")),
    dineInTaxRate: rateFrom(params.get("vor-ort")),
  };
}
