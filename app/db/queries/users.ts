import { sql } from "kysely";
import type { Db, Role, User } from "#app/db/schema";

export interface StaffUser extends User {
  roles: Role[];
  branchIds: number[];
}

/** Case-insensitive, as the unique index on lower(email) is. */
export async function findUserByEmail(db: Db, email: string): Promise<StaffUser | undefined> {
  return staffUsers(db)
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findUserById(db: Db, id: number): Promise<StaffUser | undefined> {
  return staffUsers(db).where("id", "=", id).executeTakeFirst();
}

/**
 * The user of a running session (not revoked, not expired, account not locked), with the session's
 * id and when it was last seen: one indexed lookup on every staff request (docs/decisions/028).
 */
export async function findUserBySession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<(StaffUser & { sessionId: number; sessionLastSeenAt: Date }) | undefined> {
  return staffUsers(db)
    .innerJoin("staffSessions", "staffSessions.userId", "users.id")
    .select(["staffSessions.id as sessionId", "staffSessions.lastSeenAt as sessionLastSeenAt"])
    .where("staffSessions.tokenHash", "=", tokenHash)
    .where("staffSessions.revokedAt", "is", null)
    .where("staffSessions.expiresAt", ">", now)
    .where("users.isLocked", "=", false)
    .executeTakeFirst();
}

/** Takes the user's row lock first, so that changes to one user run one after the other. */
export async function lockUserRow(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** Every account, by name. */
export async function listUsers(db: Db): Promise<StaffUser[]> {
  return staffUsers(db)
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .execute();
}

/** The branches a user may be given, by their position in the shop. */
export async function listBranchChoices(db: Db): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom("branches")
    .select(["id", "name"])
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export async function insertUser(
  db: Db,
  user: { email: string; name: string; passwordHash: string },
): Promise<number> {
  const row = await db
    .insertInto("users")
    .values({ email: user.email.trim(), name: user.name, passwordHash: user.passwordHash })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces the user's roles and branches with exactly these. */
export async function setUserAccess(
  db: Db,
  userId: number,
  access: { roles: readonly Role[]; branchIds: readonly number[] },
): Promise<void> {
  await db.deleteFrom("userRoles").where("userId", "=", userId).execute();
  await db.deleteFrom("userBranches").where("userId", "=", userId).execute();
  if (access.roles.length > 0) {
    await db
      .insertInto("userRoles")
      .values([...new Set(access.roles)].map((role) => ({ userId, role })))
      .execute();
  }
  if (access.branchIds.length > 0) {
    await db
      .insertInto("userBranches")
      .values([...new Set(access.branchIds)].map((branchId) => ({ userId, branchId })))
      .execute();
  }
}

/**
 * Serialises every change that could take the last administrator away (until the transaction
 * ends): two administrators demoting each other at once then run one after the other, and the
 * second one's count sees the first one's change.
 */
export async function lockAdministratorChanges(db: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('backstube:administrators'))`.execute(db);
}

/** Unlocked users with the administrator role. */
export async function countActiveAdministrators(db: Db): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select(sql<number>`count(*)::int`.as("count"))
    .where("isLocked", "=", false)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("userRoles")
          .select("userRoles.userId")
          .whereRef("userRoles.userId", "=", "users.id")
          .where("userRoles.role", "=", "ROLE_ADMIN"),
      ),
    )
    .executeTakeFirstOrThrow();
  return row.count;
}

function staffUsers(db: Db) {
  return db
    .selectFrom("users")
    .selectAll("users")
    .select([
      sql<Role[]>`array(select role from user_roles where user_id = users.id order by role)`.as(
        "roles",
      ),
      sql<
        number[]
      >`array(select branch_id from user_branches where user_id = users.id order by branch_id)`.as(
        "branchIds",
      ),
    ]);
}
