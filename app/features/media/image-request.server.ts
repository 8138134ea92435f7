import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { FORM_TEXT_BYTES, IMAGE_MAX_BYTES } from "../../domain/image-files";
import { readSmallForm, readSmallJson } from "../shared/small-request.server";
import { UploadSpool } from "../../server/upload-spool.server";
import type { ImageInput } from "./images.server";

/**
 * The body of an image upload or change, from the back-office form (multipart without
 * JavaScript too, or urlencoded without a file), or from the API (multipart or JSON). One file
 * per request: more are counted and refused without being kept; a file over 10 MB is read to its
 * end (so the client hears the answer) but not kept.
 */

/** One image and its text fields: what the Express body guard admits for these addresses. */
export const IMAGE_REQUEST_BYTES = IMAGE_MAX_BYTES + FORM_TEXT_BYTES;

export interface ImageRequest {
  fields: Record<string, string>;
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
    return { fields: jsonFields(inner), input: { file: null } };
  }
  if (!type.startsWith("multipart/form-data")) {
    const form = await readSmallForm(request, FORM_TEXT_BYTES);
    if (!form) return null;
    return { fields: formFields(form), input: { file: null } };
  }
  if (Number(request.headers.get("Content-Length") ?? 0) > IMAGE_REQUEST_BYTES) return null;
  let file: Uint8Array | null = null;
  let files = 0;
  let tooBig = false;
  let text = 0;
  // The file goes to disk while it arrives and is read back once the form is complete (decision 051).
  const spool = new UploadSpool();
  let spooled: string | null = null;
  const handler: UploadHandler = async ({ filename, data }) => {
    if (filename === undefined) {
      const chunks: Uint8Array[] = [];
      for await (const chunk of data) {
        text += chunk.byteLength;
        if (text > FORM_TEXT_BYTES) throw new Unreadable();
        chunks.push(chunk);
      }
      return new TextDecoder().decode(Buffer.concat(chunks));
    }
    // Only the first file is kept; later ones are drained and counted.
    const part = await spool.write(data, files === 0 ? IMAGE_MAX_BYTES : -1);
    // A browser sends an empty part for a file input left empty.
    if (part.size === 0) return undefined;
    files += 1;
    if (files > 1) return undefined;
    if (!part.file) {
      tooBig = true;
      return undefined;
    }
    spooled = part.file;
    return undefined;
  };
  try {
    const form = await unstable_parseMultipartFormData(request, handler);
    if (spooled) file = await spool.read(spooled);
    return { fields: formFields(form), input: { file, tooBig, tooMany: files > 1 } };
  } catch {
    return null;
  } finally {
    await spool.discard();
  }
}

class Unreadable extends Error {}

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
