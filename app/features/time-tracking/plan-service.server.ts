import type { Db } from "#app/db/schema";
import { canAccessBranch } from "#app/domain/staff-permissions";
import { parseId } from "#app/domain/values";
import { minutesText, parseMonth, shiftEndText } from "#app/domain/working-plan";
import { dePlan as de } from "#app/i18n/de-working-plan";
import { type Outcome } from "#app/server/outcome";
import { audit, type StaffUser } from "#app/features/staff/staff-auth.server";
import {
  absenceInput,
  branchFilter,
  contractInput,
  copyWeekInput,
  managedPerson,
  optionalId,
  plannablePerson,
  shiftInput,
  weekRange,
  yearOf,
} from "./plan-input.server";
import { bad, outcomeOf, valueOf } from "./refused";
import { todayIn, zoneOf, type AreaContext } from "./staff-scope.server";
import {
  absencesOf,
  bookAbsence,
  closeMonth,
  contractOf,
  copyPreviousWeek,
  createShift,
  deleteAbsence,
  deleteShift,
  findShift,
  holidayBalances,
  listSchedules,
  mayPlan,
  setContract,
  setEntitlement,
  timeSheetOf,
  updateShift,
} from "./working-plan.server";

/**
 * The working plan's services (issue 21's second half, decision 059): shifts, "Vorwoche
 * übernehmen", absences, contracts and holiday balances, time sheets and closed months. The week
 * grid and the time sheet pages and the API (`/api/working-schedules`, `/api/absences`,
 * `/api/working-contracts/{userId}`, `/api/time-sheets`, `/api/closed-months`) answer from here,
 * each write audited.
 */

type Body = Record<string, unknown>;

interface ShiftRow {
  id: number;
  userId: number;
  branchId: number;
  departmentId: number | null;
  day: string;
  startMinute: number;
  endMinute: number;
}

export const shiftJson = (row: ShiftRow) => ({
  id: row.id,
  userId: row.userId,
  branchId: row.branchId,
  departmentId: row.departmentId,
  day: row.day,
  start: minutesText(row.startMinute),
  end: shiftEndText(row.endMinute),
  /** A night shift ends the next day (decision 065). */
  endsNextDay: row.endMinute > 1440,
});

/** The shifts of a query's days (`from`, `to`, `branch`, `user`, `department`). */
export function shiftsOf(db: Db, user: StaffUser, search: URLSearchParams) {
  return outcomeOf(async () => {
    const range = weekRange(search, todayIn(await zoneOf(db)), de.loadError);
    const branches = branchFilter(user, search.get("branch"), de.loadError);
    const userId = optionalId(search.get("user"), `${de.loadError} ${de.errors.invalidUser}`);
    const departmentId = optionalId(
      search.get("department"),
      `${de.loadError} ${de.errors.invalidDepartment}`,
    );
    const rows = await listSchedules(db, { ...range, branches, userId, departmentId });
    return rows.map(shiftJson);
  });
}

/** A new shift, audited. */
export function planShift(context: AreaContext, user: StaffUser, body: Body) {
  return outcomeOf(async () => {
    const input = await shiftInput(context.db, user, body);
    const { id } = valueOf(await createShift(context.db, input), de.createError);
    await audit(context.db, {
      user,
      action: "working-schedule.create",
      entityType: "working-schedule",
      entityId: id,
      branchId: input.branchId,
      context,
    });
    return shiftJson({ id, ...input });
  });
}

/** The fields of a shift a change may name; the others stay as they are. */
export const SHIFT_FIELDS = ["userId", "branchId", "departmentId", "day", "start", "end"] as const;

/**
 * A shift changed (decision 100): the fields sent replace the shift's, the whole checked as a new
 * one is (the branch and person the user may plan, times, overlap, closed months), audited with
 * the shift before and after.
 */
export function changeShift(context: AreaContext, user: StaffUser, shift: ShiftRow, body: Body) {
  return outcomeOf(async () => {
    const before = shiftJson(shift);
    const merged: Body = { ...before };
    for (const field of SHIFT_FIELDS) if (field in body) merged[field] = body[field];
    const input = await shiftInput(context.db, user, merged, de.updateError);
    valueOf(await updateShift(context.db, shift.id, input), de.updateError);
    const after = shiftJson({ id: shift.id, ...input });
    await audit(context.db, {
      user,
      action: "working-schedule.update",
      entityType: "working-schedule",
      entityId: shift.id,
      branchId: input.branchId,
      data: { before, after },
      context,
    });
    return after;
  });
}

/** A shift of one of the user's branches, or null. */
export async function visibleShift(db: Db, user: StaffUser, rawId: unknown) {
  const id = parseId(rawId);
  const shift = id ? await findShift(db, id) : undefined;
  return shift && canAccessBranch(user, shift.branchId) ? shift : null;
}

export function removeShift(context: AreaContext, user: StaffUser, shift: ShiftRow) {
  return outcomeOf(async () => {
    valueOf(await deleteShift(context.db, shift.id), de.deleteError);
    await audit(context.db, {
      user,
      action: "working-schedule.delete",
      entityType: "working-schedule",
      entityId: shift.id,
      branchId: shift.branchId,
      context,
    });
  });
}

/** "Vorwoche übernehmen": how many shifts were copied. */
export function copyWeek(context: AreaContext, user: StaffUser, body: Body) {
  return outcomeOf(async () => {
    const { branchId, monday } = copyWeekInput(user, body);
    const { copied } = valueOf(await copyPreviousWeek(context.db, { branchId, monday }));
    await audit(context.db, {
      user,
      action: "working-schedule.copy-week",
      entityType: "working-schedule",
      branchId,
      data: { week: monday, copied },
      context,
    });
    return copied;
  });
}

/** The absences of a query's days, of one person or of the branches' people. */
export function absencesFor(db: Db, user: StaffUser, search: URLSearchParams) {
  return outcomeOf(async () => {
    const range = weekRange(search, todayIn(await zoneOf(db)), de.loadError);
    const branches = branchFilter(user, search.get("branch"), de.loadError);
    const rawUser = search.get("user");
    const people = rawUser
      ? [await plannablePerson(db, user, rawUser, de.loadError)]
      : await peopleOf(db, branches);
    return absencesOf(db, people, range.from, range.to);
  });
}

async function peopleOf(db: Db, branches: "all" | number[]) {
  const rows = await db
    .selectFrom("users as u")
    .select("u.id")
    .$if(branches !== "all", (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom("userBranches as ub")
            .select("ub.userId")
            .whereRef("ub.userId", "=", "u.id")
            .where("ub.branchId", "in", branches === "all" || !branches.length ? [0] : branches),
        ),
      ),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** Books an absence (all its days or none), audited; how many days. */
export function bookAbsenceFor(context: AreaContext, user: StaffUser, body: Body) {
  return outcomeOf(async () => {
    const input = await absenceInput(context.db, user, body);
    const { days } = valueOf(await bookAbsence(context.db, input), de.absenceError);
    await audit(context.db, {
      user,
      action: "absence.create",
      entityType: "user",
      entityId: input.userId,
      data: { from: input.from, to: input.to, kind: input.kind, half: input.half },
      context,
    });
    return days;
  });
}

/** An absence of someone the user may plan, or null. */
export async function visibleAbsence(db: Db, user: StaffUser, rawId: unknown) {
  const id = parseId(rawId);
  const row = id
    ? await db
        .selectFrom("absences")
        .select(["id", "userId"])
        .where("id", "=", id)
        .executeTakeFirst()
    : undefined;
  return row && (await mayPlan(db, user, row.userId)) ? row : null;
}

export function removeAbsence(
  context: AreaContext,
  user: StaffUser,
  row: { id: number; userId: number },
) {
  return outcomeOf(async () => {
    await managedPerson(context.db, user, row.userId, de.absenceError);
    valueOf(await deleteAbsence(context.db, row.id), de.absenceError);
    await audit(context.db, {
      user,
      action: "absence.delete",
      entityType: "user",
      entityId: row.userId,
      context,
    });
  });
}

/** The holiday balances of a year (`year`, `branch`, `user`). */
export function balancesFor(db: Db, user: StaffUser, search: URLSearchParams) {
  return outcomeOf(async () => {
    const today = todayIn(await zoneOf(db));
    const p = de.balancesLoadError;
    const year = search.has("year") ? yearOf(search.get("year"), p) : Number(today.slice(0, 4));
    const branches = branchFilter(user, search.get("branch"), p);
    const userId = search.get("user")
      ? await plannablePerson(db, user, search.get("user"), p)
      : null;
    return holidayBalances(db, { branches, year, today, userId });
  });
}

/** Whether the user may plan the person of `rawId` (the contract's read and write). */
export async function plannableId(db: Db, user: StaffUser, rawId: unknown) {
  const id = parseId(rawId);
  return id && (await mayPlan(db, user, id)) ? id : null;
}

export async function contractFor(db: Db, userId: number) {
  return { userId, weekdayMinutes: await contractOf(db, userId) };
}

/** A contract's weekday minutes and/or a year's holiday entitlement, in one audited write. */
export function saveContract(context: AreaContext, user: StaffUser, userId: number, body: Body) {
  return outcomeOf(async () => {
    await managedPerson(context.db, user, userId, de.contractError);
    const { minutes, entitlement } = contractInput(body);
    await context.db.transaction().execute(async (trx) => {
      if (minutes) await setContract(trx, userId, minutes);
      if (entitlement) await setEntitlement(trx, { userId, ...entitlement });
      await audit(trx, {
        user,
        action: "working-contract.update",
        entityType: "user",
        entityId: userId,
        data: { weekdayMinutes: minutes ?? null, entitlement: entitlement ?? null },
        context,
      });
    });
  });
}

/**
 * A person's month (`month`, `user`): only what the viewer may see (issue 35, finding 8c), the
 * sheet of someone they manage (or their own), and of a manager's people only the hours at the
 * manager's branches.
 */
export function sheetFor(db: Db, user: StaffUser, query: { month: string | null; user: unknown }) {
  return outcomeOf(async () => {
    const zone = await zoneOf(db);
    const month = query.month ? parseMonth(query.month) : `${todayIn(zone).slice(0, 7)}-01`;
    if (!month) throw bad(400, `${de.loadError} ${de.errors.invalidMonth}`);
    const userId = await managedPerson(db, user, query.user, de.loadError, "view");
    const branches = user.isAdmin || userId === user.id ? "all" : user.branchIds;
    return timeSheetOf(db, { userId, month, zone, now: new Date(), branches });
  });
}

/** Closes a month for good (administrators), audited; the month 'YYYY-MM'. */
export async function closeMonthBy(
  context: AreaContext,
  user: StaffUser,
  raw: unknown,
): Promise<Outcome<string>> {
  return outcomeOf(async () => {
    const month = parseMonth(raw);
    if (!month) throw bad(400, `${de.closeError} ${de.errors.invalidMonth}`);
    valueOf(await closeMonth(context.db, month, user.id), de.closeError);
    await audit(context.db, {
      user,
      action: "month.close",
      entityType: "month",
      data: { month },
      context,
    });
    return month.slice(0, 7);
  });
}
