import { sql, type Kysely } from "kysely";
import { deTimeTracking } from "#app/i18n/de-time-tracking";
import { clearThrottle, expireLoginLinks, readThrottle } from "#app/db/queries/login";
import { countActiveSessions } from "#app/db/queries/staff-sessions";
import {
  countActiveAdministrators,
  findUserByEmail,
  findUserById,
  insertUser,
  listBranchChoices,
  listUsers,
  lockAdministratorChanges,
  lockUserRow,
  setUserAccess,
  type StaffUser as StaffUserRow,
} from "#app/db/queries/users";
import type { Database, Db, Role } from "#app/db/schema";
import {
  assignmentProblem,
  canViewUser,
  isAdmin,
  type StaffMember,
} from "#app/domain/staff-permissions";
import { de } from "#app/i18n/de-staff";
import { de as backOffice } from "#app/i18n/de-backoffice";
import { hashPassword } from "./password.server";
import { audit } from "./staff-auth.server";
import type { NewUserInput, UserInput } from "./staff-auth-schemas";
import {
  endUserAccess,
  sendLoginLink,
  throttleKeys,
  verifyCurrentPassword,
  type AttemptSource,
} from "./staff-login.server";
import { notifySessionsEnded } from "#app/server/notify-hub.server";
import { refused, succeeded, type Outcome, type Refusal } from "#app/server/outcome";
import { createStaffSession } from "./staff-session.server";
import { personAccess } from "./who-manages-whom.server";
import { rememberDevice } from "./known-devices.server";

/**
 * The user management behind both the back-office forms and `/api/users` (docs/decisions/012):
 * who may change whom is asked of the domain rules, every change runs in one transaction with its
 * audit entry, and at least one unlocked administrator always remains.
 */
const texts = de.users.errors;

const notFound = () => refused(404, texts.load);
const forbidden = () => refused(403, de.errors.forbidden);

/** Who acts: the signed-in member, and where the request came from. */
export interface Actor extends StaffMember {
  email: string;
}

export interface UserView {
  id: number;
  email: string;
  name: string;
  roles: Role[];
  branches: { id: number; name: string }[];
  isLocked: boolean;
  /** A temporary sign-in block after failed attempts (from every address), if one runs. */
  blockedUntil: string | null;
  /** Sessions signed in right now (devices and browsers), ended by "Überall abmelden". */
  activeSessions: number;
  lastLoginAt: string | null;
  createdAt: string;
}

/** Thrown inside a transaction to roll it back with a refusal. */
class RefusedChange extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.errors[0]?.message);
  }
}

async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Db) => Promise<T>,
): Promise<Outcome<T>> {
  try {
    return succeeded(await db.transaction().execute(work));
  } catch (error) {
    if (error instanceof RefusedChange) return error.refusal;
    if (isEmailTaken(error)) return refused(400, texts.emailTaken, "email");
    throw error;
  }
}

/** The audit entry of a change to a user, at the change's time and from its source. */
function recordUserChange(
  trx: Db,
  actor: Actor,
  userId: number,
  action: string,
  source: AttemptSource,
  data?: Record<string, unknown>,
): Promise<void> {
  return audit(trx, {
    user: actor,
    action,
    entityType: "user",
    entityId: userId,
    data,
    context: source,
    at: source.now,
  });
}

/** Writes a user's columns with the time of the change. */
async function writeUser(
  trx: Db,
  userId: number,
  values: { email?: string; name?: string; isLocked?: boolean; passwordHash?: string },
  now: Date,
): Promise<void> {
  await trx
    .updateTable("users")
    .set({ ...values, updatedAt: now })
    .where("id", "=", userId)
    .execute();
}

function isEmailTaken(error: unknown): boolean {
  const candidate = error as { code?: string; constraint?: string } | null;
  return candidate?.code === "23505" && candidate.constraint === "users_email_key";
}

async function views(db: Db, rows: StaffUserRow[], now: Date): Promise<UserView[]> {
  const branches = new Map((await listBranchChoices(db)).map((branch) => [branch.id, branch]));
  const sessions = await countActiveSessions(
    db,
    rows.map((row) => row.id),
    now,
  );
  return Promise.all(
    rows.map(async (row) => {
      const throttle = await readThrottle(db, throttleKeys.account(row.email));
      const blocked = throttle?.blockedUntil && throttle.blockedUntil > now;
      return {
        id: row.id,
        email: row.email,
        name: row.name,
        roles: row.roles,
        branches: row.branchIds.flatMap((id) => {
          const branch = branches.get(id);
          return branch ? [{ id, name: branch.name }] : [];
        }),
        isLocked: row.isLocked,
        blockedUntil: blocked ? throttle.blockedUntil!.toISOString() : null,
        activeSessions: sessions.get(row.id) ?? 0,
        lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      };
    }),
  );
}

export async function userView(db: Db, row: StaffUserRow, now: Date): Promise<UserView> {
  const [view] = await views(db, [row], now);
  return view!;
}

/** The users the actor may see in the list: everyone for administrators, else their employees. */
export async function listVisibleUsers(db: Db, actor: Actor, now: Date): Promise<UserView[]> {
  const rows = (await listUsers(db)).filter((row) => canViewUser(actor, row));
  return views(db, rows, now);
}

/** The branches the form offers the actor. */
export async function branchChoicesFor(db: Db, actor: Actor) {
  const all = await listBranchChoices(db);
  return isAdmin(actor) ? all : all.filter((branch) => actor.branchIds.includes(branch.id));
}

/**
 * One user, if the actor may see them (404 unknown or no id at all, as an address may name
 * none; 403 someone else's).
 */
export async function loadUser(
  db: Db,
  actor: Actor,
  userId: number | null,
): Promise<Outcome<StaffUserRow>> {
  if (userId === null) return notFound();
  const access = await personAccess(db, actor, userId, "view");
  if (!access.ok) return access.exists ? forbidden() : notFound();
  return succeeded(access.person);
}

/**
 * A user's version for the edit form's check against concurrent saves: the row's `xmin`, read
 * under a row lock so that a second save waits for the first and then sees its new version.
 */
export async function userVersion(db: Db, userId: number, lock = true): Promise<string | null> {
  const row = lock
    ? await sql<{ version: string }>`
        select xmin::text as version from users where id = ${userId} for update`.execute(db)
    : await sql<{ version: string }>`
        select xmin::text as version from users where id = ${userId}`.execute(db);
  return row.rows[0]?.version ?? null;
}

/**
 * The target, if the actor may change them; otherwise the transaction ends with the refusal.
 * Taken under the administrators' lock, so the checks below see every earlier change.
 */
async function manageable(trx: Db, actor: Actor, userId: number): Promise<StaffUserRow> {
  await lockAdministratorChanges(trx);
  // The actor's own rights as they are now: another change may have just taken them away.
  const current = await findUserById(trx, actor.id);
  if (!current || current.isLocked) throw new RefusedChange(forbidden());
  // The one rule of who may manage whom (decision 068), as the time tracking asks it too.
  const access = await personAccess(trx, current, userId);
  if (!access.ok) throw new RefusedChange(access.exists ? forbidden() : notFound());
  return access.person;
}

async function checkAssignment(trx: Db, actor: Actor, input: UserInput): Promise<void> {
  const all = (await listBranchChoices(trx)).map((branch) => branch.id);
  const problem = assignmentProblem(actor, input, all);
  if (problem === "roles") throw new RefusedChange(refused(400, texts.roleNotAllowed, "roles"));
  if (problem === "branches") {
    throw new RefusedChange(refused(400, texts.branchNotAllowed, "branchIds"));
  }
}

async function checkEmailFree(trx: Db, email: string, userId: number | null): Promise<void> {
  const existing = await findUserByEmail(trx, email);
  if (existing && existing.id !== userId) {
    throw new RefusedChange(refused(400, texts.emailTaken, "email"));
  }
}

function sameMembers<T>(a: readonly T[], b: readonly T[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((item) => set.has(item));
}

async function keepAnAdministrator(trx: Db): Promise<void> {
  if ((await countActiveAdministrators(trx)) < 1) {
    throw new RefusedChange(refused(400, texts.lastAdmin));
  }
}

export async function createUser(
  db: Kysely<Database>,
  actor: Actor,
  input: NewUserInput,
  source: AttemptSource,
): Promise<Outcome<StaffUserRow>> {
  const passwordHash = await hashPassword(input.password);
  return inTransaction(db, async (trx) => {
    await checkAssignment(trx, actor, input);
    await checkEmailFree(trx, input.email, null);
    const id = await insertUser(trx, { email: input.email, name: input.name, passwordHash });
    await setUserAccess(trx, id, input);
    await recordUserChange(trx, actor, id, "user.created", source, {
      email: input.email,
      name: input.name,
      roles: input.roles,
      branchIds: input.branchIds,
    });
    return (await findUserById(trx, id))!;
  });
}

export async function updateUser(
  db: Kysely<Database>,
  actor: Actor,
  userId: number,
  input: UserInput,
  source: AttemptSource,
  /** The version the editor read (decision 035); null when the client named none. */
  expectedVersion: string | null = null,
): Promise<Outcome<StaffUserRow>> {
  return inTransaction(db, async (trx) => {
    const before = await manageable(trx, actor, userId);
    if (expectedVersion !== null && expectedVersion !== (await userVersion(trx, userId))) {
      throw new RefusedChange(refused(409, backOffice.resources.edit.stale));
    }
    await checkAssignment(trx, actor, input);
    await checkEmailFree(trx, input.email, userId);
    await writeUser(trx, userId, { email: input.email, name: input.name }, source.now);
    await setUserAccess(trx, userId, input);
    // Links already mailed went to the old address: they open nothing any more.
    if (before.email.toLowerCase() !== input.email.trim().toLowerCase()) {
      await expireLoginLinks(trx, userId, source.now);
    }
    // Open order-board streams keep the branches they started with: they end and reconnect
    // with the new reach (the sessions themselves go on).
    if (
      !sameMembers(before.roles, input.roles) ||
      !sameMembers(before.branchIds, input.branchIds)
    ) {
      await notifySessionsEnded(trx, { userId });
    }
    await keepAnAdministrator(trx);
    await recordUserChange(trx, actor, userId, "user.updated", source, {
      before: {
        email: before.email,
        name: before.name,
        roles: before.roles,
        branchIds: before.branchIds,
      },
      after: {
        email: input.email,
        name: input.name,
        roles: input.roles,
        branchIds: input.branchIds,
      },
    });
    return (await findUserById(trx, userId))!;
  });
}

/**
 * Locking ends the user's sessions and unused login links at once; unlocking also lifts a
 * running sign-in block.
 */
export async function setUserLocked(
  db: Kysely<Database>,
  actor: Actor,
  userId: number,
  locked: boolean,
  source: AttemptSource,
): Promise<Outcome<StaffUserRow>> {
  return inTransaction(db, async (trx) => {
    const user = await manageable(trx, actor, userId);
    await writeUser(trx, userId, { isLocked: locked }, source.now);
    if (locked) {
      await keepAnAdministrator(trx);
      await endUserAccess(trx, userId, source.now);
    } else {
      await clearThrottle(trx, throttleKeys.account(user.email));
    }
    await recordUserChange(trx, actor, userId, locked ? "user.locked" : "user.unlocked", source);
    return (await findUserById(trx, userId))!;
  });
}

/**
 * An administrator (or the employee's manager) sets a new password: every session of the user
 * and every unused login link end.
 */
export async function setUserPassword(
  db: Kysely<Database>,
  actor: Actor,
  userId: number,
  password: string,
  source: AttemptSource,
): Promise<Outcome<StaffUserRow>> {
  const passwordHash = await hashPassword(password);
  return inTransaction(db, async (trx) => {
    const user = await manageable(trx, actor, userId);
    await writeUser(trx, userId, { passwordHash }, source.now);
    await endUserAccess(trx, userId, source.now);
    await clearThrottle(trx, throttleKeys.account(user.email));
    await recordUserChange(trx, actor, userId, "user.password-set", source);
    return (await findUserById(trx, userId))!;
  });
}

/**
 * The API's change of a user (`PUT /api/users/{id}`): the fields, then the lock, then a new
 * password, each step only after the one before it went through.
 */
export async function changeUser(
  db: Kysely<Database>,
  actor: Actor,
  userId: number,
  change: { fields: UserInput; isLocked?: boolean; password?: string },
  source: AttemptSource,
  expectedVersion: string | null,
): Promise<Outcome<StaffUserRow>> {
  let result = await updateUser(db, actor, userId, change.fields, source, expectedVersion);
  if (result.ok && change.isLocked !== undefined && change.isLocked !== result.value.isLocked) {
    result = await setUserLocked(db, actor, userId, change.isLocked, source);
  }
  if (result.ok && change.password !== undefined) {
    result = await setUserPassword(db, actor, userId, change.password, source);
  }
  return result;
}

/**
 * "Überall abmelden": ends every session of the user in every browser and instance, and every
 * unused login link. The account itself stays as it is (they may sign in again).
 */
export async function signOutEverywhere(
  db: Kysely<Database>,
  actor: Actor,
  userId: number,
  source: AttemptSource,
): Promise<Outcome<{ user: StaffUserRow; endedSessions: number }>> {
  return inTransaction(db, async (trx) => {
    const user = await manageable(trx, actor, userId);
    // The user's row first, as a sign-in takes it: one signing in right now is ended too, or comes after.
    await lockUserRow(trx, userId);
    const endedSessions = await endUserAccess(trx, userId, source.now);
    await recordUserChange(trx, actor, userId, "user.signed-out-everywhere", source, {
      sessions: endedSessions,
    });
    return { user, endedSessions };
  });
}

/** Sends the user a login link (false: they already had their share of links just now). */
export async function sendUserLoginLink(
  db: Kysely<Database>,
  actor: Actor,
  userId: number,
  origin: string,
  source: AttemptSource,
): Promise<Outcome<{ user: StaffUserRow; sent: boolean }>> {
  return inTransaction(db, async (trx) => {
    const user = await manageable(trx, actor, userId);
    if (user.isLocked) throw new RefusedChange(refused(400, de.staffAuth.accountLocked));
    const sent = await sendLoginLink(trx, user, { origin, by: actor, source });
    return { user, sent };
  });
}

export async function deleteUser(
  db: Kysely<Database>,
  actor: Actor,
  userId: number,
  source: AttemptSource,
): Promise<Outcome<{ id: number }>> {
  return inTransaction(db, async (trx) => {
    const user = await manageable(trx, actor, userId);
    // Recorded working time must be kept (decision 058): such a person is locked, not deleted.
    const worked = await trx
      .selectFrom("workingActivities")
      .select("id")
      .where("userId", "=", userId)
      .limit(1)
      .executeTakeFirst();
    if (worked) throw new RefusedChange(refused(409, deTimeTracking.errors.userHasActivities));
    // Their sessions go with the row (cascade); this also closes their open streams.
    await endUserAccess(trx, userId, source.now);
    await trx.deleteFrom("users").where("id", "=", userId).execute();
    await keepAnAdministrator(trx);
    await recordUserChange(trx, actor, userId, "user.deleted", source, {
      email: user.email,
      name: user.name,
      roles: user.roles,
      branchIds: user.branchIds,
    });
    return { id: userId };
  });
}

/**
 * The signed-in user changes their own password. Every session of the user ends, this browser's
 * too (a copy of its cookie may be what they worry about), and this browser gets a new one:
 * answers its token. Unused login links end as well, and of the user's known devices only this
 * browser stays known (decision 028, addendum): answers its device tokens.
 */
export async function changeOwnPassword(
  db: Kysely<Database>,
  actor: Actor,
  input: { currentPassword: string; newPassword: string },
  source: AttemptSource,
): Promise<Outcome<{ sessionToken: string; deviceTokens: string[] }>> {
  const user = await findUserById(db, actor.id);
  if (!user) return notFound();
  const check = await verifyCurrentPassword(db, user, input.currentPassword, source);
  if (!check.ok) {
    return check.minutes
      ? refused(429, de.account.tooManyChecks(check.minutes), "currentPassword")
      : refused(400, de.account.wrongCurrent, "currentPassword");
  }
  const passwordHash = await hashPassword(input.newPassword);
  return inTransaction(db, async (trx) => {
    await writeUser(trx, actor.id, { passwordHash }, source.now);
    await endUserAccess(trx, actor.id, source.now);
    const sessionToken = await createStaffSession(trx, actor.id, source);
    const deviceTokens = await rememberDevice(trx, actor.id, source.devices, source);
    await recordUserChange(trx, actor, actor.id, "user.password-changed", source);
    return { sessionToken, deviceTokens };
  });
}
