import type { AppLoadContext } from "@remix-run/node";
import { parseId } from "../../domain/values";
import { deMedia } from "../../i18n/de-media";
import { requireStaff, type StaffUser } from "../staff/staff-auth.server";
import { apiMethodNotAllowed } from "../../server/api-methods.server";
import { readImageRequest } from "./image-request.server";
import {
  createImage,
  deleteImage,
  findImage,
  imageJson,
  listImages,
  updateImage,
  usageOf,
  type Outcome,
} from "./images.server";

/**
 * `/api/images` (spec section 7, decision 038): `GET` the list (`?search=&page=`), `POST` an
 * upload (multipart: `file`, `alt`, optional `focalX`/`focalY` 0..1); `/api/images/{id}`: `GET`
 * one, `PUT` (multipart with an optional new `file`, or JSON `{ alt, focalPoint: { x, y },
 * version }`), `DELETE`. Administrators only. Answers `{ data }`; refusals `{ errors }` with the
 * section 8 sentence.
 */
const texts = deMedia.images;

type Problem = { message: string; field?: string };

const problems = (status: number, errors: readonly Problem[]) =>
  Response.json({ errors }, { status });

async function guard(request: Request, context: AppLoadContext): Promise<StaffUser> {
  return requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
}

function refusal(outcome: Exclude<Outcome<unknown>, { ok: true }>, headline: string) {
  const errors =
    outcome.status === 400 || outcome.status === 413
      ? [{ message: headline }, ...outcome.errors]
      : [...outcome.errors, { message: headline }];
  return problems(outcome.status, errors);
}

const unreadable = (headline: string) =>
  problems(400, [{ message: headline }, { message: deMedia.refusals.unreadable }]);

export async function imagesLoader(request: Request, context: AppLoadContext) {
  await guard(request, context);
  const url = new URL(request.url);
  const listed = await listImages(context.db, {
    search: url.searchParams.get("search") ?? undefined,
    page: parseId(url.searchParams.get("page")) ?? 1,
  });
  return Response.json({
    data: listed.rows.map((row) => imageJson(row, row.usage)),
    meta: { total: listed.total, page: listed.page, pageCount: listed.pages },
  });
}

export async function imagesAction(request: Request, context: AppLoadContext) {
  const user = await guard(request, context);
  if (request.method !== "POST") return apiMethodNotAllowed("GET, POST");
  const read = await readImageRequest(request);
  if (!read) return unreadable(texts.errors.create);
  const created = await createImage(context, user, {
    ...read.input,
    alt: read.fields.alt,
    focalX: read.fields.focalX,
    focalY: read.fields.focalY,
    focalScale: 1,
  });
  if (!created.ok) return refusal(created, texts.errors.create);
  return Response.json({ data: imageJson(created.value, 0) }, { status: 201 });
}

function imageId(params: { id?: string }): number {
  const id = parseId(params.id);
  if (id === null) throw problems(404, [{ message: deMedia.refusals.notFound }]);
  return id;
}

export async function imageLoader(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  await guard(request, context);
  const id = imageId(params);
  const image = await findImage(context.db, id);
  if (!image) {
    return problems(404, [{ message: deMedia.refusals.notFound }, { message: texts.errors.load }]);
  }
  const usage = (await usageOf(context.db, [id])).get(id)?.total ?? 0;
  return Response.json(
    { data: imageJson(image, usage) },
    { headers: { ETag: `"${image.version}"` } },
  );
}

export async function imageAction(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  const user = await guard(request, context);
  const id = imageId(params);
  if (request.method === "DELETE") {
    const deleted = await deleteImage(context, user, id);
    if (!deleted.ok) return refusal(deleted, texts.errors.delete);
    return Response.json({ data: imageJson(deleted.value) });
  }
  if (request.method !== "PUT") return apiMethodNotAllowed("GET, PUT, DELETE");
  const read = await readImageRequest(request);
  if (!read) return unreadable(texts.errors.update);
  const ifMatch = request.headers.get("If-Match");
  const version =
    ifMatch && ifMatch !== "*"
      ? ifMatch.replace(/^W\//, "").replace(/"/g, "").trim()
      : read.fields.version;
  const updated = await updateImage(context, user, id, {
    ...read.input,
    alt: read.fields.alt,
    focalX: read.fields.focalX,
    focalY: read.fields.focalY,
    focalScale: 1,
    version,
  });
  if (!updated.ok) return refusal(updated, texts.errors.update);
  return Response.json(
    { data: imageJson(updated.value.image) },
    { headers: { ETag: `"${updated.value.image.version}"` } },
  );
}
