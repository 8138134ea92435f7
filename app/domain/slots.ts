import type { DateTime } from "luxon";
import { formatDateTime } from "./format";
import { de } from "#app/i18n/de";
import { openPeriods, type OpeningHoursRule } from "./opening-hours";
import {
  BUSINESS_TIME_ZONE,
  addDays,
  daysBetween,
  inZone,
  startOfDate,
  type Instant,
  type IsoDate,
} from "./time";

export const SLOT_HORIZON_DAYS = 180;
export const SLOT_ROUNDING_MINUTES = 5;
export const TIME_PICKER_MINUTE_STEP = 5;
export const TIME_PICKER_HOUR_STEP = 1;

export type LeadTimeType = "minutes" | "hours" | "days" | "weeks";

/** The lead-time fields of a product. */
export interface LeadTime {
  isLeadTimeEnabled?: boolean | null;
  leadTimeType?: LeadTimeType | null;
  leadTimeValue?: number | null;
}

/**
 * When a product with this lead time can be ready. Minutes and hours are durations; days and
 * weeks are calendar days, so "2 days" ordered at 10:00 is 10:00 on the day after tomorrow even
 * when the clocks change in between.
 */
export function readyAfterLeadTime(
  now: Instant,
  leadTime: LeadTime,
  zone: string = BUSINESS_TIME_ZONE,
): DateTime<true> {
  const start = inZone(now, zone);
  const value = leadTime.leadTimeValue ?? 0;
  if (!leadTime.isLeadTimeEnabled || !leadTime.leadTimeType || !(value > 0)) return start;
  switch (leadTime.leadTimeType) {
    case "minutes":
      return start.plus({ minutes: value });
    case "hours":
      return start.plus({ hours: value });
    case "days":
      return start.plus({ days: value });
    case "weeks":
      return start.plus({ weeks: value });
    default:
      // An unknown type from older data must not block the order.
      return start;
  }
}

/** Rounds up to the next full `step` minutes of the wall clock (09:02 → 09:05, 09:05 stays). */
export function roundUpToMinutes(instant: DateTime<true>, step: number): DateTime<true> {
  const rest = instant.minute % step;
  if (rest === 0 && instant.second === 0 && instant.millisecond === 0) return instant;
  return instant.startOf("minute").plus({ minutes: step - rest });
}

/**
 * The earliest appointment: now pushed back by the longest lead time among the cart's products,
 * rounded up to 5 minutes so that it is a time the picker can offer.
 */
export function earliestAppointment(
  now: Instant,
  leadTimes: readonly LeadTime[],
  zone: string = BUSINESS_TIME_ZONE,
): DateTime<true> {
  const latest = leadTimes.reduce(
    (current, leadTime) => {
      const ready = readyAfterLeadTime(now, leadTime, zone);
      return ready > current ? ready : current;
    },
    inZone(now, zone),
  );
  return roundUpToMinutes(latest, SLOT_ROUNDING_MINUTES);
}

export interface AppointmentSlot {
  /** ISO instants; the end is excluded. */
  start: string;
  end: string;
}

/** Everything the date picker, the time picker and the validation need, computed once. */
export interface AppointmentPlan {
  /** First bookable instant (ISO). */
  earliest: string;
  /** First instant after the horizon (ISO): midnight after the last bookable day. */
  latest: string;
  horizonDays: number;
  /** One slot per open period, cut to [earliest, latest). */
  slots: AppointmentSlot[];
}

export interface AppointmentPlanInput {
  /** Opening hours, or delivery hours for delivery (see `hoursFor`). */
  rules: readonly OpeningHoursRule[];
  now: Instant;
  leadTimes?: readonly LeadTime[];
  zone?: string;
  horizonDays?: number;
  /** The branch's `orderableFrom`: no appointment before it. */
  notBefore?: Instant | null;
}

/**
 * Slots from the earliest appointment (not before the branch's `orderableFrom`) up to the horizon
 * (today plus the horizon setting, 180 days by default, whole days). The
 * open periods are computed exactly rather than probed every 30 minutes, so an opening at 08:15
 * is found at 08:15.
 */
export function planAppointments(input: AppointmentPlanInput): AppointmentPlan {
  const bounds = planBounds(input);
  return planBetween(input.rules, bounds);
}

interface PlanBounds {
  zone: string;
  horizonDays: number;
  earliest: DateTime<true>;
  latest: DateTime<true>;
}

function planBounds(input: AppointmentPlanInput): PlanBounds {
  const zone = input.zone ?? BUSINESS_TIME_ZONE;
  const horizonDays = input.horizonDays ?? SLOT_HORIZON_DAYS;
  const ready = earliestAppointment(input.now, input.leadTimes ?? [], zone);
  const orderable = input.notBefore
    ? roundUpToMinutes(inZone(input.notBefore, zone), SLOT_ROUNDING_MINUTES)
    : null;
  const earliest = orderable && orderable > ready ? orderable : ready;
  const latest = startOfDate(addDays(inZone(input.now, zone).toISODate(), horizonDays + 1), zone);
  return { zone, horizonDays, earliest, latest };
}

/** Plans by their rules (a value nobody changes) and bounds; a few per rules at most. */
const sharedPlans = new WeakMap<readonly OpeningHoursRule[], Map<string, AppointmentPlan>>();
const MAX_SHARED_PLANS = 32;

/**
 * `planAppointments`, shared by every caller with the same rules (the same array: a branch's
 * effective hours of the day) and the same bounds: a plan changes only when the earliest time
 * moves on (every 5 minutes) or the carts' lead times differ. Half a year of slots is worked out
 * once, not for every checkout page. The plan must be treated as read-only.
 */
export function sharedAppointmentPlan(input: AppointmentPlanInput): AppointmentPlan {
  const bounds = planBounds(input);
  const key = `${bounds.zone}|${bounds.horizonDays}|${bounds.earliest.toMillis()}|${bounds.latest.toMillis()}`;
  let plans = sharedPlans.get(input.rules);
  if (!plans) {
    plans = new Map();
    sharedPlans.set(input.rules, plans);
  }
  let plan = plans.get(key);
  if (!plan) {
    if (plans.size >= MAX_SHARED_PLANS) plans.clear();
    plan = planBetween(input.rules, bounds);
    plans.set(key, plan);
  }
  return plan;
}

function planBetween(
  rules: readonly OpeningHoursRule[],
  { zone, horizonDays, earliest, latest }: PlanBounds,
): AppointmentPlan {
  const firstDate = addDays(earliest.toISODate(), -1);
  const days = Math.max(daysBetween(firstDate, latest.toISODate()), 0);
  const slots: AppointmentSlot[] = [];
  for (const period of openPeriods(rules, firstDate, days, zone)) {
    const start = period.start < earliest ? earliest : period.start;
    const end = period.end > latest ? latest : period.end;
    if (start < end) slots.push({ start: start.toISO(), end: end.toISO() });
  }
  return { earliest: earliest.toISO(), latest: latest.toISO(), horizonDays, slots };
}

export interface AppointmentTime {
  /** ISO instant to post. */
  at: string;
  /** 'HH:mm' to show; on the night the clocks go back 02:00–02:55 appear twice. */
  time: string;
}

/** The part of a slot that lies on `date`, or null. */
function partOnDay(start: DateTime<true>, end: DateTime<true>, date: IsoDate, zone: string) {
  const dayStart = startOfDate(date, zone);
  const dayEnd = startOfDate(addDays(date, 1), zone);
  const from = start > dayStart ? start : dayStart;
  const until = end < dayEnd ? end : dayEnd;
  return from < until ? { from, until } : null;
}

/** The time picker's choices for `date`: every `step` minutes within the day's slots. */
export function appointmentTimes(
  plan: AppointmentPlan,
  date: IsoDate,
  zone: string = BUSINESS_TIME_ZONE,
  step: number = TIME_PICKER_MINUTE_STEP,
): readonly AppointmentTime[] {
  return derived(plan, `times|${zone}|${step}|${date}`, () =>
    computeAppointmentTimes(plan, date, zone, step),
  );
}

/**
 * What is worked out from a plan, kept with it: a shared plan's days and times are the same for
 * every checkout page that uses it. Bounded per plan (one entry per day asked for).
 */
const derivedOfPlan = new WeakMap<AppointmentPlan, Map<string, unknown>>();

function derived<T>(plan: AppointmentPlan, key: string, compute: () => T): T {
  let values = derivedOfPlan.get(plan);
  if (!values) {
    values = new Map();
    derivedOfPlan.set(plan, values);
  }
  if (values.has(key)) return values.get(key) as T;
  const value = compute();
  if (values.size >= 400) values.clear();
  values.set(key, value);
  return value;
}

function computeAppointmentTimes(
  plan: AppointmentPlan,
  date: IsoDate,
  zone: string,
  step: number,
): AppointmentTime[] {
  const times: AppointmentTime[] = [];
  for (const slot of plan.slots) {
    const part = partOnDay(inZone(slot.start, zone), inZone(slot.end, zone), date, zone);
    if (!part) continue;
    for (
      let at = roundUpToMinutes(part.from, step);
      at < part.until;
      at = at.plus({ minutes: step })
    ) {
      times.push({ at: at.toISO(), time: at.toFormat("HH:mm") });
    }
  }
  return times;
}

/** The days the date picker enables: those with at least one time on the picker's grid. */
export function appointmentDays(
  plan: AppointmentPlan,
  zone: string = BUSINESS_TIME_ZONE,
  step: number = TIME_PICKER_MINUTE_STEP,
): readonly IsoDate[] {
  return derived(plan, `days|${zone}|${step}`, () => computeAppointmentDays(plan, zone, step));
}

function computeAppointmentDays(plan: AppointmentPlan, zone: string, step: number): IsoDate[] {
  const days = new Set<IsoDate>();
  for (const slot of plan.slots) {
    const start = inZone(slot.start, zone);
    const end = inZone(slot.end, zone);
    const lastDate = end.minus({ milliseconds: 1 }).toISODate();
    for (let date = start.toISODate(); date <= lastDate; date = addDays(date, 1)) {
      const part = partOnDay(start, end, date, zone);
      if (part && roundUpToMinutes(part.from, step) < part.until) days.add(date);
    }
  }
  return [...days].sort();
}

/** The first time the picker offers, to preselect; null when there is none. */
export function firstAppointment(
  plan: AppointmentPlan,
  zone: string = BUSINESS_TIME_ZONE,
  step: number = TIME_PICKER_MINUTE_STEP,
): string | null {
  for (const slot of plan.slots) {
    const first = roundUpToMinutes(inZone(slot.start, zone), step);
    if (first < inZone(slot.end, zone)) return first.toISO();
  }
  return null;
}

export type AppointmentProblem = "required" | "too-early" | "too-late" | "closed";

export type AppointmentCheck =
  { isValid: true } | { isValid: false; problem: AppointmentProblem; message: string };

/**
 * Whether the customer's appointment can be accepted: it lies inside a slot, that is inside the
 * opening (or delivery) hours, not before the earliest time and not beyond the horizon. Times
 * off the 5-minute grid are accepted; the grid only shapes what the picker offers.
 */
export function checkAppointment(
  plan: AppointmentPlan,
  appointment: Instant | null | undefined,
  options: { isRequired?: boolean } = {},
  zone: string = BUSINESS_TIME_ZONE,
): AppointmentCheck {
  if (appointment === null || appointment === undefined || appointment === "") {
    return options.isRequired
      ? { isValid: false, problem: "required", message: de.appointment.required }
      : { isValid: true };
  }
  const at = inZone(appointment, zone);
  if (at < inZone(plan.earliest, zone)) {
    const first = firstAppointment(plan, zone) ?? plan.earliest;
    return {
      isValid: false,
      problem: "too-early",
      message: de.appointment.tooEarly(formatDateTime(first, zone)),
    };
  }
  if (at >= inZone(plan.latest, zone)) {
    return {
      isValid: false,
      problem: "too-late",
      message: de.appointment.tooLate(plan.horizonDays),
    };
  }
  const isInSlot = plan.slots.some(
    (slot) => inZone(slot.start, zone) <= at && at < inZone(slot.end, zone),
  );
  return isInSlot
    ? { isValid: true }
    : { isValid: false, problem: "closed", message: de.appointment.outsideHours };
}
