import { parse } from "csv-parse/sync";
import { ALLERGENS, isAllergenCode } from "#app/domain/allergens";
import { unguardCell } from "#app/domain/csv";
import { isUnit, UNITS } from "#app/domain/units";
import { cleanLine, cleanText, hasUnwantedCharacters, MAX_ID } from "#app/domain/values";
import { MONEY_MAX, parseMoney } from "#app/features/backoffice/fields";
import { CSV_MAX_BYTES } from "./csv-limits";
import {
  errorTexts,
  labels,
  CSV_MAX_ROWS,
  type CsvColumn,
  type ValueColumn,
  TYPES,
  MODELS,
  TYPE_NAMES,
  MODEL_NAMES,
  unitName,
  columnOf,
  choiceOf,
  IDENTIFIER,
  UID,
  VERSION,
  QUANTITY,
  RATE,
  MAX_QUANTITY,
  LINE_MAX,
  TEXT_MAX,
} from "./products-csv-columns";

/** Reading an import's file and rows on their own, without the database (decision 036). */

// ——— Reading an import ———

/** A row's values after checking, by column; only the columns the file has. */
export type Values = Partial<Record<ValueColumn, unknown>>;

export interface ParsedRow {
  line: number;
  /** The row has errors of its own: it is matched (for duplicates) but neither created nor changed. */
  failed: boolean;
  id: number | null;
  uid: string | null;
  identifier: string | null;
  version: string | null;
  values: Values;
}

export interface RowError {
  line: number;
  message: string;
  field?: string;
}

export interface FieldChange {
  field: ValueColumn;
  before: string;
  after: string;
}

export interface ImportReport {
  created: { line: number; name: string }[];
  changed: { line: number; id: number; name: string; changes: FieldChange[] }[];
  unchanged: number;
  errors: RowError[];
  conflicts: number;
  /** True when it was only a dry run, or when errors stopped the import. */
  saved: boolean;
}

export type ImportOutcome =
  | { ok: true; report: ImportReport }
  | { ok: false; status: 400 | 409; message: string; report: ImportReport | null };

export const emptyReport = (): ImportReport => ({
  created: [],
  changed: [],
  unchanged: 0,
  errors: [],
  conflicts: 0,
  saved: false,
});

export function fail(status: 400, message: string): ImportOutcome {
  return { ok: false, status, message, report: null };
}

/** Decodes the file: UTF-8 (a BOM is dropped), anything else is refused with a German hint. */
export function decodeCsv(bytes: Uint8Array): string | ImportOutcome {
  if (bytes.byteLength > CSV_MAX_BYTES)
    return fail(400, errorTexts.tooLarge(CSV_MAX_BYTES / 1024 / 1024));
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return fail(400, errorTexts.notUtf8);
  }
}

export function readTable(text: string): string[][] | ImportOutcome {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  // Semicolons as German spreadsheets write; a file with only commas or tabs in its header is read
  // with those.
  const delimiter = firstLine.includes(";")
    ? ";"
    : firstLine.includes("\t")
      ? "\t"
      : firstLine.includes(",")
        ? ","
        : ";";
  try {
    const records = parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
    return records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    const reason = error instanceof Error ? error.message.replace(/^Invalid [^:]*: /, "") : "";
    return fail(400, errorTexts.unreadable(line, reason.slice(0, 200)));
  }
}

export const choiceList = (values: readonly string[]) => values.join(", ");

/** Checks one cell of one column; an empty cell means "leave as it is" (null clears nothing). */
export function readCell(
  column: ValueColumn,
  raw: string,
  problems: string[],
): { skip: true } | { value: unknown } {
  // Every text cell of the export may carry the formula guard's quote mark (app/domain/csv.ts).
  const text = unguardCell(raw).trim();
  const label = labels[column];
  if (text === "" && column !== "maximumQuantity") return { skip: true };
  switch (column) {
    case "identifier":
      if (!IDENTIFIER.test(text) || text.length > 100) {
        problems.push(errorTexts.identifier(text.slice(0, 60)));
        return { skip: true };
      }
      return { value: text };
    case "name":
    case "allergens":
    case "description": {
      const max = column === "description" ? TEXT_MAX : LINE_MAX;
      const value =
        column === "description" ? cleanText(unguardCell(raw)) : cleanLine(unguardCell(raw));
      if (value.length > max) problems.push(errorTexts.tooLong(label, max));
      else if (/[<>]/.test(value) || hasUnwantedCharacters(value))
        problems.push(errorTexts.markup(label));
      else return { value };
      return { skip: true };
    }
    case "type": {
      const type = choiceOf(TYPES, (value) => TYPE_NAMES[value], text);
      if (type) return { value: type };
      const allowed = choiceList(TYPES.map((value) => TYPE_NAMES[value]));
      problems.push(errorTexts.choice(label, text.slice(0, 60), allowed));
      return { skip: true };
    }
    case "calculationModel": {
      const model = choiceOf(MODELS, (value) => MODEL_NAMES[value], text);
      if (model) return { value: model };
      const allowed = choiceList(MODELS.map((value) => MODEL_NAMES[value]));
      problems.push(errorTexts.choice(label, text.slice(0, 60), allowed));
      return { skip: true };
    }
    case "unit": {
      const units = UNITS.map(({ unit }) => unit);
      const unit = isUnit(text) ? text : choiceOf(units, unitName, text);
      if (unit) return { value: unit };
      problems.push(errorTexts.choice(label, text.slice(0, 60), choiceList(units.map(unitName))));
      return { skip: true };
    }
    case "price": {
      const cents = parseMoney(text);
      if (cents === null || cents === undefined)
        problems.push(errorTexts.money(label, text.slice(0, 60)));
      else if (cents < 0 || cents > MONEY_MAX)
        problems.push(errorTexts.moneyRange(label, text.slice(0, 60)));
      else return { value: cents };
      return { skip: true };
    }
    case "taxRate":
    case "takeawayTaxRate":
    case "dineInTaxRate": {
      const rate = RATE.test(text) ? Number(text.replace(",", ".")) : NaN;
      if (!(rate >= 0 && rate <= 100)) {
        problems.push(errorTexts.rate(label, text.slice(0, 60)));
        return { skip: true };
      }
      return { value: rate };
    }
    case "minimumQuantity":
    case "maximumQuantity":
    case "quantityStepSize":
    case "defaultQuantity": {
      if (text === "") return { value: null };
      const quantity = QUANTITY.test(text) ? Number(text.replace(",", ".")) : NaN;
      if (!(quantity > 0 && quantity <= MAX_QUANTITY)) {
        problems.push(
          Number.isNaN(quantity)
            ? errorTexts.number(label, text.slice(0, 60))
            : errorTexts.positive(label, text.slice(0, 60)),
        );
        return { skip: true };
      }
      return { value: quantity };
    }
    case "isEnabled": {
      const lower = text.toLowerCase();
      if (["ja", "1", "true", "wahr", "x"].includes(lower)) return { value: true };
      if (["nein", "0", "false", "falsch"].includes(lower)) return { value: false };
      problems.push(errorTexts.boolean(label, text.slice(0, 60)));
      return { skip: true };
    }
    case "allergenCodes": {
      const codes = [...new Set(text.split(/[,\s]+/).filter(Boolean))];
      const unknown = codes.filter((code) => !isAllergenCode(code));
      if (unknown.length) {
        for (const code of unknown.slice(0, 5))
          problems.push(errorTexts.allergen(code.slice(0, 40)));
        return { skip: true };
      }
      const order = ALLERGENS.map(({ code }) => code as string);
      return { value: codes.sort((a, b) => order.indexOf(a) - order.indexOf(b)) };
    }
    case "departmentId": {
      // A name (or identifier), found among the departments when the import is planned.
      const name = cleanLine(unguardCell(raw));
      if (name.length > LINE_MAX) {
        problems.push(errorTexts.tooLong(label, LINE_MAX));
        return { skip: true };
      }
      return { value: { department: name } };
    }
  }
}

export interface Header {
  columns: (CsvColumn | null)[];
  present: Set<CsvColumn>;
}

export function readHeader(cells: string[]): Header | string[] {
  const problems: string[] = [];
  const present = new Set<CsvColumn>();
  const columns = cells.map((cell) => {
    const name = cell.trim();
    const column = columnOf(name);
    if (!column) {
      if (name) problems.push(errorTexts.unknownColumn(name.slice(0, 60)));
      return null;
    }
    if (present.has(column)) problems.push(errorTexts.duplicateColumn(name));
    present.add(column);
    return column;
  });
  if (!["id", "uid", "identifier", "name"].some((key) => present.has(key as CsvColumn))) {
    problems.push(errorTexts.noKeyOrName);
  }
  return problems.length ? problems : { columns, present };
}

export function readRow(
  header: Header,
  cells: string[],
  line: number,
  errors: RowError[],
): ParsedRow {
  const problems: string[] = [];
  const row: ParsedRow = {
    line,
    failed: false,
    id: null,
    uid: null,
    identifier: null,
    version: null,
    values: {},
  };
  if (
    cells.length > header.columns.length &&
    cells.slice(header.columns.length).some((c) => c.trim())
  ) {
    problems.push(errorTexts.tooManyCells);
  }
  header.columns.forEach((column, index) => {
    if (!column) return;
    const raw = cells[index] ?? "";
    const text = raw.trim();
    if (column === "id") {
      if (!text) return;
      const id = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
      if (!(id >= 1 && id <= MAX_ID)) problems.push(errorTexts.id(text.slice(0, 40)));
      else row.id = id;
      return;
    }
    if (column === "uid") {
      if (!text) return;
      if (!UID.test(text)) problems.push(errorTexts.uid(text.slice(0, 40)));
      else row.uid = text.toLowerCase();
      return;
    }
    if (column === "version") {
      if (!text) return;
      if (!VERSION.test(text)) problems.push(errorTexts.version(text.slice(0, 40)));
      else row.version = text;
      return;
    }
    const cell = readCell(column, raw, problems);
    if ("value" in cell) row.values[column] = cell.value;
    if (column === "identifier" && "value" in cell) row.identifier = cell.value as string;
  });
  if ("name" in row.values && row.values.name === "") {
    problems.push(errorTexts.nameEmpty);
    delete row.values.name;
  }
  for (const message of problems) errors.push({ line, message: errorTexts.row(line, message) });
  row.failed = problems.length > 0;
  return row;
}

/** Parses and checks the file's rows on their own (no database); every row's errors. */
export function readRows(text: string): { rows: ParsedRow[]; errors: RowError[] } | ImportOutcome {
  const table = readTable(text);
  if (!Array.isArray(table)) return table;
  if (table.length === 0) return fail(400, errorTexts.empty);
  if (table.length > CSV_MAX_ROWS + 1) return fail(400, errorTexts.tooManyRows(CSV_MAX_ROWS));
  const header = readHeader(table[0]!);
  if (Array.isArray(header)) {
    return {
      ok: false,
      status: 400,
      message: errorTexts.row(1, header[0]!),
      report: {
        ...emptyReport(),
        errors: header.map((message) => ({ line: 1, message: errorTexts.row(1, message) })),
      },
    };
  }
  const errors: RowError[] = [];
  const rows = table.slice(1).map((cells, index) => readRow(header, cells, index + 2, errors));
  return { rows, errors };
}
