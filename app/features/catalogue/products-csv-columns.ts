import type { CalculationModel, ProductType, Unit } from "#app/db/schema";
import { de } from "#app/i18n/de";
import { deCatalogue } from "#app/i18n/de-catalogue";

/** The CSV's columns and the German words it writes (decision 036, 076). */

export const texts = deCatalogue.bulk;
export const errorTexts = texts.csvErrors;
export const labels = texts.columns;

export const CSV_MAX_ROWS = 20_000;

export const CSV_COLUMNS = [
  "id",
  "uid",
  "identifier",
  "name",
  "description",
  "type",
  "price",
  "unit",
  "calculationModel",
  "taxRate",
  "takeawayTaxRate",
  "dineInTaxRate",
  "minimumQuantity",
  "maximumQuantity",
  "quantityStepSize",
  "defaultQuantity",
  "isEnabled",
  "allergens",
  "allergenCodes",
  // The department that makes it (decision 106), by its name (issue 39).
  "departmentId",
  "version",
] as const;

/** The columns the export reads from the table: every CSV column but the row's version. */
export const STORED_COLUMNS = CSV_COLUMNS.filter(
  (column): column is Exclude<(typeof CSV_COLUMNS)[number], "version"> => column !== "version",
);
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The columns an import writes (the keys and the version only find and check the product). */
export const VALUE_COLUMNS = CSV_COLUMNS.filter(
  (column) => column !== "id" && column !== "uid" && column !== "version",
);
export type ValueColumn = Exclude<CsvColumn, "id" | "uid" | "version">;

export const TYPES: readonly ProductType[] = ["simple", "configurable", "bundle"];
export const MODELS: readonly CalculationModel[] = ["fixed", "approximate", "minimum"];

/** The German words the CSV writes for a type, a unit and a calculation model. */
export const TYPE_NAMES: Record<ProductType, string> = deCatalogue.products.types;
export const MODEL_NAMES: Record<CalculationModel, string> = deCatalogue.products.calculationModels;
export const unitName = (unit: Unit) => de.units[unit].name;

/**
 * The spec's names (section 3) where they differ from the column's: a product's three rates are
 * `tax`, `takeawayTax` and `dineInTax` in the API, so in a CSV too (decisions 097 and
 * 104). The older names (`taxRate` …) stay readable as aliases, so an older CSV still imports.
 */
const API_NAMES: Partial<Record<CsvColumn, string>> = {
  taxRate: "tax",
  takeawayTaxRate: "takeawayTax",
  dineInTaxRate: "dineInTax",
};

/** The API's (the spec's) name of a column: `tax` for the delivery rate. */
export const apiColumnName = (column: CsvColumn): string => API_NAMES[column] ?? column;

/**
 * The column a header cell names, in any case: its German label (what the export writes), the
 * spec's name (`tax`), or the older name the API used before (`taxRate`, an alias).
 */
export function columnOf(header: string): CsvColumn | undefined {
  const name = header.trim().toLowerCase();
  return CSV_COLUMNS.find(
    (column) =>
      apiColumnName(column).toLowerCase() === name ||
      column.toLowerCase() === name ||
      labels[column].toLowerCase() === name,
  );
}

/** A choice as written: the German word (a trailing dot optional) or the API's value, any case. */
export function choiceOf<Value extends string>(
  values: readonly Value[],
  nameOf: (value: Value) => string,
  text: string,
): Value | undefined {
  const plain = (word: string) => word.toLowerCase().replace(/\.$/, "");
  const wanted = plain(text);
  return values.find((value) => plain(value) === wanted || plain(nameOf(value)) === wanted);
}

export const IDENTIFIER = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const VERSION = /^\d{1,10}$/;
export const QUANTITY = /^\d{1,7}([.,]\d{1,3})?$/;
export const RATE = /^\d{1,3}([.,]\d{1,2})?$/;
export const MAX_QUANTITY = 1_000_000;
export const LINE_MAX = 200;
export const TEXT_MAX = 20_000;

// ——— Values as the CSV writes them ———

export function decimalText(value: number): string {
  return value.toLocaleString("de-DE", { maximumFractionDigits: 3, useGrouping: false });
}

export function centsText(cents: number): string {
  return (cents / 100).toLocaleString("de-DE", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
}
