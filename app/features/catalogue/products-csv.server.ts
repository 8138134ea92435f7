import { parse } from "csv-parse/sync";
import { sql, type Transaction } from "kysely";
import type { CalculationModel, Database, Db, ProductType, Unit } from "../../db/schema";
import { ALLERGENS, isAllergenCode } from "../../domain/allergens";
import { csvDocument, unguardCell } from "../../domain/csv";
import { formatMoney } from "../../domain/money";
import { isUnit, UNITS } from "../../domain/units";
import { cleanLine, cleanText, hasUnwantedCharacters, MAX_ID } from "../../domain/values";
import { de } from "../../i18n/de";
import { deCatalogue } from "../../i18n/de-catalogue";
import { MONEY_MAX, parseMoney } from "../backoffice/fields";
import type { StaffUser } from "../staff/staff-auth.server";
import { auditProducts, formatRate } from "./bulk-prices.server";
import { CSV_MAX_BYTES } from "./csv-limits";

/**
 * Products as CSV (issue 15, decision 036): the export and the import with a dry run. Headers and
 * values are German (`Preis`, `Einheit`, `12,50`, `Kilogramm`, `ja`; issue 36, decision 076); the
 * import also reads the JSON API's names (`price`, `kilogram`) of older files;
 * `;` separates, UTF-8 with a BOM so spreadsheets read umlauts. Parsing and writing are
 * csv-parse and csv-stringify. A row is matched by `id`, `uid` or `identifier`; without one it
 * creates a product. `version` (the row's `xmin` at export) makes a row changed since then a
 * conflict. The import validates every row (all errors, in German, with the row's number), then
 * writes everything in one transaction with the matched rows locked in id order, or nothing.
 */

const texts = deCatalogue.bulk;
const errorTexts = texts.csvErrors;
const labels = texts.columns;

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
  "version",
] as const;

/** The columns the export reads from the table: every CSV column but the row's version. */
const STORED_COLUMNS = CSV_COLUMNS.filter(
  (column): column is Exclude<(typeof CSV_COLUMNS)[number], "version"> => column !== "version",
);
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The columns an import writes (the keys and the version only find and check the product). */
const VALUE_COLUMNS = CSV_COLUMNS.filter(
  (column) => column !== "id" && column !== "uid" && column !== "version",
);
type ValueColumn = Exclude<CsvColumn, "id" | "uid" | "version">;

const TYPES: readonly ProductType[] = ["simple", "configurable", "bundle"];
const MODELS: readonly CalculationModel[] = ["fixed", "approximate", "minimum"];

/** The German words the CSV writes for a type, a unit and a calculation model. */
const TYPE_NAMES: Record<ProductType, string> = deCatalogue.products.types;
const MODEL_NAMES: Record<CalculationModel, string> = deCatalogue.products.calculationModels;
const unitName = (unit: Unit) => de.units[unit].name;

/** The column a header cell names: its German label or the API's name, in any case. */
function columnOf(header: string): CsvColumn | undefined {
  const name = header.trim().toLowerCase();
  return CSV_COLUMNS.find(
    (column) => column.toLowerCase() === name || labels[column].toLowerCase() === name,
  );
}

/** A choice as written: the German word (a trailing dot optional) or the API's value, any case. */
function choiceOf<Value extends string>(
  values: readonly Value[],
  nameOf: (value: Value) => string,
  text: string,
): Value | undefined {
  const plain = (word: string) => word.toLowerCase().replace(/\.$/, "");
  const wanted = plain(text);
  return values.find((value) => plain(value) === wanted || plain(nameOf(value)) === wanted);
}

const IDENTIFIER = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VERSION = /^\d{1,10}$/;
const QUANTITY = /^\d{1,7}([.,]\d{1,3})?$/;
const RATE = /^\d{1,3}([.,]\d{1,2})?$/;
const MAX_QUANTITY = 1_000_000;
const LINE_MAX = 200;
const TEXT_MAX = 20_000;

// ——— Values as the CSV writes them ———

function decimalText(value: number): string {
  return value.toLocaleString("de-DE", { maximumFractionDigits: 3, useGrouping: false });
}

function centsText(cents: number): string {
  return (cents / 100).toLocaleString("de-DE", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
}

// A spreadsheet runs a cell that starts with = + - @ as a formula: csvDocument writes such text
// behind a quote mark (app/domain/csv.ts), and the import takes the mark off again.

interface StoredProduct {
  id: number;
  uid: string;
  identifier: string | null;
  name: string;
  description: string | null;
  type: ProductType;
  price: number;
  unit: Unit;
  calculationModel: CalculationModel;
  taxRate: number;
  takeawayTaxRate: number;
  dineInTaxRate: number;
  minimumQuantity: number;
  maximumQuantity: number | null;
  quantityStepSize: number;
  defaultQuantity: number;
  isEnabled: boolean;
  allergens: string | null;
  allergenCodes: string[];
  version: string;
}

function selectProducts(db: Db | Transaction<Database>) {
  return db
    .selectFrom("products")
    .select(STORED_COLUMNS)
    .select(sql<string>`xmin::text`.as("version"));
}

/** One value as the CSV shows it. */
function cellOf(product: StoredProduct, column: CsvColumn): string {
  const value = product[column];
  switch (column) {
    case "price":
      return centsText(product.price);
    case "taxRate":
    case "takeawayTaxRate":
    case "dineInTaxRate":
    case "minimumQuantity":
    case "quantityStepSize":
    case "defaultQuantity":
      return decimalText(Number(value));
    case "maximumQuantity":
      return product.maximumQuantity === null ? "" : decimalText(product.maximumQuantity);
    case "isEnabled":
      return product.isEnabled ? "ja" : "nein";
    case "allergenCodes":
      return product.allergenCodes.join(",");
    case "type":
      return TYPE_NAMES[product.type];
    case "unit":
      return unitName(product.unit);
    case "calculationModel":
      return MODEL_NAMES[product.calculationModel];
    case "name":
    case "description":
    case "allergens":
      return String(value ?? "");
    default:
      return value === null || value === undefined ? "" : String(value);
  }
}

/** Every product, `;`-separated with a BOM; the whole catalogue fits in memory many times over. */
export async function exportProductsCsv(db: Db): Promise<string> {
  const products = (await selectProducts(db).orderBy("id").execute()) as StoredProduct[];
  const records = products.map((product) => CSV_COLUMNS.map((column) => cellOf(product, column)));
  return csvDocument([CSV_COLUMNS.map((column) => labels[column]), ...records]);
}

// ——— Reading an import ———

/** A row's values after checking, by column; only the columns the file has. */
type Values = Partial<Record<ValueColumn, unknown>>;

interface ParsedRow {
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

const emptyReport = (): ImportReport => ({
  created: [],
  changed: [],
  unchanged: 0,
  errors: [],
  conflicts: 0,
  saved: false,
});

function fail(status: 400, message: string): ImportOutcome {
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

function readTable(text: string): string[][] | ImportOutcome {
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

const choiceList = (values: readonly string[]) => values.join(", ");

/** Checks one cell of one column; an empty cell means "leave as it is" (null clears nothing). */
function readCell(
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
  }
}

interface Header {
  columns: (CsvColumn | null)[];
  present: Set<CsvColumn>;
}

function readHeader(cells: string[]): Header | string[] {
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

function readRow(header: Header, cells: string[], line: number, errors: RowError[]): ParsedRow {
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
function readRows(text: string): { rows: ParsedRow[]; errors: RowError[] } | ImportOutcome {
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

// ——— Matching, checking against the stored products, writing ———

function display(column: ValueColumn, value: unknown): string {
  if (value === null || value === undefined || value === "") return texts.csv.emptyValue;
  switch (column) {
    case "price":
      return formatMoney(value as number);
    case "taxRate":
    case "takeawayTaxRate":
    case "dineInTaxRate":
      return formatRate(value as number);
    case "minimumQuantity":
    case "maximumQuantity":
    case "quantityStepSize":
    case "defaultQuantity":
      return decimalText(value as number);
    case "isEnabled":
      return value ? "ja" : "nein";
    case "allergenCodes":
      return (value as string[]).join(", ") || texts.csv.emptyValue;
    case "type":
      return TYPE_NAMES[value as ProductType] ?? String(value);
    case "unit":
      return isUnit(String(value)) ? unitName(value as Unit) : String(value);
    case "calculationModel":
      return MODEL_NAMES[value as CalculationModel] ?? String(value);
    default: {
      const text = String(value);
      return text.length > 80 ? `${text.slice(0, 79)}…` : text;
    }
  }
}

function same(column: ValueColumn, stored: unknown, next: unknown): boolean {
  if (column === "allergenCodes")
    return (stored as string[]).join(",") === (next as string[]).join(",");
  if (column === "description" || column === "allergens" || column === "identifier") {
    return (stored ?? "") === (next ?? "");
  }
  return stored === next;
}

const DEFAULTS = {
  type: "simple",
  price: 0,
  unit: "piece",
  calculationModel: "fixed",
  taxRate: 7,
  takeawayTaxRate: 7,
  dineInTaxRate: 19,
  minimumQuantity: 1,
  maximumQuantity: null,
  quantityStepSize: 1,
  defaultQuantity: 1,
  isEnabled: true,
  allergenCodes: [] as string[],
  identifier: null,
  description: null,
  allergens: null,
} as const;

interface Plan {
  report: ImportReport;
  inserts: { line: number; values: Record<string, unknown> }[];
  updates: { id: number; before: StoredProduct; after: StoredProduct }[];
}

async function plan(
  db: Db | Transaction<Database>,
  rows: ParsedRow[],
  errors: RowError[],
  lock: boolean,
): Promise<Plan> {
  const report: ImportReport = { ...emptyReport(), errors };
  const ids = [...new Set(rows.flatMap((row) => (row.id ? [row.id] : [])))];
  const uids = [...new Set(rows.flatMap((row) => (row.uid ? [row.uid] : [])))];
  const identifiers = [...new Set(rows.flatMap((row) => (row.identifier ? [row.identifier] : [])))];
  // Which products the rows name (a cheap read), then those locked in id order and read again.
  const named = new Set<number>();
  const CHUNK = 5000;
  for (const [column, list] of [
    ["id", ids],
    ["uid", uids],
    ["identifier", identifiers],
  ] as const) {
    for (let start = 0; start < list.length; start += CHUNK) {
      const found = await db
        .selectFrom("products")
        .select("id")
        .where(column, "in", list.slice(start, start + CHUNK) as never[])
        .execute();
      for (const { id } of found) named.add(id);
    }
  }
  const stored = new Map<number, StoredProduct>();
  const namedIds = [...named].sort((a, b) => a - b);
  for (let start = 0; start < namedIds.length; start += CHUNK) {
    let query = selectProducts(db)
      .where("id", "in", namedIds.slice(start, start + CHUNK))
      .orderBy("id");
    if (lock) query = query.forUpdate();
    for (const product of (await query.execute()) as StoredProduct[])
      stored.set(product.id, product);
  }
  const byUid = new Map([...stored.values()].map((product) => [product.uid, product]));
  const byIdentifier = new Map(
    [...stored.values()].flatMap((product) =>
      product.identifier ? [[product.identifier, product]] : [],
    ),
  );

  const claimed = new Map<number, number>();
  const identifierOwner = new Map<string, { line: number; id: number | null }>();
  const inserts: Plan["inserts"] = [];
  const updates: Plan["updates"] = [];
  const rowError = (line: number, message: string) =>
    report.errors.push({ line, message: errorTexts.row(line, message) });

  for (const row of rows) {
    const { line } = row;
    let product: StoredProduct | undefined;
    let keyed = false;
    if (row.id !== null) {
      keyed = true;
      product = stored.get(row.id);
      if (!product) {
        rowError(line, errorTexts.unknownId(String(row.id)));
        continue;
      }
    }
    if (row.uid !== null) {
      keyed = true;
      const byThisUid = byUid.get(row.uid);
      if (!byThisUid) {
        rowError(line, errorTexts.unknownUid(row.uid));
        continue;
      }
      if (product && product.id !== byThisUid.id) {
        rowError(line, errorTexts.keysDisagree);
        continue;
      }
      product = byThisUid;
    }
    // The identifier finds the product when no id or uid does; beside them it is a new value.
    if (!keyed && row.identifier !== null) product = byIdentifier.get(row.identifier);

    if (row.identifier !== null) {
      const owner = byIdentifier.get(row.identifier);
      const earlier = identifierOwner.get(row.identifier);
      const ownId = product?.id ?? null;
      const takenInDatabase = owner !== undefined && owner.id !== ownId;
      const takenInFile = earlier !== undefined && (earlier.id === null || earlier.id !== ownId);
      if (takenInDatabase || takenInFile) {
        rowError(line, errorTexts.identifierTaken(row.identifier));
        row.failed = true;
      }
      identifierOwner.set(row.identifier, { line, id: ownId });
    }

    if (product) {
      const earlier = claimed.get(product.id);
      if (earlier !== undefined) {
        rowError(line, errorTexts.duplicateRow(earlier));
        continue;
      }
      claimed.set(product.id, line);
      if (row.failed) continue;
      if (row.version !== null && row.version !== product.version) {
        rowError(line, errorTexts.conflict(product.name));
        report.conflicts += 1;
        continue;
      }
      const after = { ...product } as StoredProduct;
      const changes: FieldChange[] = [];
      for (const column of VALUE_COLUMNS) {
        if (!(column in row.values)) continue;
        const next = row.values[column];
        if (same(column, product[column], next)) continue;
        (after as unknown as Record<string, unknown>)[column] = next;
        changes.push({
          field: column,
          before: display(column, product[column]),
          after: display(column, next),
        });
      }
      const quantityProblem = quantityRule(after);
      if (quantityProblem) {
        rowError(line, quantityProblem);
        continue;
      }
      if (changes.length === 0) report.unchanged += 1;
      else {
        report.changed.push({ line, id: product.id, name: after.name, changes });
        updates.push({ id: product.id, before: product, after });
      }
      continue;
    }
    if (row.failed) continue;
    if (row.version !== null) {
      rowError(line, errorTexts.versionForNew);
      continue;
    }
    if (typeof row.values.name !== "string" || row.values.name === "") {
      rowError(line, errorTexts.nameRequired);
      continue;
    }
    const values: Record<string, unknown> = { ...DEFAULTS, ...row.values };
    const quantityProblem = quantityRule(values as unknown as StoredProduct);
    if (quantityProblem) {
      rowError(line, quantityProblem);
      continue;
    }
    inserts.push({ line, values });
    report.created.push({ line, name: row.values.name });
  }
  report.errors.sort((a, b) => a.line - b.line);
  return { report, inserts, updates };
}

function quantityRule(
  product: Pick<StoredProduct, "minimumQuantity" | "maximumQuantity" | "defaultQuantity">,
) {
  const { minimumQuantity: min, maximumQuantity: max, defaultQuantity: fallback } = product;
  if (max !== null && max < min) return errorTexts.minAboveMax;
  if (fallback < min || (max !== null && fallback > max)) return errorTexts.defaultOutside;
  return null;
}

const WRITE_CHUNK = 500;

const WRITE_COLUMNS: { column: ValueColumn; sqlName: string; cast: string }[] = [
  { column: "identifier", sqlName: "identifier", cast: "text" },
  { column: "name", sqlName: "name", cast: "text" },
  { column: "description", sqlName: "description", cast: "text" },
  { column: "type", sqlName: "type", cast: "text" },
  { column: "price", sqlName: "price", cast: "integer" },
  { column: "unit", sqlName: "unit", cast: "text" },
  { column: "calculationModel", sqlName: "calculation_model", cast: "text" },
  { column: "taxRate", sqlName: "tax_rate", cast: "numeric" },
  { column: "takeawayTaxRate", sqlName: "takeaway_tax_rate", cast: "numeric" },
  { column: "dineInTaxRate", sqlName: "dine_in_tax_rate", cast: "numeric" },
  { column: "minimumQuantity", sqlName: "minimum_quantity", cast: "numeric" },
  { column: "maximumQuantity", sqlName: "maximum_quantity", cast: "numeric" },
  { column: "quantityStepSize", sqlName: "quantity_step_size", cast: "numeric" },
  { column: "defaultQuantity", sqlName: "default_quantity", cast: "numeric" },
  { column: "isEnabled", sqlName: "is_enabled", cast: "boolean" },
  { column: "allergens", sqlName: "allergens", cast: "text" },
  { column: "allergenCodes", sqlName: "allergen_codes", cast: "text[]" },
];

/** A text array as PostgreSQL's literal; the codes are checked words, nothing to escape. */
const arrayLiteral = (codes: readonly string[]) => `{${codes.join(",")}}`;

function sqlValue(column: ValueColumn, value: unknown) {
  return column === "allergenCodes" ? arrayLiteral(value as string[]) : (value ?? null);
}

async function write(
  trx: Transaction<Database>,
  user: StaffUser,
  clientAddress: string | undefined,
  work: Plan,
) {
  for (let start = 0; start < work.updates.length; start += WRITE_CHUNK) {
    const chunk = work.updates.slice(start, start + WRITE_CHUNK);
    const tuples = sql.join(
      chunk.map(
        ({ id, after }) =>
          sql`(${sql.join([
            sql`${id}::integer`,
            ...WRITE_COLUMNS.map(
              ({ column, cast }) => sql`${sqlValue(column, after[column])}::${sql.raw(cast)}`,
            ),
          ])})`,
      ),
    );
    const names = sql.raw(["id", ...WRITE_COLUMNS.map(({ sqlName }) => sqlName)].join(", "));
    const sets = sql.raw(
      WRITE_COLUMNS.map(({ sqlName }) => `${sqlName} = v.${sqlName}`).join(", "),
    );
    await sql`update products as p set ${sets}, updated_at = now()
      from (values ${tuples}) as v(${names}) where p.id = v.id`.execute(trx);
  }
  const createdIds: number[] = [];
  for (let start = 0; start < work.inserts.length; start += WRITE_CHUNK) {
    const chunk = work.inserts.slice(start, start + WRITE_CHUNK);
    const inserted = await trx
      .insertInto("products")
      .values(
        chunk.map(({ values }) => ({
          ...(Object.fromEntries(
            WRITE_COLUMNS.map(({ column }) => [
              column,
              column === "allergenCodes"
                ? sql`${arrayLiteral(values[column] as string[])}::text[]`
                : values[column],
            ]),
          ) as Record<string, never>),
          name: values.name as string,
        })),
      )
      .returning("id")
      .execute();
    createdIds.push(...inserted.map(({ id }) => id));
  }
  const created = createdIds.length
    ? ((await selectProducts(trx).where("id", "in", createdIds).execute()) as StoredProduct[])
    : [];
  await auditProducts(trx, user, clientAddress, [
    ...work.updates.map(({ id, before, after }) => ({
      id,
      before: withoutVersion(before),
      after: withoutVersion(after),
    })),
    ...created.map((product) => ({ id: product.id, before: null, after: withoutVersion(product) })),
  ]);
}

function withoutVersion(product: StoredProduct): Record<string, unknown> {
  const { version: _version, ...rest } = product;
  return rest;
}

class Refused extends Error {
  constructor(readonly outcome: ImportOutcome) {
    super("refused");
  }
}

function refusal(report: ImportReport): ImportOutcome {
  const onlyConflicts = report.errors.length > 0 && report.errors.length === report.conflicts;
  return {
    ok: false,
    status: onlyConflicts ? 409 : 400,
    message: onlyConflicts ? errorTexts.conflictTitle : report.errors[0]!.message,
    report,
  };
}

/**
 * The import: a dry run reports and writes nothing; otherwise everything is written in one
 * transaction (the named products locked in id order first) or, on any row error, nothing.
 */
export async function importProductsCsv(
  db: Db,
  { user, clientAddress }: { user: StaffUser; clientAddress?: string },
  text: string,
  dryRun: boolean,
): Promise<ImportOutcome> {
  const read = readRows(text);
  if (!("rows" in read)) return read;
  const { rows, errors } = read;
  if (dryRun) {
    const work = await plan(db, rows, errors, false);
    return work.report.errors.length ? refusal(work.report) : { ok: true, report: work.report };
  }
  // Rows that are wrong on their own are reported without touching the database's locks.
  if (errors.length) return refusal((await plan(db, rows, errors, false)).report);
  try {
    return await db.transaction().execute(async (trx) => {
      const work = await plan(trx, rows, [], true);
      if (work.report.errors.length) throw new Refused(refusal(work.report));
      await write(trx, user, clientAddress, work);
      return { ok: true as const, report: { ...work.report, saved: true } };
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}
