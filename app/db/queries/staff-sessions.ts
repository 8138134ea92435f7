import { sql } from "kysely";
import type { Db } from "#app/db/schema";

/** Staff sessions (docs/decisions/028): rows keyed by the SHA-256 of the cookie's token. */

export async function insertStaffSession(
  db: Db,
  session: { userId: number; tokenHash: string; now: Date; expiresAt: Date; createdFrom: string },
): Promise<number> {
  const row = await db
    .insertInto("staffSessions")
    .values({
      userId: session.userId,
      tokenHash: session.tokenHash,
      createdAt: session.now,
      lastSeenAt: session.now,
      expiresAt: session.expiresAt,
      createdFrom: session.createdFrom || null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves `last_seen_at` on, unless it moved less than `minimumGapMs` ago (one write per gap). */
export async function touchStaffSession(
  db: Db,
  id: number,
  now: Date,
  minimumGapMs: number,
): Promise<void> {
  await db
    .updateTable("staffSessions")
    .set({ lastSeenAt: now })
    .where("id", "=", id)
    .where("lastSeenAt", "<", new Date(now.getTime() - minimumGapMs))
    .execute();
}

/** Ends one session; answers it if it was still running. */
export async function revokeStaffSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ id: number; userId: number } | undefined> {
  return db
    .updateTable("staffSessions")
    .set({ revokedAt: now })
    .where("tokenHash", "=", tokenHash)
    .where("revokedAt", "is", null)
    .returning(["id", "userId"])
    .executeTakeFirst();
}

/** Ends every running session of the user; answers how many there were. */
export async function revokeUserSessions(db: Db, userId: number, now: Date): Promise<number> {
  const rows = await db
    .updateTable("staffSessions")
    .set({ revokedAt: now })
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", now)
    .returning("id")
    .execute();
  return rows.length;
}

/** Running sessions per user (users without one are missing from the map). */
export async function countActiveSessions(
  db: Db,
  userIds: readonly number[],
  now: Date,
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("staffSessions")
    .select(["userId", sql<number>`count(*)::int`.as("count")])
    .where("userId", "in", [...userIds])
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", now)
    .groupBy("userId")
    .execute();
  return new Map(rows.map((row) => [row.userId, row.count]));
}

/** Forgets sessions that ended (expired or revoked) before `before`, a batch at a time. */
export async function pruneStaffSessions(db: Db, before: Date, batch = 100): Promise<void> {
  await db
    .deleteFrom("staffSessions")
    .where("id", "in", (eb) =>
      eb
        .selectFrom("staffSessions")
        .select("id")
        .where((inner) =>
          inner.or([inner("expiresAt", "<", before), inner("revokedAt", "<", before)]),
        )
        .limit(batch),
    )
    .execute();
}
