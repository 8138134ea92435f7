import { DateTime } from "luxon";
import type { OrderType } from "./order-type";
import {
  BUSINESS_TIME_ZONE,
  MINUTES_PER_DAY,
  addDays,
  atWallClock,
  inZone,
  minutesOfClock,
  weekdayOf,
  type Instant,
  type IsoDate,
  type WallClock,
  type Weekday,
} from "./time";

export type OpeningHoursRuleType = "once" | "daily" | Weekday;

/**
 * One line of a branch's opening hours (or delivery hours, or a product's schedule). A `to` at or
 * before `from` runs past midnight into the next day: 18:00–00:00 closes at midnight, 22:00–02:00
 * at two in the night, and from = to (00:00–00:00) means 24 hours.
 */
export interface OpeningHoursRule {
  type: OpeningHoursRuleType;
  /** `YYYY-MM-DD`, for `once` only. */
  date?: IsoDate | null;
  isClosed: boolean;
  from: WallClock;
  to: WallClock;
}

export interface TimeRange {
  from: WallClock;
  to: WallClock;
}

/** The hours of one calendar day as the rules resolve them. */
export interface DayHours {
  date: IsoDate;
  weekday: Weekday;
  isClosed: boolean;
  /** Sorted by start; empty when closed. */
  ranges: TimeRange[];
}

/** A stretch of time during which the branch is open, overlapping and touching ranges merged. */
export interface OpenPeriod {
  start: DateTime<true>;
  end: DateTime<true>;
}

/** How far ahead the next opening is looked for, like the slot horizon. */
export const NEXT_OPENING_HORIZON_DAYS = 180;
export const CLOSING_SOON_MINUTES = 60;

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isoWeekOf(date: IsoDate): { weekYear: number; weekNumber: number; weekday: number } {
  const { weekYear, weekNumber, weekday } = DateTime.fromISO(date.slice(0, 10), { zone: "utc" });
  return { weekYear, weekNumber, weekday };
}

/**
 * A `once` rule applies to the ISO week (weeks start on Monday) and weekday of its date; both
 * together name exactly one calendar date, so it applies on its date and nowhere else.
 */
export function ruleAppliesTo(rule: OpeningHoursRule, date: IsoDate): boolean {
  if (rule.type === "daily") return true;
  if (rule.type !== "once") return rule.type === weekdayOf(date);
  if (!rule.date) return false;
  // Hot (the hours of 180 days are resolved per page): two plain dates name the same ISO week
  // and weekday exactly when they are the same date.
  const ruleDay = rule.date.slice(0, 10);
  const day = date.slice(0, 10);
  if (ruleDay === day) return true;
  if (PLAIN_DATE.test(ruleDay) && PLAIN_DATE.test(day)) return false;
  const ruleWeek = isoWeekOf(rule.date);
  const dayWeek = isoWeekOf(date);
  return (
    ruleWeek.weekYear === dayWeek.weekYear &&
    ruleWeek.weekNumber === dayWeek.weekNumber &&
    ruleWeek.weekday === dayWeek.weekday
  );
}

/**
 * Resolves the rules for one date, in their order: a closed rule clears the day, an open rule
 * opens it and adds its range to those already there. Without any rule the day is closed.
 */
export function hoursOn(rules: readonly OpeningHoursRule[], date: IsoDate): DayHours {
  let isClosed = true;
  let ranges: TimeRange[] = [];
  for (const rule of rules) {
    if (!ruleAppliesTo(rule, date)) continue;
    if (rule.isClosed) {
      isClosed = true;
      ranges = [];
    } else {
      isClosed = false;
      ranges.push({ from: rule.from, to: rule.to });
    }
  }
  ranges.sort((a, b) => minutesOfClock(a.from) - minutesOfClock(b.from));
  return { date, weekday: weekdayOf(date), isClosed, ranges };
}

/** The instants of one range of `date`; on the day the clocks skip an hour it may be empty. */
function periodOf(date: IsoDate, range: TimeRange, zone: string): OpenPeriod | null {
  const from = minutesOfClock(range.from);
  const to = minutesOfClock(range.to);
  const start = atWallClock(date, from, zone);
  const end = atWallClock(date, to > from ? to : to + MINUTES_PER_DAY, zone);
  return end > start ? { start, end } : null;
}

/** The open periods that start on `date`, in order; the last may reach into the next day. */
export function periodsStartingOn(
  rules: readonly OpeningHoursRule[],
  date: IsoDate,
  zone: string = BUSINESS_TIME_ZONE,
): OpenPeriod[] {
  return [...dayPeriods(rulesKey(rules), rules, date, zone)];
}

function computePeriods(
  rules: readonly OpeningHoursRule[],
  date: IsoDate,
  zone: string,
): readonly OpenPeriod[] {
  return hoursOn(rules, date)
    .ranges.map((range) => periodOf(date, range, zone))
    .filter((period): period is OpenPeriod => period !== null)
    .sort((a, b) => a.start.toMillis() - b.start.toMillis());
}

/**
 * One day's periods depend only on the rules, the date and the zone, yet every request that asks
 * whether a branch is open walks up to 180 days of them through luxon. A bounded memo keeps the
 * recent answers (the periods are immutable luxon values, safe to share); it is emptied when full.
 */
const PERIOD_MEMO_LIMIT = 20_000;
const periodMemo = new Map<string, readonly OpenPeriod[]>();
const keyOfRules = new WeakMap<readonly OpeningHoursRule[], string>();

function rulesKey(rules: readonly OpeningHoursRule[]): string {
  let key = keyOfRules.get(rules);
  if (key === undefined) {
    key = rules
      .map((rule) =>
        [rule.type, rule.date ?? "", rule.isClosed ? 1 : 0, rule.from, rule.to].join(","),
      )
      .join(";");
    keyOfRules.set(rules, key);
  }
  return key;
}

function dayPeriods(
  key: string,
  rules: readonly OpeningHoursRule[],
  date: IsoDate,
  zone: string,
): readonly OpenPeriod[] {
  const memoKey = `${zone}|${date}|${key}`;
  let periods = periodMemo.get(memoKey);
  if (!periods) {
    periods = computePeriods(rules, date, zone);
    if (periodMemo.size >= PERIOD_MEMO_LIMIT) periodMemo.clear();
    periodMemo.set(memoKey, periods);
  }
  return periods;
}

/**
 * Open periods in time order from `firstDate` on, for `days` days; ranges that overlap or touch
 * (Monday 18:00–00:00 and Tuesday 00:00–02:00) come out as one period. Lazy, so that a search
 * for the next opening stops at the first hit.
 */
export function* openPeriods(
  rules: readonly OpeningHoursRule[],
  firstDate: IsoDate,
  days: number,
  zone: string = BUSINESS_TIME_ZONE,
): Generator<OpenPeriod> {
  let current: OpenPeriod | null = null;
  const key = rulesKey(rules);
  for (let day = 0; day < days; day++) {
    for (const period of dayPeriods(key, rules, addDays(firstDate, day), zone)) {
      if (current && period.start <= current.end) {
        if (period.end > current.end) current = { start: current.start, end: period.end };
        continue;
      }
      if (current) yield current;
      current = period;
    }
  }
  if (current) yield current;
}

/** Periods that may contain or follow `instant`: a period can start the day before it. */
function periodsAround(
  rules: readonly OpeningHoursRule[],
  instant: DateTime<true>,
  horizonDays: number,
  zone: string,
): Generator<OpenPeriod> {
  return openPeriods(rules, addDays(instant.toISODate(), -1), horizonDays + 2, zone);
}

/** The open period containing `instant` (start included, end excluded), or null. */
export function currentPeriod(
  rules: readonly OpeningHoursRule[],
  instant: Instant,
  zone: string = BUSINESS_TIME_ZONE,
  horizonDays: number = NEXT_OPENING_HORIZON_DAYS,
): OpenPeriod | null {
  const at = inZone(instant, zone);
  for (const period of periodsAround(rules, at, horizonDays, zone)) {
    if (period.start > at) return null;
    if (period.end > at) return period;
  }
  return null;
}

/** Open means the time lies within a from–to range: from included, to excluded. */
export function isOpenAt(
  rules: readonly OpeningHoursRule[],
  instant: Instant,
  zone: string = BUSINESS_TIME_ZONE,
): boolean {
  return currentPeriod(rules, instant, zone, 1) !== null;
}

/** The start of the first open period after `instant`, within the horizon; null if none. */
export function nextOpening(
  rules: readonly OpeningHoursRule[],
  instant: Instant,
  zone: string = BUSINESS_TIME_ZONE,
  horizonDays: number = NEXT_OPENING_HORIZON_DAYS,
): DateTime<true> | null {
  const at = inZone(instant, zone);
  for (const period of periodsAround(rules, at, horizonDays, zone)) {
    if (period.start > at) return period.start;
  }
  return null;
}

export interface OpeningState {
  isOpen: boolean;
  /** End of the current open period (ISO); null when closed. */
  closesAt: string | null;
  minutesUntilClose: number | null;
  /** Less than 60 minutes remain. */
  isClosingSoon: boolean;
  /** Start of the next open period (ISO), only looked for while closed; null if none. */
  nextOpening: string | null;
}

export function openingState(
  rules: readonly OpeningHoursRule[],
  now: Instant,
  zone: string = BUSINESS_TIME_ZONE,
  horizonDays: number = NEXT_OPENING_HORIZON_DAYS,
): OpeningState {
  const at = inZone(now, zone);
  const period = currentPeriod(rules, at, zone, horizonDays);
  if (period) {
    const minutesUntilClose = period.end.diff(at, "minutes").minutes;
    return {
      isOpen: true,
      closesAt: period.end.toISO(),
      minutesUntilClose,
      isClosingSoon: minutesUntilClose < CLOSING_SOON_MINUTES,
      nextOpening: null,
    };
  }
  const next = nextOpening(rules, at, zone, horizonDays);
  return {
    isOpen: false,
    closesAt: null,
    minutesUntilClose: null,
    isClosingSoon: false,
    nextOpening: next ? next.toISO() : null,
  };
}

/** The hours fields of a branch. */
export interface BranchHours {
  openingHours: readonly OpeningHoursRule[];
  deliveryHours?: readonly OpeningHoursRule[] | null;
  isDeliveryHoursEnabled?: boolean | null;
}

/** Delivery follows its own hours only when the branch switched them on. */
export function deliveryHoursOf(branch: BranchHours): readonly OpeningHoursRule[] {
  return branch.isDeliveryHoursEnabled ? (branch.deliveryHours ?? []) : branch.openingHours;
}

/** The hours an order of this type must fall in: delivery hours for delivery. */
export function hoursFor(branch: BranchHours, orderType: OrderType): readonly OpeningHoursRule[] {
  return orderType === "delivery" ? deliveryHoursOf(branch) : branch.openingHours;
}
