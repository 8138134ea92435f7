import type { AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
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

/**
 * The JSON side of every back-office resource (spec section 7): `GET /api/<name>` (with
 * `?search=&sort=&dir=&page=&pageSize=&branchId=`), `POST /api/<name>`, `GET|PUT|DELETE
 * /api/<name>/{id}`. Answers `{ data }`; failures `{ errors: [{ message, field? }] }` with the
 * spec's section 8 message first. A PUT may name the version it read (`version` in the body or an
 * `If-Match` header, as `GET` sends it in `ETag`); a stale one gets 409.
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
function refusal(outcome: Exclude<Outcome<unknown>, { ok: true }>, headline: string): Response {
  const errors =
    outcome.status === 400
      ? [{ message: headline }, ...outcome.errors]
      : [...outcome.errors, { message: headline }];
  return problems(outcome.status, errors);
}

export function zodErrors(error: z.ZodError): Problem[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join(".");
    return field ? { message: issue.message, field } : { message: issue.message };
  });
}

export async function guard(
  request: Request,
  context: AppLoadContext,
  definition: ResourceDefinition,
) {
  const user = await requireStaff(request, context);
  if (!mayUse(definition, user)) {
    throw problems(403, [{ message: de.resources.edit.forbidden }]);
  }
  return user;
}

/** A record as the API shows it; its version also travels as `ETag`. */
export function recordResponse(row: Row, status = 200): Response {
  return Response.json({ data: row }, { status, headers: { ETag: `"${row.version}"` } });
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
  const url = new URL(request.url);
  const listed = await listRecords(context.db, definition, user, {
    search: url.searchParams.get("search") ?? undefined,
    sort: url.searchParams.get("sort") ?? undefined,
    direction: url.searchParams.get("dir") === "desc" ? "desc" : "asc",
    page: pageNumber(url.searchParams.get("page"), 1),
    pageSize: pageNumber(url.searchParams.get("pageSize"), 100),
    branchId: parseId(url.searchParams.get("branchId")) ?? undefined,
    filters: Object.fromEntries(
      Object.keys(definition.filterColumns ?? {}).map((name) => [
        name,
        url.searchParams.get(name) ?? "",
      ]),
    ),
  });
  if (!listed.ok) return refusal(listed, definition.texts.errors.list);
  const { rows, total, page, pageCount, pageSize } = listed.value;
  return Response.json({ data: rows, meta: { total, page, pageCount, pageSize } });
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
  const parsed = schemaFor(definition).safeParse(body);
  if (!parsed.success) return problems(400, [{ message: headline }, ...zodErrors(parsed.error)]);
  const created = await createRecord(
    context.db,
    definition,
    { user, clientAddress: context.clientAddress },
    parsed.data,
  );
  if (!created.ok) return refusal(created, headline);
  return recordResponse(created.value, 201);
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
  if (!loaded.ok) return refusal(loaded, definition.texts.errors.load);
  return recordResponse(loaded.value);
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
    if (!deleted.ok) return refusal(deleted, definition.texts.errors.delete);
    return Response.json({ data: deleted.value });
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
  if (!current.ok) return refusal(current, headline);
  const names = [
    ...definition.fields.map((field) => field.name),
    ...Object.keys(definition.extraSchema ?? {}),
  ];
  const merged = Object.fromEntries(
    names.map((name) => [name, name in body ? body[name] : current.value[name]]),
  );
  const parsed = schemaFor(definition).safeParse(merged);
  if (!parsed.success) return problems(400, [{ message: headline }, ...zodErrors(parsed.error)]);
  const updated = await updateRecord(
    context.db,
    definition,
    { user, clientAddress: context.clientAddress },
    id,
    parsed.data,
    expectedVersion(request, body),
  );
  if (!updated.ok) return refusal(updated, headline);
  return recordResponse(updated.value);
}
