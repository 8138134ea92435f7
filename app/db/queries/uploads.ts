import type { Db, NewUpload, Upload } from "../schema";

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
