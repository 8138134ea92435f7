import type { AppLoadContext } from "@remix-run/node";
import { sql } from "kysely";
import type { z } from "zod";
import type { Db } from "#app/db/schema";
import { parseId } from "#app/domain/values";
import { de } from "#app/i18n/de-backoffice";
import { readSmallJson } from "#app/features/shared/small-request.server";
import { requireStaff, type StaffUser } from "#app/features/staff/staff-auth.server";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import {
  createRecord,
  deleteRecord,
  getRecord,
  listRecords,
  mayUse,
  schemaFor,
  updateRecord,
  type Outcome,
  type ResourceDefinition,
  type Row,
} from "./resource.server";
import { unknownKeysIn, type BodyKeys } from "#app/server/unknown-keys";
import {
  apiField,
  apiProblems,
  fromApiBody,
  projectName,
  toApiName,
  toApiRecord,
  unknownKey,
  type ApiBody,
} from "./api-names";
import { rowKeysOf, withAnswered } from "./row-keys";

/**
 * The JSON side of every back-office resource (spec section 7): `GET /api/<name>` (with
 * `?search=&sort=&dir=&page=&pageSize=&branchId=`), `POST /api/<name>`, `GET|PUT|DELETE
 * /api/<name>/{id}`. Answers `{ data }`; failures `{ errors: [{ message, field? }] }` with the
 * spec's section 8 message first. A PUT may name the version it read (`version` in the body or an
 * `If-Match` header, as `GET` sends it in `ETag`); a stale one gets 409. Records travel under the
 * spec's names (decision 097, `api-names.ts`); a key the resource does not know is refused.
 */

/** Room for a legal text or a long description; a name's limit is the field's own. */
export const RESOURCE_BODY_BYTES = 512 * 1024;

type Problem = { message: string; field?: string };

export function problems(status: number, errors: Problem[]): Response {
  return Response.json({ errors }, { status });
}

/**
 * A refusal's messages and the resource's section 8 sentence for what was tried. The first entry
 * always reads on its own (clients show `errors[0]`): for bad fields the section 8 sentence, the
 * field messages after it; otherwise the reason (a newer version, a record still in use) first.
 */
function refusal(
  definition: ResourceDefinition,
  outcome: Exclude<Outcome<unknown>, { ok: true }>,
  headline: string,
  sentAs?: ReadonlyMap<string, string>,
): Response {
  const named = apiProblems(definition, outcome.errors, sentAs);
  const errors =
    outcome.status === 400 ? [{ message: headline }, ...named] : [...named, { message: headline }];
  return problems(outcome.status, errors);
}

/**
 * A schema's issues as problems, each naming its field; a strict object's unknown keys
 * (`z.strictObject`) as one problem each, "Unbekanntes Feld „foo“." with `field: "foo"`.
 */
export function zodErrors(error: z.ZodError): Problem[] {
  return error.issues.flatMap((issue) => {
    const field = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => unknownKey(field ? `${field}.${key}` : key));
    }
    return field ? { message: issue.message, field } : { message: issue.message };
  });
}

/** The answer to a staff member who may not use a resource. */
export const forbiddenAnswer = () => problems(403, [{ message: de.resources.edit.forbidden }]);

export async function guard(
  request: Request,
  context: AppLoadContext,
  definition: ResourceDefinition,
) {
  const user = await requireStaff(request, context);
  if (!mayUse(definition, user)) throw forbiddenAnswer();
  return user;
}

/** A record as the API shows it (the spec's names); its version also travels as `ETag`. */
export function recordResponse(definition: ResourceDefinition, row: Row, status = 200): Response {
  return Response.json(
    { data: toApiRecord(definition, row) },
    { status, headers: { ETag: `"${row.version}"` } },
  );
}

const columnsByTable = new Map<string, ReadonlySet<string>>();

/**
 * Keys the API answers but does not take: the table's columns that are no field (`id`,
 * `createdAt` …) and `version`. A client sending a record back as it read it is not refused.
 */
async function readOnlyKeys(db: Db, definition: ResourceDefinition): Promise<Set<string>> {
  let columns = columnsByTable.get(definition.table);
  if (!columns) {
    const found = await sql<{ columnName: string }>`
      select column_name from information_schema.columns
      where table_name = ${definition.table} and table_schema = current_schema()`.execute(db);
    columns = new Set(
      found.rows.map((row) =>
        row.columnName.replace(/_([a-z0-9])/g, (_all, c: string) => c.toUpperCase()),
      ),
    );
    columnsByTable.set(definition.table, columns);
  }
  return new Set([...columns, "id", "version"]);
}

type RowShape = BodyKeys & { list: boolean };
const rowShapes = new WeakMap<ResourceDefinition, ReadonlyMap<string, RowShape>>();

/** The keys each of the resource's child-row lists takes (`parts`, `openingHours` …). */
function rowShapesOf(definition: ResourceDefinition): ReadonlyMap<string, RowShape> {
  let shapes = rowShapes.get(definition);
  if (!shapes) {
    shapes = new Map(
      Object.entries(definition.extraSchema ?? {}).flatMap(([key, schema]) => {
        const keys = rowKeysOf(schema);
        return keys ? [[key, keys] as const] : [];
      }),
    );
    rowShapes.set(definition, shapes);
  }
  return shapes;
}

/**
 * Unknown keys inside the child rows (decision 115), each named by the path the client sent it
 * under (`config.parts.0.options.1.foo`, `deliveryAreas.0.foo`). What the record being changed
 * holds in its rows (as a GET answers them) may come back unchanged.
 */
function rowProblems(
  definition: ResourceDefinition,
  read: ApiBody,
  current: Row | undefined,
): Problem[] {
  const found: Problem[] = [];
  for (const [key, keys] of rowShapesOf(definition)) {
    if (!(key in read.input)) continue;
    // A list sent as something else (`{ "0": … }`) is the schema's to refuse, as not a list.
    if (keys.list !== Array.isArray(read.input[key])) continue;
    const known = current?.[key] ? withAnswered(keys, current[key]) : keys;
    const problems = unknownKeysIn(
      { [key]: read.input[key] },
      { takes: [], rows: { [key]: known } },
    );
    for (const problem of problems) {
      found.push(unknownKey(apiField(definition, problem.field ?? key, read.sentAs)));
    }
  }
  return found;
}

/**
 * A body under the project's names, or the 400 naming its unknown keys, at the top and in its
 * child rows. `current` is the record a PUT changes: what a GET of it answered may come back.
 */
async function bodyInput(
  db: Db,
  definition: ResourceDefinition,
  body: Record<string, unknown>,
  headline: string,
  current?: Row,
) {
  const readOnly = await readOnlyKeys(db, definition);
  if (current) for (const key of Object.keys(toApiRecord(definition, current))) readOnly.add(key);
  const read = fromApiBody(definition, body, readOnly);
  const unknown = [...read.problems, ...rowProblems(definition, read, current)];
  if (unknown.length) {
    return { refused: problems(400, [{ message: headline }, ...unknown]) } as const;
  }
  return read;
}

async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const body = await readSmallJson(request, RESOURCE_BODY_BYTES);
  if (!body) return null;
  const inner = body.data;
  return typeof inner === "object" && inner !== null && !Array.isArray(inner)
    ? (inner as Record<string, unknown>)
    : body;
}

function pageNumber(value: string | null, fallback: number): number {
  const parsed = parseId(value);
  return parsed ?? fallback;
}

export async function collectionLoader(
  request: Request,
  context: AppLoadContext,
  definition: ResourceDefinition,
) {
  const user = await guard(request, context, definition);
  return listAnswer(context, definition, user, new URL(request.url).searchParams);
}

/**
 * What `GET /api/<name>` answers this staff member for this query, once they may use the
 * resource: the list's one serializer, which `GET /api/init` calls too. A definition that
 * `listsExtra` shows each row as `GET /api/<name>/{id}` does, with what it loads besides the
 * columns and links (a branch's opening and delivery hours and delivery areas; decision 099).
 * Rows answer under the spec's names (decision 097); sort and filters take either name.
 */
export async function listAnswer(
  context: AppLoadContext,
  definition: ResourceDefinition,
  user: StaffUser,
  search: URLSearchParams,
): Promise<Response> {
  const sort = search.get("sort");
  const listed = await listRecords(context.db, definition, user, {
    search: search.get("search") ?? undefined,
    sort: sort ? projectName(definition, sort) : undefined,
    direction: search.get("dir") === "desc" ? "desc" : "asc",
    page: pageNumber(search.get("page"), 1),
    pageSize: pageNumber(search.get("pageSize"), 100),
    branchId: parseId(search.get("branchId")) ?? undefined,
    filters: Object.fromEntries(
      Object.keys(definition.filterColumns ?? {}).map((name) => {
        const apiName = toApiName(definition, name);
        return [name, search.get(apiName) ?? search.get(name) ?? ""];
      }),
    ),
  });
  if (!listed.ok) return refusal(definition, listed, definition.texts.errors.list);
  const { total, page, pageCount, pageSize } = listed.value;
  const rows: Row[] = [];
  for (const row of listed.value.rows) {
    const extra =
      definition.listsExtra && definition.loadExtra
        ? await definition.loadExtra(context.db, row.id)
        : {};
    rows.push({ ...row, ...extra } as Row);
  }
  return Response.json({
    data: rows.map((row) => toApiRecord(definition, row)),
    meta: { total, page, pageCount, pageSize },
  });
}

export async function collectionAction(
  request: Request,
  context: AppLoadContext,
  definition: ResourceDefinition,
) {
  const user = await guard(request, context, definition);
  if (request.method !== "POST") return apiMethodNotAllowed("GET, POST");
  const headline = definition.texts.errors.create;
  const body = await readBody(request);
  if (!body)
    return problems(400, [{ message: headline }, { message: de.resources.edit.badRequest }]);
  const read = await bodyInput(context.db, definition, body, headline);
  if ("refused" in read) return read.refused;
  const parsed = schemaFor(definition).safeParse(read.input);
  if (!parsed.success) {
    const errors = apiProblems(definition, zodErrors(parsed.error), read.sentAs);
    return problems(400, [{ message: headline }, ...errors]);
  }
  const created = await createRecord(
    context.db,
    definition,
    { user, clientAddress: context.clientAddress },
    parsed.data,
  );
  if (!created.ok) return refusal(definition, created, headline, read.sentAs);
  return recordResponse(definition, created.value, 201);
}

function recordId(params: { id?: string }): number {
  const id = parseId(params.id);
  if (id === null) throw problems(404, [{ message: de.resources.edit.notFound }]);
  return id;
}

export async function itemLoader(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
  definition: ResourceDefinition,
) {
  const user = await guard(request, context, definition);
  const loaded = await getRecord(context.db, definition, user, recordId(params));
  if (!loaded.ok) return refusal(definition, loaded, definition.texts.errors.load);
  return recordResponse(definition, loaded.value);
}

/** The version a PUT names: `If-Match: "123"` or `version` in the body. */
function expectedVersion(request: Request, body: Record<string, unknown>): string | null {
  const header = request.headers.get("If-Match");
  if (header && header !== "*") return header.replace(/^W\//, "").replace(/"/g, "").trim();
  return typeof body.version === "string" || typeof body.version === "number"
    ? String(body.version)
    : null;
}

export async function itemAction(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
  definition: ResourceDefinition,
) {
  const user = await guard(request, context, definition);
  const id = recordId(params);
  if (request.method === "PUT") return putRecord(request, context, definition, user, id);
  if (request.method === "DELETE") {
    const deleted = await deleteRecord(
      context.db,
      definition,
      { user, clientAddress: context.clientAddress },
      id,
    );
    if (!deleted.ok) return refusal(definition, deleted, definition.texts.errors.delete);
    return Response.json({ data: toApiRecord(definition, deleted.value) });
  }
  return apiMethodNotAllowed("GET, PUT, DELETE");
}

/** The fields sent replace the record's; the others stay as they are. */
export async function putRecord(
  request: Request,
  context: AppLoadContext,
  definition: ResourceDefinition,
  user: StaffUser,
  id: number,
) {
  const headline = definition.texts.errors.update;
  const body = await readBody(request);
  if (!body)
    return problems(400, [{ message: headline }, { message: de.resources.edit.badRequest }]);
  const current = await getRecord(context.db, definition, user, id);
  if (!current.ok) return refusal(definition, current, headline);
  // What a GET of this record answers may come back as it was read.
  const read = await bodyInput(context.db, definition, body, headline, current.value);
  if ("refused" in read) return read.refused;
  const names = [
    ...definition.fields.map((field) => field.name),
    ...Object.keys(definition.extraSchema ?? {}),
  ];
  const merged = Object.fromEntries(
    names.map((name) => [name, name in read.input ? read.input[name] : current.value[name]]),
  );
  const parsed = schemaFor(definition).safeParse(merged);
  if (!parsed.success) {
    const errors = apiProblems(definition, zodErrors(parsed.error), read.sentAs);
    return problems(400, [{ message: headline }, ...errors]);
  }
  const updated = await updateRecord(
    context.db,
    definition,
    { user, clientAddress: context.clientAddress },
    id,
    parsed.data,
    expectedVersion(request, body),
  );
  if (!updated.ok) return refusal(definition, updated, headline, read.sentAs);
  return recordResponse(definition, updated.value);
}
