import { randomBytes } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import type { Db } from "#app/db/schema";
import { uploadPreviewPath } from "#app/domain/upload-paths";
import { cleanLine } from "#app/domain/values";
import { deMedia } from "#app/i18n/de-media";
import { deStagedImages } from "#app/i18n/de-staged-images";
import { storageFor } from "#app/integrations/storage/storage.server";
import { normaliseUpload } from "#app/features/media/image-pipeline.server";
import type { ImageField } from "./fields";
import {
  altName,
  checkUploads,
  discardUploads,
  fileName,
  imageFields,
  storeUploads,
  type Checked,
  type PendingImage,
  type ResourceForm,
} from "./resource-images.server";
import type { Field } from "./fields";

/**
 * Pictures chosen in a back-office form that the page shows again before saving (issue 36, item
 * 8, decision 080): a row added or removed without JavaScript, a refused save. The browser cannot
 * keep a chosen file across a page load, so the server keeps it, as the storefront's cart keeps a
 * customer's photo (decision 044): an `uploads` row without a cart and not a staff file, named by
 * the staff member who chose it. The form carries its id in `<field>__vorgemerkt`; saving turns it
 * into an image like a fresh upload and removes the staged file. A form left unsaved leaves the
 * row to the clean-up of orphaned uploads (`removeOrphanedUploads`), as an abandoned cart does.
 */

export const stagedName = (field: string) => `${field}__vorgemerkt`;
/** A box per staged picture to leave it out. */
export const dropStagedName = (field: string) => `${field}__verwerfen`;

/** At most this many staged pictures per form are read back (the form's file limit is 10). */
const MAX_STAGED = 20;

export interface StagedImage {
  id: number;
  name: string;
  preview: string;
}

/** Per image field of a page shown again: the staged pictures and the alt text typed so far. */
export type StagedFields = Record<string, { images: StagedImage[]; alt: string }>;

interface StagedRow {
  field: ImageField;
  id: number;
  name: string;
  storageKey: string;
  publicHash: string;
  version: number;
  extension: string;
}

export type CheckedFile = Extract<Checked, { ok: true }>["files"][number] & {
  /** The chosen file's name, shown while it is staged. */
  name: string;
};
export type NamedChecked = { ok: true; files: CheckedFile[] } | Extract<Checked, { ok: false }>;

/** `checkUploads`, each file with the name it was chosen under (in the order it checks them). */
export async function checkNamedUploads(
  fields: readonly Field[],
  read: ResourceForm,
): Promise<NamedChecked> {
  const checked = await checkUploads(fields, read);
  if (!checked.ok) return checked;
  const names = new Map<string, string[]>();
  if (read.form instanceof FormData) {
    for (const field of imageFields(fields)) {
      names.set(
        field.name,
        read.form
          .getAll(fileName(field.name))
          .filter((value): value is File => typeof value !== "string" && value.size > 0)
          .map((file) => cleanLine(file.name).slice(-200)),
      );
    }
  }
  const taken = new Map<string, number>();
  return {
    ok: true,
    files: checked.files.map((file) => {
      const index = taken.get(file.field.name) ?? 0;
      taken.set(file.field.name, index + 1);
      return { ...file, name: names.get(file.field.name)?.[index] || file.field.label };
    }),
  };
}

const uploadsOf = (context: AppLoadContext) => storageFor(context.config, "uploads");

/** The staged pictures the form names, this staff member's own and still staged, per field. */
export async function readStaged(
  db: Db,
  fields: readonly Field[],
  userId: number,
  form: FormData,
): Promise<StagedRow[]> {
  const wanted = new Map<number, ImageField>();
  for (const field of imageFields(fields)) {
    const dropped = new Set(form.getAll(dropStagedName(field.name)).map(String));
    for (const value of form.getAll(stagedName(field.name))) {
      if (dropped.has(String(value))) continue;
      const id = Number(value);
      if (Number.isSafeInteger(id) && id > 0 && wanted.size < MAX_STAGED) wanted.set(id, field);
    }
  }
  if (wanted.size === 0) return [];
  const rows = await db
    .selectFrom("uploads")
    .select(["id", "originalName", "storageKey", "publicHash", "version", "extension"])
    .where("id", "in", [...wanted.keys()])
    .where("uploadedByUserId", "=", userId)
    .where("cartId", "is", null)
    .where("isStaffFile", "=", false)
    .orderBy("id")
    .execute();
  const staged = rows.map((row) => ({
    field: wanted.get(row.id)!,
    id: row.id,
    name: row.originalName,
    storageKey: row.storageKey,
    publicHash: row.publicHash,
    version: row.version,
    extension: row.extension,
  }));
  // A one-picture field keeps only the last one chosen.
  return staged.filter(
    (row) =>
      row.field.type === "images" ||
      row.id === Math.max(...staged.filter((other) => other.field === row.field).map((o) => o.id)),
  );
}

/**
 * Stages checked files that the page will show again: each becomes an upload row with its file.
 * A one-picture field's new file replaces the one staged before.
 */
export async function stageFiles(
  db: Db,
  context: AppLoadContext,
  userId: number,
  files: readonly CheckedFile[],
  earlier: readonly StagedRow[],
): Promise<StagedRow[]> {
  if (files.length === 0) return [...earlier];
  const storage = uploadsOf(context);
  const added: StagedRow[] = [];
  for (const file of files) {
    const storageKey = randomBytes(20).toString("hex");
    await storage.put(storageKey, file.bytes);
    const row = await db
      .insertInto("uploads")
      .values({
        extension: file.facts.extension,
        publicHash: randomBytes(16).toString("hex"),
        mimeType: file.facts.mimeType,
        sizeBytes: file.bytes.byteLength,
        originalName: file.name,
        storageKey,
        cartId: null,
        clientKey: null,
        uploadedByUserId: userId,
        isStaffFile: false,
      })
      .returning(["id", "publicHash", "version", "extension"])
      .executeTakeFirstOrThrow();
    added.push({ field: file.field, name: file.name, storageKey, ...row });
  }
  const replaced = new Set(
    added.filter((row) => row.field.type === "image").map((row) => row.field.name),
  );
  const kept = earlier.filter((row) => !replaced.has(row.field.name));
  return [
    ...kept,
    ...added.filter(
      (row) =>
        row.field.type === "images" ||
        row === added.filter((other) => other.field.name === row.field.name).at(-1),
    ),
  ];
}

/** What the page shows of the staged pictures, with the alt texts typed. */
export function stagedFields(
  fields: readonly Field[],
  staged: readonly StagedRow[],
  form: FormData | URLSearchParams,
): StagedFields {
  return Object.fromEntries(
    imageFields(fields).map((field) => [
      field.name,
      {
        images: staged
          .filter((row) => row.field.name === field.name)
          .map((row) => ({
            id: row.id,
            name: row.name,
            preview: uploadPreviewPath(row),
          })),
        alt: cleanLine(String(form.get(altName(field.name)) ?? "")).slice(0, 200),
      },
    ]),
  );
}

/**
 * The staged pictures as files to save, beside the fresh ones: a fresh file in a one-picture
 * field wins. Each is checked again (the pipeline's bytes pass it unchanged).
 */
export async function withStagedFiles(
  context: AppLoadContext,
  staged: readonly StagedRow[],
  fresh: readonly CheckedFile[],
  form: FormData | URLSearchParams,
): Promise<{ ok: true; files: CheckedFile[] } | { ok: false; field: string; message: string }> {
  const storage = uploadsOf(context);
  const taken = new Set(
    fresh.filter((file) => file.field.type === "image").map((file) => file.field.name),
  );
  const files: CheckedFile[] = [];
  for (const row of staged) {
    if (taken.has(row.field.name)) continue;
    const bytes = await storage.get(row.storageKey);
    const checked = bytes ? await normaliseUpload(bytes) : null;
    if (!checked?.ok) {
      const message =
        !checked || checked.reason === "notAnImage"
          ? deStagedImages.gone
          : deMedia.refusals[checked.reason];
      return { ok: false, field: row.field.name, message };
    }
    const alt = cleanLine(String(form.get(altName(row.field.name)) ?? "")).slice(0, 200) || null;
    files.push({
      field: row.field,
      bytes: checked.bytes,
      facts: checked.facts,
      alt,
      name: row.name,
    });
  }
  return { ok: true, files: [...files, ...fresh] };
}

/**
 * A record's write with its pictures: the files go to disk first, their rows join the write's
 * transaction; files whose transaction did not commit (it threw or refused) are removed at once,
 * and after a success the staged rows and files it took are dropped.
 */
export async function writeWithFiles<T extends { ok: boolean }>(
  context: AppLoadContext,
  files: readonly CheckedFile[],
  staged: readonly StagedRow[],
  write: (uploads: PendingImage[]) => Promise<T>,
): Promise<T> {
  const uploads = await storeUploads(context.config, [...files]);
  let outcome: T;
  try {
    outcome = await write(uploads);
  } catch (error) {
    await discardUploads(context.config, uploads);
    throw error;
  }
  if (outcome.ok) await dropStaged(context.db, context, staged);
  else await discardUploads(context.config, uploads);
  return outcome;
}

/** After the record was saved: the staged rows and files it took are no longer needed. */
export async function dropStaged(
  db: Db,
  context: AppLoadContext,
  staged: readonly StagedRow[],
): Promise<void> {
  if (staged.length === 0) return;
  const storage = uploadsOf(context);
  try {
    await db
      .deleteFrom("uploads")
      .where(
        "id",
        "in",
        staged.map((row) => row.id),
      )
      .where("cartId", "is", null)
      .where("isStaffFile", "=", false)
      .execute();
    await Promise.all(staged.map((row) => storage.remove(row.storageKey).catch(() => undefined)));
  } catch {
    // Left to the clean-up of orphaned uploads.
  }
}

/**
 * A page shown again: the files chosen this time are staged beside those staged before, and what
 * the page shows of them comes back, with the refusals of files that are no usable picture.
 */
export async function keepChosen(
  db: Db,
  context: AppLoadContext,
  userId: number,
  fields: readonly Field[],
  read: ResourceForm,
  staged: readonly StagedRow[],
  form: FormData | URLSearchParams,
): Promise<{ staged: StagedFields; errors: { message: string; field: string }[] }> {
  const fresh = await checkNamedUploads(fields, read);
  const kept = fresh.ok ? await stageFiles(db, context, userId, fresh.files, staged) : staged;
  return { staged: stagedFields(fields, kept, form), errors: fresh.ok ? [] : fresh.errors };
}
