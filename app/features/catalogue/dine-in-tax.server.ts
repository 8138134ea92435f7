import type { Db } from "#app/db/schema";
import { defaultDineInTaxRate, REDUCED_RATE, STANDARD_RATE } from "#app/domain/tax";
import { deCatalogue } from "#app/i18n/de-catalogue";
import type { ListFilter, ListNotice } from "#app/features/backoffice/resource.server";
import { RATE_FILTER_OPTIONS } from "./product-filter";

/**
 * The dine-in rate since 1 January 2026 (decision 092): food eaten in is taxed at 7 %, drinks at
 * 19 %. New products without a dine-in rate follow their takeaway rate; stored products are the
 * owner's and change only by their hand, so the product list counts the food still at 19 % eaten
 * in and links to the bulk change, chosen and filled in.
 */

const t = deCatalogue.products;

/** `storedColumns` of a product: an empty dine-in rate follows the takeaway rate. */
export function dineInTaxColumns(input: Record<string, unknown>): Record<string, unknown> {
  if (!("dineInTaxRate" in input) || input.dineInTaxRate != null) return {};
  const takeaway =
    typeof input.takeawayTaxRate === "number"
      ? input.takeawayTaxRate
      : typeof input.taxRate === "number"
        ? input.taxRate
        : REDUCED_RATE;
  return { dineInTaxRate: defaultDineInTaxRate(takeaway) };
}

/** The product list's choice of a dine-in rate (`?vor-ort=19`), also `/api/products?dineInTaxRate=19`. */
export const dineInListFilter: ListFilter = {
  name: "dineInTaxRate",
  param: "vor-ort",
  label: t.dineInTaxRate,
  options: RATE_FILTER_OPTIONS,
};

/** The bulk change, filtered to food at 19 % eaten in, set to 7 % for all of them. */
export const DINE_IN_BULK_HREF = `/backend/products/bulk?${new URLSearchParams({
  abholung: String(REDUCED_RATE),
  "vor-ort": String(STANDARD_RATE),
  alle: "1",
  feld: "dineInTax",
  art: "set",
  wert: String(REDUCED_RATE),
})}`;

/** How many products are food (7 % to take away) still taxed at 19 % eaten in. */
export async function foodTaxedAsBefore2026(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("takeawayTaxRate", "=", REDUCED_RATE)
    .where("dineInTaxRate", "=", STANDARD_RATE)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The product list's remark while such food exists. */
export async function dineInNotice(db: Db): Promise<ListNotice | null> {
  const count = await foodTaxedAsBefore2026(db);
  if (count === 0) return null;
  return {
    message: t.dineInNotice(count),
    link: { label: t.dineInNoticeLink, href: DINE_IN_BULK_HREF },
  };
}
