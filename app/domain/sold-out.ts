import { addDays, dateOf, startOfDate } from "./time";

/**
 * "Sold out today" (decision 036) lasts until the end of the business day: 00:00 of the next
 * calendar day in the shop's time zone (on a day that changes the clocks too).
 */
export function endOfBusinessDay(now: Date, zone: string): Date {
  return startOfDate(addDays(dateOf(now, zone), 1), zone).toJSDate();
}

/** A row counts while its `until` lies ahead. */
export function isSoldOutAt(row: { until: Date }, now: Date): boolean {
  return row.until.getTime() > now.getTime();
}
