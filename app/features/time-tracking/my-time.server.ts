import { DateTime } from "luxon";
import type { Db } from "#app/db/schema";
import { formatTime } from "#app/domain/format";
import { canAccessBranch } from "#app/domain/staff-permissions";
import { parseId } from "#app/domain/values";
import { addDaysTo, shiftText } from "#app/domain/working-plan";
import { isValidCardNumber, isValidPin, type ClockAction } from "#app/domain/working-time";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { dePlan } from "#app/i18n/de-working-plan";
import { refused, succeeded, type Outcome } from "#app/server/outcome";
import { audit, type StaffUser } from "#app/features/staff/staff-auth.server";
import { activityView } from "./activity-views.server";
import { tapNotice } from "./clock-device.server";
import {
  clock,
  clockCredentialsOf,
  setClockCredentials,
  stateOf,
  type ClockTap,
} from "./clock.server";
import { ownBranches, todayIn, zoneOf, type AreaContext } from "./staff-scope.server";
import { listActivities } from "./working-activities.server";
import { listSchedules } from "./working-plan.server";

/**
 * "Meine Arbeitszeit" (decision 058): the signed-in person's state, last activities and planned
 * shifts, their own taps at one of their branches and their own PIN and card.
 */

export async function myTimeView(db: Db, user: StaffUser, search: URLSearchParams) {
  const zone = await zoneOf(db);
  const now = new Date();
  const today = todayIn(zone);
  const [branches, { state, open }, credentials, recent, shifts] = await Promise.all([
    ownBranches(db, user),
    stateOf(db, user.id),
    clockCredentialsOf(db, user.id),
    listActivities(db, {
      branches: "all",
      userId: user.id,
      from: addDaysTo(today, -13),
      to: today,
      zone,
      now,
    }),
    myShifts(db, user, today),
  ]);
  return {
    branches,
    state,
    since: open ? formatTime(open.startedAt, zone) : null,
    openBranchId: open?.branchId ?? null,
    credentials,
    recent: recent.slice(0, 20).map((row) => activityView(row, zone)),
    notice:
      search.get("gespeichert") === "1"
        ? de.mine.credentialsSaved
        : await tapNotice(db, search.get("erfasst"), null, zone),
    ...shifts,
  };
}

/** "Meine Schichten": the person's shifts of the next 14 days (decision 059). */
async function myShifts(db: Db, user: StaffUser, from: string) {
  try {
    const [rows, branches] = await Promise.all([
      listSchedules(db, { branches: "all", userId: user.id, from, to: addDaysTo(from, 13) }),
      db.selectFrom("branches").select(["id", "name"]).execute(),
    ]);
    const names = new Map(branches.map((b) => [b.id, b.name]));
    return {
      shifts: rows.map((s) => {
        const day = DateTime.fromISO(s.day);
        const date = `${dePlan.weekdays[day.weekday - 1]} ${day.toFormat("dd.MM.yyyy")}`;
        return `${date}: ${shiftText(s)} · ${names.get(s.branchId) ?? ""}`;
      }),
      shiftsProblem: null as string | null,
    };
  } catch {
    return { shifts: [] as string[], shiftsProblem: dePlan.loadError as string | null };
  }
}

/** The person's own new PIN and/or card (empty fields keep what is set). */
export async function setOwnCredentials(
  context: AreaContext,
  user: StaffUser,
  input: { pin: string; card: string },
): Promise<Outcome> {
  const { pin, card } = input;
  if (pin && !isValidPin(pin)) return refused(400, de.errors.pinInvalid);
  if (card && !isValidCardNumber(card)) return refused(400, de.errors.cardInvalid);
  const saved = await setClockCredentials(context.db, user.id, {
    ...(pin ? { pin } : {}),
    ...(card ? { card } : {}),
  });
  if (!saved.ok) return saved;
  await audit(context.db, {
    user,
    action: "clock-credentials.update",
    entityType: "user",
    entityId: user.id,
    data: { pin: Boolean(pin), card: Boolean(card) },
    context,
  });
  return succeeded(undefined);
}

/** The person's own tap at one of their branches. */
export async function tapForMyself(
  db: Db,
  user: StaffUser,
  action: ClockAction,
  rawBranchId: unknown,
): Promise<Outcome<ClockTap>> {
  const branchId = parseId(rawBranchId);
  if (!branchId) return refused(400, `${de.failed[action]} ${de.errors.invalidBranch}`);
  if (!canAccessBranch(user, branchId)) {
    return refused(403, `${de.failed[action]} ${de.identify.notAtBranch}`);
  }
  return clock(db, { userId: user.id, branchId, action, now: new Date(), source: "self" });
}
