import { FORM_TEXT_BYTES, IMAGE_MAX_BYTES } from "#app/domain/image-files";
import { readSmallForm, readSmallJson } from "#app/features/shared/small-request.server";
import { readMultipart } from "#app/server/multipart.server";
import type { ImageInput } from "./images.server";
import type { Problem } from "#app/server/outcome";
import { unknownKeysIn, type BodyKeys } from "#app/server/unknown-keys";

/** What an image's JSON takes, and what its answer shows besides (passed over). */
const IMAGE_JSON_KEYS: BodyKeys = {
  takes: ["alt", "version"],
  answers: [
    "id",
    "extension",
    "mimeType",
    "width",
    "height",
    "url",
    "sizes",
    "usage",
    "createdAt",
    "updatedAt",
  ],
  rows: { focalPoint: { takes: ["x", "y"] } },
};

/**
 * The body of an image upload or change, from the back-office form (multipart without
 * JavaScript too, or urlencoded without a file), or from the API (multipart or JSON), multipart
 * through the one reader (decision 075). One file per request: more are counted and refused
 * without being kept; a file over 10 MB is read to its end (so the client hears the answer) but
 * not kept.
 */

/** One image and its text fields: what the Express body guard admits for these addresses. */
export const IMAGE_REQUEST_BYTES = IMAGE_MAX_BYTES + FORM_TEXT_BYTES;

export interface ImageRequest {
  fields: Record<string, string>;
  /** A JSON body's keys that an image does not take (decision 104), each named; else empty. */
  unknown?: Problem[];
  input: Omit<ImageInput, "focalScale" | "alt" | "focalX" | "focalY" | "version">;
}

export async function readImageRequest(request: Request): Promise<ImageRequest | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("application/json")) {
    const body = await readSmallJson(request, FORM_TEXT_BYTES);
    if (!body) return null;
    const inner =
      typeof body.data === "object" && body.data !== null && !Array.isArray(body.data)
        ? (body.data as Record<string, unknown>)
        : body;
    return {
      fields: jsonFields(inner),
      unknown: unknownKeysIn(inner, IMAGE_JSON_KEYS),
      input: { file: null },
    };
  }
  if (!type.startsWith("multipart/form-data")) {
    const form = await readSmallForm(request, FORM_TEXT_BYTES);
    if (!form) return null;
    return { fields: formFields(form), input: { file: null } };
  }
  try {
    // The file goes to disk while it arrives and is read back once the form is complete
    // (decision 051); a text field over the text limit, or all of them together, is refused.
    const read = await readMultipart(request, {
      totalBytes: IMAGE_REQUEST_BYTES,
      fieldBytes: FORM_TEXT_BYTES,
      textBytes: FORM_TEXT_BYTES,
      longField: "refuse",
      fileBytes: IMAGE_MAX_BYTES,
      files: 1,
    });
    const first = [...read.form.values()].find((value): value is File => typeof value !== "string");
    const file = first && first.size > 0 ? new Uint8Array(await first.arrayBuffer()) : null;
    return {
      fields: formFields(read.form),
      input: { file, tooBig: read.oversized.length > 0, tooMany: read.fileCount > 1 },
    };
  } catch {
    return null;
  }
}

function formFields(form: FormData | URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && !(name in fields)) fields[name] = value;
  }
  return fields;
}

function jsonFields(body: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  // A wrong type is kept as something the checks refuse: an alt text that is no text is empty.
  if ("alt" in body) fields.alt = typeof body.alt === "string" ? body.alt : "";
  if (typeof body.version === "string" || typeof body.version === "number") {
    fields.version = String(body.version);
  }
  const focal = body.focalPoint;
  if (focal !== undefined && focal !== null) {
    const point = typeof focal === "object" ? (focal as Record<string, unknown>) : {};
    fields.focalX = typeof point.x === "number" ? String(point.x) : "ungültig";
    fields.focalY = typeof point.y === "number" ? String(point.y) : "ungültig";
  }
  return fields;
}
