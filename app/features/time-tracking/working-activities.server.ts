import type { AppLoadContext } from "@remix-run/node";
import { closedMonthProblem } from "./closed-months.server";
import { DateTime } from "luxon";
import type { Db } from "#app/db/schema";
import {
  timesProblem,
  workedMinutes,
  workingTimeViolations,
  type ActivityTimes,
  type Interval,
  type WorkingTimeViolation,
} from "#app/domain/working-time";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { audit, type StaffUser } from "#app/features/staff/staff-auth.server";
import { personAccess } from "#app/features/staff/who-manages-whom.server";
import { refused, succeeded, type Outcome, type Refusal } from "#app/server/outcome";

/**
 * The working activities as staff see and correct them (issue 21, decision 058): lists by branch,
 * person and days with the Arbeitszeitgesetz's findings, and corrections with a mandatory reason,
 * each written with its before and after into the audit log.
 */

export interface ActivityRow {
  id: number;
  userId: number;
  userName: string;
  branchId: number;
  branchName: string;
  departmentId: number | null;
  projectId: number | null;
  taskId: number | null;
  startedAt: Date;
  endedAt: Date | null;
  comment: string | null;
  source: string;
  pauses: Interval[];
  workedMinutes: number;
}

export interface ActivityFilter {
  /** Which branches' activities count: all (administrators) or these. */
  branches: "all" | readonly number[];
  userId?: number | null;
  /** Business days 'YYYY-MM-DD', both included. */
  from: string;
  to: string;
  zone: string;
  now: Date;
}

function bounds(from: string, to: string, zone: string) {
  return {
    start: DateTime.fromISO(from, { zone }).startOf("day").toJSDate(),
    end: DateTime.fromISO(to, { zone }).plus({ days: 1 }).startOf("day").toJSDate(),
  };
}

async function pausesOf(db: Db, ids: number[]) {
  const byActivity = new Map<number, Interval[]>();
  if (ids.length === 0) return byActivity;
  const rows = await db
    .selectFrom("workingActivityPauses")
    .select(["workingActivityId", "startedAt", "endedAt"])
    .where("workingActivityId", "in", ids)
    .orderBy("startedAt")
    .execute();
  for (const row of rows) {
    const list = byActivity.get(row.workingActivityId) ?? [];
    list.push({ startedAt: row.startedAt, endedAt: row.endedAt });
    byActivity.set(row.workingActivityId, list);
  }
  return byActivity;
}

/** Activities with their person's and branch's names: the list's and the single read's query. */
function activitiesWithNames(db: Db) {
  return db
    .selectFrom("workingActivities as a")
    .innerJoin("users as u", "u.id", "a.userId")
    .innerJoin("branches as b", "b.id", "a.branchId")
    .select([
      "a.id",
      "a.userId",
      "u.name as userName",
      "a.branchId",
      "b.name as branchName",
      "a.departmentId",
      "a.projectId",
      "a.taskId",
      "a.startedAt",
      "a.endedAt",
      "a.comment",
      "a.source",
    ]);
}

/**
 * The one rule of who may manage whom (decision 068) for a write about `userId`'s working time:
 * a manager may not add, correct or delete the activities of a peer manager or of an employee
 * shared with another branch (403), though the activity is at the manager's branch.
 */
async function notManaged(
  trx: Db,
  user: StaffUser,
  userId: number,
  prefix: string,
): Promise<Refusal | null> {
  const access = await personAccess(trx, user, userId);
  if (access.ok) return null;
  return refused(403, `${prefix} ${de.errors.notManaged}`);
}

/** Locks the person's row: their taps and corrections are served one after the other. */
async function lockPerson(trx: Db, userId: number) {
  await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
}

/** Activities that start within the days, newest first, at most 1,000. */
export async function listActivities(db: Db, filter: ActivityFilter): Promise<ActivityRow[]> {
  if (filter.branches !== "all" && filter.branches.length === 0) return [];
  const { start, end } = bounds(filter.from, filter.to, filter.zone);
  const rows = await activitiesWithNames(db)
    .where("a.startedAt", ">=", start)
    .where("a.startedAt", "<", end)
    .$if(filter.branches !== "all", (qb) =>
      qb.where("a.branchId", "in", filter.branches as number[]),
    )
    .$if(Boolean(filter.userId), (qb) => qb.where("a.userId", "=", filter.userId!))
    .orderBy("a.startedAt", "desc")
    .orderBy("a.id", "desc")
    .limit(1000)
    .execute();
  const pauses = await pausesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const withPauses = { ...row, pauses: pauses.get(row.id) ?? [] };
    return { ...withPauses, workedMinutes: Math.round(workedMinutes(withPauses, filter.now)) };
  });
}

export async function findActivity(db: Db, id: number): Promise<ActivityRow | null> {
  const row = await activitiesWithNames(db).where("a.id", "=", id).executeTakeFirst();
  if (!row) return null;
  const pauses = (await pausesOf(db, [id])).get(id) ?? [];
  return {
    ...row,
    pauses,
    workedMinutes: Math.round(workedMinutes({ ...row, pauses }, new Date())),
  };
}

export interface PersonViolations {
  userId: number;
  userName: string;
  violations: WorkingTimeViolation[];
}

/**
 * The Arbeitszeitgesetz's findings for everyone with activities in the rows' days. The rest rule
 * looks one day back, so the person's activities of the day before the range are read too (of any
 * branch: rest is the person's, not the branch's).
 */
export async function violationsOf(
  db: Db,
  rows: readonly ActivityRow[],
  filter: Pick<ActivityFilter, "from" | "to" | "zone" | "now">,
): Promise<PersonViolations[]> {
  const people = new Map<number, string>();
  for (const row of rows) people.set(row.userId, row.userName);
  if (people.size === 0) return [];
  const dayBefore = DateTime.fromISO(filter.from).minus({ days: 1 }).toISODate()!;
  const { start, end } = bounds(dayBefore, filter.to, filter.zone);
  const all = await db
    .selectFrom("workingActivities")
    .select(["id", "userId", "startedAt", "endedAt"])
    .where("userId", "in", [...people.keys()])
    .where("startedAt", ">=", start)
    .where("startedAt", "<", end)
    .execute();
  const pauses = await pausesOf(
    db,
    all.map((row) => row.id),
  );
  const found: PersonViolations[] = [];
  for (const [userId, userName] of people) {
    const activities: ActivityTimes[] = all
      .filter((row) => row.userId === userId)
      .map((row) => ({ ...row, pauses: pauses.get(row.id) ?? [] }));
    const violations = workingTimeViolations(activities, filter.zone, filter.now).filter(
      (violation) => violation.day >= filter.from && violation.day <= filter.to,
    );
    if (violations.length > 0) found.push({ userId, userName, violations });
  }
  return found;
}

export interface Correction {
  startedAt: Date;
  endedAt: Date | null;
  pauses: Interval[];
  comment: string | null;
  reason: string;
}

const snapshot = (row: {
  startedAt: Date;
  endedAt: Date | null;
  comment: string | null;
  pauses: Interval[];
}) => ({
  startedAt: row.startedAt.toISOString(),
  endedAt: row.endedAt?.toISOString() ?? null,
  comment: row.comment,
  pauses: row.pauses.map((pause) => ({
    startedAt: pause.startedAt.toISOString(),
    endedAt: pause.endedAt?.toISOString() ?? null,
  })),
});

/**
 * A correction by staff: in one transaction, with the person's row locked (against a tap on the
 * clock at the same moment), checked against their other activities, audited with the reason and
 * the before and after. 404 for an activity the user may not see (another branch's).
 */
export async function correctActivity(
  db: Db,
  input: {
    id: number;
    user: StaffUser;
    correction: Correction;
    now: Date;
    context?: Pick<AppLoadContext, "clientAddress">;
  },
): Promise<Outcome> {
  const { id, user, correction, now } = input;
  return db.transaction().execute(async (trx): Promise<Outcome> => {
    const current = await trx
      .selectFrom("workingActivities")
      .select(["id", "userId", "branchId", "startedAt", "endedAt", "comment"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!current || (!user.isAdmin && !user.branchIds.includes(current.branchId))) {
      return refused(404, de.errors.notFound);
    }
    await lockPerson(trx, current.userId);
    const unmanaged = await notManaged(trx, user, current.userId, de.updateError);
    if (unmanaged) return unmanaged;
    // A closed month (decision 059): neither the old nor the new times may lie in one.
    const closed = await closedMonthProblem(trx, [
      current.startedAt,
      current.endedAt,
      correction.startedAt,
      correction.endedAt,
    ]);
    if (closed) return refused(409, `${de.updateError} ${closed}`);
    const before = {
      ...current,
      pauses: (await pausesOf(trx, [id])).get(id) ?? [],
    };
    const others = await trx
      .selectFrom("workingActivities")
      .select(["startedAt", "endedAt"])
      .where("userId", "=", current.userId)
      .where("id", "<>", id)
      .execute();
    const problem = timesProblem(correction, others, now);
    if (problem) return refused(400, `${de.updateError} ${de.timesProblems[problem]}`);
    await trx
      .updateTable("workingActivities")
      .set({
        startedAt: correction.startedAt,
        endedAt: correction.endedAt,
        comment: correction.comment,
        updatedAt: now,
      })
      .where("id", "=", id)
      .execute();
    await trx.deleteFrom("workingActivityPauses").where("workingActivityId", "=", id).execute();
    if (correction.pauses.length > 0) {
      await trx
        .insertInto("workingActivityPauses")
        .values(
          correction.pauses.map((pause) => ({
            workingActivityId: id,
            startedAt: pause.startedAt,
            endedAt: pause.endedAt,
          })),
        )
        .execute();
    }
    await audit(trx, {
      user,
      action: "working-activity.correct",
      entityType: "working-activity",
      entityId: id,
      branchId: current.branchId,
      data: { reason: correction.reason, before: snapshot(before), after: snapshot(correction) },
      context: input.context,
      at: now,
    });
    return succeeded(undefined);
  });
}

/** The corrections of one activity, newest first (from the audit log). */
export async function correctionsOf(db: Db, id: number) {
  return db
    .selectFrom("auditLog")
    .leftJoin("users", "users.id", "auditLog.userId")
    .select(["auditLog.at", "auditLog.data", "users.name as userName"])
    .where("auditLog.entityType", "=", "working-activity")
    .where("auditLog.entityId", "=", String(id))
    .orderBy("auditLog.at", "desc")
    .orderBy("auditLog.id", "desc")
    .limit(50)
    .execute();
}

/** JSON shape of an activity in the API. */
export function activityJson(row: ActivityRow) {
  return {
    id: row.id,
    userId: row.userId,
    userName: row.userName,
    branchId: row.branchId,
    departmentId: row.departmentId,
    projectId: row.projectId,
    taskId: row.taskId,
    start: row.startedAt.toISOString(),
    end: row.endedAt?.toISOString() ?? null,
    pauses: row.pauses.map((pause) => ({
      start: pause.startedAt.toISOString(),
      end: pause.endedAt?.toISOString() ?? null,
    })),
    comment: row.comment,
    source: row.source,
    workedMinutes: row.workedMinutes,
  };
}

export interface NewActivity {
  userId: number;
  branchId: number;
  departmentId: number | null;
  projectId: number | null;
  taskId: number | null;
  startedAt: Date;
  endedAt: Date | null;
  pauses: Interval[];
  comment: string | null;
  reason: string;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "23505";

/**
 * An activity added by staff (decision 065): a forgotten clock-in, with its pauses, department,
 * project and task, and a mandatory reason. The person must work at the branch and the actor must
 * manage it; one transaction locks the person's row, refuses closed months and overlaps, writes the
 * activity and its pauses and an audit row (`working-activity.create`) with the reason.
 */
export async function addActivity(
  db: Db,
  input: {
    user: StaffUser;
    activity: NewActivity;
    now: Date;
    context?: Pick<AppLoadContext, "clientAddress">;
  },
): Promise<Outcome<{ id: number }>> {
  const { user, activity, now } = input;
  const refuse = (status: 400 | 403 | 404 | 409, message: string): Refusal =>
    refused(status, `${de.createError} ${message}`);
  if (!user.isAdmin && !user.branchIds.includes(activity.branchId)) {
    return refuse(403, de.errors.otherBranch);
  }
  try {
    return await db.transaction().execute(async (trx): Promise<Outcome<{ id: number }>> => {
      const person = await trx
        .selectFrom("users")
        .select("id")
        .where("id", "=", activity.userId)
        .forUpdate()
        .executeTakeFirst();
      const works = person
        ? await trx
            .selectFrom("userBranches")
            .select("userId")
            .where("userId", "=", activity.userId)
            .where("branchId", "=", activity.branchId)
            .executeTakeFirst()
        : undefined;
      if (!works) return refuse(403, de.errors.notAtBranch);
      const unmanaged = await notManaged(trx, user, activity.userId, de.createError);
      if (unmanaged) return unmanaged;
      if (activity.departmentId !== null) {
        const found = await trx
          .selectFrom("departments")
          .select("id")
          .where("id", "=", activity.departmentId)
          .executeTakeFirst();
        if (!found) return refuse(400, de.errors.invalidDepartment);
      }
      if (activity.projectId !== null) {
        const found = await trx
          .selectFrom("projects")
          .select("id")
          .where("id", "=", activity.projectId)
          .where("branchId", "=", activity.branchId)
          .executeTakeFirst();
        if (!found) return refuse(400, de.errors.invalidProject);
      }
      if (activity.taskId !== null) {
        const found = await trx
          .selectFrom("tasks")
          .select(["id", "projectId"])
          .where("id", "=", activity.taskId)
          .where("branchId", "=", activity.branchId)
          .executeTakeFirst();
        if (!found || (activity.projectId !== null && found.projectId !== activity.projectId)) {
          return refuse(400, de.errors.invalidTask);
        }
      }
      const closed = await closedMonthProblem(trx, [activity.startedAt, activity.endedAt]);
      if (closed) return refuse(409, closed);
      const others = await trx
        .selectFrom("workingActivities")
        .select(["startedAt", "endedAt"])
        .where("userId", "=", activity.userId)
        .execute();
      const problem = timesProblem(activity, others, now);
      if (problem) return refuse(problem === "overlap" ? 409 : 400, de.timesProblems[problem]);
      const row = await trx
        .insertInto("workingActivities")
        .values({
          userId: activity.userId,
          branchId: activity.branchId,
          departmentId: activity.departmentId,
          projectId: activity.projectId,
          taskId: activity.taskId,
          startedAt: activity.startedAt,
          endedAt: activity.endedAt,
          comment: activity.comment,
          source: "backoffice",
          createdAt: now,
          updatedAt: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (activity.pauses.length > 0) {
        await trx
          .insertInto("workingActivityPauses")
          .values(
            activity.pauses.map((pause) => ({
              workingActivityId: row.id,
              startedAt: pause.startedAt,
              endedAt: pause.endedAt,
            })),
          )
          .execute();
      }
      await audit(trx, {
        user,
        action: "working-activity.create",
        entityType: "working-activity",
        entityId: row.id,
        branchId: activity.branchId,
        data: {
          reason: activity.reason,
          before: null,
          after: {
            userId: activity.userId,
            departmentId: activity.departmentId,
            projectId: activity.projectId,
            taskId: activity.taskId,
            ...snapshot(activity),
          },
        },
        context: input.context,
        at: now,
      });
      return succeeded({ id: row.id });
    });
  } catch (error) {
    // Two open activities of one person: the partial unique index's last word.
    if (isUniqueViolation(error)) return refuse(409, de.timesProblems.overlap);
    throw error;
  }
}

/**
 * An activity deleted by staff (decision 065), with a mandatory reason: the row and its pauses
 * go, the audit row (`working-activity.delete`) keeps everything that was deleted. Closed months
 * refuse; another branch's activity answers 404.
 */
export async function deleteActivity(
  db: Db,
  input: {
    id: number;
    user: StaffUser;
    reason: string;
    now: Date;
    context?: Pick<AppLoadContext, "clientAddress">;
  },
): Promise<Outcome<{ day: Date }>> {
  const { id, user, now } = input;
  const notFound = refused(404, `${de.deleteError} ${de.errors.notFound}`);
  return db.transaction().execute(async (trx): Promise<Outcome<{ day: Date }>> => {
    const current = await trx
      .selectFrom("workingActivities")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!current || (!user.isAdmin && !user.branchIds.includes(current.branchId))) return notFound;
    await lockPerson(trx, current.userId);
    const unmanaged = await notManaged(trx, user, current.userId, de.deleteError);
    if (unmanaged) return unmanaged;
    const closed = await closedMonthProblem(trx, [current.startedAt, current.endedAt]);
    if (closed) return refused(409, `${de.deleteError} ${closed}`);
    const locked = await trx
      .selectFrom("workingActivities")
      .select("id")
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) return notFound;
    const pauses = (await pausesOf(trx, [id])).get(id) ?? [];
    await trx.deleteFrom("workingActivityPauses").where("workingActivityId", "=", id).execute();
    await trx.deleteFrom("workingActivities").where("id", "=", id).execute();
    await audit(trx, {
      user,
      action: "working-activity.delete",
      entityType: "working-activity",
      entityId: id,
      branchId: current.branchId,
      data: {
        reason: input.reason,
        before: {
          userId: current.userId,
          branchId: current.branchId,
          departmentId: current.departmentId,
          projectId: current.projectId,
          taskId: current.taskId,
          source: current.source,
          ...snapshot({ ...current, pauses }),
        },
        after: null,
      },
      context: input.context,
      at: now,
    });
    return succeeded({ day: current.startedAt });
  });
}
