import { describe, expect, it } from "vitest";
import type { BranchDetails } from "#app/db/queries/branches";
import type { HoursRule } from "#app/db/schema";
import { weeklyHours } from "#app/domain/opening-display";
import { branchOpening, effectiveHours } from "./opening.server";

const rule = (type: HoursRule["type"], from: string | null, to: string | null, date?: string) =>
  ({
    type,
    date: date ?? null,
    isClosed: from === null,
    fromTime: from,
    toTime: to,
  }) as HoursRule;

/** A Freiburg branch open every day 07:00–18:00 that delivers 10:00–20:00. */
const branch = (holidayRegion: string | null, extra: HoursRule[] = []) =>
  ({
    holidayCountry: "DE",
    holidayRegion,
    openingHours: [rule("daily", "07:00", "18:00"), ...extra],
    deliveryHours: [rule("daily", "10:00", "20:00")],
    isDeliveryHoursEnabled: true,
  }) as unknown as BranchDetails;

const zone = "Europe/Berlin";
// Wednesday 6 January 2027, 09:00 in Freiburg: Epiphany, a public holiday in Baden-Württemberg.
const epiphany = new Date("2027-01-06T08:00:00Z");

describe("the storefront's hours follow the public holidays (decision 045)", () => {
  it("shows a Baden-Württemberg branch closed on 6 January, with the checkout's hours", () => {
    expect(branchOpening(branch("BW"), epiphany, zone).state.isOpen).toBe(false);
    const week = weeklyHours(
      effectiveHours(branch("BW"), epiphany, zone).openingHours,
      epiphany,
      zone,
    );
    expect(week.find((row) => row.date === "2027-01-06")?.isClosed).toBe(true);
    expect(week.find((row) => row.date === "2027-01-07")?.isClosed).toBe(false);
    const delivery = effectiveHours(branch("BW"), epiphany, zone).deliveryHours;
    expect(
      weeklyHours(delivery, epiphany, zone).find((row) => row.date === "2027-01-06")?.isClosed,
    ).toBe(true);
  });

  it("keeps a Berlin branch open that day, and a date staff opened stays open", () => {
    expect(branchOpening(branch("BE"), epiphany, zone).state.isOpen).toBe(true);
    const opened = branch("BW", [rule("once", "08:00", "12:00", "2027-01-06")]);
    expect(branchOpening(opened, epiphany, zone).state.isOpen).toBe(true);
  });
});
