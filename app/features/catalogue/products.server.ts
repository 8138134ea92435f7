import type { Db } from "#app/db/schema";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { zodErrors } from "#app/features/backoffice/resource-api.server";
import {
  createRecord,
  getRecord,
  schemaFor,
  type Outcome,
  type Row,
} from "#app/features/backoffice/resource.server";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
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
