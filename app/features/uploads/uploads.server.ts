import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Db, Upload } from "#app/db/schema";
import { checkUpload } from "#app/domain/upload-types";
import { uploadPath, uploadPreviewPath } from "#app/domain/upload-paths";
import { cleanLine } from "#app/domain/values";
import { deUploads } from "#app/i18n/de-uploads";
import { storageFor, type StorageSettings } from "#app/integrations/storage/storage.server";
import { refusedWith, type Outcome, type Problem, type RefusalStatus } from "#app/server/outcome";
import { audit } from "#app/features/staff/staff-auth.server";
import { contentIsSound } from "./file-content.server";
import { forgetPreview } from "./previews.server";

/**
 * The uploads as the back office and `/api/uploads` see them (decision 037): customers' order
 * uploads and staff files in one list. Staff files are checked like a customer's "files" step
 * (extension, signature, a photo that decodes, a PDF without JavaScript); every file of a request
 * passes before the first is stored, and the rows are written in one transaction, so a refused
 * request leaves nothing behind.
 */

export interface UploadRecord {
  id: number;
  version: number;
  extension: string;
  publicHash: string;
  mimeType: string;
  name: string;
  sizeBytes: number;
  isStaffFile: boolean;
  createdAt: string;
  url: string;
  previewUrl: string;
  /** The orders whose items name this file. */
  orderIds: number[];
}

const refuse = (status: RefusalStatus, ...errors: Problem[]) => refusedWith(status, errors);

export interface Actor {
  user: { id: number };
  clientAddress?: string;
}

function recordOf(upload: Upload, orderIds: number[]): UploadRecord {
  return {
    id: upload.id,
    version: upload.version,
    extension: upload.extension,
    publicHash: upload.publicHash,
    mimeType: upload.mimeType,
    name: upload.originalName,
    sizeBytes: upload.sizeBytes,
    isStaffFile: upload.isStaffFile,
    createdAt: new Date(upload.createdAt).toISOString(),
    url: uploadPath(upload),
    previewUrl: uploadPreviewPath(upload),
    orderIds,
  };
}

async function ordersNaming(db: Db, ids: number[]): Promise<Map<number, number[]>> {
  const byUpload = new Map<number, number[]>();
  if (ids.length === 0) return byUpload;
  const rows = await db
    .selectFrom("orderItemUploads")
    .innerJoin("orderItems", "orderItems.id", "orderItemUploads.orderItemId")
    .select(["orderItemUploads.uploadId", "orderItems.orderId"])
    .where("orderItemUploads.uploadId", "in", ids)
    .distinct()
    .orderBy("orderItems.orderId")
    .execute();
  for (const row of rows) {
    byUpload.set(row.uploadId, [...(byUpload.get(row.uploadId) ?? []), row.orderId]);
  }
  return byUpload;
}

export interface UploadList {
  rows: UploadRecord[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

export async function listUploads(
  db: Db,
  options: { page?: number; pageSize?: number; search?: string } = {},
): Promise<UploadList> {
  const pageSize = Math.min(Math.max(options.pageSize ?? 50, 1), 200);
  const search = cleanLine(options.search ?? "").slice(0, 100);
  let query = db.selectFrom("uploads");
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    query = query.where("originalName", "ilike", pattern);
  }
  const { total } = await query
    .select(sql<number>`count(*)::integer`.as("total"))
    .executeTakeFirstOrThrow();
  const pageCount = Math.max(1, Math.ceil(Number(total) / pageSize));
  const page = Math.min(Math.max(options.page ?? 1, 1), pageCount);
  const rows = await query
    .selectAll()
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const orders = await ordersNaming(
    db,
    rows.map((row) => row.id),
  );
  return {
    rows: rows.map((row) => recordOf(row, orders.get(row.id) ?? [])),
    total: Number(total),
    page,
    pageCount,
    pageSize,
  };
}

export async function getUpload(db: Db, id: number): Promise<UploadRecord | null> {
  const row = await db.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const orders = await ordersNaming(db, [id]);
  return recordOf(row, orders.get(id) ?? []);
}

interface CheckedFile {
  name: string;
  bytes: Uint8Array;
  extension: string;
  mimeType: string;
}

async function checkFiles(files: File[], failedNames: string[]): Promise<Outcome<CheckedFile[]>> {
  const errors: Problem[] = failedNames.map((name) => ({
    message: deUploads.failed(cleanLine(name).slice(-200)),
    field: "file",
  }));
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const name = cleanLine(file.name).slice(-200) || "datei";
    const check = checkUpload("files", name, bytes);
    if (!check.ok || !(await contentIsSound(check.extension, bytes))) {
      errors.push({ message: deUploads.failed(name), field: "file" });
      continue;
    }
    checked.push({ name, bytes, extension: check.extension, mimeType: check.mimeType });
  }
  if (errors.length > 0) return refuse(400, ...errors);
  return { ok: true, value: checked };
}

/** Stores staff files: all checked first, then written in one transaction (or none at all). */
export async function createStaffUploads(
  db: Db,
  config: StorageSettings,
  actor: Actor,
  files: File[],
  failedNames: string[] = [],
): Promise<Outcome<UploadRecord[]>> {
  if (files.length === 0 && failedNames.length === 0) {
    return refuse(400, { message: deUploads.noFile, field: "file" });
  }
  const checked = await checkFiles(files, failedNames);
  if (!checked.ok) return checked;
  const storage = storageFor(config, "uploads");
  const stored: string[] = [];
  try {
    const rows = await db.transaction().execute(async (trx) => {
      const created: Upload[] = [];
      for (const file of checked.value) {
        const storageKey = randomBytes(20).toString("hex");
        stored.push(storageKey);
        await storage.put(storageKey, file.bytes);
        const row = await trx
          .insertInto("uploads")
          .values({
            extension: file.extension,
            publicHash: randomBytes(16).toString("hex"),
            mimeType: file.mimeType,
            sizeBytes: file.bytes.byteLength,
            originalName: file.name,
            storageKey,
            cartId: null,
            clientKey: null,
            uploadedByUserId: actor.user.id,
            isStaffFile: true,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, {
          user: actor.user,
          action: "upload.created",
          entityType: "upload",
          entityId: row.id,
          data: { after: { name: row.originalName, mimeType: row.mimeType, size: row.sizeBytes } },
          context: actor,
        });
        created.push(row);
      }
      return created;
    });
    return { ok: true, value: rows.map((row) => recordOf(row, [])) };
  } catch (error) {
    await Promise.all(stored.map((key) => storage.remove(key).catch(() => undefined)));
    throw error;
  }
}

async function lockUpload(trx: Db, id: number) {
  return trx.selectFrom("uploads").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

async function orderRefusal(trx: Db, id: number): Promise<Problem | null> {
  const orders = (await ordersNaming(trx, [id])).get(id) ?? [];
  return orders.length > 0
    ? { message: deUploads.inOrder(orders.map((order) => `#${order}`).join(", ")) }
    : null;
}

/**
 * A new version of a file: new bytes under a new key and the version counted up, so the old
 * address stops answering and caches never mix the two. A file an order names stays as ordered.
 */
export async function replaceUploadFile(
  db: Db,
  config: StorageSettings,
  actor: Actor,
  id: number,
  file: File | undefined,
  expectedVersion?: number,
): Promise<Outcome<UploadRecord>> {
  if (!file) return refuse(400, { message: deUploads.noFile, field: "file" });
  const checked = await checkFiles([file], []);
  if (!checked.ok) return checked;
  const [next] = checked.value;
  if (!next) return refuse(400, { message: deUploads.noFile, field: "file" });
  const storage = storageFor(config, "uploads");
  const storageKey = randomBytes(20).toString("hex");
  let written = false;
  try {
    const outcome = await db.transaction().execute(async (trx) => {
      const current = await lockUpload(trx, id);
      if (!current) return refuse(404, { message: deUploads.notFound });
      if (expectedVersion !== undefined && expectedVersion !== current.version) {
        return refuse(409, {
          message: "Der Eintrag wurde inzwischen geändert. Bitte laden Sie ihn neu.",
        });
      }
      const inOrder = await orderRefusal(trx, id);
      if (inOrder) return refuse(409, inOrder);
      await storage.put(storageKey, next.bytes);
      written = true;
      const row = await trx
        .updateTable("uploads")
        .set({
          version: current.version + 1,
          extension: next.extension,
          mimeType: next.mimeType,
          sizeBytes: next.bytes.byteLength,
          originalName: next.name,
          storageKey,
        })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(trx, {
        user: actor.user,
        action: "upload.updated",
        entityType: "upload",
        entityId: id,
        data: {
          before: { name: current.originalName, version: current.version },
          after: { name: row.originalName, version: row.version },
        },
        context: actor,
      });
      return { ok: true as const, value: { row, oldKey: current.storageKey } };
    });
    if (!outcome.ok) {
      if (written) await storage.remove(storageKey).catch(() => undefined);
      return outcome;
    }
    await removeFiles(config, outcome.value.oldKey);
    return { ok: true, value: recordOf(outcome.value.row, []) };
  } catch (error) {
    if (written) await storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

/** Deletes a file and its preview; refused while an order names it. */
export async function deleteUpload(
  db: Db,
  config: StorageSettings,
  actor: Actor,
  id: number,
): Promise<Outcome<null>> {
  const outcome = await db.transaction().execute(async (trx) => {
    const current = await lockUpload(trx, id);
    if (!current) return refuse(404, { message: deUploads.notFound });
    const inOrder = await orderRefusal(trx, id);
    if (inOrder) return refuse(409, inOrder);
    await trx.deleteFrom("uploads").where("id", "=", id).execute();
    await audit(trx, {
      user: actor.user,
      action: "upload.deleted",
      entityType: "upload",
      entityId: id,
      data: { before: { name: current.originalName, mimeType: current.mimeType } },
      context: actor,
    });
    return { ok: true as const, value: current.storageKey };
  });
  if (!outcome.ok) return outcome;
  // After the commit: a file that cannot be removed now is an orphan in the store, never a row
  // without its file.
  await removeFiles(config, outcome.value).catch(() => undefined);
  return { ok: true, value: null };
}

async function removeFiles(config: StorageSettings, storageKey: string): Promise<void> {
  await storageFor(config, "uploads").remove(storageKey);
  await forgetPreview(config, storageKey);
}
