import { formatDate } from "./format";
import { de } from "#app/i18n/de";
import {
  branchStatus,
  closedNotice,
  dayHoursText,
  weeklyHours,
  type BranchStatus,
  type WeeklyHoursRow,
} from "./opening-display";
import { hoursOn, openingState, ruleAppliesTo, type OpeningHoursRule } from "./opening-hours";
import { appointmentDays, planAppointments } from "./slots";
import {
  BUSINESS_TIME_ZONE,
  addDays,
  dateOf,
  type Instant,
  type IsoDate,
  type Weekday,
} from "./time";

/** How many days from today the back office's preview lists (issue 14). */
export const PREVIEW_DAYS = 14;

/** Why a day differs from the regular week: a `once` rule closes it or gives it its own hours. */
export type PreviewException = "closure" | "special";

export interface PreviewDay {
  date: IsoDate;
  /** `DD.MM.YYYY`. */
  dateText: string;
  weekday: Weekday;
  /** 'Montag' … 'Sonntag'. */
  dayName: string;
  isToday: boolean;
  isClosed: boolean;
  /** '07:00 – 12:00, 14:00 – 18:00' or 'Geschlossen', as the storefront's table reads. */
  text: string;
  /** Set when a `once` rule applies to the day (a holiday, a closure, special hours). */
  exception: PreviewException | null;
  /** Whether the checkout offers at least one time that day (from now on, without lead times). */
  hasSlots: boolean;
}

export interface OpeningPreview {
  /** The regular week: the daily and weekday rules, without the one-off ones. */
  week: WeeklyHoursRow[];
  /** Today and the following days, one-off rules included. */
  days: PreviewDay[];
  /** What the storefront's toolbar would say now: 'Geöffnet bis 18:00' or 'Geschlossen'. */
  status: BranchStatus;
  /** The storefront's closed notice now (empty while open). */
  notice: string[];
}

/**
 * What the rules mean, computed by the functions the storefront and the checkout use
 * (opening-hours.ts, opening-display.ts, slots.ts) rather than a second reading of the rules, so
 * the preview cannot disagree with the shop.
 */
export function openingPreview(
  rules: readonly OpeningHoursRule[],
  now: Instant,
  zone: string = BUSINESS_TIME_ZONE,
  days: number = PREVIEW_DAYS,
): OpeningPreview {
  const today = dateOf(now, zone);
  const plan = planAppointments({ rules, now, zone, horizonDays: Math.max(days - 1, 0) });
  const slotDays = new Set(appointmentDays(plan, zone));
  const onceRules = rules.filter((rule) => rule.type === "once");
  const previewDays = Array.from({ length: days }, (_, index): PreviewDay => {
    const date = addDays(today, index);
    const day = hoursOn(rules, date);
    const isException = onceRules.some((rule) => ruleAppliesTo(rule, date));
    return {
      date,
      dateText: formatDate(date, zone),
      weekday: day.weekday,
      dayName: de.weekdays[day.weekday],
      isToday: index === 0,
      isClosed: day.isClosed,
      text: dayHoursText(day),
      exception: isException ? (day.isClosed ? "closure" : "special") : null,
      hasSlots: slotDays.has(date),
    };
  });
  const state = openingState(rules, now, zone);
  return {
    week: weeklyHours(
      rules.filter((rule) => rule.type !== "once"),
      now,
      zone,
    ),
    days: previewDays,
    status: branchStatus(state, zone),
    notice: closedNotice(state, now, {}, zone),
  };
}
