import type { ImageFormReply } from "#app/components/backend/image-form";
import type { Db } from "#app/db/schema";
import { IMAGE_SIZE_NAMES, sizedDimensions } from "#app/domain/image-sizes";
import { deMedia } from "#app/i18n/de-media";
import { refusedWith, type Problem, type Refusal } from "#app/server/outcome";
import type { ImageRequest } from "./image-request.server";
import { imageJson, usageOf, type ImageInput, type ImageRecord } from "./images.server";

/**
 * What the image routes (decision 038) show and answer beside the image services: the back
 * office's pages (`/backend/images…`, plain multipart forms that work without JavaScript) and
 * the JSON API (`/api/images…`) read the same body and call the same services; they differ in
 * the focal point's scale (per cent in the form, 0..1 in the API) and in how a refusal is shown.
 */
const texts = deMedia.images;

/** Only administrators manage the shop's images. */
export const IMAGE_ROLES = ["ROLE_ADMIN"] as const;

const NOTICES: Record<string, string> = {
  hochgeladen: texts.created,
  gespeichert: texts.updated,
  ersetzt: texts.replaced,
  geloescht: texts.deleted,
};

/** The notice a redirect names in `?hinweis=`. */
export function imageNotice(request: Request): string | null {
  const word = new URL(request.url).searchParams.get("hinweis") ?? "";
  return Object.hasOwn(NOTICES, word) ? (NOTICES[word] ?? null) : null;
}

/** The service's input from the request: the form's focal point in per cent, the API's 0..1. */
export function imageInput(read: ImageRequest, from: "form" | "api"): ImageInput {
  return {
    ...read.input,
    alt: from === "form" ? (read.fields.alt ?? "") : read.fields.alt,
    focalX: read.fields.focalX,
    focalY: read.fields.focalY,
    focalScale: from === "form" ? 100 : 1,
  };
}

/** What a card or the edit page shows of an image. */
export function imageView(image: ImageRecord) {
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

/** Where an image is used, in words ('Produkte: 2'). */
export async function usagePlaces(db: Db, id: number): Promise<string[]> {
  const usage = (await usageOf(db, [id])).get(id);
  return usage
    ? [...usage.places].map(([table, count]) =>
        deMedia.refusals.usagePlace(deMedia.tables[table] ?? table, count),
      )
    : [];
}

/** The form's reply: each message beside its field, the first general one (or the headline) on top. */
export function imageFormReply(
  errors: readonly Problem[],
  headline: string,
  fields: Record<string, string>,
): ImageFormReply {
  const byField: Record<string, string> = {};
  for (const error of errors) {
    const field = error.field ?? "form";
    byField[field] ??= error.message;
  }
  return {
    errors: byField,
    message: errors.find((error) => !error.field)?.message ?? headline,
    values: { alt: fields.alt ?? "", focalX: fields.focalX ?? "", focalY: fields.focalY ?? "" },
  };
}

/** A body that could not be read at all. */
export const unreadableImageRequest = (headline: string): Refusal =>
  refusedWith(400, [{ message: headline }, { message: deMedia.refusals.unreadable }]);
