import type { AppLoadContext } from "@remix-run/node";
import type { Db } from "#app/db/schema";
import { parseId } from "#app/domain/values";
import { de } from "#app/i18n/de-backoffice";
import { deTemplates } from "#app/i18n/de-templates";
import { getRecord } from "#app/features/backoffice/resource.server";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { refused, refusedWith, succeeded, type Outcome } from "#app/server/outcome";
import { imageTemplatesResource } from "./image-templates.resource";
import type { Layer } from "./layers.schema";
import { imageReader, renderTemplate, type ProductFields } from "./render.server";

/**
 * What the routes of image templates beside the resource pattern ask of the area (issue 16,
 * decision 041): a template's layers and a template rendered with a product's fields.
 */
const t = deTemplates;

/** A template's layers in order; a refusal carries the section 8 sentence last. */
export async function templateLayers(
  db: Db,
  user: StaffUser,
  rawId: string | undefined,
): Promise<Outcome<unknown>> {
  const id = parseId(rawId);
  if (id === null) {
    return refusedWith(404, [
      { message: de.resources.edit.notFound },
      { message: t.resource.errors.load },
    ]);
  }
  const found = await getRecord(db, imageTemplatesResource, user, id);
  if (!found.ok) {
    return refusedWith(found.status, [...found.errors, { message: t.resource.errors.load }]);
  }
  return succeeded(found.value.layers);
}

async function productFields(
  db: Db,
  text: string | null,
): Promise<ProductFields | null | "unknown"> {
  if (text === null || text === "") return null;
  const id = parseId(text);
  if (id === null) return "unknown";
  const product = await db
    .selectFrom("products")
    .select(["name", "description", "price", "unit"])
    .where("id", "=", id)
    .executeTakeFirst();
  return product ?? "unknown";
}

/**
 * The template rendered as a PNG with the product's fields (none: the placeholders as typed), and
 * the template's version; a refusal has one message.
 */
export async function templateImage(
  context: Pick<AppLoadContext, "db" | "config">,
  user: StaffUser,
  rawId: string | undefined,
  productParam: string | null,
): Promise<Outcome<{ png: Buffer; version: string }>> {
  const id = parseId(rawId);
  if (id === null) return refused(404, de.resources.edit.notFound);
  const found = await getRecord(context.db, imageTemplatesResource, user, id);
  if (!found.ok) return refused(found.status, found.errors[0]?.message ?? t.errors.render);
  const product = await productFields(context.db, productParam);
  if (product === "unknown") return refused(400, t.errors.unknownProduct);
  const row = found.value;
  const png = await renderTemplate(
    {
      width: Number(row.width),
      height: Number(row.height),
      layers: (row.layers ?? []) as Layer[],
    },
    product,
    imageReader(context.db, context.config),
  );
  return succeeded({ png, version: row.version });
}
