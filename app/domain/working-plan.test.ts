import { describe, expect, it } from "vitest";
import {
  daysOfMonth,
  expectedMinutesOf,
  holidayBalanceOf,
  mondayOf,
  overlappingShift,
  parseHalfDays,
  parseMonth,
  parseShiftTime,
  shiftEnd,
  shiftEndText,
  shiftText,
  timeSheetTotals,
} from "./working-plan";

const contract = [480, 480, 480, 480, 360, 0, 0];

describe("working plan rules", () => {
  it("reads shift times and allows 24:00 only as an end", () => {
    expect(parseShiftTime("06:30")).toBe(390);
    expect(parseShiftTime("24:00")).toBeNull();
    expect(parseShiftTime("24:00", true)).toBe(1440);
    expect(parseShiftTime("12:60")).toBeNull();
    expect(parseShiftTime("7:00")).toBeNull();
    expect(parseShiftTime(7)).toBeNull();
  });

  it("finds overlapping shifts on the same day only; touching ones do not overlap", () => {
    const existing = [{ day: "2026-11-30", startMinute: 360, endMinute: 720 }];
    expect(
      overlappingShift(existing, { day: "2026-11-30", startMinute: 700, endMinute: 800 }),
    ).toBe(existing[0]);
    expect(
      overlappingShift(existing, { day: "2026-11-30", startMinute: 720, endMinute: 800 }),
    ).toBeNull();
    expect(
      overlappingShift(existing, { day: "2026-12-01", startMinute: 400, endMinute: 500 }),
    ).toBeNull();
  });

  it("reads an end at or before the start as the next morning: a night shift", () => {
    expect(shiftEnd(1320, 360)).toBe(1800);
    expect(shiftEnd(1320, 0)).toBe(1440);
    expect(shiftEnd(360, 840)).toBe(840);
    expect(shiftEnd(1080, 1440)).toBe(1440);
    // Longer than 12 hours or no time at all: a typo, refused.
    expect(shiftEnd(720, 360)).toBeNull();
    expect(shiftEnd(600, 600)).toBeNull();
    expect(shiftEndText(1800)).toBe("06:00");
    expect(shiftEndText(1440)).toBe("24:00");
    expect(shiftText({ startMinute: 1320, endMinute: 1800 })).toBe("22:00–06:00 (+1)");
    expect(shiftText({ startMinute: 360, endMinute: 840 })).toBe("06:00–14:00");
  });

  it("finds a night shift overlapping the next morning's shift, and the evening's before it", () => {
    const night = { day: "2026-11-30", startMinute: 1320, endMinute: 1800 };
    // 05:00–13:00 the next day overlaps the night shift's end; 06:00–14:00 only touches it.
    expect(overlappingShift([night], { day: "2026-12-01", startMinute: 300, endMinute: 780 })).toBe(
      night,
    );
    expect(
      overlappingShift([night], { day: "2026-12-01", startMinute: 360, endMinute: 840 }),
    ).toBeNull();
    // The other way round: a morning shift exists, the night shift before it is planned later.
    const morning = { day: "2026-12-01", startMinute: 300, endMinute: 780 };
    expect(overlappingShift([morning], night)).toBe(morning);
    // The evening of the night shift's own day.
    expect(
      overlappingShift([night], { day: "2026-11-30", startMinute: 1080, endMinute: 1380 }),
    ).toBe(night);
    expect(
      overlappingShift([night], { day: "2026-11-29", startMinute: 1320, endMinute: 1800 }),
    ).toBeNull();
  });

  it("knows the Monday of a week and the days of a month", () => {
    expect(mondayOf("2026-12-03")).toBe("2026-11-30");
    expect(mondayOf("2026-11-30")).toBe("2026-11-30");
    expect(daysOfMonth("2026-02-01")).toHaveLength(28);
    expect(parseMonth("2026-13")).toBeNull();
    expect(parseMonth("2026-11")).toBe("2026-11-01");
  });

  it("reduces the expected time by absences and public holidays (kimai #5054)", () => {
    expect(expectedMinutesOf(contract, "2026-11-30", null, false)).toBe(480);
    expect(expectedMinutesOf(contract, "2026-12-04", null, false)).toBe(360);
    expect(expectedMinutesOf(contract, "2026-12-05", null, false)).toBe(0);
    const half = { day: "2026-11-30", kind: "holiday" as const, half: true };
    expect(expectedMinutesOf(contract, "2026-11-30", half, false)).toBe(240);
    expect(expectedMinutesOf(contract, "2026-11-30", { ...half, half: false }, false)).toBe(0);
    expect(expectedMinutesOf(contract, "2026-12-25", null, true)).toBe(0);
    expect(expectedMinutesOf(null, "2026-11-30", null, false)).toBe(0);
  });

  it("counts taken, planned and sick days in halves", () => {
    const balance = holidayBalanceOf({
      halfDays: 60,
      carryOverHalfDays: 3,
      today: "2026-06-15",
      absences: [
        { day: "2026-06-01", kind: "holiday", half: false },
        { day: "2026-06-02", kind: "holiday", half: true },
        { day: "2026-07-01", kind: "holiday", half: false },
        { day: "2026-03-01", kind: "sickness", half: false },
      ],
    });
    expect(balance).toEqual({
      entitlement: 30,
      carryOver: 1.5,
      taken: 1.5,
      planned: 1,
      remaining: 29,
      sickDays: 1,
    });
  });

  it("accepts holiday days in halves only, never negative", () => {
    expect(parseHalfDays("30")).toBe(60);
    expect(parseHalfDays("2,5")).toBe(5);
    expect(parseHalfDays(-1)).toBeNull();
    expect(parseHalfDays("1.3")).toBeNull();
    expect(parseHalfDays("1e9")).toBeNull();
    expect(parseHalfDays("")).toBeNull();
  });

  it("sums a time sheet", () => {
    expect(
      timeSheetTotals([
        { day: "a", expectedMinutes: 480, workedMinutes: 500 },
        { day: "b", expectedMinutes: 480, workedMinutes: 400 },
      ]),
    ).toEqual({ expectedMinutes: 960, workedMinutes: 900, balanceMinutes: -60 });
  });
});
