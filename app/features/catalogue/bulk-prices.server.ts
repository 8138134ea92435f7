import { createHash } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, Db } from "#app/db/schema";
import { formatMoney, roundHalfAwayFromZero } from "#app/domain/money";
import { BULK_TAX_RATES } from "#app/domain/tax";
import { parseId } from "#app/domain/values";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { MONEY_MAX, parseMoney } from "#app/features/backoffice/fields";
import type { Outcome, Problem } from "#app/features/backoffice/resource.server";
import type { StaffUser } from "#app/features/staff/staff-auth.server";

/**
 * Bulk changes of many products' price or tax rates (issue 15): pick products, pick the field and
 * how it changes, see old and new values, confirm. The confirmation names what the preview saw (a
 * checksum over the products' versions, or the versions themselves from the API), so a product
 * changed in between makes the whole change a 409 and nothing is saved. Each product is audited
 * as `product.updated` with before and after, in the one transaction of the change.
 */

const texts = deCatalogue.bulk;

/** The product's fields by the spec's names (section 3): the price and the three tax rates. */
export const BULK_FIELDS = ["price", "tax", "takeawayTax", "dineInTax"] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

/**
 * The names the API and the form used before (decision 104): still taken, as the spec's. A script
 * written against the older `field: "taxRate"` keeps working; the contract names only the new.
 */
export const BULK_FIELD_ALIASES: Readonly<Record<string, BulkField>> = {
  taxRate: "tax",
  takeawayTaxRate: "takeawayTax",
  dineInTaxRate: "dineInTax",
};

/** The product row's property of a field (the table's columns keep their names). */
const PROPERTY: Record<BulkField, "price" | "taxRate" | "takeawayTaxRate" | "dineInTaxRate"> = {
  price: "price",
  tax: "taxRate",
  takeawayTax: "takeawayTaxRate",
  dineInTax: "dineInTaxRate",
};
export const BULK_MODES = ["percent", "amount", "set"] as const;
export type BulkMode = (typeof BULK_MODES)[number];
/** More at once would not fit a transaction the staff can wait for; a catalogue has fewer. */
export const MAX_BULK_PRODUCTS = 20_000;

export interface BulkChoice {
  productIds: number[];
  field: BulkField;
  mode: BulkMode;
  /** percent: percent (5 = +5 %); amount: cents; set: cents (price) or percent (tax). */
  value: number;
}

export interface BulkChange {
  id: number;
  name: string;
  before: number;
  after: number;
  version: string;
}

export interface BulkPreview {
  changes: BulkChange[];
  /** Names the choice and the versions it was computed from; the confirmation sends it back. */
  checksum: string;
}

/** What the confirmation saw: the preview's checksum or the products' versions by id. */
export interface Expected {
  checksum?: string | null;
  versions?: Record<string, string> | null;
}

const isPrice = (field: BulkField) => field === "price";

// ——— Reading a choice (form text or JSON numbers) ———

const PERCENT = /^[+-]?\d{1,4}([.,]\d{1,2})?$/;
const RATE = /^\d{1,3}([.,]\d{1,2})?$/;

function decimal(text: string): number {
  return Number(text.replace(",", "."));
}

/** The value as a form types it ('+5', '-0,20', '19') or JSON sends it (5, -20, 19). */
export function parseBulkValue(
  field: BulkField,
  mode: BulkMode,
  raw: unknown,
): { value: number } | { error: string } {
  if (!isPrice(field) && mode !== "set") return { error: texts.errors.taxMode };
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : null;
  if (mode === "percent") {
    const value =
      text !== null && PERCENT.test(text.replace(/\s|%/g, ""))
        ? decimal(text.replace(/\s|%/g, ""))
        : NaN;
    return Number.isFinite(value) && value >= -100 && value <= 1000
      ? { value }
      : { error: texts.errors.percent };
  }
  if (mode === "amount") {
    if (typeof raw === "number") {
      return Number.isSafeInteger(raw) && Math.abs(raw) <= MONEY_MAX
        ? { value: raw }
        : { error: texts.errors.amount };
    }
    if (text === null) return { error: texts.errors.amount };
    const negative = text.startsWith("-") || text.startsWith("−");
    const cents = parseMoney(text.replace(/^[+\-−]/, ""));
    return typeof cents === "number" && cents <= MONEY_MAX
      ? { value: negative ? -cents : cents }
      : { error: texts.errors.amount };
  }
  if (isPrice(field)) {
    const cents = parseMoney(raw);
    return typeof cents === "number" && cents >= 0 && cents <= MONEY_MAX
      ? { value: cents }
      : { error: texts.errors.price };
  }
  // Only the rates of German VAT, so a slip (17 for 7) cannot reach hundreds of products.
  const rate =
    text !== null && RATE.test(text.replace(/\s|%/g, ""))
      ? decimal(text.replace(/\s|%/g, ""))
      : NaN;
  return BULK_TAX_RATES.includes(rate) ? { value: rate } : { error: texts.errors.rate };
}

/** A choice from a form or a JSON body; product ids already resolved by the caller. */
export function parseBulkChoice(input: {
  productIds: unknown;
  field: unknown;
  mode: unknown;
  value: unknown;
}): Outcome<BulkChoice> {
  const errors: Problem[] = [];
  const ids = Array.isArray(input.productIds) ? input.productIds : [];
  const productIds = [...new Set(ids.map((id) => parseId(id)))];
  if (productIds.length === 0)
    errors.push({ message: texts.errors.noProducts, field: "productIds" });
  else if (productIds.some((id) => id === null)) {
    errors.push({ message: texts.errors.noProducts, field: "productIds" });
  } else if (productIds.length > MAX_BULK_PRODUCTS) {
    errors.push({ message: texts.errors.tooManyProducts(MAX_BULK_PRODUCTS), field: "productIds" });
  }
  const named =
    typeof input.field === "string" ? (BULK_FIELD_ALIASES[input.field] ?? input.field) : null;
  const field = BULK_FIELDS.find((candidate) => candidate === named);
  if (!field) errors.push({ message: texts.errors.field, field: "field" });
  const mode = BULK_MODES.find((candidate) => candidate === input.mode);
  if (!mode) errors.push({ message: texts.errors.mode, field: "mode" });
  let value = 0;
  if (field && mode) {
    const parsed = parseBulkValue(field, mode, input.value);
    if ("error" in parsed) {
      errors.push({
        message: parsed.error,
        field: mode !== "set" || isPrice(field) ? "value" : "mode",
      });
    } else value = parsed.value;
  }
  if (errors.length || !field || !mode) return { ok: false, status: 400, errors };
  return { ok: true, value: { productIds: productIds as number[], field, mode, value } };
}

// ——— The arithmetic ———

/** The new value; prices in whole cents, rounded half away from zero. */
export function applyChange(choice: Pick<BulkChoice, "field" | "mode" | "value">, before: number) {
  if (choice.mode === "set") return choice.value;
  if (choice.mode === "amount") return before + choice.value;
  // Basis points keep the product exact (5,25 % is 525): cents × (10000 + bp) / 10000.
  const basisPoints = Math.round(choice.value * 100);
  return roundHalfAwayFromZero((before * (10_000 + basisPoints)) / 10_000);
}

export function formatRate(rate: number): string {
  return `${rate.toLocaleString("de-DE", { maximumFractionDigits: 2 })} %`;
}

/** The value as the preview shows it: '1.234,50 €' or '19 %'. */
export function formatBulkValue(field: BulkField, value: number): string {
  return isPrice(field) ? formatMoney(value) : formatRate(value);
}

// ——— Reading and writing products ———

interface LockedProduct extends Record<string, unknown> {
  id: number;
  name: string;
  version: string;
}

async function readProducts(db: Db | Transaction<Database>, ids: number[], lock: boolean) {
  let query = db
    .selectFrom("products")
    .selectAll()
    .select(sql<string>`xmin::text`.as("version"))
    .where("id", "in", ids)
    .orderBy("id");
  // Locks are taken in id order, as every bulk change and import takes them: no deadlocks.
  if (lock) query = query.forUpdate();
  return (await query.execute()) as unknown as LockedProduct[];
}

export function checksumOf(choice: BulkChoice, changes: readonly BulkChange[]): string {
  const hash = createHash("sha256");
  hash.update(`${choice.field}|${choice.mode}|${choice.value}`);
  for (const change of changes) hash.update(`|${change.id}:${change.version}`);
  return hash.digest("base64url").slice(0, 32);
}

function compute(choice: BulkChoice, rows: readonly LockedProduct[]): Outcome<BulkPreview> {
  const errors: Problem[] = [];
  const found = new Set(rows.map((row) => row.id));
  for (const id of choice.productIds) {
    if (!found.has(id))
      errors.push({ message: texts.errors.unknownProduct(id), field: "productIds" });
  }
  const changes = rows.map((row) => {
    const before = Number(row[PROPERTY[choice.field]]);
    const after = applyChange(choice, before);
    if (isPrice(choice.field)) {
      if (after < 0) {
        errors.push({
          message: texts.errors.belowZero(row.name, formatMoney(after)),
          field: "value",
        });
      } else if (after > MONEY_MAX) {
        errors.push({
          message: texts.errors.aboveMax(row.name, formatMoney(after), formatMoney(MONEY_MAX)),
          field: "value",
        });
      }
    }
    return { id: row.id, name: row.name, before, after, version: row.version };
  });
  if (errors.length) return { ok: false, status: 400, errors };
  return { ok: true, value: { changes, checksum: checksumOf(choice, changes) } };
}

/** Old and new values, nothing written. */
export async function previewBulk(db: Db, choice: BulkChoice): Promise<Outcome<BulkPreview>> {
  return compute(choice, await readProducts(db, choice.productIds, false));
}

class Refused extends Error {
  constructor(readonly outcome: Outcome<never>) {
    super("refused");
  }
}

const COLUMN: Record<BulkField, string> = {
  price: "price",
  tax: "tax_rate",
  takeawayTax: "takeaway_tax_rate",
  dineInTax: "dine_in_tax_rate",
};

/** Writes the change in one transaction, each product audited; 409 when a product moved. */
export async function applyBulk(
  db: Db,
  { user, clientAddress }: { user: StaffUser; clientAddress?: string },
  choice: BulkChoice,
  expected: Expected,
): Promise<Outcome<BulkPreview>> {
  try {
    return await db.transaction().execute(async (trx) => {
      const rows = await readProducts(trx, choice.productIds, true);
      const computed = compute(choice, rows);
      if (!computed.ok) throw new Refused(computed);
      const { changes, checksum } = computed.value;
      const stale =
        (expected.checksum != null && expected.checksum !== checksum) ||
        (expected.versions != null &&
          changes.some((change) => expected.versions?.[String(change.id)] !== change.version));
      if (stale) {
        throw new Refused({ ok: false, status: 409, errors: [{ message: texts.errors.stale }] });
      }
      await writeChanges(trx, choice.field, changes);
      const byId = new Map(rows.map((row) => [row.id, row]));
      await auditProducts(
        trx,
        user,
        clientAddress,
        changes.map((change) => {
          const { version: _version, ...before } = byId.get(change.id)!;
          return {
            id: change.id,
            before,
            after: { ...before, [PROPERTY[choice.field]]: change.after },
          };
        }),
      );
      const written = await readProducts(trx, choice.productIds, false);
      const versions = new Map(written.map((row) => [row.id, row.version]));
      return {
        ok: true as const,
        value: {
          changes: changes.map((change) => ({ ...change, version: versions.get(change.id)! })),
          checksum,
        },
      };
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}

const CHUNK = 1000;

async function writeChanges(trx: Transaction<Database>, field: BulkField, changes: BulkChange[]) {
  const column = sql.ref(COLUMN[field]);
  const cast = isPrice(field) ? sql`integer` : sql`numeric`;
  for (let start = 0; start < changes.length; start += CHUNK) {
    const chunk = changes.slice(start, start + CHUNK);
    const values = sql.join(
      chunk.map((change) => sql`(${change.id}::integer, ${change.after}::${cast})`),
    );
    await sql`update products as p set ${column} = v.value, updated_at = now()
      from (values ${values}) as v(id, value) where p.id = v.id`.execute(trx);
  }
}

/** One `product.updated` or `product.created` entry per product, written in batches. */
export async function auditProducts(
  trx: Kysely<Database>,
  user: StaffUser,
  clientAddress: string | undefined,
  entries: { id: number; before: Record<string, unknown> | null; after: Record<string, unknown> }[],
) {
  for (let start = 0; start < entries.length; start += CHUNK) {
    await trx
      .insertInto("auditLog")
      .values(
        entries.slice(start, start + CHUNK).map((entry) => ({
          userId: user.id,
          action: entry.before ? "product.updated" : "product.created",
          entityType: "product",
          entityId: String(entry.id),
          data: JSON.stringify({ before: entry.before, after: entry.after }),
          ip: clientAddress || null,
          branchId: null,
        })),
      )
      .execute();
  }
}

// ——— Choosing products ———

export interface ProductFilter {
  search?: string;
  categoryId?: number | null;
  tagId?: number | null;
  /** Only products at these rates (the product list's notice links so to food at 19 % eaten in). */
  takeawayTaxRate?: number | null;
  dineInTaxRate?: number | null;
}

/** Products matching a search (name, identifier), a category (through the menus) or a tag. */
function filtered(db: Db, filter: ProductFilter) {
  let query = db.selectFrom("products");
  const search = filter.search?.trim().slice(0, 100);
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb("products.name", "ilike", pattern), eb("products.identifier", "ilike", pattern)]),
    );
  }
  if (filter.categoryId) {
    const categoryId = filter.categoryId;
    query = query.where((eb) =>
      eb.or([
        eb(
          "products.id",
          "in",
          eb
            .selectFrom("menuEntries")
            .select("menuEntries.productId")
            .where("menuEntries.categoryId", "=", categoryId)
            .where("menuEntries.productId", "is not", null),
        ),
        eb(
          "products.id",
          "in",
          eb
            .selectFrom("menuEntries")
            .innerJoin(
              "productGroupProducts",
              "productGroupProducts.productGroupId",
              "menuEntries.productGroupId",
            )
            .select("productGroupProducts.productId")
            .where("menuEntries.categoryId", "=", categoryId),
        ),
      ]),
    );
  }
  if (filter.takeawayTaxRate != null) {
    query = query.where("products.takeawayTaxRate", "=", filter.takeawayTaxRate);
  }
  if (filter.dineInTaxRate != null) {
    query = query.where("products.dineInTaxRate", "=", filter.dineInTaxRate);
  }
  if (filter.tagId) {
    const tagId = filter.tagId;
    query = query.where((eb) =>
      eb(
        "products.id",
        "in",
        eb
          .selectFrom("productTags")
          .select("productTags.productId")
          .where("productTags.tagId", "=", tagId),
      ),
    );
  }
  return query;
}

export async function matchingIds(db: Db, filter: ProductFilter): Promise<number[]> {
  const rows = await filtered(db, filter)
    .select("products.id")
    .orderBy("products.id")
    .limit(MAX_BULK_PRODUCTS + 1)
    .execute();
  return rows.map((row) => row.id);
}

export async function matchingProducts(db: Db, filter: ProductFilter, limit: number) {
  const { count } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, filter)
    .select([
      "products.id",
      "products.name",
      "products.identifier",
      "products.price",
      "products.taxRate",
      "products.takeawayTaxRate",
      "products.dineInTaxRate",
    ])
    .orderBy("products.name")
    .orderBy("products.id")
    .limit(limit)
    .execute();
  return { total: Number(count), rows };
}

export async function filterChoices(db: Db) {
  const [categories, tags] = await Promise.all([
    db
      .selectFrom("categories")
      .select(["id", "name"])
      .orderBy("position")
      .orderBy("name")
      .execute(),
    db.selectFrom("tags").select(["id", "name"]).orderBy("name").execute(),
  ]);
  return { categories, tags };
}
