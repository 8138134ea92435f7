import type { HoursRuleType } from "#app/db/schema";

/**
 * Hour rules as the seed writes them. A `once` rule names a month and day; the seed dates it on
 * the next such day after `now`, so a fresh demo always shows an upcoming holiday.
 */
export interface RuleSeed {
  type: HoursRuleType;
  onNext?: { month: number; day: number };
  isClosed?: boolean;
  from?: string;
  to?: string;
}

export const open = (type: Exclude<HoursRuleType, "once">, from: string, to: string): RuleSeed => ({
  type,
  from,
  to,
});

export const closed = (type: Exclude<HoursRuleType, "once">): RuleSeed => ({
  type,
  isClosed: true,
});

export const closedOnNext = (month: number, day: number): RuleSeed => ({
  type: "once",
  onNext: { month, day },
  isClosed: true,
});

export const openOnNext = (month: number, day: number, from: string, to: string): RuleSeed => ({
  type: "once",
  onNext: { month, day },
  from,
  to,
});

const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;

/** The same hours on Monday to Friday, one rule per day (so each day can differ later). */
export const weekdays = (from: string, to: string): RuleSeed[] =>
  WEEKDAYS.map((day) => open(day, from, to));
