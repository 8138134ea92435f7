import type { AppLoadContext } from "@remix-run/node";
import { DateTime } from "luxon";
import { getSettings } from "../../db/queries/settings";
import { canAccessBranch } from "../../domain/staff-permissions";
import { parseId, parseIsoDate } from "../../domain/values";
import {
  addDaysTo,
  minutesText,
  mondayOf,
  parseHalfDays,
  parseMonth,
  parseShiftTime,
  shiftEnd,
  shiftEndText,
} from "../../domain/working-plan";
import { dePlan as de } from "../../i18n/de-working-plan";
import { deTimeTracking } from "../../i18n/de-time-tracking";
import { de as staffDe } from "../../i18n/de-staff";
import { audit, requireStaff, type StaffUser } from "../staff/staff-auth.server";
import { personAccess } from "../staff/who-manages-whom.server";
import {
  absencesOf,
  bookAbsence,
  closeMonth,
  closedMonths,
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
  type Done,
} from "./working-plan.server";

/**
 * The working plan's loaders and actions (issue 21's second half, decision 059): the managers'
 * week grid `/backend/working-schedules`, the time sheets `/backend/time-sheets` and the API
 * `/api/working-schedules`, `/api/absences`, `/api/working-contracts/{userId}`,
 * `/api/time-sheets`, `/api/time-sheets/holiday-balances` and `/api/closed-months`.
 */

const NO_STORE = { "Cache-Control": "no-store" };
const jsonError = (status: number, message: string) =>
  Response.json({ errors: [{ message }] }, { status, headers: NO_STORE });

class BadInput {
  constructor(
    readonly status: number,
    readonly message: string,
  ) {}
}

const bad = (status: number, message: string) => new BadInput(status, message);

async function zoneOf(context: AppLoadContext) {
  return (await getSettings(context.db)).businessTimeZone;
}

const today = (zone: string) => DateTime.now().setZone(zone).toISODate()!;

const requireManager = (request: Request, context: AppLoadContext) =>
  requireStaff(request, context, { roles: ["ROLE_MANAGER"] });

async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (type.includes("application/json")) {
      const text = await request.text();
      if (!text.trim()) return {};
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
        return parsed as Record<string, unknown>;
      }
      throw bad(400, staffDe.errors.badRequest);
    }
    if (type.includes("form")) return Object.fromEntries(await request.formData());
  } catch (error) {
    if (error instanceof BadInput) throw error;
    throw bad(400, staffDe.errors.badRequest);
  }
  return {};
}

function refuse(done: Done, prefix: string) {
  if (done.ok) return null;
  return bad(done.status, `${prefix} ${done.message}`);
}

/** Runs `work`, answering a BadInput as JSON. */
async function api(work: () => Promise<Response>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BadInput) return jsonError(error.status, error.message);
    throw error;
  }
}

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

function branchFilter(user: StaffUser, raw: string | null, prefix: string): "all" | number[] {
  if (!raw) return user.isAdmin ? "all" : user.branchIds;
  const id = parseId(raw);
  if (!id) throw bad(400, `${prefix} ${de.errors.invalidBranch}`);
  if (!canAccessBranch(user, id)) throw bad(403, staffDe.errors.forbidden);
  return [id];
}

async function plannablePerson(
  context: AppLoadContext,
  user: StaffUser,
  raw: unknown,
  prefix: string,
) {
  const id = parseId(raw);
  if (!id) throw bad(400, `${prefix} ${de.errors.invalidUser}`);
  if (!(await mayPlan(context.db, user, id)))
    throw bad(404, `${prefix} ${de.errors.unknownPerson}`);
  return id;
}

/**
 * A person `user` may write about (contract, entitlement, absences): the one rule of who may
 * manage whom (decision 068). 404 for someone the user cannot see, 403 for a peer manager or an
 * employee shared with another branch; `view` for the reads about one person (the time sheet).
 */
async function managedPerson(
  context: AppLoadContext,
  user: StaffUser,
  raw: unknown,
  prefix: string,
  mode: "manage" | "view" = "manage",
) {
  const id = parseId(raw);
  if (!id) throw bad(400, `${prefix} ${de.errors.invalidUser}`);
  const access = await personAccess(context.db, user, id, mode);
  if (access.ok) return id;
  if (access.status === 403) throw bad(403, `${prefix} ${deTimeTracking.errors.notManaged}`);
  throw bad(404, `${prefix} ${de.errors.unknownPerson}`);
}

function dateRange(search: URLSearchParams, zone: string, prefix: string) {
  const monday = mondayOf(today(zone));
  const from = search.has("from") ? parseIsoDate(search.get("from")) : monday;
  const to = search.has("to") ? parseIsoDate(search.get("to")) : addDaysTo(from ?? monday, 6);
  if (!from || !to || from > to) throw bad(400, `${prefix} ${de.errors.invalidDate}`);
  if (DateTime.fromISO(to).diff(DateTime.fromISO(from), "days").days > 62) {
    throw bad(400, `${prefix} ${de.errors.invalidRange}`);
  }
  return { from, to };
}

const shiftJson = (row: {
  id: number;
  userId: number;
  branchId: number;
  departmentId: number | null;
  day: string;
  startMinute: number;
  endMinute: number;
}) => ({
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

/** A new shift from a body; a refusal names what is wrong. */
async function shiftInput(context: AppLoadContext, user: StaffUser, body: Record<string, unknown>) {
  const p = de.saveError;
  const branchId = parseId(body.branchId);
  if (!branchId) throw bad(400, `${p} ${de.errors.invalidBranch}`);
  if (!canAccessBranch(user, branchId)) throw bad(403, `${p} ${staffDe.errors.forbidden}`);
  const userId = await plannablePerson(context, user, body.userId, p);
  const day = parseIsoDate(body.day);
  if (!day) throw bad(400, `${p} ${de.errors.invalidDate}`);
  const startMinute = parseShiftTime(body.start);
  const rawEnd = parseShiftTime(body.end, true);
  // An end at or before the start is the next morning's: a night shift (decision 065).
  const endMinute = startMinute === null || rawEnd === null ? null : shiftEnd(startMinute, rawEnd);
  if (startMinute === null || endMinute === null) throw bad(400, `${p} ${de.errors.invalidTime}`);
  const rawDepartment = body.departmentId;
  const departmentId =
    rawDepartment === undefined || rawDepartment === null || rawDepartment === ""
      ? null
      : parseId(rawDepartment);
  if (
    departmentId === null &&
    rawDepartment !== undefined &&
    rawDepartment !== null &&
    rawDepartment !== ""
  ) {
    throw bad(400, `${p} ${de.errors.invalidDepartment}`);
  }
  return { userId, branchId, departmentId, day, startMinute, endMinute };
}

// ——— /api/working-schedules ———

export const schedulesApi = (request: Request, context: AppLoadContext) =>
  api(async () => {
    const user = await requireManager(request, context);
    if (isRead(request)) {
      const search = new URL(request.url).searchParams;
      const zone = await zoneOf(context);
      const range = dateRange(search, zone, de.loadError);
      const branches = branchFilter(user, search.get("branch"), de.loadError);
      const rawUser = search.get("user");
      const userId = rawUser ? parseId(rawUser) : null;
      if (rawUser && !userId) throw bad(400, `${de.loadError} ${de.errors.invalidUser}`);
      const rawDepartment = search.get("department");
      const departmentId = rawDepartment ? parseId(rawDepartment) : null;
      if (rawDepartment && !departmentId) {
        throw bad(400, `${de.loadError} ${de.errors.invalidDepartment}`);
      }
      const rows = await listSchedules(context.db, { ...range, branches, userId, departmentId });
      return Response.json({ data: rows.map(shiftJson) }, { headers: NO_STORE });
    }
    if (request.method !== "POST") return jsonError(405, staffDe.errors.methodNotAllowed);
    const input = await shiftInput(context, user, await readBody(request));
    const done = await createShift(context.db, input);
    if (!done.ok) throw refuse(done, de.saveError);
    const id = (done as { id: number }).id;
    await audit(context.db, {
      user,
      action: "working-schedule.create",
      entityType: "working-schedule",
      entityId: id,
      branchId: input.branchId,
      context,
    });
    return Response.json({ data: shiftJson({ id, ...input }) }, { status: 201, headers: NO_STORE });
  });

export const scheduleApi = (request: Request, context: AppLoadContext, params: { id?: string }) =>
  api(async () => {
    const user = await requireManager(request, context);
    const id = parseId(params.id);
    const shift = id ? await findShift(context.db, id) : undefined;
    if (!shift || !canAccessBranch(user, shift.branchId)) {
      return jsonError(404, de.errors.notFound);
    }
    if (isRead(request)) return Response.json({ data: shiftJson(shift) }, { headers: NO_STORE });
    if (request.method !== "DELETE") return jsonError(405, staffDe.errors.methodNotAllowed);
    const done = await deleteShift(context.db, shift.id);
    if (!done.ok) throw refuse(done, de.deleteError);
    await audit(context.db, {
      user,
      action: "working-schedule.delete",
      entityType: "working-schedule",
      entityId: shift.id,
      branchId: shift.branchId,
      context,
    });
    return new Response(null, { status: 204 });
  });

async function copyWeek(context: AppLoadContext, user: StaffUser, body: Record<string, unknown>) {
  const p = de.errors.copyFailed;
  const branchId = parseId(body.branchId);
  if (!branchId) throw bad(400, `${p} ${de.errors.invalidBranch}`);
  if (!canAccessBranch(user, branchId)) throw bad(403, staffDe.errors.forbidden);
  const week = parseIsoDate(body.week);
  if (!week) throw bad(400, `${p} ${de.errors.invalidDate}`);
  const done = await copyPreviousWeek(context.db, { branchId, monday: mondayOf(week) });
  if (!done.ok) throw bad(done.status, done.message);
  await audit(context.db, {
    user,
    action: "working-schedule.copy-week",
    entityType: "working-schedule",
    branchId,
    data: { week: mondayOf(week), copied: done.copied },
    context,
  });
  return done.copied;
}

export const copyWeekApi = (request: Request, context: AppLoadContext) =>
  api(async () => {
    const user = await requireManager(request, context);
    if (request.method !== "POST") return jsonError(405, staffDe.errors.methodNotAllowed);
    const copied = await copyWeek(context, user, await readBody(request));
    return Response.json({ data: { copied } }, { status: 201, headers: NO_STORE });
  });

// ——— /api/absences ———

const KINDS = ["holiday", "sickness", "other"] as const;

async function absenceInput(
  context: AppLoadContext,
  user: StaffUser,
  body: Record<string, unknown>,
) {
  const p = de.absenceError;
  const userId = await managedPerson(context, user, body.userId, p);
  const from = parseIsoDate(body.from);
  const to = body.to === undefined || body.to === "" ? from : parseIsoDate(body.to);
  if (!from || !to) throw bad(400, `${p} ${de.errors.invalidDate}`);
  if (from > to) throw bad(400, `${p} ${de.errors.invalidRange}`);
  const kind = KINDS.find((k) => k === body.kind);
  if (!kind) throw bad(400, `${p} ${de.errors.invalidKind}`);
  const half = body.half === true || body.half === "on" || body.half === "true";
  if (
    body.half !== undefined &&
    typeof body.half !== "boolean" &&
    !["on", "true", "false"].includes(String(body.half))
  ) {
    throw bad(400, `${p} ${de.errors.halfDayOneDay}`);
  }
  return { userId, from, to, kind, half, createdBy: user.id };
}

async function book(context: AppLoadContext, user: StaffUser, body: Record<string, unknown>) {
  const input = await absenceInput(context, user, body);
  const done = await bookAbsence(context.db, input);
  if (!done.ok) throw refuse(done, de.absenceError);
  await audit(context.db, {
    user,
    action: "absence.create",
    entityType: "user",
    entityId: input.userId,
    data: { from: input.from, to: input.to, kind: input.kind, half: input.half },
    context,
  });
  return done.days;
}

export const absencesApi = (request: Request, context: AppLoadContext) =>
  api(async () => {
    const user = await requireManager(request, context);
    if (isRead(request)) {
      const search = new URL(request.url).searchParams;
      const zone = await zoneOf(context);
      const range = dateRange(search, zone, de.loadError);
      const people = await visiblePeople(context, user, search.get("branch"), search.get("user"));
      const rows = await absencesOf(context.db, people, range.from, range.to);
      return Response.json({ data: rows }, { headers: NO_STORE });
    }
    if (request.method !== "POST") return jsonError(405, staffDe.errors.methodNotAllowed);
    const days = await book(context, user, await readBody(request));
    return Response.json({ data: { days } }, { status: 201, headers: NO_STORE });
  });

export const absenceApi = (request: Request, context: AppLoadContext, params: { id?: string }) =>
  api(async () => {
    const user = await requireManager(request, context);
    const id = parseId(params.id);
    const row = id
      ? await context.db
          .selectFrom("absences")
          .select(["id", "userId"])
          .where("id", "=", id)
          .executeTakeFirst()
      : undefined;
    if (!row || !(await mayPlan(context.db, user, row.userId))) {
      return jsonError(404, de.errors.notFound);
    }
    if (request.method !== "DELETE") return jsonError(405, staffDe.errors.methodNotAllowed);
    await managedPerson(context, user, row.userId, de.absenceError);
    const done = await deleteAbsence(context.db, row.id);
    if (!done.ok) throw refuse(done, de.absenceError);
    await audit(context.db, {
      user,
      action: "absence.delete",
      entityType: "user",
      entityId: row.userId,
      context,
    });
    return new Response(null, { status: 204 });
  });

async function visiblePeople(
  context: AppLoadContext,
  user: StaffUser,
  rawBranch: string | null,
  rawUser: string | null,
) {
  const branches = branchFilter(user, rawBranch, de.loadError);
  if (rawUser) return [await plannablePerson(context, user, rawUser, de.loadError)];
  const rows = await context.db
    .selectFrom("users as u")
    .select("u.id")
    .$if(branches !== "all", (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom("userBranches as ub")
            .select("ub.userId")
            .whereRef("ub.userId", "=", "u.id")
            .where(
              "ub.branchId",
              "in",
              (branches as number[]).length ? (branches as number[]) : [0],
            ),
        ),
      ),
    )
    .execute();
  return rows.map((r) => r.id);
}

// ——— Holiday balances, contracts ———

export const balancesApi = (request: Request, context: AppLoadContext) =>
  api(async () => {
    const user = await requireManager(request, context);
    if (!isRead(request)) return jsonError(405, staffDe.errors.methodNotAllowed);
    const search = new URL(request.url).searchParams;
    const zone = await zoneOf(context);
    const p = de.balancesLoadError;
    const year = search.has("year") ? Number(search.get("year")) : Number(today(zone).slice(0, 4));
    if (!Number.isInteger(year) || year < 1900 || year > 2999) {
      throw bad(400, `${p} ${de.errors.invalidYear}`);
    }
    const branches = branchFilter(user, search.get("branch"), p);
    const userId = search.get("user")
      ? await plannablePerson(context, user, search.get("user"), p)
      : null;
    const rows = await holidayBalances(context.db, { branches, year, today: today(zone), userId });
    return Response.json({ data: rows }, { headers: NO_STORE });
  });

function weekdayMinutesOf(value: unknown): number[] | null {
  if (!Array.isArray(value) || value.length !== 7) return null;
  const minutes = value.map((v) =>
    typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 1440
      ? v
      : typeof v === "string"
        ? v === ""
          ? 0
          : parseShiftTime(v, true)
        : null,
  );
  return minutes.every((m) => m !== null) ? (minutes as number[]) : null;
}

async function saveContract(
  context: AppLoadContext,
  user: StaffUser,
  userId: number,
  body: Record<string, unknown>,
) {
  const p = de.contractError;
  await managedPerson(context, user, userId, p);
  const minutes =
    body.weekdayMinutes === undefined ? undefined : weekdayMinutesOf(body.weekdayMinutes);
  if (minutes === null) throw bad(400, `${p} ${de.errors.invalidMinutes}`);
  let entitlement: { year: number; halfDays: number; carryOverHalfDays: number } | undefined;
  if (body.holidayDays !== undefined) {
    const year = Number(body.year);
    if (!Number.isInteger(year) || year < 1900 || year > 2999)
      throw bad(400, `${p} ${de.errors.invalidYear}`);
    const halfDays = parseHalfDays(body.holidayDays);
    const carryOverHalfDays =
      body.carryOverDays === undefined || body.carryOverDays === ""
        ? 0
        : parseHalfDays(body.carryOverDays);
    if (halfDays === null || carryOverHalfDays === null)
      throw bad(400, `${p} ${de.errors.invalidDays}`);
    entitlement = { year, halfDays, carryOverHalfDays };
  }
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
}

export const contractApi = (
  request: Request,
  context: AppLoadContext,
  params: { userId?: string },
) =>
  api(async () => {
    const user = await requireManager(request, context);
    const id = parseId(params.userId);
    if (!id || !(await mayPlan(context.db, user, id)))
      return jsonError(404, de.errors.unknownPerson);
    if (request.method === "PUT") await saveContract(context, user, id, await readBody(request));
    else if (!isRead(request)) return jsonError(405, staffDe.errors.methodNotAllowed);
    const minutes = await contractOf(context.db, id);
    return Response.json({ data: { userId: id, weekdayMinutes: minutes } }, { headers: NO_STORE });
  });

// ——— Time sheets and closed months ———

async function sheetFor(context: AppLoadContext, user: StaffUser, search: URLSearchParams) {
  const zone = await zoneOf(context);
  const month = search.get("month")
    ? parseMonth(search.get("month"))
    : `${today(zone).slice(0, 7)}-01`;
  if (!month) throw bad(400, `${de.loadError} ${de.errors.invalidMonth}`);
  // Only what the viewer may see (issue 35, finding 8c): the sheet of someone they manage (or
  // their own), and of a manager's people only the hours at the manager's branches.
  const userId = await managedPerson(context, user, search.get("user"), de.loadError, "view");
  const branches = user.isAdmin || userId === user.id ? "all" : user.branchIds;
  return timeSheetOf(context.db, { userId, month, zone, now: new Date(), branches });
}

export const timeSheetApi = (request: Request, context: AppLoadContext) =>
  api(async () => {
    const user = await requireManager(request, context);
    if (!isRead(request)) return jsonError(405, staffDe.errors.methodNotAllowed);
    const sheet = await sheetFor(context, user, new URL(request.url).searchParams);
    return Response.json({ data: sheet }, { headers: NO_STORE });
  });

export const closedMonthsApi = (request: Request, context: AppLoadContext) =>
  api(async () => {
    if (isRead(request)) {
      await requireManager(request, context);
      return Response.json({ data: await closedMonths(context.db) }, { headers: NO_STORE });
    }
    const user = await requireStaff(request, context, { roles: ["ROLE_ADMIN"] });
    if (request.method !== "POST") return jsonError(405, staffDe.errors.methodNotAllowed);
    const body = await readBody(request);
    const month = parseMonth(body.month);
    if (!month) throw bad(400, `${de.closeError} ${de.errors.invalidMonth}`);
    const done = await closeMonth(context.db, month, user.id);
    if (!done.ok) throw refuse(done, de.closeError);
    await audit(context.db, {
      user,
      action: "month.close",
      entityType: "month",
      data: { month },
      context,
    });
    return Response.json(
      { data: { month: month.slice(0, 7) } },
      { status: 201, headers: NO_STORE },
    );
  });

export {
  BadInput,
  bad,
  copyWeek,
  book,
  saveContract,
  sheetFor,
  shiftInput,
  branchFilter,
  zoneOf,
  today,
};
