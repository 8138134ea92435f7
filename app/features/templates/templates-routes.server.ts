import type { AppLoadContext } from "@remix-run/node";
import { parseId } from "#app/domain/values";
import { de } from "#app/i18n/de-backoffice";
import { deTemplates } from "#app/i18n/de-templates";
import { guard, problems } from "#app/features/backoffice/resource-api.server";
import { getRecord, mayUse } from "#app/features/backoffice/resource.server";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { embedCss, fontList } from "./fonts.server";
import { imageTemplatesResource } from "./image-templates.resource";
import type { Layer } from "./layers.schema";
import { imageReader, renderTemplate, type ProductFields } from "./render.server";

/**
 * The routes of image templates and fonts beside the resource pattern (issue 16, decision 041):
 * `GET /api/image-templates/{id}/layers`, the rendered PNG `/backend/image-templates/{id}/bild.png
 * ?product=`, `GET /api/fonts` and `GET /api/fonts/google/{family}/style-{variant}.embed.css`.
 */
const t = deTemplates;

/** `GET /api/image-templates/{id}/layers` (spec section 7, extra reads): the layers in order. */
export async function layersApi(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  const user = await guard(request, context, imageTemplatesResource);
  const id = parseId(params.id);
  if (id === null) {
    return problems(404, [
      { message: de.resources.edit.notFound },
      { message: t.resource.errors.load },
    ]);
  }
  const found = await getRecord(context.db, imageTemplatesResource, user, id);
  if (!found.ok)
    return problems(found.status, [...found.errors, { message: t.resource.errors.load }]);
  return Response.json(
    { data: found.value.layers },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

async function productFields(
  context: AppLoadContext,
  text: string | null,
): Promise<ProductFields | null | "unknown"> {
  if (text === null || text === "") return null;
  const id = parseId(text);
  if (id === null) return "unknown";
  const product = await context.db
    .selectFrom("products")
    .select(["name", "description", "price", "unit"])
    .where("id", "=", id)
    .executeTakeFirst();
  return product ?? "unknown";
}

const plain = (status: number, message: string) =>
  new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * `/backend/image-templates/{id}/bild.png?product=`: the template rendered with the product's
 * fields (none: the placeholders as typed). Staff only, so the answer is cached privately.
 */
export async function templateImage(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  const user = await requireStaff(request, context);
  if (!mayUse(imageTemplatesResource, user)) throw forbidden("api");
  const id = parseId(params.id);
  if (id === null) return plain(404, de.resources.edit.notFound);
  const found = await getRecord(context.db, imageTemplatesResource, user, id);
  if (!found.ok) return plain(found.status, found.errors[0]?.message ?? t.errors.render);
  const product = await productFields(context, new URL(request.url).searchParams.get("product"));
  if (product === "unknown") return plain(400, t.errors.unknownProduct);
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
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.length),
      "Cache-Control": "private, max-age=60",
      // The template's version: a saved change gives a new image.
      ETag: `"${row.version}-${new URL(request.url).searchParams.get("product") ?? ""}"`,
    },
  });
}

/** `GET /api/fonts`: every family the app carries with its variants (public, decision 041). */
export function fontsApi(request: Request) {
  if (request.method !== "GET" && request.method !== "HEAD") return apiMethodNotAllowed("GET");
  return Response.json(
    { data: fontList() },
    { headers: { "Cache-Control": "public, max-age=3600" } },
  );
}

/** `GET /api/fonts/google/{family}/style-{variant}.embed.css`: @font-face rules, fonts inlined. */
export async function fontEmbedCss(request: Request, params: { family?: string; file?: string }) {
  if (request.method !== "GET" && request.method !== "HEAD") return apiMethodNotAllowed("GET");
  const variant = /^style-([0-9a-z]{1,20})\.embed\.css$/i.exec(params.file ?? "")?.[1];
  const css = variant ? embedCss((params.family ?? "").slice(0, 100), variant) : null;
  if (!css) return problems(404, [{ message: t.fonts.unknown }]);
  const { css: text, etag } = await css;
  const headers = {
    "Content-Type": "text/css; charset=utf-8",
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "Access-Control-Allow-Origin": "*",
  };
  const matches = request.headers
    .get("If-None-Match")
    ?.split(",")
    .some((tag) => tag.trim().replace(/^W\//, "") === etag);
  if (matches) return new Response(null, { status: 304, headers });
  return new Response(text, { headers });
}
