import { formatDate, formatTime } from "./format";
import { de } from "#app/i18n/de";
import { hoursOn, type DayHours, type OpeningHoursRule, type OpeningState } from "./opening-hours";
import {
  BUSINESS_TIME_ZONE,
  WEEKDAYS,
  addDays,
  clockOfMinutes,
  daysBetween,
  inZone,
  minutesOfClock,
  type Instant,
  type IsoDate,
  type Weekday,
} from "./time";

/**
 * How "am {day}" names a later day: by its weekday within the next six days ("am Dienstag"),
 * which cannot be mistaken for another day, and by its date from the seventh day on
 * ("am 14.04.2025"), where a weekday alone would be ambiguous. Null for the same day.
 */
export function dayReference(
  target: Instant,
  now: Instant,
  zone: string = BUSINESS_TIME_ZONE,
): string | null {
  const day = inZone(target, zone);
  const daysAhead = daysBetween(inZone(now, zone).toISODate(), day.toISODate());
  if (daysAhead === 0) return null;
  const weekday = WEEKDAYS[day.weekday - 1];
  if (daysAhead > 0 && daysAhead <= 6 && weekday) return de.weekdays[weekday];
  return formatDate(day, zone);
}

export interface ClosedNoticeOptions {
  isPreorderEnabled?: boolean;
  /** The branch's own text for when no next opening is known. */
  closedMessage?: string | null;
}

/**
 * The sentences of the store's closed notice, empty while open: the next opening (today: "um
 * {time} Uhr", later: "am {day} um {time} Uhr"), or the branch's closedMessage when there is no
 * next opening (the plain closed sentence when it has none), then the pre-order invitation.
 */
export function closedNotice(
  state: OpeningState,
  now: Instant,
  options: ClosedNoticeOptions = {},
  zone: string = BUSINESS_TIME_ZONE,
): string[] {
  if (state.isOpen) return [];
  const sentences = [fullStop(reopeningSentence(state, now, options, zone))];
  if (options.isPreorderEnabled) sentences.push(de.notices.preorder);
  return sentences;
}

function reopeningSentence(
  state: OpeningState,
  now: Instant,
  options: ClosedNoticeOptions,
  zone: string,
): string {
  if (!state.nextOpening) return options.closedMessage?.trim() || de.notices.closed;
  const time = formatTime(state.nextOpening, zone);
  const day = dayReference(state.nextOpening, now, zone);
  return day === null ? de.notices.reopensToday(time) : de.notices.reopensOn(day, time);
}

/**
 * The delivery notice, null while delivery is possible. Without delivery at all, or without a
 * next delivery period, the customer reads that no delivery is offered; otherwise when it resumes.
 */
export function deliveryNotice(
  isDeliveryEnabled: boolean,
  deliveryState: OpeningState,
  now: Instant,
  zone: string = BUSINESS_TIME_ZONE,
): string | null {
  if (!isDeliveryEnabled || (!deliveryState.isOpen && !deliveryState.nextOpening)) {
    return de.notices.noDelivery;
  }
  if (deliveryState.isOpen || !deliveryState.nextOpening) return null;
  const time = formatTime(deliveryState.nextOpening, zone);
  const day = dayReference(deliveryState.nextOpening, now, zone);
  return fullStop(
    day === null ? de.notices.deliveryResumesToday(time) : de.notices.deliveryResumesOn(day, time),
  );
}

/**
 * The spec's reopening sentences end in "Uhr" without a stop; shown before "Sie können aber gerne
 * …" they ran into it (issue 36). A sentence the notice shows ends with its stop.
 */
function fullStop(sentence: string): string {
  return /[.!?…]$/.test(sentence) ? sentence : `${sentence}.`;
}

export type BranchStatusTone = "open" | "closing-soon" | "closed";

export interface BranchStatus {
  tone: BranchStatusTone;
  label: string;
}

/**
 * The toolbar's status of one branch: 'Geöffnet bis {time}' (warning tone in the last hour) or
 * 'Geschlossen'. A period ending at midnight reads "bis 00:00", the way the hours are entered.
 */
export function branchStatus(state: OpeningState, zone: string = BUSINESS_TIME_ZONE): BranchStatus {
  if (!state.isOpen || !state.closesAt) return { tone: "closed", label: de.toolbar.closed };
  return {
    tone: state.isClosingSoon ? "closing-soon" : "open",
    label: de.toolbar.openUntil(formatTime(state.closesAt, zone)),
  };
}

/** The toolbar without a branch: how many branches are open now. */
export function openBranchesSummary(states: readonly Pick<OpeningState, "isOpen">[]): string {
  const open = states.filter((state) => state.isOpen).length;
  return open === 0 ? de.toolbar.allClosed : de.toolbar.branchesOpen(open);
}

/** `8:00:00` as stored → `08:00` as shown. */
function clock(value: string): string {
  return clockOfMinutes(minutesOfClock(value));
}

/** One day's hours as the tables show them: '07:00 – 12:00, 14:00 – 18:00' or 'Geschlossen'. */
export function dayHoursText(day: Pick<DayHours, "isClosed" | "ranges">): string {
  if (day.isClosed || day.ranges.length === 0) return de.openingHours.closedDay;
  return day.ranges
    .map((range) => de.openingHours.range(clock(range.from), clock(range.to)))
    .join(de.openingHours.rangeSeparator);
}

export interface WeeklyHoursRow {
  weekday: Weekday;
  /** 'Montag' … 'Sonntag'. */
  dayName: string;
  date: IsoDate;
  isClosed: boolean;
  /** '07:00 – 12:00, 14:00 – 18:00' or 'Geschlossen'. */
  text: string;
}

/**
 * The 'Öffnungszeiten' table for the ISO week (Monday to Sunday) that contains `now`, so that a
 * `once` rule of this week shows and one of another week does not.
 */
export function weeklyHours(
  rules: readonly OpeningHoursRule[],
  now: Instant,
  zone: string = BUSINESS_TIME_ZONE,
): WeeklyHoursRow[] {
  const monday = inZone(now, zone).startOf("week").toISODate();
  return WEEKDAYS.map((weekday, index) => {
    const day = hoursOn(rules, addDays(monday, index));
    return {
      weekday,
      dayName: de.weekdays[weekday],
      date: day.date,
      isClosed: day.isClosed,
      text: dayHoursText(day),
    };
  });
}
