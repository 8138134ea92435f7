import { describe, expect, it } from "vitest";
import { HOLIDAY_COUNTRIES, HOLIDAY_REGIONS } from "#app/domain/holidays";
import table from "./holiday-table.json";
import { computedHolidaysOfYear, HOLIDAY_TABLE_YEARS, publicHolidays } from "./holidays.server";

/**
 * The table the server looks holidays up in must say what date-holidays says. When this fails
 * after an update of date-holidays, run `node scripts/generate-holiday-table.mjs`.
 */
describe("holiday-table.json", () => {
  const regionsOf = (country: (typeof HOLIDAY_COUNTRIES)[number]["value"]) => [
    null,
    ...HOLIDAY_REGIONS[country].map((region) => region.value),
  ];

  it("holds every country and federal state the branch form offers, for every year it spans", () => {
    const expected: string[] = [];
    for (const { value: country } of HOLIDAY_COUNTRIES) {
      for (const region of regionsOf(country)) {
        for (let year = HOLIDAY_TABLE_YEARS.first; year <= HOLIDAY_TABLE_YEARS.last; year++) {
          expected.push(`${country}|${region ?? ""}|${year}`);
        }
      }
    }
    expect(Object.keys(table.dates).sort()).toEqual(expected.sort());
    // The shop plans at most a few weeks ahead: the table reaches well past today.
    expect(HOLIDAY_TABLE_YEARS.last).toBeGreaterThanOrEqual(new Date().getFullYear() + 5);
  });

  it("agrees with date-holidays on every date", () => {
    for (const [key, listed] of Object.entries(table.dates)) {
      const [country, region, year] = key.split("|") as [string, string, string];
      const fromPackage = computedHolidaysOfYear(country, region || null, Number(year));
      expect({
        key,
        dates: listed === "" ? [] : listed.split(" ").map((d) => `${year}-${d}`),
      }).toEqual({
        key,
        dates: fromPackage,
      });
    }
  });

  it("answers years outside the table from date-holidays", () => {
    const year = HOLIDAY_TABLE_YEARS.last + 1;
    expect(publicHolidays("DE", "BW", `${year}-12-24`, `${year}-12-31`)).toEqual([
      `${year}-12-25`,
      `${year}-12-26`,
    ]);
  });
});
