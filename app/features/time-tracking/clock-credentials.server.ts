import type { Db } from "#app/db/schema";
import { isValidCardNumber, isValidPin } from "#app/domain/working-time";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { refused, succeeded, type Outcome } from "#app/server/outcome";
import { audit, type StaffUser } from "#app/features/staff/staff-auth.server";
import { personAccess, viewablePeople } from "#app/features/staff/who-manages-whom.server";
import { setClockCredentials } from "./clock.server";
import { ownBranches, type AreaContext } from "./staff-scope.server";

/**
 * A manager sets another person's time-clock PIN and card (decision 065), on the page
 * `/backend/clock-credentials` and through `PUT /api/clock-credentials/{userId}`.
 */

interface CredentialsPerson {
  id: number;
  name: string;
}

/**
 * The person whose clock credentials `actor` may read and set: the one rule of who may manage
 * whom (decision 068; a PIN set is a way to clock in as that person). 404 for someone the actor
 * cannot see, 403 for a peer manager or an employee shared with another branch.
 */
export async function credentialsPerson(
  db: Db,
  actor: StaffUser,
  userId: number | null,
): Promise<Outcome<CredentialsPerson>> {
  const access = userId ? await personAccess(db, actor, userId) : null;
  if (access?.ok) return succeeded({ id: access.person.id, name: access.person.name });
  return access?.status === 403
    ? refused(403, de.errors.notManaged)
    : refused(404, de.errors.invalidUser);
}

/** A person's PIN and card state, for the API. */
export async function credentialsState(db: Db, person: CredentialsPerson) {
  const row = await db
    .selectFrom("staffClockCredentials")
    .select(["pinHash", "cardDigest", "pinLockedUntil"])
    .where("userId", "=", person.id)
    .executeTakeFirst();
  return {
    userId: person.id,
    name: person.name,
    hasPin: Boolean(row?.pinHash),
    hasCard: Boolean(row?.cardDigest),
    lockedUntil:
      row?.pinLockedUntil && row.pinLockedUntil > new Date()
        ? row.pinLockedUntil.toISOString()
        : null,
  };
}

type CredentialsInput = { pin?: string; card?: string | null };

/** PIN, card or card removal from a form or JSON body; a German message when none fits. */
export function credentialsInput(body: Record<string, unknown>): Outcome<CredentialsInput> {
  const pin = typeof body.pin === "string" ? body.pin.trim() : body.pin;
  const card = typeof body.card === "string" ? body.card.trim() : body.card;
  const removeCard = body.removeCard === true || body.removeCard === "1" || body.card === null;
  const input: CredentialsInput = {};
  if (pin !== undefined && pin !== "" && pin !== null) {
    if (!isValidPin(pin)) return refused(400, de.errors.pinInvalid);
    input.pin = pin;
  }
  if (removeCard) input.card = null;
  else if (card !== undefined && card !== "") {
    if (!isValidCardNumber(card)) return refused(400, de.errors.cardInvalid);
    input.card = card;
  }
  if (input.pin === undefined && input.card === undefined) {
    return refused(400, de.credentials.nothing);
  }
  return succeeded(input);
}

/** Sets the person's PIN and/or card and audits it (what changed, never the values). */
export async function saveCredentials(
  context: AreaContext,
  actor: StaffUser,
  person: CredentialsPerson,
  input: CredentialsInput,
): Promise<Outcome> {
  const saved = await setClockCredentials(context.db, person.id, input);
  if (!saved.ok) return saved;
  await audit(context.db, {
    user: actor,
    action: "clock-credentials.update",
    entityType: "user",
    entityId: person.id,
    data: {
      pin: input.pin !== undefined,
      card: input.card === undefined ? false : input.card ? "set" : "removed",
    },
    context,
  });
  return succeeded(undefined);
}

/** The people of the manager's branches the manager may manage, with their PIN and card state. */
export async function credentialsList(db: Db, user: StaffUser) {
  const branches = await ownBranches(db, user);
  const ids = branches.length ? branches.map((branch) => branch.id) : [0];
  const people = await db
    .selectFrom("users")
    .innerJoin("userBranches", "userBranches.userId", "users.id")
    .leftJoin("staffClockCredentials as c", "c.userId", "users.id")
    .select(["users.id", "users.name", "c.pinHash", "c.cardDigest", "c.pinLockedUntil"])
    .where("userBranches.branchId", "in", ids)
    .$if(!user.isAdmin, (qb) =>
      qb.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("userRoles")
              .select("userRoles.userId")
              .whereRef("userRoles.userId", "=", "users.id")
              .where("userRoles.role", "=", "ROLE_ADMIN"),
          ),
        ),
      ),
    )
    .groupBy(["users.id", "users.name", "c.pinHash", "c.cardDigest", "c.pinLockedUntil"])
    .orderBy("users.name")
    .orderBy("users.id")
    .execute();
  const now = new Date();
  // Only the people the manager may manage (decision 068): their own PIN is set on "Meine
  // Arbeitszeit", peer managers' and shared employees' by the head office.
  const manageable = await viewablePeople(db, user, people, "manage");
  return manageable.map((person) => ({
    id: person.id,
    name: person.name,
    hasPin: Boolean(person.pinHash),
    hasCard: Boolean(person.cardDigest),
    locked: Boolean(person.pinLockedUntil && person.pinLockedUntil > now),
  }));
}
