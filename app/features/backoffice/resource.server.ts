import { sql, type Kysely, type Transaction } from "kysely";
import type { z } from "zod";
import type { Db } from "#app/db/schema";
import { canAccessBranch, isAdmin } from "#app/domain/staff-permissions";
import { slugify, uniqueSlug } from "#app/domain/identifiers";
import { parseId, parseIsoDate } from "#app/domain/values";
import { de } from "#app/i18n/de-backoffice";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { audit } from "#app/features/staff/staff-auth.server";
import { schemaOf } from "./fields";
import type { Outcome, Problem, ResourceDefinition, Row } from "./resource-definition";
import { insertUploads, type PendingImage } from "./resource-images.server";

export type {
  LinkTable,
  ListColumn,
  ListFilter,
  ListNotice,
  Outcome,
  Problem,
  ResourceDefinition,
  Row,
  RowAction,
} from "./resource-definition";

/**
 * The back office's resource pattern (decision 035). A resource is described once — its table,
 * fields (the field registry builds its zod schema), list columns, who may use it and what blocks
 * its deletion — and this service does the rest for every one of them: list with search, sorting
 * and paging, read, create, update with a version check, delete, each audited with before and
 * after. The HTML pages and the `/api/<name>` routes are thin adapters over it.
 */

/** The registry of every resource, by name; filled by `registerResources`. */
const registry = new Map<string, ResourceDefinition>();

export function registerResources(...definitions: ResourceDefinition[]): void {
  for (const definition of definitions) registry.set(definition.name, definition);
}

export function resourceNamed(name: string): ResourceDefinition | undefined {
  return registry.get(name);
}

export function allResources(): ResourceDefinition[] {
  return [...registry.values()];
}

type ResourceSchema = z.ZodType<Record<string, unknown>, unknown>;
const schemas = new WeakMap<ResourceDefinition, ResourceSchema>();

/** The resource's one schema: its registry fields and its extra lists. */
export function schemaFor(definition: ResourceDefinition): ResourceSchema {
  let schema = schemas.get(definition);
  if (!schema) {
    const shape = schemaOf(definition.fields).extend(definition.extraSchema ?? {});
    const refine = definition.refine;
    schema = (
      refine ? shape.superRefine((input, context) => refine(input, context)) : shape
    ) as ResourceSchema;
    schemas.set(definition, schema);
  }
  return schema;
}

// ——— Access ———

/** May create (and delete) records: branches themselves only administrators. */
export function mayCreate(definition: ResourceDefinition, user: StaffUser): boolean {
  return mayUse(definition, user) && (definition.access.branchColumn !== "id" || isAdmin(user));
}

export function mayUse(definition: ResourceDefinition, user: StaffUser): boolean {
  if (isAdmin(user)) return true;
  if (!definition.access.branchColumn) return false;
  return definition.access.roles.some((role) => user.roles.includes(role));
}

function mayUseRow(definition: ResourceDefinition, user: StaffUser, row: Record<string, unknown>) {
  const column = definition.access.branchColumn;
  if (!column || isAdmin(user)) return mayUse(definition, user);
  return mayUse(definition, user) && canAccessBranch(user, Number(row[column]));
}

const forbidden = <T>(): Outcome<T> => ({
  ok: false,
  status: 403,
  errors: [{ message: de.resources.edit.forbidden }],
});
const notFound = <T>(): Outcome<T> => ({
  ok: false,
  status: 404,
  errors: [{ message: de.resources.edit.notFound }],
});

// ——— Reading ———

const any = (db: Db) => db as unknown as Kysely<any>;

function baseQuery(db: Db, definition: ResourceDefinition) {
  return any(db)
    .selectFrom(definition.table)
    .selectAll(definition.table)
    .select(sql<string>`${sql.ref(`${definition.table}.xmin`)}::text`.as("version"));
}

async function withLinks(db: Db, definition: ResourceDefinition, rows: Row[]): Promise<Row[]> {
  if (!definition.links?.length || rows.length === 0) return rows;
  const ids = rows.map((row) => row.id);
  for (const link of definition.links) {
    const pairs = (await any(db)
      .selectFrom(link.table)
      .select([`${link.own} as own`, `${link.other} as other`])
      .where(link.own, "in", ids)
      .orderBy(link.position ?? link.other)
      .orderBy(link.other)
      .execute()) as { own: number; other: number }[];
    for (const row of rows) {
      row[link.field] = pairs.filter((pair) => pair.own === row.id).map((pair) => pair.other);
    }
  }
  return rows;
}

export interface ListQuery {
  search?: string;
  sort?: string;
  direction?: "asc" | "desc";
  page?: number;
  pageSize?: number;
  /** Only these branches (a filter the user chose), within what they may see anyway. */
  branchId?: number;
  /** Values of the definition's `filterColumns`, as typed (checked here). */
  filters?: Readonly<Record<string, string>>;
}

export interface ListResult {
  rows: Row[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  sort: string;
  direction: "asc" | "desc";
}

const MAX_PAGE_SIZE = 200;

/** A number filter as a query string writes it ('19', '10,5'); anything else is no number. */
function parseFilterNumber(raw: string): number | null {
  const text = raw.trim();
  return /^\d{1,9}([.,]\d{1,4})?$/.test(text) ? Number(text.replace(",", ".")) : null;
}

export async function listRecords(
  db: Db,
  definition: ResourceDefinition,
  user: StaffUser,
  query: ListQuery = {},
): Promise<Outcome<ListResult>> {
  if (!mayUse(definition, user)) return forbidden();
  const sortable = new Set(
    definition.listColumns.filter((column) => column.sortable).map((column) => column.name),
  );
  const sort = query.sort && sortable.has(query.sort) ? query.sort : definition.defaultSort.column;
  const direction =
    query.sort && sortable.has(query.sort)
      ? (query.direction ?? "asc")
      : definition.defaultSort.direction;
  const pageSize = Math.min(Math.max(query.pageSize ?? 25, 1), MAX_PAGE_SIZE);

  let filtered = any(db).selectFrom(definition.table);
  const column = definition.access.branchColumn;
  if (column && !isAdmin(user)) {
    const ids = user.branchIds.length ? [...user.branchIds] : [-1];
    filtered = filtered.where(`${definition.table}.${column}`, "in", ids);
  }
  if (column && query.branchId) {
    filtered = filtered.where(`${definition.table}.${column}`, "=", query.branchId);
  }
  for (const [name, kind] of Object.entries(definition.filterColumns ?? {})) {
    const raw = query.filters?.[name];
    if (raw === undefined || raw === "") continue;
    const value =
      kind === "id"
        ? parseId(raw)
        : kind === "date"
          ? parseIsoDate(raw)
          : kind === "number"
            ? parseFilterNumber(raw)
            : raw.slice(0, 100);
    if (value === null) {
      return {
        ok: false,
        status: 400,
        errors: [{ message: de.fields.invalidFilter, field: name }],
      };
    }
    filtered = filtered.where(`${definition.table}.${name}`, "=", value);
  }
  const search = query.search?.trim().slice(0, 100);
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filtered = filtered.where((eb) =>
      eb.or(
        definition.searchColumns.map((name) =>
          eb(sql`${sql.ref(`${definition.table}.${name}`)}::text`, "ilike", pattern),
        ),
      ),
    );
  }
  const { count } = (await filtered
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow()) as { count: string | number };
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(query.page ?? 1, 1), pageCount);
  const rows = (await filtered
    .selectAll(definition.table)
    .select(sql<string>`${sql.ref(`${definition.table}.xmin`)}::text`.as("version"))
    .orderBy(
      definition.listColumns.some((column) => column.name === sort && column.caseInsensitive)
        ? sql`lower(${sql.ref(`${definition.table}.${sort}`)})`
        : sql.ref(`${definition.table}.${sort}`),
      direction,
    )
    .orderBy(`${definition.table}.id`, direction)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute()) as Row[];
  const linked = await withLinks(db, definition, rows);
  return {
    ok: true,
    value: {
      rows: definition.listRows ? await definition.listRows(db, linked) : linked,
      total,
      page,
      pageCount,
      pageSize,
      sort,
      direction,
    },
  };
}

async function readRow(db: Db, definition: ResourceDefinition, id: number) {
  const row = (await baseQuery(db, definition)
    .where(`${definition.table}.id`, "=", id)
    .executeTakeFirst()) as Row | undefined;
  if (!row) return undefined;
  const [linked] = await withLinks(db, definition, [row]);
  const extra = definition.loadExtra ? await definition.loadExtra(db, id) : {};
  return { ...linked, ...extra } as Row;
}

export async function getRecord(
  db: Db,
  definition: ResourceDefinition,
  user: StaffUser,
  id: number,
): Promise<Outcome<Row>> {
  if (!mayUse(definition, user)) return forbidden();
  const row = await readRow(db, definition, id);
  if (!row) return notFound();
  if (!mayUseRow(definition, user, row)) return forbidden();
  return { ok: true, value: row };
}

// ——— Writing ———

/** The stored columns of an input: every field but links and extras. */
function columnsOf(definition: ResourceDefinition, input: Record<string, unknown>) {
  const skip = new Set([
    ...(definition.links ?? []).map((link) => link.field),
    ...(definition.extraFields ?? []),
  ]);
  return Object.fromEntries(
    definition.fields
      .filter((field) => !skip.has(field.name) && field.name in input)
      .map((field) => [field.name, input[field.name]]),
  );
}

/** Every referenced id exists, and a branch the user may not work with is not named. */
async function referenceProblems(
  db: Db,
  definition: ResourceDefinition,
  user: StaffUser,
  input: Record<string, unknown>,
): Promise<Problem[]> {
  const problems: Problem[] = [];
  for (const field of definition.fields) {
    if (field.type !== "reference" && field.type !== "image" && field.type !== "images") continue;
    const value = input[field.name];
    const ids = (Array.isArray(value) ? value : value == null ? [] : [value]) as number[];
    if (ids.length === 0) continue;
    const resource = field.type === "reference" ? field.resource : "images";
    const table = resourceNamed(resource)?.table ?? resource;
    const found = (await any(db).selectFrom(table).select("id").where("id", "in", ids).execute())
      .length;
    if (found !== ids.length) {
      problems.push({ message: de.fields.unknownReference, field: field.name });
    } else if (
      resource === "branches" &&
      !isAdmin(user) &&
      ids.some((id) => !user.branchIds.includes(id))
    ) {
      problems.push({ message: de.resources.edit.forbidden, field: field.name });
    }
  }
  return problems;
}

const UNIQUE_VIOLATION = "23505";
const FOREIGN_KEY_VIOLATION = "23503";

/** A constraint the database enforces, as the field it concerns. */
function constraintProblem(definition: ResourceDefinition, error: unknown): Problem | null {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  if (code === UNIQUE_VIOLATION) {
    const field = definition.fields.find((candidate) =>
      constraint?.includes(`_${candidate.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`),
    );
    return { message: de.fields.duplicate, ...(field ? { field: field.name } : {}) };
  }
  if (code === FOREIGN_KEY_VIOLATION) return { message: de.fields.unknownReference };
  return null;
}

async function writeLinks(
  trx: Transaction<any>,
  definition: ResourceDefinition,
  id: number,
  input: Record<string, unknown>,
) {
  for (const link of definition.links ?? []) {
    if (!(link.field in input)) continue;
    const ids = (input[link.field] as number[] | null) ?? [];
    await trx.deleteFrom(link.table).where(link.own, "=", id).execute();
    if (ids.length) {
      await trx
        .insertInto(link.table)
        .values(
          ids.map((other, index) => ({
            [link.own]: id,
            [link.other]: other,
            ...(link.position ? { [link.position]: index } : {}),
          })),
        )
        .execute();
    }
  }
}

/** The branch a record belongs to, for the audit log. */
function branchOf(definition: ResourceDefinition, row: Row): number | null {
  const column = definition.access.branchColumn;
  return column ? Number(row[column]) || null : null;
}

/** What the audit log keeps of a record: its fields, without the version. */
function auditView(row: Row | undefined) {
  if (!row) return null;
  const { version: _version, ...rest } = row;
  return rest;
}

interface WriteContext {
  user: StaffUser;
  clientAddress?: string;
  /** Uploaded files already on disk whose `images` rows join this save (the HTML form). */
  uploads?: readonly PendingImage[];
}

async function inTransaction<T>(
  db: Db,
  definition: ResourceDefinition,
  work: (trx: Transaction<any>) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  try {
    return await any(db)
      .transaction()
      .execute(async (trx) => {
        const outcome = await work(trx);
        // A refusal found inside the transaction rolls back whatever was already written.
        if (!outcome.ok) throw new Refused(outcome);
        return outcome;
      });
  } catch (error) {
    if (error instanceof Refused) return error.outcome as Outcome<T>;
    const problem = constraintProblem(definition, error);
    if (problem) return { ok: false, status: 400, errors: [problem] };
    throw error;
  }
}

class Refused extends Error {
  constructor(readonly outcome: Outcome<unknown>) {
    super("refused");
  }
}

/**
 * Values left empty that are made from another field (decision 098): an identifier from the name
 * ('Große Brötchen' → 'grosse-broetchen', then '-2', '-3' … while taken in its table), or a
 * text copied as it is (a table's name from its identifier). A value given is kept as given.
 */
async function deriveValues(
  trx: Transaction<any>,
  definition: ResourceDefinition,
  input: Record<string, unknown>,
  id: number | null,
): Promise<Record<string, unknown>> {
  let result = input;
  for (const field of definition.fields) {
    if (field.type !== "text" || !field.derivedFrom) continue;
    // An update that does not name the field leaves it as it is.
    if (id !== null && !(field.name in input)) continue;
    const value = input[field.name];
    const source = input[field.derivedFrom];
    if ((typeof value === "string" && value !== "") || typeof source !== "string" || !source) {
      continue;
    }
    const max = field.max ?? 200;
    if (field.format !== "identifier") {
      result = { ...result, [field.name]: source.slice(0, max) };
      continue;
    }
    const base = slugify(source, max) || slugify(definition.entityType, max);
    let query = trx
      .selectFrom(definition.table)
      .select(`${field.name} as value`)
      // Every value the numbering could meet: the base, shortened to make room for '-12345'.
      .where(field.name, "like", `${base.slice(0, Math.max(1, max - 8))}%`);
    if (id !== null) query = query.where("id", "<>", id);
    const taken = new Set(
      ((await query.execute()) as { value: string | null }[]).map((row) => String(row.value)),
    );
    result = { ...result, [field.name]: uniqueSlug(base, taken, max) };
  }
  return result;
}

async function validate(
  db: Db,
  definition: ResourceDefinition,
  user: StaffUser,
  input: Record<string, unknown>,
  id: number | null,
): Promise<Problem[]> {
  const problems = await referenceProblems(db, definition, user, input);
  if (definition.check) problems.push(...(await definition.check(db, input, id)));
  return problems;
}

export async function createRecord(
  db: Db,
  definition: ResourceDefinition,
  { user, clientAddress, uploads }: WriteContext,
  received: Record<string, unknown>,
): Promise<Outcome<Row>> {
  if (!mayUse(definition, user)) return forbidden();
  const column = definition.access.branchColumn;
  if (
    column &&
    column !== "id" &&
    !isAdmin(user) &&
    !canAccessBranch(user, Number(received[column]))
  ) {
    return {
      ok: false,
      status: 403,
      errors: [{ message: de.resources.edit.forbidden, field: column }],
    };
  }
  // A branch manager cannot open a new branch; only administrators can.
  if (column === "id" && !isAdmin(user)) return forbidden();
  return inTransaction(db, definition, async (trx) => {
    const input = await deriveValues(
      trx,
      definition,
      await insertUploads(trx, received, uploads),
      null,
    );
    const problems = await validate(trx, definition, user, input, null);
    if (problems.length) return { ok: false, status: 400, errors: problems };
    const { id } = (await trx
      .insertInto(definition.table)
      .values({
        ...columnsOf(definition, input),
        ...(await definition.storedColumns?.(trx, input)),
      })
      .returning("id")
      .executeTakeFirstOrThrow()) as { id: number };
    await writeLinks(trx, definition, id, input);
    await definition.afterWrite?.(trx, id, input);
    const after = (await readRow(trx, definition, id)) as Row;
    await audit(trx, {
      user,
      action: `${definition.entityType}.created`,
      entityType: definition.entityType,
      branchId: branchOf(definition, after),
      entityId: id,
      data: { before: null, after: auditView(after) },
      context: clientAddress ? { clientAddress } : undefined,
    });
    return { ok: true, value: after };
  });
}

/**
 * The record, locked for this transaction (a concurrent save waits here and then sees the new
 * version), if this user may change it.
 */
async function lockForChange(
  trx: Transaction<any>,
  definition: ResourceDefinition,
  user: StaffUser,
  id: number,
): Promise<Outcome<Row>> {
  const locked = await trx
    .selectFrom(definition.table)
    .select("id")
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  if (!locked) return notFound();
  const row = (await readRow(trx, definition, id)) as Row;
  if (!mayUseRow(definition, user, row)) return forbidden();
  return { ok: true, value: row };
}

export async function updateRecord(
  db: Db,
  definition: ResourceDefinition,
  { user, clientAddress, uploads }: WriteContext,
  id: number,
  received: Record<string, unknown>,
  /** The version the editor read; null when the client named none (the API's choice). */
  expectedVersion: string | null,
): Promise<Outcome<Row>> {
  if (!mayUse(definition, user)) return forbidden();
  return inTransaction(db, definition, async (trx) => {
    const found = await lockForChange(trx, definition, user, id);
    if (!found.ok) return found;
    const before = found.value;
    const column = definition.access.branchColumn;
    if (
      column &&
      column !== "id" &&
      !isAdmin(user) &&
      column in received &&
      !canAccessBranch(user, Number(received[column]))
    ) {
      return {
        ok: false,
        status: 403,
        errors: [{ message: de.resources.edit.forbidden, field: column }],
      };
    }
    if (expectedVersion !== null && expectedVersion !== before.version) {
      return { ok: false, status: 409, errors: [{ message: de.resources.edit.stale }] };
    }
    const input = await deriveValues(
      trx,
      definition,
      await insertUploads(trx, received, uploads),
      id,
    );
    const problems = await validate(trx, definition, user, input, id);
    if (problems.length) return { ok: false, status: 400, errors: problems };
    const columns = {
      ...columnsOf(definition, input),
      ...(await definition.storedColumns?.(trx, input)),
    };
    // Even when only links or child rows change, the row itself is written: its version moves.
    await trx
      .updateTable(definition.table)
      .set({
        ...(Object.keys(columns).length ? columns : { id }),
        ...(definition.touchesUpdatedAt ? { updatedAt: sql`now()` } : {}),
      })
      .where("id", "=", id)
      .execute();
    await writeLinks(trx, definition, id, input);
    await definition.afterWrite?.(trx, id, input);
    const after = (await readRow(trx, definition, id)) as Row;
    await audit(trx, {
      user,
      action: `${definition.entityType}.updated`,
      entityType: definition.entityType,
      branchId: branchOf(definition, after),
      entityId: id,
      data: { before: auditView(before), after: auditView(after) },
      context: clientAddress ? { clientAddress } : undefined,
    });
    return { ok: true, value: after };
  });
}

export async function deleteRecord(
  db: Db,
  definition: ResourceDefinition,
  { user, clientAddress }: WriteContext,
  id: number,
): Promise<Outcome<Row>> {
  if (!mayUse(definition, user)) return forbidden();
  if (definition.access.branchColumn === "id" && !isAdmin(user)) return forbidden();
  return inTransaction(db, definition, async (trx) => {
    const found = await lockForChange(trx, definition, user, id);
    if (!found.ok) return found;
    const before = found.value;
    const reason = definition.inUse ? await definition.inUse(trx, id) : null;
    if (reason) {
      return { ok: false, status: 409, errors: [{ message: de.resources.edit.inUse(reason) }] };
    }
    await trx.deleteFrom(definition.table).where("id", "=", id).execute();
    await audit(trx, {
      user,
      action: `${definition.entityType}.deleted`,
      entityType: definition.entityType,
      branchId: branchOf(definition, before),
      entityId: id,
      data: { before: auditView(before), after: null },
      context: clientAddress ? { clientAddress } : undefined,
    });
    return { ok: true, value: before };
  });
}

/** Counts rows pointing at a record, for `inUse`. */
export async function countWhere(db: Db, table: string, column: string, id: number) {
  const { count } = (await any(db)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where(column, "=", id)
    .executeTakeFirstOrThrow()) as { count: string | number };
  return Number(count);
}
