import { describe, expect, it } from "vitest";
import {
  HOLIDAY_REGIONS,
  closeDeliveryWhereBranchClosed,
  closeOnHolidays,
  isHolidayRegionOf,
} from "./holidays";
import { hoursOn } from "./opening-hours";
import { closed, open } from "./opening-hours.fixtures";
import { appointmentDays, planAppointments } from "./slots";

const ZONE = "Europe/Berlin";
/** The BW public holidays around the turn of the year, as date-holidays names them. */
const BW_HOLIDAYS = ["2026-12-25", "2026-12-26", "2027-01-01", "2027-01-06"];
const opening = [open("daily", "07:00", "18:00")];
const delivery = [open("daily", "10:00", "20:00")];

describe("closeOnHolidays", () => {
  it("closes every holiday and keeps the other days", () => {
    const rules = closeOnHolidays(opening, BW_HOLIDAYS);
    for (const date of BW_HOLIDAYS) expect(hoursOn(rules, date).isClosed, date).toBe(true);
    expect(hoursOn(rules, "2026-12-24").ranges).toEqual([{ from: "07:00", to: "18:00" }]);
    expect(hoursOn(rules, "2027-01-05").isClosed).toBe(false);
  });

  it("leaves a holiday open that staff opened with a rule for its date", () => {
    const rules = closeOnHolidays(
      [...opening, open("once", "08:00", "12:00", "2027-01-06")],
      ["2027-01-06"],
    );
    expect(hoursOn(rules, "2027-01-06").isClosed).toBe(false);
    expect(hoursOn(rules, "2027-01-06").ranges).toContainEqual({ from: "08:00", to: "12:00" });
  });

  it("changes nothing without holidays", () => {
    expect(closeOnHolidays(opening, [])).toEqual(opening);
  });
});

describe("closeDeliveryWhereBranchClosed", () => {
  it("closes delivery on the days the opening hours close the branch, and only those", () => {
    const branch = [...opening, closed("sunday"), closed("once", "2026-12-31")];
    const rules = closeDeliveryWhereBranchClosed(delivery, branch, "2026-12-24", 14);
    expect(hoursOn(rules, "2026-12-27").isClosed).toBe(true); // a Sunday
    expect(hoursOn(rules, "2026-12-31").isClosed).toBe(true);
    expect(hoursOn(rules, "2026-12-28").ranges).toEqual([{ from: "10:00", to: "20:00" }]);
    // One rule per differing day: two Sundays and New Year's Eve.
    expect(rules).toHaveLength(delivery.length + 3);
  });
});

describe("slots from 24.12. to 6.1. at a branch in Baden-Württemberg", () => {
  const now = "2026-12-24T06:00:00+01:00";
  const daysOf = (rules: Parameters<typeof planAppointments>[0]["rules"]) =>
    appointmentDays(planAppointments({ rules, now, zone: ZONE, horizonDays: 13 }), ZONE);

  it("offers no slot on 25.12., 26.12., 1.1. and 6.1., for takeaway and for delivery", () => {
    const openingHours = closeOnHolidays(opening, BW_HOLIDAYS);
    const deliveryHours = closeDeliveryWhereBranchClosed(delivery, openingHours, "2026-12-23", 16);
    const expected = [
      "2026-12-24",
      "2026-12-27",
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-02",
      "2027-01-03",
      "2027-01-04",
      "2027-01-05",
    ];
    expect(daysOf(openingHours)).toEqual(expected);
    expect(daysOf(deliveryHours)).toEqual(expected);
  });

  it("offers the slots of an explicit opening on a holiday", () => {
    const openingHours = closeOnHolidays(
      [...opening, open("once", "08:00", "12:00", "2027-01-06")],
      BW_HOLIDAYS,
    );
    const deliveryHours = closeDeliveryWhereBranchClosed(delivery, openingHours, "2026-12-23", 16);
    expect(daysOf(openingHours)).toContain("2027-01-06");
    expect(daysOf(deliveryHours)).toContain("2027-01-06");
    expect(daysOf(deliveryHours)).not.toContain("2027-01-01");
  });

  it("without the holiday setting delivery still follows the branch's closed dates", () => {
    // The bug of issue 17: closed on 25.12., 26.12. and 1.1., yet delivery offered those days.
    const openingHours = [
      ...opening,
      closed("once", "2026-12-25"),
      closed("once", "2026-12-26"),
      closed("once", "2027-01-01"),
    ];
    const days = daysOf(closeDeliveryWhereBranchClosed(delivery, openingHours, "2026-12-23", 16));
    expect(days).not.toContain("2026-12-25");
    expect(days).not.toContain("2026-12-26");
    expect(days).not.toContain("2027-01-01");
    expect(days).toContain("2027-01-06");
  });
});

describe("isHolidayRegionOf", () => {
  it("knows the federal states of each country", () => {
    expect(isHolidayRegionOf("DE", "BW")).toBe(true);
    expect(isHolidayRegionOf("AT", "9")).toBe(true);
    expect(isHolidayRegionOf("AT", "BW")).toBe(false);
    expect(isHolidayRegionOf("CH", "BE")).toBe(false);
    expect(isHolidayRegionOf("XX", "BW")).toBe(false);
    expect(HOLIDAY_REGIONS.DE).toHaveLength(16);
  });
});
