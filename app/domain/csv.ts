import { stringify } from "csv-stringify/sync";

/**
 * The CSV files the back office hands out (products, statistics, time sheets; issue 35, finding
 * 12a): one writer for all, so none forgets the formula guard.
 *
 * - German spreadsheets: `;` between cells, CRLF line ends, a BOM so that Excel reads UTF-8;
 *   csv-stringify quotes a cell with `;`, `"` or a line break.
 * - A spreadsheet runs a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return as a
 *   formula (`=HYPERLINK(…)` sends the sheet's data away with one click): such text is written
 *   behind a quote mark, as spreadsheets do themselves, and the product import takes the mark off
 *   again (`unguardCell`). A plain number, amount or duration ("-1,50", "+1:30") stays as it is:
 *   no function can hide in digits, commas, dots and colons.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,:]\d+)*$/;

export function guardCell(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The import's way back: the quote mark before a formula character comes off. */
export function unguardCell(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

export type CsvCell = string | number | null | undefined;

/** The whole file: BOM, `;`, CRLF, every text cell guarded (numbers as they are, null empty). */
export function csvDocument(rows: readonly (readonly CsvCell[])[]): string {
  const cells = rows.map((row) =>
    row.map((cell) =>
      typeof cell === "number" ? String(cell) : cell == null ? "" : guardCell(cell),
    ),
  );
  return `\uFEFF${stringify(cells, { delimiter: ";", record_delimiter: "\r\n" })}`;
}
