import { DateTime } from "luxon";

/**
 * Pure rules of the working plan (issue 21, decision 059): shifts, contracts, absences, holiday
 * balances and the month's time sheet. Dates are business days 'YYYY-MM-DD'; times are minutes
 * after midnight of that day.
 */

export interface ShiftTimes {
  day: string;
  startMinute: number;
  endMinute: number;
}

/** 'HH:mm' → minutes after midnight; '24:00' only as an end. Anything else: null. */
export function parseShiftTime(value: unknown, asEnd = false): number | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59) return null;
  if (hours === 24 && minutes === 0 && asEnd) return 1440;
  if (hours > 23) return null;
  return hours * 60 + minutes;
}

export function minutesText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** A night shift runs at most this long; an end before the start beyond it is a typo. */
export const NIGHT_SHIFT_MAX_MINUTES = 12 * 60;

/**
 * A shift's end in minutes after midnight of its day (decision 065): an end before the start is
 * the next morning's (a night shift 22:00–06:00 ends at 1800) when the shift then lasts at most
 * 12 hours; longer (12:00–06:00) or an end equal to the start: null. '24:00' stays midnight.
 */
export function shiftEnd(startMinute: number, endMinute: number): number | null {
  if (endMinute > startMinute) return endMinute;
  if (endMinute === startMinute) return null;
  const next = endMinute + 1440;
  return next - startMinute <= NIGHT_SHIFT_MAX_MINUTES ? next : null;
}

/** 'HH:mm' of a shift's end; a night shift's next-day end as the clock shows it ('06:00'). */
export function shiftEndText(endMinute: number): string {
  return minutesText(endMinute > 1440 ? endMinute - 1440 : endMinute);
}

/** '22:00–06:00 (+1)' for a night shift, '06:00–14:00' for a day shift. */
export function shiftText(shift: Pick<ShiftTimes, "startMinute" | "endMinute">): string {
  const next = shift.endMinute > 1440 ? " (+1)" : "";
  return `${minutesText(shift.startMinute)}–${shiftEndText(shift.endMinute)}${next}`;
}

const dayNumber = (day: string) =>
  Math.round(DateTime.fromISO(day, { zone: "utc" }).toMillis() / 86_400_000);

/** Whether two shifts overlap, a night shift reaching into the next day included. */
export function shiftsOverlap(a: ShiftTimes, b: ShiftTimes): boolean {
  const offset = (dayNumber(b.day) - dayNumber(a.day)) * 1440;
  return a.startMinute < b.endMinute + offset && b.startMinute + offset < a.endMinute;
}

/** The first of `existing` that overlaps `shift`, or null. */
export function overlappingShift<T extends ShiftTimes>(existing: readonly T[], shift: ShiftTimes) {
  return existing.find((other) => shiftsOverlap(other, shift)) ?? null;
}

/** The Monday of the week of `day`. */
export function mondayOf(day: string): string {
  return DateTime.fromISO(day).startOf("week").toISODate()!;
}

export function addDaysTo(day: string, days: number): string {
  return DateTime.fromISO(day).plus({ days }).toISODate()!;
}

/** The first day of the month of `day`. */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** Whether `month` ('YYYY-MM') is a real month. */
export function parseMonth(value: unknown): string | null {
  if (typeof value !== "string" || !/^\d{4}-\d{2}$/.test(value)) return null;
  const parsed = DateTime.fromISO(`${value}-01`);
  if (!parsed.isValid || parsed.year < 1900 || parsed.year > 2999) return null;
  return `${value}-01`;
}

/** Every day of a month (its first day given). */
export function daysOfMonth(month: string): string[] {
  const first = DateTime.fromISO(month);
  return Array.from({ length: first.daysInMonth! }, (_, i) => first.plus({ days: i }).toISODate()!);
}

export interface DayAbsence {
  day: string;
  kind: "holiday" | "sickness" | "other";
  half: boolean;
}

/**
 * The expected minutes of a day: the contract's minutes of its weekday (Monday first), nothing on
 * a public holiday, half on a half-day absence and nothing on a whole one (kimai #5054).
 */
export function expectedMinutesOf(
  weekdayMinutes: readonly number[] | null,
  day: string,
  absence: DayAbsence | null,
  publicHoliday: boolean,
): number {
  if (!weekdayMinutes || publicHoliday) return 0;
  const target = weekdayMinutes[DateTime.fromISO(day).weekday - 1] ?? 0;
  if (!absence) return target;
  return absence.half ? Math.round(target / 2) : 0;
}

export interface HolidayBalance {
  /** In days (halves allowed). */
  entitlement: number;
  carryOver: number;
  taken: number;
  planned: number;
  remaining: number;
  sickDays: number;
}

/** A year's holiday balance; holidays up to `today` are taken, later ones planned. */
export function holidayBalanceOf(input: {
  halfDays: number;
  carryOverHalfDays: number;
  absences: readonly DayAbsence[];
  today: string;
}): HolidayBalance {
  let takenHalves = 0;
  let plannedHalves = 0;
  let sickHalves = 0;
  for (const absence of input.absences) {
    const halves = absence.half ? 1 : 2;
    if (absence.kind === "holiday") {
      if (absence.day <= input.today) takenHalves += halves;
      else plannedHalves += halves;
    } else if (absence.kind === "sickness") sickHalves += halves;
  }
  return {
    entitlement: input.halfDays / 2,
    carryOver: input.carryOverHalfDays / 2,
    taken: takenHalves / 2,
    planned: plannedHalves / 2,
    remaining: (input.halfDays + input.carryOverHalfDays - takenHalves - plannedHalves) / 2,
    sickDays: sickHalves / 2,
  };
}

/** Days (halves allowed) as half days; anything else (negative, thirds, huge): null. */
export function parseHalfDays(value: unknown): number | null {
  const number =
    typeof value === "string" && value.trim() ? Number(value.replace(",", ".")) : value;
  if (typeof number !== "number" || !Number.isFinite(number)) return null;
  const halves = number * 2;
  if (!Number.isInteger(halves) || halves < 0 || halves > 732) return null;
  return halves;
}

export interface TimeSheetDay {
  day: string;
  expectedMinutes: number;
  workedMinutes: number;
}

export function timeSheetTotals(days: readonly TimeSheetDay[]) {
  const expected = days.reduce((sum, d) => sum + d.expectedMinutes, 0);
  const worked = days.reduce((sum, d) => sum + d.workedMinutes, 0);
  return { expectedMinutes: expected, workedMinutes: worked, balanceMinutes: worked - expected };
}
