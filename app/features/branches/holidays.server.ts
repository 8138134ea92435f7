import Holidays from "date-holidays";
import type { BranchHours, OpeningHoursRule } from "../../domain/opening-hours";
import {
  closeDeliveryWhereBranchClosed,
  closeOnHolidays,
  isHolidayCountry,
  isHolidayRegionOf,
} from "../../domain/holidays";
import { addDays, inZone, type Instant, type IsoDate } from "../../domain/time";

/**
 * Public holidays per country and federal state from date-holidays (maintained data, decision
 * 045), on the server only: its data would be most of a page's JavaScript. Only the type
 * 'public' counts (days off by law), not observances such as Heiligabend.
 */
const byYear = new Map<string, readonly IsoDate[]>();

function holidaysOfYear(country: string, region: string | null, year: number): readonly IsoDate[] {
  const key = `${country}|${region ?? ""}|${year}`;
  let dates = byYear.get(key);
  if (!dates) {
    const calendar = region
      ? new Holidays(country, region, { types: ["public"] })
      : new Holidays(country, { types: ["public"] });
    dates = (calendar.getHolidays(year, "de") || [])
      .filter((holiday) => holiday.type === "public")
      .map((holiday) => holiday.date.slice(0, 10));
    if (byYear.size > 500) byYear.clear();
    byYear.set(key, dates);
  }
  return dates;
}

/** The public holidays of a country (and federal state) from `from` to `until`, both included. */
export function publicHolidays(
  country: string | null | undefined,
  region: string | null | undefined,
  from: IsoDate,
  until: IsoDate,
): IsoDate[] {
  if (!isHolidayCountry(country)) return [];
  const state = isHolidayRegionOf(country, region) ? (region as string) : null;
  const dates: IsoDate[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(until.slice(0, 4)); year++) {
    for (const date of holidaysOfYear(country, state, year)) {
      if (date >= from && date <= until) dates.push(date);
    }
  }
  return dates;
}

export interface HolidayBranch {
  holidayCountry?: string | null;
  holidayRegion?: string | null;
}

/**
 * A branch's hours as they hold from `now` for `days` days: public holidays close it unless staff
 * opened that date, and delivery never happens on a day the branch is closed.
 */
export function branchHoursWithHolidays(
  branch: HolidayBranch,
  hours: {
    openingHours: readonly OpeningHoursRule[];
    deliveryHours: readonly OpeningHoursRule[];
    isDeliveryHoursEnabled: boolean;
  },
  now: Instant,
  zone: string,
  days: number,
): BranchHours & { deliveryHours: OpeningHoursRule[]; openingHours: OpeningHoursRule[] } {
  const firstDate = addDays(inZone(now, zone).toISODate(), -1);
  const lastDate = addDays(firstDate, days + 2);
  const holidays = publicHolidays(branch.holidayCountry, branch.holidayRegion, firstDate, lastDate);
  const openingHours = closeOnHolidays(hours.openingHours, holidays);
  const deliveryHours = hours.isDeliveryHoursEnabled
    ? closeDeliveryWhereBranchClosed(hours.deliveryHours, openingHours, firstDate, days + 3)
    : openingHours;
  return { openingHours, deliveryHours, isDeliveryHoursEnabled: hours.isDeliveryHoursEnabled };
}
