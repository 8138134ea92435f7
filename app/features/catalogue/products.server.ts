import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import type { Db } from "#app/db/schema";
import { parseId } from "#app/domain/values";
import { de } from "#app/i18n/de-backoffice";
import { deCatalogue } from "#app/i18n/de-catalogue";
import {
  guard,
  problems,
  recordResponse,
  zodErrors,
} from "#app/features/backoffice/resource-api.server";
import {
  createRecord,
  getRecord,
  mayCreate,
  schemaFor,
  type Outcome,
  type Row,
} from "#app/features/backoffice/resource.server";
import { forbidden, requireStaff, type StaffUser } from "#app/features/staff/staff-auth.server";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { productsResource } from "./products.resource";
import type { PartValue } from "./products.schema";

/**
 * A product copied (issue 15): the same fields, units, parts with their options, bundle items,
 * images and tags under the name '<name> (Kopie)', without the identifier (it is unique) and with
 * a new uid. It is created through the resource service, so it is checked, written in one
 * transaction and audited (`product.created`, its `after` naming what was copied) like any new
 * product.
 */
const t = deCatalogue.products;
const NAME_MAX = 120;

export function copyName(name: string): string {
  return `${name.slice(0, NAME_MAX - t.copy.suffix.length)}${t.copy.suffix}`;
}

export async function copyProduct(
  db: Db,
  writer: { user: StaffUser; clientAddress?: string },
  id: number,
): Promise<Outcome<Row>> {
  const source = await getRecord(db, productsResource, writer.user, id);
  if (!source.ok) return source;
  const row = source.value;
  const names = [
    ...productsResource.fields.map((field) => field.name),
    ...Object.keys(productsResource.extraSchema ?? {}),
  ];
  const input: Record<string, unknown> = Object.fromEntries(names.map((name) => [name, row[name]]));
  input.name = copyName(String(row.name));
  input.identifier = null;
  // New parts and options: the copy's rows are its own, not the original's.
  input.parts = ((row.parts ?? []) as PartValue[]).map(({ id: _id, options, ...part }) => ({
    ...part,
    options: options.map(({ id: _option, ...option }) => option),
  }));
  const parsed = schemaFor(productsResource).safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, errors: zodErrors(parsed.error) };
  return createRecord(db, productsResource, writer, parsed.data);
}

function productId(params: { id?: string }): number {
  const id = parseId(params.id);
  if (id === null) throw new Response(null, { status: 404, statusText: "Not Found" });
  return id;
}

/** `POST /backend/products/{id}/copy`: the copy's edit page with a notice. */
export async function copyPageAction(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  const user = await requireStaff(request, context);
  if (!mayCreate(productsResource, user)) throw forbidden("page");
  const id = productId(params);
  const copied = await copyProduct(context.db, { user, clientAddress: context.clientAddress }, id);
  if (copied.ok) return redirect(`/backend/products/${copied.value.id}?hinweis=kopiert`);
  if (copied.status === 404) throw new Response(null, { status: 404, statusText: "Not Found" });
  if (copied.status === 403) throw forbidden("page");
  throw new Response(`${t.copy.failed} ${copied.errors[0]?.message ?? ""}`.trim(), {
    status: copied.status,
  });
}

/** A GET of the copy address (a bookmark, a reload): the product's own page. */
export async function copyPageLoader(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  const user = await requireStaff(request, context);
  if (!mayCreate(productsResource, user)) throw forbidden("page");
  return redirect(`/backend/products/${productId(params)}`);
}

/** `POST /api/products/{id}/copy`: 201 with the copy. */
export async function copyApiAction(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  const user = await guard(request, context, productsResource);
  if (request.method !== "POST") return apiMethodNotAllowed("POST");
  const id = parseId(params.id);
  if (id === null) return problems(404, [{ message: de.resources.edit.notFound }]);
  const copied = await copyProduct(context.db, { user, clientAddress: context.clientAddress }, id);
  if (!copied.ok) return problems(copied.status, [{ message: t.copy.failed }, ...copied.errors]);
  return recordResponse(copied.value, 201);
}

export async function copyApiLoader(request: Request, context: AppLoadContext) {
  await guard(request, context, productsResource);
  return apiMethodNotAllowed("POST");
}
