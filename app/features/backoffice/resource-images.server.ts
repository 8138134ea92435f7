import { randomBytes } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import type { Kysely, Transaction } from "kysely";
import type { Db } from "#app/db/schema";
import {
  FORM_TEXT_BYTES,
  IMAGE_FORM_BYTES,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_FILES,
  type ImageFacts,
} from "#app/domain/image-files";
import { cleanLine } from "#app/domain/values";
import { de } from "#app/i18n/de-backoffice";
import { deMedia } from "#app/i18n/de-media";
import { normaliseUpload } from "#app/features/media/image-pipeline.server";
import { imageStores } from "#app/features/media/images.server";
import { readSmallForm } from "#app/features/shared/small-request.server";
import { readMultipart } from "#app/server/multipart.server";
import type { Field, ImageField } from "./fields";

/**
 * Image fields of the resource form (decision 035, "Images"): the edit page posts multipart with
 * a file input per field (`<name>__datei`), the ids it shows (`<name>`), a box per image to take
 * it off (`<name>__entfernen`) and an alt text (`<name>__alt`). Files are checked by their bytes and
 * cleaned by the image pipeline (decision 038: decode limits, no metadata), written to the
 * "images" store, and their `images` rows are inserted inside the record's transaction.
 */

const texts = de.fields;
const TEXT_BYTES = FORM_TEXT_BYTES;

export const fileName = (field: string) => `${field}__datei`;
export const removeName = (field: string) => `${field}__entfernen`;
export const altName = (field: string) => `${field}__alt`;

export function imageFields(fields: readonly Field[]): ImageField[] {
  return fields.filter(
    (field): field is ImageField => field.type === "image" || field.type === "images",
  );
}

export interface ResourceForm {
  form: FormData | URLSearchParams;
  /** Image fields one of whose files passed the size limit (its bytes were dropped). */
  oversized: Set<string>;
  /** More files than a form may carry. */
  tooMany: boolean;
}

/** The edit form, urlencoded or multipart; null when it is too big or unreadable. */
export async function readResourceForm(request: Request): Promise<ResourceForm | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    const form = await readSmallForm(request, TEXT_BYTES);
    return form ? { form, oversized: new Set(), tooMany: false } : null;
  }
  try {
    // Files go to disk while they arrive and are read back once the form is complete (decision
    // 051); text over its limit, or the whole body over the form's, is refused.
    const read = await readMultipart(request, {
      totalBytes: IMAGE_FORM_BYTES,
      fieldBytes: TEXT_BYTES,
      textBytes: TEXT_BYTES,
      longField: "refuse",
      fileBytes: IMAGE_MAX_BYTES,
    });
    return {
      form: read.form,
      oversized: new Set(read.oversized.map(({ field }) => field.replace(/__datei$/, ""))),
      tooMany: read.fileCount > IMAGE_MAX_FILES,
    };
  } catch {
    return null;
  }
}

/** The form as the schema reads it: the ids shown, less those ticked for removal. */
export function withoutRemoved(
  fields: readonly Field[],
  posted: FormData | URLSearchParams,
): FormData {
  const form = posted instanceof FormData ? posted : formDataOf(posted);
  for (const field of imageFields(fields)) {
    const removed = new Set(form.getAll(removeName(field.name)).map(String));
    if (removed.size === 0) continue;
    const kept = form.getAll(field.name).filter((id) => !removed.has(String(id)));
    form.delete(field.name);
    for (const id of kept) form.append(field.name, id);
  }
  return form;
}

function formDataOf(params: URLSearchParams): FormData {
  const formData = new FormData();
  for (const [key, value] of params) formData.append(key, value);
  return formData;
}

export interface PendingImage {
  field: string;
  kind: "image" | "images";
  facts: ImageFacts;
  storageKey: string;
  alt: string | null;
}

export type Checked =
  | {
      ok: true;
      files: { field: ImageField; bytes: Uint8Array; facts: ImageFacts; alt: string | null }[];
    }
  | { ok: false; errors: { message: string; field: string }[] };

/** Every uploaded file is a JPEG, PNG or WebP within the limits, or the field says why not. */
export async function checkUploads(fields: readonly Field[], read: ResourceForm): Promise<Checked> {
  const errors: { message: string; field: string }[] = [];
  const files: Extract<Checked, { ok: true }>["files"] = [];
  if (!(read.form instanceof FormData)) return { ok: true, files };
  for (const field of imageFields(fields)) {
    if (read.oversized.has(field.name)) {
      errors.push({ message: texts.imageTooLarge, field: field.name });
      continue;
    }
    const uploads = read.form
      .getAll(fileName(field.name))
      .filter((value): value is File => typeof value !== "string" && value.size > 0);
    if (read.tooMany || (field.type === "image" && uploads.length > 1)) {
      errors.push({ message: texts.imageTooMany, field: field.name });
      continue;
    }
    const alt = cleanLine(String(read.form.get(altName(field.name)) ?? "")).slice(0, 200) || null;
    for (const upload of uploads) {
      const checked = await normaliseUpload(new Uint8Array(await upload.arrayBuffer()));
      if (!checked.ok) {
        const message =
          checked.reason === "notAnImage" ? texts.notAnImage : deMedia.refusals[checked.reason];
        errors.push({ message, field: field.name });
        break;
      }
      files.push({ field, bytes: checked.bytes, facts: checked.facts, alt });
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true, files };
}

/** Writes the checked files under fresh keys; their rows come with the record's transaction. */
export async function storeUploads(
  config: AppLoadContext["config"],
  files: Extract<Checked, { ok: true }>["files"],
): Promise<PendingImage[]> {
  if (files.length === 0) return [];
  const store = imageStores(config).originals;
  const pending: PendingImage[] = [];
  try {
    for (const file of files) {
      const storageKey = randomBytes(20).toString("hex");
      pending.push({
        field: file.field.name,
        kind: file.field.type,
        facts: file.facts,
        storageKey,
        alt: file.alt,
      });
      await store.put(storageKey, file.bytes);
    }
  } catch (error) {
    // A full disk half way: the files written so far go too.
    await discardUploads(config, pending);
    throw error;
  }
  return pending;
}

/** Files whose transaction did not commit are removed at once. */
export async function discardUploads(
  config: AppLoadContext["config"],
  pending: readonly PendingImage[],
) {
  const store = imageStores(config).originals;
  await Promise.all(pending.map((image) => store.remove(image.storageKey).catch(() => undefined)));
}

/** Inserts the pending images' rows and puts their ids into the input: replacing or appending. */
export async function insertUploads(
  trx: Transaction<any>,
  input: Record<string, unknown>,
  pending: readonly PendingImage[] | undefined,
): Promise<Record<string, unknown>> {
  if (!pending?.length) return input;
  const next = { ...input };
  for (const image of pending) {
    const { id } = (await trx
      .insertInto("images")
      .values({
        extension: image.facts.extension,
        mimeType: image.facts.mimeType,
        width: image.facts.width,
        height: image.facts.height,
        alt: image.alt,
        storageKey: image.storageKey,
      })
      .returning("id")
      .executeTakeFirstOrThrow()) as { id: number };
    next[image.field] =
      image.kind === "images" ? [...((next[image.field] as number[] | null) ?? []), id] : id;
  }
  return next;
}

export interface ImagePreview {
  src: string;
  alt: string;
}

/** The stored images a record names, for the form's previews, by id. */
export async function imagePreviews(
  db: Db,
  fields: readonly Field[],
  row: Record<string, unknown> | null,
): Promise<Record<string, ImagePreview>> {
  if (!row) return {};
  const ids = imageFields(fields).flatMap((field) => {
    const value = row[field.name];
    return (Array.isArray(value) ? value : value == null ? [] : [value]) as number[];
  });
  if (ids.length === 0) return {};
  const rows = await (db as unknown as Kysely<any>)
    .selectFrom("images")
    .select(["id", "version", "extension", "alt"])
    .where("id", "in", ids)
    .execute();
  return Object.fromEntries(
    rows.map((image) => [
      String(image.id),
      { src: `/image/${image.id}-${image.version}.${image.extension}`, alt: image.alt ?? "" },
    ]),
  );
}
