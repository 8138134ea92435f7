import { DateTime } from "luxon";
import { cachedZone } from "./cached-zone";

/** The business's wall clock unless a branch or setting says otherwise (see decision 004). */
export const BUSINESS_TIME_ZONE = "Europe/Berlin";

/**
 * An instant as callers hold it: a luxon DateTime, a JS Date from the database driver, or an ISO
 * string. Every domain function accepts all three so that services need no conversions; strings
 * without an offset (`2025-03-30T08:00`, `2025-03-30`) are read as wall-clock time in the zone.
 * Instants that domain functions return are ISO strings with the zone's offset.
 */
export type Instant = DateTime | Date | string;

/** A calendar date `YYYY-MM-DD` in the business's zone. */
export type IsoDate = string;

/** A wall-clock time `HH:mm`. */
export type WallClock = string;

export const MINUTES_PER_DAY = 24 * 60;

export const WEEKDAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;

export type Weekday = (typeof WEEKDAYS)[number];

/** The instant in the given zone; an unreadable instant or zone is a programming error. */
export function inZone(instant: Instant, zone: string = BUSINESS_TIME_ZONE): DateTime<true> {
  const cached = cachedZone(zone);
  const zoned = DateTime.isDateTime(instant)
    ? instant.setZone(cached)
    : instant instanceof Date
      ? DateTime.fromJSDate(instant, { zone: cached })
      : DateTime.fromISO(instant, { zone: cached });
  if (!zoned.isValid) {
    throw new RangeError(
      `Ungültiger Zeitpunkt ${String(instant)}: ${zoned.invalidExplanation ?? ""}`,
    );
  }
  return zoned;
}

const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Minutes since midnight for `HH:mm`. PostgreSQL `time` columns answer `HH:mm:ss`, so seconds
 * are accepted and must be zero; `24:00` is accepted as the end of the day.
 */
export function minutesOfClock(clock: WallClock): number {
  const match = CLOCK.exec(clock.trim());
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  const seconds = Number(match?.[3] ?? 0);
  const valid =
    match !== null &&
    minutes < 60 &&
    seconds === 0 &&
    (hours < 24 || (hours === 24 && minutes === 0));
  if (!valid) throw new RangeError(`Ungültige Uhrzeit ${clock}, erwartet HH:mm`);
  return hours * 60 + minutes;
}

export function isWallClock(value: string): boolean {
  try {
    minutesOfClock(value);
    return true;
  } catch {
    return false;
  }
}

/** `HH:mm` for minutes since midnight (0–1440). */
export function clockOfMinutes(minutes: number): WallClock {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The weekday of a calendar date, independent of any zone. */
export function weekdayOf(date: IsoDate): Weekday {
  // Plain UTC arithmetic for the usual `YYYY-MM-DD` (hot, like addDays below).
  const time = utcDay(date);
  if (time !== null) return WEEKDAYS[(new Date(time).getUTCDay() + 6) % 7]!;
  const day = DateTime.fromISO(date, { zone: "utc" });
  const weekday = WEEKDAYS[day.weekday - 1];
  if (!day.isValid || weekday === undefined) throw new RangeError(`Ungültiges Datum ${date}`);
  return weekday;
}

/** The calendar date `days` after `date`. */
export function addDays(date: IsoDate, days: number): IsoDate {
  // Plain UTC arithmetic for the usual `YYYY-MM-DD` (hot: opening hours walk 180 days with it).
  const day = utcDay(date);
  if (day !== null) {
    const shifted = new Date(day);
    shifted.setUTCDate(shifted.getUTCDate() + days);
    if (shifted.getUTCFullYear() >= 1000 && shifted.getUTCFullYear() <= 9999) {
      return shifted.toISOString().slice(0, 10);
    }
  }
  return DateTime.fromISO(date, { zone: "utc" }).plus({ days }).toISODate() ?? date;
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  const start = utcDay(from);
  const end = utcDay(to);
  if (start !== null && end !== null) return Math.round((end - start) / 86_400_000);
  const startTime = DateTime.fromISO(from, { zone: "utc" });
  const endTime = DateTime.fromISO(to, { zone: "utc" });
  return Math.round(endTime.diff(startTime, "days").days);
}

/** Midnight UTC of a real `YYYY-MM-DD` date (years 1000-9999) in milliseconds, else null. */
function utcDay(date: IsoDate): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match || Number(match[1]) < 1000) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(time).toISOString().slice(0, 10) === date ? time : null;
}

/**
 * The instant at which the wall clock in `zone` shows `minutes` after midnight of `date`; minutes
 * beyond 1440 fall on the following days. A time the clocks skip (02:30 on the last Sunday of
 * March) moves forward by the gap, as luxon does; a time that occurs twice (02:30 on the last
 * Sunday of October) is taken at its first occurrence, so that a range starting then is whole.
 */
export function atWallClock(date: IsoDate, minutes: number, zone: string): DateTime<true> {
  const dayOffset = Math.floor(minutes / MINUTES_PER_DAY);
  const minuteOfDay = minutes - dayOffset * MINUTES_PER_DAY;
  const day = DateTime.fromISO(addDays(date, dayOffset), { zone: "utc" });
  const local = DateTime.fromObject(
    {
      year: day.year,
      month: day.month,
      day: day.day,
      hour: Math.floor(minuteOfDay / 60),
      minute: minuteOfDay % 60,
    },
    { zone: cachedZone(zone) },
  );
  if (!local.isValid) throw new RangeError(`Ungültige Zeitzone ${zone}`);
  const [first] = local.getPossibleOffsets();
  return first?.isValid ? first : local;
}

/** Midnight at the start of `date` in `zone`. */
export function startOfDate(date: IsoDate, zone: string): DateTime<true> {
  return atWallClock(date, 0, zone);
}

/** The calendar date of an instant in `zone`. */
export function dateOf(instant: Instant, zone: string = BUSINESS_TIME_ZONE): IsoDate {
  return inZone(instant, zone).toISODate();
}

/** Days a staff page may look back or ahead: a year each way is more than any bakery plans. */
export const MAX_DAYS_AWAY = 366;

/**
 * A day a staff member asked for in an address (`?tag=2026-12-24`): the day, or why not — not a
 * calendar day in `YYYY-MM-DD` ("bad"), or more than `maxDaysAway` from today ("far").
 */
export function readNearDay(
  text: string,
  today: IsoDate,
  maxDaysAway: number = MAX_DAYS_AWAY,
): { day: IsoDate } | { problem: "bad" | "far" } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || !DateTime.fromISO(text).isValid) {
    return { problem: "bad" };
  }
  if (Math.abs(daysBetween(today, text)) > maxDaysAway) return { problem: "far" };
  return { day: text };
}
