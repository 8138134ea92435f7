import { DateTime } from "luxon";
import { parseIsoDate } from "./values";

/**
 * The date ranges of the statistics (decision 055): whole business days `from`..`to`, both
 * included, at most MAX_RANGE_DAYS long. Pure: `today` is passed in (a business day 'YYYY-MM-DD').
 */
export const MAX_RANGE_DAYS = 731;

export interface DayRange {
  from: string;
  to: string;
}

export type RangeProblem = "missing" | "invalidFrom" | "invalidTo" | "fromAfterTo" | "tooLong";

export function parseRange(
  from: string | null | undefined,
  to: string | null | undefined,
): { range: DayRange } | { problem: RangeProblem } {
  if (!from || !to) return { problem: "missing" };
  const start = parseIsoDate(from);
  if (!start) return { problem: "invalidFrom" };
  const end = parseIsoDate(to);
  if (!end) return { problem: "invalidTo" };
  if (start > end) return { problem: "fromAfterTo" };
  if (dayCount({ from: start, to: end }) > MAX_RANGE_DAYS) return { problem: "tooLong" };
  return { range: { from: start, to: end } };
}

const day = (iso: string) => DateTime.fromISO(iso, { zone: "utc" });
const iso = (value: DateTime) => value.toISODate()!;

export function addDays(date: string, days: number): string {
  return iso(day(date).plus({ days }));
}

/** Days in the range, both ends counted. */
export function dayCount(range: DayRange): number {
  return Math.round(day(range.to).diff(day(range.from), "days").days) + 1;
}

export function daysOf(range: DayRange): string[] {
  const count = dayCount(range);
  return Array.from({ length: count }, (_, index) => addDays(range.from, index));
}

/** The period of equal length right before the range. */
export function previousPeriod(range: DayRange): DayRange {
  const length = dayCount(range);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** 1 (Monday) to 7 (Sunday). */
export function isoWeekday(date: string): number {
  return day(date).weekday;
}

/** The change against the previous period in whole percent; null when there is nothing to compare. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

export type PresetKey = "today" | "last7" | "last30" | "thisMonth" | "lastMonth" | "thisYear";

export function presetRanges(today: string): { key: PresetKey; range: DayRange }[] {
  const now = day(today);
  const lastMonth = now.minus({ months: 1 });
  return [
    { key: "today", range: { from: today, to: today } },
    { key: "last7", range: { from: addDays(today, -6), to: today } },
    { key: "last30", range: { from: addDays(today, -29), to: today } },
    { key: "thisMonth", range: { from: iso(now.startOf("month")), to: today } },
    {
      key: "lastMonth",
      range: { from: iso(lastMonth.startOf("month")), to: iso(lastMonth.endOf("month")) },
    },
    { key: "thisYear", range: { from: iso(now.startOf("year")), to: today } },
  ];
}
