/**
 * Writes app/features/branches/holiday-table.json: the public holidays of every country and
 * federal state the branch form offers, for a span of years, taken from date-holidays (decision
 * 045, 051). A server process then looks dates up in a few KB instead of holding the package's
 * data for every country of the world (about 20 MB resident). `holiday-table.test.ts` fails when
 * the table no longer agrees with the installed date-holidays: run this script again then.
 *
 *   node scripts/generate-holiday-table.mjs
 */
import { writeFileSync } from "node:fs";
import Holidays from "date-holidays";

export const FIRST_YEAR = 2024;
export const LAST_YEAR = 2040;

// The same choices as HOLIDAY_REGIONS in app/domain/holidays.ts (the test checks they agree).
const REGIONS = {
  DE: [
    "BW",
    "BY",
    "BE",
    "BB",
    "HB",
    "HH",
    "HE",
    "MV",
    "NI",
    "NW",
    "RP",
    "SL",
    "SN",
    "ST",
    "SH",
    "TH",
  ],
  AT: ["1", "2", "3", "4", "5", "6", "7", "8", "9"],
  CH: [],
};

function publicDates(country, region, year) {
  const calendar = region
    ? new Holidays(country, region, { types: ["public"] })
    : new Holidays(country, { types: ["public"] });
  return (calendar.getHolidays(year, "de") || [])
    .filter((holiday) => holiday.type === "public")
    .map((holiday) => holiday.date.slice(5, 10));
}

const table = { firstYear: FIRST_YEAR, lastYear: LAST_YEAR, dates: {} };
for (const [country, regions] of Object.entries(REGIONS)) {
  for (const region of ["", ...regions]) {
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
      table.dates[`${country}|${region}|${year}`] = publicDates(country, region || null, year).join(
        " ",
      );
    }
  }
}
const target = new URL("../app/features/branches/holiday-table.json", import.meta.url);
writeFileSync(target, `${JSON.stringify(table, null, 0)}\n`);
console.log(`${Object.keys(table.dates).length} region-years written to ${target.pathname}`);
