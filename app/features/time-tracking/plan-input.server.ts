import { DateTime } from "luxon";
import type { Db } from "#app/db/schema";
import { canAccessBranch } from "#app/domain/staff-permissions";
import { parseId, parseIsoDate } from "#app/domain/values";
import {
  addDaysTo,
  mondayOf,
  parseHalfDays,
  parseShiftTime,
  shiftEnd,
} from "#app/domain/working-plan";
import { dePlan as de } from "#app/i18n/de-working-plan";
import { deTimeTracking } from "#app/i18n/de-time-tracking";
import { de as staffDe } from "#app/i18n/de-staff";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { personAccess } from "#app/features/staff/who-manages-whom.server";
import { bad } from "./refused";
import { mayPlan, type NewShift } from "./working-plan.server";

/**
 * The working plan's input (decision 059), from a JSON body, a form or a query: each check throws
 * a `Refused` (app/features/time-tracking/refused.ts) whose German message starts with the
 * action's failure, and the service turns it into its `Outcome`.
 */

type Body = Record<string, unknown>;

export function branchFilter(
  user: StaffUser,
  raw: string | null,
  prefix: string,
): "all" | number[] {
  if (!raw) return user.isAdmin ? "all" : user.branchIds;
  const id = parseId(raw);
  if (!id) throw bad(400, `${prefix} ${de.errors.invalidBranch}`);
  if (!canAccessBranch(user, id)) throw bad(403, staffDe.errors.forbidden);
  return [id];
}

/** A branch of the body that the user works at. */
function ownBranchOf(user: StaffUser, raw: unknown, prefix: string, forbiddenPrefix: string) {
  const branchId = parseId(raw);
  if (!branchId) throw bad(400, `${prefix} ${de.errors.invalidBranch}`);
  if (!canAccessBranch(user, branchId)) {
    throw bad(403, `${forbiddenPrefix}${staffDe.errors.forbidden}`);
  }
  return branchId;
}

export async function plannablePerson(db: Db, user: StaffUser, raw: unknown, prefix: string) {
  const id = parseId(raw);
  if (!id) throw bad(400, `${prefix} ${de.errors.invalidUser}`);
  if (!(await mayPlan(db, user, id))) throw bad(404, `${prefix} ${de.errors.unknownPerson}`);
  return id;
}

/**
 * A person `user` may write about (contract, entitlement, absences): the one rule of who may
 * manage whom (decision 068). 404 for someone the user cannot see, 403 for a peer manager or an
 * employee shared with another branch; `view` for the reads about one person (the time sheet).
 */
export async function managedPerson(
  db: Db,
  user: StaffUser,
  raw: unknown,
  prefix: string,
  mode: "manage" | "view" = "manage",
) {
  const id = parseId(raw);
  if (!id) throw bad(400, `${prefix} ${de.errors.invalidUser}`);
  const access = await personAccess(db, user, id, mode);
  if (access.ok) return id;
  if (access.status === 403) throw bad(403, `${prefix} ${deTimeTracking.errors.notManaged}`);
  throw bad(404, `${prefix} ${de.errors.unknownPerson}`);
}

/** `from`/`to` of a query (default: the week of `today`), at most 62 days apart. */
export function weekRange(search: URLSearchParams, today: string, prefix: string) {
  const monday = mondayOf(today);
  const from = search.has("from") ? parseIsoDate(search.get("from")) : monday;
  const to = search.has("to") ? parseIsoDate(search.get("to")) : addDaysTo(from ?? monday, 6);
  if (!from || !to || from > to) throw bad(400, `${prefix} ${de.errors.invalidDate}`);
  if (DateTime.fromISO(to).diff(DateTime.fromISO(from), "days").days > 62) {
    throw bad(400, `${prefix} ${de.errors.invalidRange}`);
  }
  return { from, to };
}

/** An optional id of a query or body: null when absent, a refusal when it is no id. */
export function optionalId(raw: unknown, message: string) {
  if (raw === undefined || raw === null || raw === "") return null;
  const id = parseId(raw);
  if (!id) throw bad(400, message);
  return id;
}

/**
 * A shift to create or change (an end at or before the start is the next morning's: a night
 * shift, decision 065); `prefix` is section 8's failure of what is tried.
 */
export async function shiftInput(
  db: Db,
  user: StaffUser,
  body: Body,
  prefix: string = de.createError,
): Promise<NewShift> {
  const p = prefix;
  const branchId = ownBranchOf(user, body.branchId, p, `${p} `);
  const userId = await plannablePerson(db, user, body.userId, p);
  const day = parseIsoDate(body.day);
  if (!day) throw bad(400, `${p} ${de.errors.invalidDate}`);
  const startMinute = parseShiftTime(body.start);
  const rawEnd = parseShiftTime(body.end, true);
  const endMinute = startMinute === null || rawEnd === null ? null : shiftEnd(startMinute, rawEnd);
  if (startMinute === null || endMinute === null) throw bad(400, `${p} ${de.errors.invalidTime}`);
  const departmentId = optionalId(body.departmentId, `${p} ${de.errors.invalidDepartment}`);
  return { userId, branchId, departmentId, day, startMinute, endMinute };
}

/** The branch and week of "Vorwoche übernehmen". */
export function copyWeekInput(user: StaffUser, body: Body) {
  const p = de.errors.copyFailed;
  const branchId = ownBranchOf(user, body.branchId, p, "");
  const week = parseIsoDate(body.week);
  if (!week) throw bad(400, `${p} ${de.errors.invalidDate}`);
  return { branchId, monday: mondayOf(week) };
}

const KINDS = ["holiday", "sickness", "other"] as const;

export async function absenceInput(db: Db, user: StaffUser, body: Body) {
  const p = de.absenceError;
  const userId = await managedPerson(db, user, body.userId, p);
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

export function yearOf(raw: unknown, prefix: string) {
  const year = Number(raw);
  if (!Number.isInteger(year) || year < 1900 || year > 2999) {
    throw bad(400, `${prefix} ${de.errors.invalidYear}`);
  }
  return year;
}

/** A contract's weekday minutes and, with `holidayDays`, a year's holiday entitlement. */
export function contractInput(body: Body) {
  const p = de.contractError;
  const minutes =
    body.weekdayMinutes === undefined ? undefined : weekdayMinutesOf(body.weekdayMinutes);
  if (minutes === null) throw bad(400, `${p} ${de.errors.invalidMinutes}`);
  if (body.holidayDays === undefined) return { minutes, entitlement: undefined };
  const year = yearOf(body.year, p);
  const halfDays = parseHalfDays(body.holidayDays);
  const carryOverHalfDays =
    body.carryOverDays === undefined || body.carryOverDays === ""
      ? 0
      : parseHalfDays(body.carryOverDays);
  if (halfDays === null || carryOverHalfDays === null) {
    throw bad(400, `${p} ${de.errors.invalidDays}`);
  }
  return { minutes, entitlement: { year, halfDays, carryOverHalfDays } };
}
