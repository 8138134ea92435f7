import { sql } from "kysely";
import type { Db, NewUpload, Upload } from "#app/db/schema";

export async function insertUpload(db: Db, upload: NewUpload): Promise<Upload> {
  return db.insertInto("uploads").values(upload).returningAll().executeTakeFirstOrThrow();
}

export async function findUploadsByIds(db: Db, ids: number[]): Promise<Upload[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("uploads").selectAll().where("id", "in", ids).orderBy("id").execute();
}

/** The public address names the hash and the id: guessing ids alone finds nothing. */
export async function findPublicUpload(
  db: Db,
  publicHash: string,
  id: number,
): Promise<Upload | undefined> {
  return db
    .selectFrom("uploads")
    .selectAll()
    .where("publicHash", "=", publicHash)
    .where("id", "=", id)
    .executeTakeFirst();
}

export interface UploadTotals {
  files: number;
  bytes: number;
}

const totals = sql<number>`count(*)::integer`;
const bytes = sql<number>`coalesce(sum(size_bytes), 0)::bigint`;

/** Every file uploaded into a cart, kept or replaced since: what it holds on the disk. */
export async function uploadTotalsForCart(db: Db, cartId: string): Promise<UploadTotals> {
  const row = await db
    .selectFrom("uploads")
    .select([totals.as("files"), bytes.as("bytes")])
    .where("cartId", "=", cartId)
    .executeTakeFirstOrThrow();
  return { files: Number(row.files), bytes: Number(row.bytes) };
}

/** The files one client (by its keyed address) uploaded in the last hour. */
export async function uploadTotalsForClientLastHour(
  db: Db,
  clientKey: string,
): Promise<UploadTotals> {
  const row = await db
    .selectFrom("uploads")
    .select([totals.as("files"), bytes.as("bytes")])
    .where("clientKey", "=", clientKey)
    .where("createdAt", ">", sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  return { files: Number(row.files), bytes: Number(row.bytes) };
}

/**
 * Holds one client's uploads in line until the transaction ends: two parallel requests from one
 * address cannot both count the same remaining quota.
 */
export async function lockClientUploads(db: Db, clientKey: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`backstube:uploads:${clientKey}`}))`.execute(
    db,
  );
}

/** The files among `ids` that were uploaded into this cart (a dialog's kept files, decision 044). */
export async function findCartUploads(db: Db, cartId: string, ids: number[]): Promise<Upload[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("uploads")
    .selectAll()
    .where("cartId", "=", cartId)
    .where("id", "in", ids)
    .orderBy("id")
    .execute();
}
