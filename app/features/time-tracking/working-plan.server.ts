import { sql } from "kysely";
import { DateTime } from "luxon";
import type { Db } from "#app/db/schema";
import {
  addDaysTo,
  daysOfMonth,
  expectedMinutesOf,
  holidayBalanceOf,
  overlappingShift,
  timeSheetTotals,
  type DayAbsence,
  type ShiftTimes,
} from "#app/domain/working-plan";
import { minutesPerDay } from "#app/domain/working-time";
import { dePlan as de } from "#app/i18n/de-working-plan";
import { publicHolidays } from "#app/features/branches/holidays.server";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { isMonthClosed } from "./closed-months.server";
import { listActivities } from "./working-activities.server";
import { firstMessage, refused, succeeded, type Outcome, type Refusal } from "#app/server/outcome";

export { isMonthClosed };

/**
 * The working plan's data (issue 21, decision 059): shifts, contracts, absences, holiday balances,
 * time sheets and closed months. Every write runs in one transaction that first locks the person's
 * row, so two managers planning the same person at once cannot both slip an overlap past the
 * check; a closed month refuses every write.
 */

async function lockPerson(trx: Db, userId: number) {
  return trx
    .selectFrom("users")
    .select(["id", "name"])
    .where("id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
}

async function worksAt(db: Db, userId: number, branchId: number) {
  const row = await db
    .selectFrom("userBranches")
    .select("userId")
    .where("userId", "=", userId)
    .where("branchId", "=", branchId)
    .executeTakeFirst();
  return Boolean(row);
}

/** Whether `actor` may plan `userId`: the person works at one of the actor's branches. */
export async function mayPlan(db: Db, actor: StaffUser, userId: number): Promise<boolean> {
  const rows = await db
    .selectFrom("userBranches")
    .select("branchId")
    .where("userId", "=", userId)
    .execute();
  const exists = await db
    .selectFrom("users")
    .select("id")
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!exists) return false;
  if (actor.isAdmin) return true;
  return rows.some((row) => actor.branchIds.includes(row.branchId));
}

export interface ScheduleRow extends ShiftTimes {
  id: number;
  userId: number;
  userName: string;
  branchId: number;
  departmentId: number | null;
}

export async function listSchedules(
  db: Db,
  filter: {
    branches: "all" | number[];
    from: string;
    to: string;
    userId?: number | null;
    departmentId?: number | null;
  },
): Promise<ScheduleRow[]> {
  if (filter.branches !== "all" && filter.branches.length === 0) return [];
  return db
    .selectFrom("workingSchedules as s")
    .innerJoin("users as u", "u.id", "s.userId")
    .select([
      "s.id",
      "s.userId",
      "u.name as userName",
      "s.branchId",
      "s.departmentId",
      sql<string>`to_char(s.day, 'YYYY-MM-DD')`.as("day"),
      "s.startMinute",
      "s.endMinute",
    ])
    .where("s.day", ">=", filter.from)
    .where("s.day", "<=", filter.to)
    .$if(filter.branches !== "all", (qb) =>
      qb.where("s.branchId", "in", filter.branches as number[]),
    )
    .$if(Boolean(filter.userId), (qb) => qb.where("s.userId", "=", filter.userId!))
    .$if(Boolean(filter.departmentId), (qb) =>
      qb.where("s.departmentId", "=", filter.departmentId!),
    )
    .orderBy("s.day")
    .orderBy("s.startMinute")
    .orderBy("u.name")
    .execute();
}

export interface NewShift extends ShiftTimes {
  userId: number;
  branchId: number;
  departmentId: number | null;
}

async function shiftProblem(
  trx: Db,
  shift: NewShift,
  planned: readonly ShiftTimes[],
  /** The shift being changed: not an overlap with itself. */
  replacing: number | null = null,
): Promise<Refusal | null> {
  if (await isMonthClosed(trx, shift.day)) return refused(409, de.errors.monthClosed);
  if (!(await worksAt(trx, shift.userId, shift.branchId))) {
    return refused(403, de.errors.otherBranchPerson);
  }
  if (shift.departmentId !== null) {
    const department = await trx
      .selectFrom("departments")
      .select("id")
      .where("id", "=", shift.departmentId)
      .executeTakeFirst();
    if (!department) return refused(400, de.errors.invalidDepartment);
  }
  const existing = await trx
    .selectFrom("workingSchedules")
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"), "startMinute", "endMinute"])
    .where("userId", "=", shift.userId)
    // A night shift of the day before reaches into this one, this one into the next (decision 065).
    .where("day", ">=", addDaysTo(shift.day, -1))
    .where("day", "<=", addDaysTo(shift.day, 1))
    .$if(replacing !== null, (qb) => qb.where("id", "!=", replacing!))
    .execute();
  if (overlappingShift([...existing, ...planned], shift)) return refused(409, de.errors.overlap);
  return null;
}

export async function createShift(db: Db, shift: NewShift): Promise<Outcome<{ id: number }>> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockPerson(trx, shift.userId))) return refused(404, de.errors.unknownPerson);
    const problem = await shiftProblem(trx, shift, []);
    if (problem) return problem;
    const row = await trx
      .insertInto("workingSchedules")
      .values(shift)
      .returning("id")
      .executeTakeFirstOrThrow();
    return succeeded({ id: row.id });
  });
}

export async function findShift(db: Db, id: number) {
  return db
    .selectFrom("workingSchedules")
    .select([
      "id",
      "userId",
      "branchId",
      "departmentId",
      sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"),
      "startMinute",
      "endMinute",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}

/**
 * A shift changed in place (decision 100): the checks of a new one (closed month, the person works
 * at the branch, the department, no overlap with the person's other shifts), and the month of the
 * day it had must be open too. Both people are locked when it moves to someone else.
 */
export async function updateShift(db: Db, id: number, shift: NewShift): Promise<Outcome> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("workingSchedules")
      .select(["userId", sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day")])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) return refused(404, de.errors.notFound);
    if (await isMonthClosed(trx, current.day)) return refused(409, de.errors.monthClosed);
    for (const userId of [...new Set([current.userId, shift.userId])].sort((a, b) => a - b)) {
      if (!(await lockPerson(trx, userId))) return refused(404, de.errors.unknownPerson);
    }
    const problem = await shiftProblem(trx, shift, [], id);
    if (problem) return problem;
    await trx.updateTable("workingSchedules").set(shift).where("id", "=", id).execute();
    return succeeded(undefined);
  });
}

export async function deleteShift(db: Db, id: number): Promise<Outcome> {
  return db.transaction().execute(async (trx) => {
    const shift = await findShift(trx, id);
    if (!shift) return refused(404, de.errors.notFound);
    if (await isMonthClosed(trx, shift.day)) return refused(409, de.errors.monthClosed);
    await trx.deleteFrom("workingSchedules").where("id", "=", id).execute();
    return succeeded(undefined);
  });
}

/**
 * "Vorwoche übernehmen": the branch's shifts of the week before `monday`, seven days later.
 * All or nothing: an overlap or a closed month refuses the whole copy.
 */
export async function copyPreviousWeek(
  db: Db,
  input: { branchId: number; monday: string },
): Promise<Outcome<{ copied: number }>> {
  return db.transaction().execute(async (trx) => {
    const previous = await listSchedules(trx, {
      branches: [input.branchId],
      from: addDaysTo(input.monday, -7),
      to: addDaysTo(input.monday, -1),
    });
    if (previous.length === 0) return refused(400, de.errors.nothingToCopy);
    const planned: (ShiftTimes & { userId: number })[] = [];
    for (const userId of [...new Set(previous.map((s) => s.userId))].sort((a, b) => a - b)) {
      await lockPerson(trx, userId);
    }
    for (const old of previous) {
      const shift: NewShift = {
        userId: old.userId,
        branchId: old.branchId,
        departmentId: old.departmentId,
        day: addDaysTo(old.day, 7),
        startMinute: old.startMinute,
        endMinute: old.endMinute,
      };
      const problem = await shiftProblem(
        trx,
        shift,
        planned.filter((p) => p.userId === shift.userId),
      );
      if (problem) {
        return refused(
          problem.status,
          `${de.errors.copyFailed} ${old.userName}, ${DateTime.fromISO(shift.day).toFormat("dd.MM.yyyy")}: ${firstMessage(problem)}`,
        );
      }
      planned.push(shift);
    }
    await trx
      .insertInto("workingSchedules")
      .values(
        planned.map((shift) => ({
          userId: shift.userId,
          branchId: (shift as NewShift).branchId,
          departmentId: (shift as NewShift).departmentId,
          day: shift.day,
          startMinute: shift.startMinute,
          endMinute: shift.endMinute,
        })),
      )
      .execute();
    return succeeded({ copied: planned.length });
  });
}

// ——— Contracts, entitlements, absences ———

export async function contractOf(db: Db, userId: number): Promise<number[] | null> {
  const row = await db
    .selectFrom("workingContracts")
    .select("weekdayMinutes")
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row ? row.weekdayMinutes.map(Number) : null;
}

export async function setContract(db: Db, userId: number, weekdayMinutes: number[]) {
  await db
    .insertInto("workingContracts")
    .values({ userId, weekdayMinutes })
    .onConflict((oc) => oc.column("userId").doUpdateSet({ weekdayMinutes, updatedAt: new Date() }))
    .execute();
}

export async function setEntitlement(
  db: Db,
  input: { userId: number; year: number; halfDays: number; carryOverHalfDays: number },
) {
  await db
    .insertInto("holidayEntitlements")
    .values(input)
    .onConflict((oc) =>
      oc.columns(["userId", "year"]).doUpdateSet({
        halfDays: input.halfDays,
        carryOverHalfDays: input.carryOverHalfDays,
      }),
    )
    .execute();
}

export async function absencesOf(db: Db, userIds: number[], from: string, to: string) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom("absences")
    .select(["id", "userId", sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"), "kind", "half"])
    .where("userId", "in", userIds)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .orderBy("day")
    .execute();
}

/** Books an absence from `from` to `to` (both included); all days or none. */
export async function bookAbsence(
  db: Db,
  input: {
    userId: number;
    from: string;
    to: string;
    kind: DayAbsence["kind"];
    half: boolean;
    createdBy: number;
  },
): Promise<Outcome<{ days: number }>> {
  const span = DateTime.fromISO(input.to).diff(DateTime.fromISO(input.from), "days").days;
  if (span < 0 || span > 61) return refused(400, de.errors.invalidRange);
  if (input.half && span !== 0) return refused(400, de.errors.halfDayOneDay);
  return db.transaction().execute(async (trx) => {
    if (!(await lockPerson(trx, input.userId))) return refused(404, de.errors.unknownPerson);
    const days: string[] = [];
    for (let i = 0; i <= span; i++) days.push(addDaysTo(input.from, i));
    for (const day of days) {
      if (await isMonthClosed(trx, day)) return refused(409, de.errors.monthClosed);
    }
    const taken = await absencesOf(trx, [input.userId], input.from, input.to);
    if (taken.length > 0) {
      return refused(
        409,
        de.errors.alreadyAbsent(DateTime.fromISO(taken[0]!.day).toFormat("dd.MM.yyyy")),
      );
    }
    await trx
      .insertInto("absences")
      .values(
        days.map((day) => ({
          userId: input.userId,
          day,
          kind: input.kind,
          half: input.half,
          createdBy: input.createdBy,
        })),
      )
      .execute();
    return succeeded({ days: days.length });
  });
}

export async function deleteAbsence(db: Db, id: number): Promise<Outcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("absences")
      .select(["id", sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day")])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return refused(404, de.errors.notFound);
    if (await isMonthClosed(trx, row.day)) return refused(409, de.errors.monthClosed);
    await trx.deleteFrom("absences").where("id", "=", id).execute();
    return succeeded(undefined);
  });
}

/** The staff of `branches` (or of every branch) with their holiday balance of `year`. */
export async function holidayBalances(
  db: Db,
  input: { branches: "all" | number[]; year: number; today: string; userId?: number | null },
) {
  if (input.branches !== "all" && input.branches.length === 0) return [];
  const people = await db
    .selectFrom("users as u")
    .select(["u.id", "u.name"])
    .$if(input.branches !== "all", (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom("userBranches as ub")
            .select("ub.userId")
            .whereRef("ub.userId", "=", "u.id")
            .where("ub.branchId", "in", input.branches as number[]),
        ),
      ),
    )
    .$if(Boolean(input.userId), (qb) => qb.where("u.id", "=", input.userId!))
    .orderBy("u.name")
    .execute();
  const ids = people.map((p) => p.id);
  const [entitlements, absences] = await Promise.all([
    ids.length
      ? db
          .selectFrom("holidayEntitlements")
          .selectAll()
          .where("userId", "in", ids)
          .where("year", "=", input.year)
          .execute()
      : [],
    absencesOf(db, ids, `${input.year}-01-01`, `${input.year}-12-31`),
  ]);
  return people.map((person) => {
    const entitlement = entitlements.find((e) => e.userId === person.id);
    return {
      userId: person.id,
      name: person.name,
      year: input.year,
      ...holidayBalanceOf({
        halfDays: entitlement?.halfDays ?? 0,
        carryOverHalfDays: entitlement?.carryOverHalfDays ?? 0,
        absences: absences.filter((a) => a.userId === person.id),
        today: input.today,
      }),
    };
  });
}

// ——— Time sheets and closed months ———

export async function timeSheetOf(
  db: Db,
  input: {
    userId: number;
    month: string;
    zone: string;
    now: Date;
    /** Whose branches' hours count (decision 068): all, or the viewing manager's. */
    branches?: "all" | readonly number[];
  },
) {
  const days = daysOfMonth(input.month);
  const from = days[0]!;
  const to = days[days.length - 1]!;
  const [contract, absences, activities, branch, closed] = await Promise.all([
    contractOf(db, input.userId),
    absencesOf(db, [input.userId], from, to),
    // A night shift begun the evening before the month counts its morning minutes here.
    listActivities(db, {
      branches: input.branches ?? "all",
      userId: input.userId,
      from: addDaysTo(from, -1),
      to,
      zone: input.zone,
      now: input.now,
    }),
    db
      .selectFrom("userBranches as ub")
      .innerJoin("branches as b", "b.id", "ub.branchId")
      .select(["b.holidayCountry", "b.holidayRegion"])
      .where("ub.userId", "=", input.userId)
      .orderBy("b.position")
      .executeTakeFirst(),
    isMonthClosed(db, from),
  ]);
  const holidays = new Set(
    publicHolidays(branch?.holidayCountry ?? "DE", branch?.holidayRegion ?? null, from, to),
  );
  const worked = new Map<string, number>();
  // Worked minutes per calendar day, split at midnight (decision 065).
  const exact = new Map<string, number>();
  for (const activity of activities) {
    for (const part of minutesPerDay(activity, input.zone, input.now)) {
      exact.set(part.day, (exact.get(part.day) ?? 0) + part.minutes);
    }
  }
  for (const [day, minutes] of exact) worked.set(day, Math.round(minutes));
  const rows = days.map((day) => {
    const absence = absences.find((a) => a.day === day) ?? null;
    return {
      day,
      absence: absence ? { kind: absence.kind, half: absence.half } : null,
      publicHoliday: holidays.has(day),
      expectedMinutes: expectedMinutesOf(contract, day, absence, holidays.has(day)),
      workedMinutes: worked.get(day) ?? 0,
    };
  });
  return { month: input.month.slice(0, 7), closed, days: rows, ...timeSheetTotals(rows) };
}

export async function closeMonth(db: Db, month: string, closedBy: number): Promise<Outcome> {
  const row = await db
    .insertInto("closedMonths")
    .values({ month, closedBy })
    .onConflict((oc) => oc.column("month").doNothing())
    .returning("month")
    .executeTakeFirst();
  return row ? succeeded(undefined) : refused(409, de.errors.alreadyClosed);
}

export async function closedMonths(db: Db) {
  return db
    .selectFrom("closedMonths")
    .select([sql<string>`to_char(month, 'YYYY-MM')`.as("month"), "closedAt"])
    .orderBy("month", "desc")
    .execute();
}
