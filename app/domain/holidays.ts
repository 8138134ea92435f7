import { hoursOn, type OpeningHoursRule } from "./opening-hours";
import { addDays, type IsoDate } from "./time";

/**
 * Public holidays close a branch (decision 045). The dates come from date-holidays on the server
 * (`features/branches/holidays.server.ts`); the rules here only take them as data.
 */

export const HOLIDAY_COUNTRIES = [
  { value: "DE", label: "Deutschland" },
  { value: "AT", label: "Österreich" },
  { value: "CH", label: "Schweiz (landesweite Feiertage)" },
] as const;

export type HolidayCountry = (typeof HOLIDAY_COUNTRIES)[number]["value"];

/**
 * Federal states by country, with the codes date-holidays uses. Swiss cantons are left out: their
 * codes repeat German ones (BE, NW, SH), and a Swiss branch gets the nationwide holidays.
 */
export const HOLIDAY_REGIONS: Record<HolidayCountry, readonly { value: string; label: string }[]> =
  {
    DE: [
      { value: "BW", label: "Baden-Württemberg" },
      { value: "BY", label: "Bayern" },
      { value: "BE", label: "Berlin" },
      { value: "BB", label: "Brandenburg" },
      { value: "HB", label: "Bremen" },
      { value: "HH", label: "Hamburg" },
      { value: "HE", label: "Hessen" },
      { value: "MV", label: "Mecklenburg-Vorpommern" },
      { value: "NI", label: "Niedersachsen" },
      { value: "NW", label: "Nordrhein-Westfalen" },
      { value: "RP", label: "Rheinland-Pfalz" },
      { value: "SL", label: "Saarland" },
      { value: "SN", label: "Sachsen" },
      { value: "ST", label: "Sachsen-Anhalt" },
      { value: "SH", label: "Schleswig-Holstein" },
      { value: "TH", label: "Thüringen" },
    ],
    AT: [
      { value: "1", label: "Burgenland" },
      { value: "2", label: "Kärnten" },
      { value: "3", label: "Niederösterreich" },
      { value: "4", label: "Oberösterreich" },
      { value: "5", label: "Salzburg" },
      { value: "6", label: "Steiermark" },
      { value: "7", label: "Tirol" },
      { value: "8", label: "Vorarlberg" },
      { value: "9", label: "Wien" },
    ],
    CH: [],
  };

export function isHolidayCountry(value: unknown): value is HolidayCountry {
  return HOLIDAY_COUNTRIES.some((country) => country.value === value);
}

/** Whether `region` is a federal state of `country` that the branch form offers. */
export function isHolidayRegionOf(country: unknown, region: unknown): boolean {
  return (
    isHolidayCountry(country) && HOLIDAY_REGIONS[country].some((option) => option.value === region)
  );
}

/** A rule that names one date: staff's own word about that day. */
function isExplicitOpening(rule: OpeningHoursRule, date: IsoDate): boolean {
  return rule.type === "once" && !rule.isClosed && rule.date?.slice(0, 10) === date;
}

/**
 * The rules with every public holiday closed: a closed `once` rule for the date, after the weekly
 * rules so that it clears the day. An explicit opening for that date (a `once` rule that is not
 * closed) wins: staff who open on 6 January keep their hours.
 */
export function closeOnHolidays(
  rules: readonly OpeningHoursRule[],
  holidays: readonly IsoDate[],
): OpeningHoursRule[] {
  const closures = holidays
    .filter((date) => !rules.some((rule) => isExplicitOpening(rule, date)))
    .map((date): OpeningHoursRule => ({
      type: "once",
      date,
      isClosed: true,
      from: "00:00",
      to: "00:00",
    }));
  return closures.length === 0 ? [...rules] : [...rules, ...closures];
}

/**
 * Delivery hours that never deliver on a day the branch is closed: for each of `days` dates from
 * `firstDate` on which the opening hours close the branch (a closed weekday, a holiday, a closed
 * date), the delivery hours get a closed rule for that date.
 */
export function closeDeliveryWhereBranchClosed(
  deliveryRules: readonly OpeningHoursRule[],
  openingRules: readonly OpeningHoursRule[],
  firstDate: IsoDate,
  days: number,
): OpeningHoursRule[] {
  const closures: OpeningHoursRule[] = [];
  for (let day = 0; day < days; day++) {
    const date = addDays(firstDate, day);
    // Only the days that differ get a rule: the rules' text keys the periods' memo.
    if (hoursOn(openingRules, date).isClosed && !hoursOn(deliveryRules, date).isClosed) {
      closures.push({ type: "once", date, isClosed: true, from: "00:00", to: "00:00" });
    }
  }
  return [...deliveryRules, ...closures];
}
