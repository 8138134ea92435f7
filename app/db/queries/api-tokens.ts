import { sql } from "kysely";
import type { Db, Role } from "#app/db/schema";

/** Personal API tokens (docs/decisions/095): rows keyed by the SHA-256 of the token. */

export interface ApiTokenOwnerRow {
  tokenId: number;
  tokenRoles: Role[];
  tokenBranchIds: number[];
  tokenLastUsedAt: Date | null;
  userId: number;
  email: string;
  name: string;
  roles: Role[];
  branchIds: number[];
}

/**
 * The token and its owner as they are now: not revoked, not expired, the owner not locked (a
 * deleted owner took the row with them). One indexed lookup on every token call, never cached, so
 * a revocation counts on every instance at the next request.
 */
export async function findApiTokenOwner(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<ApiTokenOwnerRow | undefined> {
  return db
    .selectFrom("staffApiTokens")
    .innerJoin("users", "users.id", "staffApiTokens.userId")
    .select([
      "staffApiTokens.id as tokenId",
      "staffApiTokens.roles as tokenRoles",
      "staffApiTokens.branchIds as tokenBranchIds",
      "staffApiTokens.lastUsedAt as tokenLastUsedAt",
      "users.id as userId",
      "users.email",
      "users.name",
      sql<Role[]>`array(select role from user_roles where user_id = users.id order by role)`.as(
        "roles",
      ),
      sql<
        number[]
      >`array(select branch_id from user_branches where user_id = users.id order by branch_id)`.as(
        "branchIds",
      ),
    ])
    .where("staffApiTokens.tokenHash", "=", tokenHash)
    .where("staffApiTokens.revokedAt", "is", null)
    .where("staffApiTokens.expiresAt", ">", now)
    .where("users.isLocked", "=", false)
    .executeTakeFirst();
}

/** Every branch's id (an administrator's token without a branch scope reaches them all). */
export async function allBranchIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom("branches").select("id").orderBy("id").execute();
  return rows.map((row) => row.id);
}

/** Moves `last_used_at` on, unless it moved less than `minimumGapMs` ago (one write per gap). */
export async function touchApiToken(
  db: Db,
  id: number,
  now: Date,
  minimumGapMs: number,
): Promise<void> {
  await db
    .updateTable("staffApiTokens")
    .set({ lastUsedAt: now })
    .where("id", "=", id)
    .where((eb) =>
      eb.or([
        eb("lastUsedAt", "is", null),
        eb("lastUsedAt", "<", new Date(now.getTime() - minimumGapMs)),
      ]),
    )
    .execute();
}

export async function insertApiToken(
  db: Db,
  token: {
    userId: number;
    name: string;
    tokenHash: string;
    roles: readonly Role[];
    branchIds: readonly number[];
    now: Date;
    expiresAt: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto("staffApiTokens")
    .values({
      userId: token.userId,
      name: token.name,
      tokenHash: token.tokenHash,
      roles: sql<Role[]>`${sql.val([...token.roles])}::text[]`,
      branchIds: sql<number[]>`${sql.val([...token.branchIds])}::integer[]`,
      createdAt: token.now,
      expiresAt: token.expiresAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ApiTokenListRow {
  id: number;
  name: string;
  userId: number;
  ownerName: string;
  ownerEmail: string;
  roles: Role[];
  branchIds: number[];
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** Every token, newest first (the back office's list; the hashes stay in the table). */
export async function listApiTokens(db: Db): Promise<ApiTokenListRow[]> {
  return db
    .selectFrom("staffApiTokens")
    .innerJoin("users", "users.id", "staffApiTokens.userId")
    .select([
      "staffApiTokens.id",
      "staffApiTokens.name",
      "staffApiTokens.userId",
      "users.name as ownerName",
      "users.email as ownerEmail",
      "staffApiTokens.roles",
      "staffApiTokens.branchIds",
      "staffApiTokens.createdAt",
      "staffApiTokens.expiresAt",
      "staffApiTokens.lastUsedAt",
      "staffApiTokens.revokedAt",
    ])
    .orderBy("staffApiTokens.createdAt", "desc")
    .orderBy("staffApiTokens.id", "desc")
    .execute();
}

/** Revokes a running token; answers its name and owner, or undefined (unknown or revoked). */
export async function revokeApiTokenRow(
  db: Db,
  id: number,
  now: Date,
): Promise<{ id: number; name: string; userId: number } | undefined> {
  return db
    .updateTable("staffApiTokens")
    .set({ revokedAt: now })
    .where("id", "=", id)
    .where("revokedAt", "is", null)
    .returning(["id", "name", "userId"])
    .executeTakeFirst();
}

export async function findApiToken(db: Db, id: number) {
  return db
    .selectFrom("staffApiTokens")
    .select(["id", "name", "userId", "revokedAt"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** What a token call learns of its own token (`GET /api/users/me`, decision 104). */
export async function findOwnApiToken(db: Db, id: number) {
  return db
    .selectFrom("staffApiTokens")
    .select(["id", "name", "roles", "branchIds", "createdAt", "expiresAt", "lastUsedAt"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/**
 * One more call of the token in the database's current minute (decision 105): a single update of
 * the token's row, which PostgreSQL serialises per token, so concurrent calls on any number of
 * instances count exactly. Answers the calls made in this minute, this one included, and the
 * seconds left of it; null when the token row is gone.
 */
export async function countApiTokenCall(
  db: Db,
  tokenId: number,
): Promise<{ count: number; secondsLeft: number } | null> {
  const row = await db
    .updateTable("staffApiTokens")
    .set({
      rateCount: sql<number>`case when rate_window = date_trunc('minute', now()) then rate_count + 1 else 1 end`,
      rateWindow: sql<Date>`date_trunc('minute', now())`,
    })
    .where("id", "=", tokenId)
    .returning([
      "rateCount",
      // The seconds until the next minute by the database's clock, which all instances share.
      sql<number>`ceil(extract(epoch from date_trunc('minute', now()) + interval '1 minute' - now()))::integer`.as(
        "secondsLeft",
      ),
    ])
    .executeTakeFirst();
  return row ? { count: row.rateCount, secondsLeft: row.secondsLeft } : null;
}
