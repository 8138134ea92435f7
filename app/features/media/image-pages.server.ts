import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { IMAGE_SIZE_NAMES, sizedDimensions } from "../../domain/image-sizes";
import { parseId } from "../../domain/values";
import { deMedia } from "../../i18n/de-media";
import { requireStaff, type StaffUser } from "../staff/staff-auth.server";
import { readImageRequest } from "./image-request.server";
import {
  createImage,
  deleteImage,
  findImage,
  imageJson,
  listImages,
  updateImage,
  usageOf,
  type ImageRecord,
  type Problem,
} from "./images.server";

/**
 * The back office's image pages (decision 038): `/backend/images` (a grid with search and
 * paging), `/backend/images/new` (the upload form) and `/backend/images/{id}` (alt text, focal
 * point, replace, delete). Plain multipart forms, so everything works without JavaScript; with it
 * a file can be dropped on the form and the focal point set by a click on the picture.
 */
const texts = deMedia.images;
const NOTICES: Record<string, string> = {
  hochgeladen: texts.created,
  gespeichert: texts.updated,
  ersetzt: texts.replaced,
  geloescht: texts.deleted,
};

async function guard(request: Request, context: AppLoadContext): Promise<StaffUser> {
  return requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
}

function noticeOf(request: Request): string | null {
  const word = new URL(request.url).searchParams.get("hinweis") ?? "";
  return Object.hasOwn(NOTICES, word) ? (NOTICES[word] ?? null) : null;
}

/** What a card or the edit page shows of an image. */
function view(image: ImageRecord) {
  const json = imageJson(image);
  return {
    id: image.id,
    version: image.version,
    alt: image.alt ?? "",
    width: image.width,
    height: image.height,
    focalX: Math.round(image.focalX * 100),
    focalY: Math.round(image.focalY * 100),
    url: json.url,
    thumbnail: json.sizes.small.url,
    thumbnailSize: sizedDimensions("small", image.width, image.height),
    placeholder: json.sizes.tiny.url,
    sizes: IMAGE_SIZE_NAMES.map((size) => ({
      name: size,
      label: texts.sizeNames[size] ?? size,
      ...json.sizes[size],
    })),
  };
}

export async function imageListLoader(request: Request, context: AppLoadContext) {
  await guard(request, context);
  const url = new URL(request.url);
  const search = (url.searchParams.get("suche") ?? "").slice(0, 100);
  const listed = await listImages(context.db, {
    search,
    page: parseId(url.searchParams.get("seite")) ?? 1,
  });
  return {
    notice: noticeOf(request),
    search,
    images: listed.rows.map((row) => ({ ...view(row), usage: row.usage })),
    total: listed.total,
    page: listed.page,
    pageCount: listed.pages,
  };
}

export async function imageNewLoader(request: Request, context: AppLoadContext) {
  await guard(request, context);
  return { ok: true };
}

interface FormReply {
  errors: Record<string, string>;
  message: string;
  values: { alt: string; focalX: string; focalY: string };
}

function reply(
  errors: readonly Problem[],
  headline: string,
  fields: Record<string, string>,
  status: number,
) {
  const byField: Record<string, string> = {};
  for (const error of errors) {
    const field = error.field ?? "form";
    byField[field] ??= error.message;
  }
  const message = errors.find((error) => !error.field)?.message ?? headline;
  return data<FormReply>(
    {
      errors: byField,
      message,
      values: { alt: fields.alt ?? "", focalX: fields.focalX ?? "", focalY: fields.focalY ?? "" },
    },
    { status },
  );
}

export async function imageNewAction(request: Request, context: AppLoadContext) {
  const user = await guard(request, context);
  const read = await readImageRequest(request);
  if (!read) return reply([{ message: deMedia.refusals.unreadable }], texts.errors.create, {}, 400);
  const created = await createImage(context, user, {
    ...read.input,
    alt: read.fields.alt ?? "",
    focalX: read.fields.focalX,
    focalY: read.fields.focalY,
    focalScale: 100,
  });
  if (!created.ok) return reply(created.errors, texts.errors.create, read.fields, created.status);
  return redirect(`/backend/images/${created.value.id}?hinweis=hochgeladen`);
}

function imageIdOf(params: { id?: string }): number {
  const id = parseId(params.id);
  if (id === null) throw new Response(deMedia.refusals.notFound, { status: 404 });
  return id;
}

export async function imageEditLoader(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  await guard(request, context);
  const id = imageIdOf(params);
  const image = await findImage(context.db, id);
  if (!image) throw new Response(deMedia.refusals.notFound, { status: 404 });
  const usage = (await usageOf(context.db, [id])).get(id);
  return {
    notice: noticeOf(request),
    image: view(image),
    usage: usage
      ? [...usage.places].map(([table, count]) =>
          deMedia.refusals.usagePlace(deMedia.tables[table] ?? table, count),
        )
      : [],
  };
}

export async function imageEditAction(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  const user = await guard(request, context);
  const id = imageIdOf(params);
  const read = await readImageRequest(request);
  if (!read) return reply([{ message: deMedia.refusals.unreadable }], texts.errors.update, {}, 400);
  if (read.fields.intent === "delete") {
    const deleted = await deleteImage(context, user, id);
    if (!deleted.ok) return reply(deleted.errors, texts.errors.delete, {}, deleted.status);
    return redirect("/backend/images?hinweis=geloescht");
  }
  const updated = await updateImage(context, user, id, {
    ...read.input,
    alt: read.fields.alt ?? "",
    focalX: read.fields.focalX,
    focalY: read.fields.focalY,
    focalScale: 100,
    version: read.fields.version,
  });
  if (!updated.ok) return reply(updated.errors, texts.errors.update, read.fields, updated.status);
  const word = updated.value.replaced ? "ersetzt" : "gespeichert";
  return redirect(`/backend/images/${id}?hinweis=${word}`);
}
