import { canAccessBranch } from "#app/domain/staff-permissions";
import { parseId } from "#app/domain/values";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { de as staffDe } from "#app/i18n/de-staff";
import { refused, succeeded, type Outcome } from "#app/server/outcome";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { dayRange } from "./clock-device.server";
import { zoneOf, type AreaContext } from "./staff-scope.server";
import type { Db } from "#app/db/schema";
import {
  addActivity,
  correctActivity,
  deleteActivity,
  findActivity,
  listActivities,
  violationsOf,
  type ActivityFilter,
  type ActivityRow,
  type Correction,
  type NewActivity,
} from "./working-activities.server";

/**
 * The managers' working activities (decision 058, 065): the list with the Arbeitszeitgesetz's
 * findings, and adding, correcting and deleting one with a reason. The page
 * `/backend/working-activities` and the API `/api/working-activities` answer from here.
 */

/** The list's filter from a query (`from`/`to`/`branch`/`user`, or the page's German names). */
export async function activityFilter(
  db: Db,
  user: StaffUser,
  search: URLSearchParams,
): Promise<Outcome<ActivityFilter>> {
  const zone = await zoneOf(db);
  const range = dayRange(
    // An empty field of the page's filter means the default, as a missing one does.
    {
      from: (search.get("von") ?? search.get("from")) || null,
      to: (search.get("bis") ?? search.get("to")) || null,
    },
    zone,
    1,
  );
  if (!range) return refused(400, `${de.loadError} ${de.errors.invalidDate}`);
  const rawBranch = search.get("filiale") ?? search.get("branch");
  let branches: "all" | number[] = user.isAdmin ? "all" : user.branchIds;
  if (rawBranch) {
    const id = parseId(rawBranch);
    if (!id) return refused(400, `${de.loadError} ${de.errors.invalidBranch}`);
    if (!canAccessBranch(user, id)) return refused(403, staffDe.errors.forbidden);
    branches = [id];
  }
  const rawUser = search.get("person") ?? search.get("user");
  const userId = rawUser ? parseId(rawUser) : null;
  if (rawUser && !userId) return refused(400, `${de.loadError} ${de.errors.invalidUser}`);
  return succeeded({ ...range, branches, userId, zone, now: new Date() });
}

/** The activities of the filter's days with each person's findings. */
export async function activityList(db: Db, user: StaffUser, search: URLSearchParams) {
  const filter = await activityFilter(db, user, search);
  if (!filter.ok) return filter;
  const rows = await listActivities(db, filter.value);
  const violations = await violationsOf(db, rows, filter.value);
  return succeeded({ filter: filter.value, rows, violations });
}

/** An activity of a branch the user works at, or null. */
export async function visibleActivity(db: Db, user: StaffUser, rawId: unknown) {
  const id = parseId(rawId);
  const row = id ? await findActivity(db, id) : null;
  return row && canAccessBranch(user, row.branchId) ? row : null;
}

/** A forgotten clock-in added by a manager, with a reason; the activity as it now stands. */
export async function createActivity(
  context: AreaContext,
  user: StaffUser,
  activity: NewActivity,
): Promise<Outcome<ActivityRow>> {
  const done = await addActivity(context.db, { user, activity, now: new Date(), context });
  if (!done.ok) return done;
  return succeeded((await findActivity(context.db, done.value.id))!);
}

/** A correction with a reason; the activity as it now stands. */
export async function correctVisibleActivity(
  context: AreaContext,
  user: StaffUser,
  row: ActivityRow,
  correction: Correction,
): Promise<Outcome<ActivityRow>> {
  const done = await correctActivity(context.db, {
    id: row.id,
    user,
    correction,
    now: new Date(),
    context,
  });
  if (!done.ok) return done;
  return succeeded((await findActivity(context.db, row.id))!);
}

/** A deletion with a reason; the day the activity began. */
export function deleteVisibleActivity(
  context: AreaContext,
  user: StaffUser,
  row: ActivityRow,
  reason: string,
) {
  return deleteActivity(context.db, { id: row.id, user, reason, now: new Date(), context });
}
