import { DateTime } from "luxon";

/**
 * The rules of working time (issue 21, decision 058), pure: what the clock may do next, whether a
 * corrected activity is sound, and the Arbeitszeitgesetz's limits (§§ 3, 4, 5 ArbZG). Times are
 * `Date`s; the business time zone decides which day an activity belongs to.
 */

export type ClockAction = "start" | "end" | "pause" | "resume";
export const CLOCK_ACTIONS: readonly ClockAction[] = ["start", "end", "pause", "resume"];

export interface Interval {
  startedAt: Date;
  endedAt: Date | null;
}

export interface ActivityTimes extends Interval {
  pauses: Interval[];
}

export type ClockState = "off" | "working" | "paused";

export type ClockProblem =
  "alreadyWorking" | "notWorking" | "alreadyPaused" | "notPaused" | "endBeforeStart" | "overlap";

/** Where a person stands: no open activity, working, or in a pause. */
export function clockState(open: ActivityTimes | null): ClockState {
  if (!open || open.endedAt) return "off";
  return open.pauses.some((pause) => pause.endedAt === null) ? "paused" : "working";
}

/**
 * Whether `action` may happen at `now`, given the person's open activity (or null) and the latest
 * end of their closed activities (an activity corrected into the future blocks a new start).
 * Ending during a pause ends the pause too; so the answer names what to write.
 */
export function clockTransition(
  action: ClockAction,
  open: ActivityTimes | null,
  now: Date,
  latestEnd: Date | null = null,
): { ok: true } | { ok: false; problem: ClockProblem } {
  const state = clockState(open);
  const fail = (problem: ClockProblem) => ({ ok: false as const, problem });
  switch (action) {
    case "start":
      if (state !== "off") return fail("alreadyWorking");
      if (latestEnd && latestEnd > now) return fail("overlap");
      return { ok: true };
    case "end":
    case "pause": {
      if (state === "off") return fail("notWorking");
      if (action === "pause" && state === "paused") return fail("alreadyPaused");
      const since = lastMoment(open!);
      if (now <= since) return fail("endBeforeStart");
      return { ok: true };
    }
    case "resume": {
      if (state !== "paused") return fail("notPaused");
      if (now <= lastMoment(open!)) return fail("endBeforeStart");
      return { ok: true };
    }
  }
}

/** The latest moment an activity records (its start or a pause's start or end). */
function lastMoment(activity: ActivityTimes): Date {
  let latest = activity.startedAt;
  for (const pause of activity.pauses) {
    if (pause.startedAt > latest) latest = pause.startedAt;
    if (pause.endedAt && pause.endedAt > latest) latest = pause.endedAt;
  }
  return latest;
}

export type TimesProblem =
  | "endBeforeStart"
  | "pauseOutside"
  | "pauseEndBeforeStart"
  | "pausesOverlap"
  | "openPauseInClosedActivity"
  | "overlap"
  | "inFuture";

/**
 * Whether a corrected activity is sound: ends after it starts, its pauses lie inside it and do not
 * overlap, it starts no later than `now`, and it overlaps none of the person's other activities.
 */
export function timesProblem(
  activity: ActivityTimes,
  others: readonly Interval[],
  now: Date,
): TimesProblem | null {
  const { startedAt, endedAt } = activity;
  if (startedAt > now) return "inFuture";
  if (endedAt && endedAt <= startedAt) return "endBeforeStart";
  const pauses = [...activity.pauses].sort((a, b) => +a.startedAt - +b.startedAt);
  for (const [index, pause] of pauses.entries()) {
    if (pause.endedAt && pause.endedAt <= pause.startedAt) return "pauseEndBeforeStart";
    if (pause.startedAt < startedAt) return "pauseOutside";
    if (endedAt && (pause.startedAt >= endedAt || (pause.endedAt && pause.endedAt > endedAt)))
      return "pauseOutside";
    if (pause.endedAt === null && (endedAt || index < pauses.length - 1))
      return "openPauseInClosedActivity";
    const next = pauses[index + 1];
    if (next && pause.endedAt && next.startedAt < pause.endedAt) return "pausesOverlap";
  }
  const end = endedAt ?? new Date(8.64e15);
  for (const other of others) {
    const otherEnd = other.endedAt ?? new Date(8.64e15);
    if (other.startedAt < end && startedAt < otherEnd) return "overlap";
  }
  return null;
}

const MINUTE = 60_000;

/** Minutes worked: the activity (until `now` while open) less its pauses. */
export function workedMinutes(activity: ActivityTimes, now: Date): number {
  const end = activity.endedAt ?? now;
  return Math.max(0, (+end - +activity.startedAt) / MINUTE - pauseMinutes(activity, end));
}

export function pauseMinutes(activity: ActivityTimes, now: Date): number {
  let total = 0;
  for (const pause of activity.pauses) {
    const end = pause.endedAt ?? now;
    total += Math.max(0, (+end - +pause.startedAt) / MINUTE);
  }
  return total;
}

/**
 * An activity's worked minutes per calendar day of the business time zone (decision 065): a night
 * shift 22:00–06:00 gives 120 minutes to its start day and 360 to the next, each pause taken off
 * the day it falls on. The time sheet (payroll, night supplements) counts this way; the
 * Arbeitszeitgesetz's working day (`workingDays`) keeps the whole shift on its start day.
 */
export function minutesPerDay(
  activity: ActivityTimes,
  zone: string,
  now: Date,
): { day: string; minutes: number }[] {
  const end = activity.endedAt ?? now;
  if (end <= activity.startedAt) return [];
  const days: { day: string; minutes: number }[] = [];
  let cursor = DateTime.fromJSDate(activity.startedAt, { zone }).startOf("day");
  while (cursor.toJSDate() < end) {
    const next = cursor.plus({ days: 1 }).startOf("day");
    const from = new Date(Math.max(+cursor.toJSDate(), +activity.startedAt));
    const to = new Date(Math.min(+next.toJSDate(), +end));
    let minutes = (+to - +from) / MINUTE;
    for (const pause of activity.pauses) {
      const pauseEnd = pause.endedAt ?? end;
      const overlap = Math.min(+pauseEnd, +to) - Math.max(+pause.startedAt, +from);
      if (overlap > 0) minutes -= overlap / MINUTE;
    }
    days.push({ day: cursor.toISODate()!, minutes: Math.max(0, minutes) });
    cursor = next;
  }
  return days;
}

export type WorkingTimeViolation =
  | { kind: "breakAfterSix"; day: string; workedMinutes: number; breakMinutes: number }
  | { kind: "breakAfterNine"; day: string; workedMinutes: number; breakMinutes: number }
  | { kind: "overTen"; day: string; workedMinutes: number }
  | { kind: "shortRest"; day: string; restMinutes: number };

export interface WorkingDay {
  /** 'YYYY-MM-DD' in the business time zone: the day an activity starts on. */
  day: string;
  workedMinutes: number;
  /** Pauses plus the gaps between the day's activities. */
  breakMinutes: number;
  firstStart: Date;
  lastEnd: Date;
}

/** One person's activities summed per day (the day each starts on). */
export function workingDays(
  activities: readonly ActivityTimes[],
  zone: string,
  now: Date,
): WorkingDay[] {
  const sorted = [...activities].sort((a, b) => +a.startedAt - +b.startedAt);
  const days = new Map<string, WorkingDay>();
  for (const activity of sorted) {
    const day = DateTime.fromJSDate(activity.startedAt, { zone }).toISODate()!;
    const end = activity.endedAt ?? now;
    const worked = workedMinutes(activity, now);
    const breaks = pauseMinutes(activity, end);
    const entry = days.get(day);
    if (!entry) {
      days.set(day, {
        day,
        workedMinutes: worked,
        breakMinutes: breaks,
        firstStart: activity.startedAt,
        lastEnd: end,
      });
    } else {
      const gap = Math.max(0, (+activity.startedAt - +entry.lastEnd) / MINUTE);
      entry.workedMinutes += worked;
      entry.breakMinutes += breaks + gap;
      if (end > entry.lastEnd) entry.lastEnd = end;
    }
  }
  return [...days.values()];
}

/**
 * The Arbeitszeitgesetz's limits for one person's activities: more than 6 h work needs 30 min
 * break, more than 9 h needs 45 min (§ 4), at most 10 h a day (§ 3), at least 11 h rest between
 * two working days (§ 5).
 */
export function workingTimeViolations(
  activities: readonly ActivityTimes[],
  zone: string,
  now: Date,
): WorkingTimeViolation[] {
  const days = workingDays(activities, zone, now);
  const found: WorkingTimeViolation[] = [];
  for (const [index, day] of days.entries()) {
    const worked = Math.round(day.workedMinutes);
    const breaks = Math.round(day.breakMinutes);
    if (worked > 9 * 60 && breaks < 45) {
      found.push({
        kind: "breakAfterNine",
        day: day.day,
        workedMinutes: worked,
        breakMinutes: breaks,
      });
    } else if (worked > 6 * 60 && breaks < 30) {
      found.push({
        kind: "breakAfterSix",
        day: day.day,
        workedMinutes: worked,
        breakMinutes: breaks,
      });
    }
    if (worked > 10 * 60) found.push({ kind: "overTen", day: day.day, workedMinutes: worked });
    const before = days[index - 1];
    if (before) {
      const rest = Math.round((+day.firstStart - +before.lastEnd) / MINUTE);
      if (rest < 11 * 60) found.push({ kind: "shortRest", day: day.day, restMinutes: rest });
    }
  }
  return found;
}

/** '7:05' for 425 minutes. */
export function hoursText(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** Ten wrong PINs in a row lock the person's PIN entry on the clock for this long. */
export const PIN_MAX_FAILURES = 10;
export const PIN_LOCK_MINUTES = 15;

/** The failure count and lock after one more wrong PIN. */
export function afterWrongPin(
  failures: number,
  now: Date,
): { failures: number; lockedUntil: Date | null } {
  const next = failures + 1;
  if (next >= PIN_MAX_FAILURES) {
    return { failures: 0, lockedUntil: new Date(+now + PIN_LOCK_MINUTES * MINUTE) };
  }
  return { failures: next, lockedUntil: null };
}

/** A PIN is 4 to 8 digits. */
export function isValidPin(value: unknown): value is string {
  return typeof value === "string" && /^\d{4,8}$/.test(value);
}

/**
 * A card names its person alone, without a PIN, so it must resist guessing (issue 35, finding 4;
 * decision 068): at least 8 characters (a card reader types the card's UID, 8 to 20 digits or hex
 * characters), 8 to 64 letters, digits or dashes. Cards of 4 to 7 characters set before no
 * longer open the clock.
 */
export const CARD_MIN_LENGTH = 8;

export function isValidCardNumber(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.length >= CARD_MIN_LENGTH &&
    /^[A-Za-z0-9-]{1,64}$/.test(value)
  );
}
