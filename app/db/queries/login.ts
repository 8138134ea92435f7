import { sql } from "kysely";
import type { ThrottleState } from "#app/domain/login-throttle";
import type { Db, LoginLink } from "#app/db/schema";

/**
 * The throttle row for `key`, created empty if missing and locked for the transaction, so that
 * parallel attempts are counted one after another.
 */
export async function lockThrottle(db: Db, key: string): Promise<ThrottleState> {
  await db
    .insertInto("loginThrottles")
    .values({ key })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db
    .selectFrom("loginThrottles")
    .select(["failures", "windowStartedAt", "blockedUntil"])
    .where("key", "=", key)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row;
}

export async function readThrottle(db: Db, key: string): Promise<ThrottleState | undefined> {
  return db
    .selectFrom("loginThrottles")
    .select(["failures", "windowStartedAt", "blockedUntil"])
    .where("key", "=", key)
    .executeTakeFirst();
}

export async function saveThrottle(
  db: Db,
  key: string,
  state: ThrottleState,
  now: Date,
): Promise<void> {
  await db
    .updateTable("loginThrottles")
    .set({ ...state, updatedAt: now })
    .where("key", "=", key)
    .execute();
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom("loginThrottles").where("key", "=", key).execute();
}

/** Forgets throttles untouched since `before`, a batch at a time (their windows are long over). */
export async function pruneThrottles(db: Db, before: Date, batch = 100): Promise<void> {
  await db
    .deleteFrom("loginThrottles")
    .where("key", "in", (eb) =>
      eb
        .selectFrom("loginThrottles")
        .select("key")
        .where("updatedAt", "<", before)
        .where((inner) =>
          inner.or([inner("blockedUntil", "is", null), inner("blockedUntil", "<", before)]),
        )
        .limit(batch),
    )
    .execute();
}

export async function insertLoginLink(
  db: Db,
  link: { userId: number; tokenHash: string; expiresAt: Date; requestedFrom: string | null },
): Promise<void> {
  await db.insertInto("loginLinks").values(link).execute();
}

/** Links of the user created since `since`, used or not. */
export async function countRecentLoginLinks(db: Db, userId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom("loginLinks")
    .select(sql<number>`count(*)::int`.as("count"))
    .where("userId", "=", userId)
    .where("createdAt", ">=", since)
    .executeTakeFirstOrThrow();
  return row.count;
}

export async function findLoginLink(db: Db, tokenHash: string): Promise<LoginLink | undefined> {
  return db
    .selectFrom("loginLinks")
    .selectAll()
    .where("tokenHash", "=", tokenHash)
    .executeTakeFirst();
}

/**
 * Marks the link used if it still may be used at `now`; answers its user id, or undefined when
 * it is unknown, expired or already used (one statement, so two clicks cannot both win).
 */
export async function consumeLoginLink(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .updateTable("loginLinks")
    .set({ usedAt: now })
    .where("tokenHash", "=", tokenHash)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .returning("userId")
    .executeTakeFirst();
  return row?.userId;
}

/** Old links are of no use to anyone: drop those expired for a day. */
export async function pruneLoginLinks(db: Db, before: Date): Promise<void> {
  await db.deleteFrom("loginLinks").where("expiresAt", "<", before).execute();
}

/**
 * Lets every unused link of the user run out now (new password, lock, "Überall abmelden"). The
 * rows stay, so they still count toward the links one account may be sent per window.
 */
export async function expireLoginLinks(db: Db, userId: number, now: Date): Promise<number> {
  const rows = await db
    .updateTable("loginLinks")
    .set({ expiresAt: now })
    .where("userId", "=", userId)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .returning("id")
    .execute();
  return rows.length;
}
