import { sql, type Transaction } from "kysely";
import type { CalculationModel, Database, Db, ProductType, Unit } from "#app/db/schema";
import { csvDocument } from "#app/domain/csv";
import { formatMoney } from "#app/domain/money";
import { defaultDineInTaxRate } from "#app/domain/tax";
import { isUnit } from "#app/domain/units";
import { NO_DEPARTMENT } from "#app/i18n/de-catalogue";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { auditProducts, formatRate } from "./bulk-prices.server";
import {
  texts,
  errorTexts,
  labels,
  CSV_COLUMNS,
  STORED_COLUMNS,
  type CsvColumn,
  VALUE_COLUMNS,
  type ValueColumn,
  TYPE_NAMES,
  MODEL_NAMES,
  unitName,
  decimalText,
  centsText,
} from "./products-csv-columns";
import {
  type ParsedRow,
  type RowError,
  type FieldChange,
  type ImportReport,
  type ImportOutcome,
  emptyReport,
  readRows,
} from "./products-csv-rows";
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
  departmentId: number | null;
  version: string;
}

function selectProducts(db: Db | Transaction<Database>) {
  return db
    .selectFrom("products")
    .select(STORED_COLUMNS)
    .select(sql<string>`xmin::text`.as("version"));
}

/** The departments by id, for their names in the CSV (decision 106). */
type DepartmentNames = ReadonlyMap<number, string>;

async function departmentNames(db: Db | Transaction<Database>): Promise<DepartmentNames> {
  const rows = await db.selectFrom("departments").select(["id", "name"]).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** One value as the CSV shows it. */
function cellOf(product: StoredProduct, column: CsvColumn, departments: DepartmentNames): string {
  const value = product[column];
  switch (column) {
    case "departmentId":
      return product.departmentId === null ? "" : (departments.get(product.departmentId) ?? "");
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
  const departments = await departmentNames(db);
  const records = products.map((product) =>
    CSV_COLUMNS.map((column) => cellOf(product, column, departments)),
  );
  return csvDocument([CSV_COLUMNS.map((column) => labels[column]), ...records]);
}

// ——— Matching, checking against the stored products, writing ———

function display(column: ValueColumn, value: unknown, departments: DepartmentNames): string {
  if (value === null || value === undefined || value === "") return texts.csv.emptyValue;
  switch (column) {
    case "departmentId":
      return departments.get(value as number) ?? String(value);
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
  minimumQuantity: 1,
  maximumQuantity: null,
  quantityStepSize: 1,
  defaultQuantity: 1,
  isEnabled: true,
  allergenCodes: [] as string[],
  identifier: null,
  description: null,
  allergens: null,
  departmentId: null,
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

  const rowError = (line: number, message: string) =>
    report.errors.push({ line, message: errorTexts.row(line, message) });
  const departments = await departmentNames(db);
  resolveDepartments(rows, await departmentKeys(db), rowError);

  const claimed = new Map<number, number>();
  const identifierOwner = new Map<string, { line: number; id: number | null }>();
  const inserts: Plan["inserts"] = [];
  const updates: Plan["updates"] = [];

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
          before: display(column, product[column], departments),
          after: display(column, next, departments),
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
    // Without a dine-in rate, as taken away: food 7 %, drinks 19 % (decision 092).
    values.dineInTaxRate ??= defaultDineInTaxRate(values.takeawayTaxRate as number);
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

/** The departments by lower-case name and identifier, as a CSV may name them. */
async function departmentKeys(db: Db | Transaction<Database>) {
  const rows = await db
    .selectFrom("departments")
    .select(["id", "name", "identifier"])
    .orderBy("position")
    .orderBy("id")
    .execute();
  const byKey = new Map<string, number>();
  for (const row of rows) {
    byKey.set(row.name.toLowerCase(), row.id);
    if (row.identifier) byKey.set(row.identifier.toLowerCase(), row.id);
  }
  return { byKey, names: rows.map((row) => row.name) };
}

/**
 * A row's department cell (`{ department: "Konditorei" }`, as read) becomes the department's id,
 * `keine` none; a name no department has fails the row, naming the ones there are.
 */
function resolveDepartments(
  rows: ParsedRow[],
  keys: { byKey: ReadonlyMap<string, number>; names: readonly string[] },
  rowError: (line: number, message: string) => void,
): void {
  for (const row of rows) {
    const cell = row.values.departmentId as { department: string } | undefined;
    if (cell === undefined) continue;
    const name = cell.department.toLowerCase();
    if (name === NO_DEPARTMENT) {
      row.values.departmentId = null;
      continue;
    }
    const id = keys.byKey.get(name);
    if (id !== undefined) {
      row.values.departmentId = id;
      continue;
    }
    delete row.values.departmentId;
    row.failed = true;
    rowError(
      row.line,
      errorTexts.unknownDepartment(cell.department.slice(0, 60), keys.names.join(", ")),
    );
  }
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
  { column: "departmentId", sqlName: "department_id", cast: "integer" },
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
