import type { Db } from "#app/db/schema";

/**
 * Known devices of staff accounts (docs/decisions/028, addendum): rows keyed by the SHA-256 of
 * the device cookie's token, listed per user.
 */

export interface KnownDeviceRow {
  id: number;
  userId: number;
  tokenHash: string;
}

/** The unexpired devices among these token hashes (a browser may hold those of a few accounts). */
export async function findKnownDevices(
  db: Db,
  tokenHashes: string[],
  now: Date,
): Promise<KnownDeviceRow[]> {
  if (tokenHashes.length === 0) return [];
  return db
    .selectFrom("staffDevices")
    .select(["id", "userId", "tokenHash"])
    .where("tokenHash", "in", tokenHashes)
    .where("expiresAt", ">", now)
    .execute();
}

export async function insertKnownDevice(
  db: Db,
  device: { userId: number; tokenHash: string; now: Date; expiresAt: Date; createdFrom: string },
): Promise<number> {
  const row = await db
    .insertInto("staffDevices")
    .values({
      userId: device.userId,
      tokenHash: device.tokenHash,
      createdAt: device.now,
      lastUsedAt: device.now,
      expiresAt: device.expiresAt,
      createdFrom: device.createdFrom || null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The device signed in again: it stays known for another full term. */
export async function touchKnownDevice(
  db: Db,
  id: number,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db
    .updateTable("staffDevices")
    .set({ lastUsedAt: now, expiresAt })
    .where("id", "=", id)
    .execute();
}

/** Keeps the user's `keep` most recently used devices and forgets the rest and expired ones. */
export async function pruneKnownDevices(
  db: Db,
  userId: number,
  keep: number,
  now: Date,
): Promise<void> {
  await db.deleteFrom("staffDevices").where("expiresAt", "<=", now).execute();
  const kept = db
    .selectFrom("staffDevices")
    .select("id")
    .where("userId", "=", userId)
    .orderBy("lastUsedAt", "desc")
    .orderBy("id", "desc")
    .limit(keep);
  await db
    .deleteFrom("staffDevices")
    .where("userId", "=", userId)
    .where("id", "not in", kept)
    .execute();
}

/** Forgets every device of the user (a new password, a lock, "Überall abmelden"). */
export async function forgetKnownDevices(db: Db, userId: number): Promise<number> {
  const rows = await db
    .deleteFrom("staffDevices")
    .where("userId", "=", userId)
    .returning("id")
    .execute();
  return rows.length;
}
