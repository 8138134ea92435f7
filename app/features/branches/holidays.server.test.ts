import { describe, expect, it } from "vitest";
import { appointmentDays, planAppointments } from "#app/domain/slots";
import { branchHoursWithHolidays, publicHolidays } from "./holidays.server";
import { closed, open } from "#app/domain/opening-hours.fixtures";

describe("publicHolidays (date-holidays)", () => {
  it("names the public holidays of Baden-Württemberg around the turn of the year", () => {
    expect(publicHolidays("DE", "BW", "2026-12-24", "2027-01-06")).toEqual([
      "2026-12-25",
      "2026-12-26",
      "2027-01-01",
      "2027-01-06",
    ]);
  });

  it("knows that 6 January is no holiday in Berlin, and nothing without a country", () => {
    expect(publicHolidays("DE", "BE", "2027-01-02", "2027-01-10")).toEqual([]);
    expect(publicHolidays("DE", null, "2026-12-24", "2027-01-06")).toEqual([
      "2026-12-25",
      "2026-12-26",
      "2027-01-01",
    ]);
    expect(publicHolidays(null, null, "2026-12-24", "2027-01-06")).toEqual([]);
    expect(publicHolidays("XX", "BW", "2026-12-24", "2027-01-06")).toEqual([]);
  });
});

describe("branchHoursWithHolidays", () => {
  const hours = {
    openingHours: [open("daily", "07:00", "18:00"), closed("sunday")],
    deliveryHours: [open("daily", "10:00", "20:00")],
    isDeliveryHoursEnabled: true,
  };
  const now = new Date("2026-12-24T05:00:00Z");
  const days = (rules: Parameters<typeof planAppointments>[0]["rules"]) =>
    appointmentDays(planAppointments({ rules, now, zone: "Europe/Berlin", horizonDays: 13 }));

  it("closes a BW branch on its holidays and on its closed weekdays, for delivery too", () => {
    const bw = branchHoursWithHolidays(
      { holidayCountry: "DE", holidayRegion: "BW" },
      hours,
      now,
      "Europe/Berlin",
      13,
    );
    for (const rules of [bw.openingHours, bw.deliveryHours]) {
      const offered = days(rules);
      for (const date of ["2026-12-25", "2026-12-26", "2026-12-27", "2027-01-01", "2027-01-06"]) {
        expect(offered, date).not.toContain(date);
      }
      expect(offered).toContain("2026-12-24");
      expect(offered).toContain("2027-01-05");
    }
  });

  it("lets an explicit opening on 6 January win", () => {
    const bw = branchHoursWithHolidays(
      { holidayCountry: "DE", holidayRegion: "BW" },
      {
        ...hours,
        openingHours: [...hours.openingHours, open("once", "09:00", "12:00", "2027-01-06")],
      },
      now,
      "Europe/Berlin",
      13,
    );
    expect(days(bw.openingHours)).toContain("2027-01-06");
    expect(days(bw.deliveryHours)).toContain("2027-01-06");
  });
});
