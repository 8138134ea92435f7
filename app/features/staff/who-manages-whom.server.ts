import { findUserById, type StaffUser as StaffUserRow } from "#app/db/queries/users";
import type { Db } from "#app/db/schema";
import {
  canManageUser,
  canViewUser,
  isAdmin,
  type StaffMember,
} from "#app/domain/staff-permissions";

/**
 * Who may manage whom (decisions 012 and 068): the one rule behind the user management and every
 * time-tracking write about a person (clock PIN and card, contract and holiday entitlement,
 * absences, working activities added, corrected or deleted) and the time sheets. It is
 * `canManageUser` of app/domain/staff-permissions.ts: administrators manage everyone but
 * themselves; a manager manages the plain employees whose branches all lie within the manager's
 * own, never another manager, an administrator or an employee shared with another branch.
 *
 * - `manage`: the writes; `view`: reads about the person (themselves, or someone they manage).
 * - The refusal says 404 when the person does not exist or shares no branch with the actor (ids
 *   reveal nothing), 403 when the actor can see them but not manage them. The user management
 *   answers its own codes (`exists`).
 */
export type PersonAccess =
  { ok: true; person: StaffUserRow } | { ok: false; status: 403 | 404; exists: boolean };

export async function personAccess(
  db: Db,
  actor: StaffMember,
  userId: number,
  mode: "manage" | "view" = "manage",
): Promise<PersonAccess> {
  const person = await findUserById(db, userId);
  if (!person) return { ok: false, status: 404, exists: false };
  const allowed = mode === "manage" ? canManageUser(actor, person) : canViewUser(actor, person);
  if (allowed) return { ok: true, person };
  const seen =
    isAdmin(actor) ||
    person.id === actor.id ||
    person.branchIds.some((branchId) => actor.branchIds.includes(branchId));
  return { ok: false, status: seen ? 403 : 404, exists: true };
}

/** Of `people`, those `actor` may see (`view`) or manage, in their order: for pickers and lists. */
export async function viewablePeople<T extends { id: number }>(
  db: Db,
  actor: StaffMember,
  people: readonly T[],
  mode: "manage" | "view" = "view",
): Promise<T[]> {
  if (isAdmin(actor)) return people.filter((person) => mode === "view" || person.id !== actor.id);
  const verdicts = await Promise.all(
    people.map((person) => personAccess(db, actor, person.id, mode)),
  );
  return people.filter((_, index) => verdicts[index]!.ok);
}
