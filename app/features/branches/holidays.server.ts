import { createRequire } from "node:module";
import type HolidaysType from "date-holidays";
import type { BranchHours, OpeningHoursRule } from "#app/domain/opening-hours";
import {
  closeDeliveryWhereBranchClosed,
  closeOnHolidays,
  isHolidayCountry,
  isHolidayRegionOf,
} from "#app/domain/holidays";
import { addDays, inZone, type Instant, type IsoDate } from "#app/domain/time";
import table from "./holiday-table.json";

/**
 * Public holidays per country and federal state from date-holidays (maintained data, decision
 * 045), on the server only: its data would be most of a page's JavaScript. Only the type
 * 'public' counts (days off by law), not observances such as Heiligabend.
 *
 * The years the shop plans in are looked up in `holiday-table.json`, made from date-holidays by
 * `scripts/generate-holiday-table.mjs` and checked against it by a test: the package's data of
 * every country is about 20 MB of a process's memory (decision 051). A year outside the table
 * loads the package then, once.
 */
const byYear = new Map<string, readonly IsoDate[]>();

const tableDates: Readonly<Record<string, string>> = table.dates;

let holidaysModule: typeof HolidaysType | undefined;
function loadHolidays(): typeof HolidaysType {
  return (holidaysModule ??= createRequire(import.meta.url)(
    "date-holidays",
  ) as typeof HolidaysType);
}

/** From date-holidays itself: years outside the table, and the test that checks the table. */
export function computedHolidaysOfYear(
  country: string,
  region: string | null,
  year: number,
): IsoDate[] {
  const Holidays = loadHolidays();
  const calendar = region
    ? new Holidays(country, region, { types: ["public"] })
    : new Holidays(country, { types: ["public"] });
  return (calendar.getHolidays(year, "de") || [])
    .filter((holiday) => holiday.type === "public")
    .map((holiday) => holiday.date.slice(0, 10));
}

function holidaysOfYear(country: string, region: string | null, year: number): readonly IsoDate[] {
  const key = `${country}|${region ?? ""}|${year}`;
  let dates = byYear.get(key);
  if (!dates) {
    const listed = tableDates[key];
    dates =
      listed === undefined
        ? computedHolidaysOfYear(country, region, year)
        : listed === ""
          ? []
          : listed.split(" ").map((monthDay) => `${year}-${monthDay}`);
    if (byYear.size > 500) byYear.clear();
    byYear.set(key, dates);
  }
  return dates;
}

/** The years `holiday-table.json` holds. */
export const HOLIDAY_TABLE_YEARS = { first: table.firstYear, last: table.lastYear } as const;

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
