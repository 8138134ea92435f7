import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  addDays,
  readNearDay,
  atWallClock,
  clockOfMinutes,
  dateOf,
  daysBetween,
  inZone,
  isWallClock,
  minutesOfClock,
  startOfDate,
  weekdayOf,
} from "./time";

const BERLIN = "Europe/Berlin";

describe("inZone", () => {
  it("reads ISO strings, Dates and DateTimes as the same instant", () => {
    const fromString = inZone("2025-06-01T10:00:00Z");
    const fromDate = inZone(new Date("2025-06-01T10:00:00Z"));
    const fromLuxon = inZone(DateTime.fromISO("2025-06-01T10:00:00Z", { zone: "utc" }));
    for (const zoned of [fromString, fromDate, fromLuxon]) {
      expect(zoned.toISO()).toBe("2025-06-01T12:00:00.000+02:00");
      expect(zoned.zoneName).toBe(BERLIN);
    }
  });

  it("reads a string without offset in the given zone", () => {
    expect(inZone("2025-01-15T08:00", "Europe/London").toISO()).toBe(
      "2025-01-15T08:00:00.000+00:00",
    );
  });

  it("refuses an invalid instant or zone", () => {
    expect(() => inZone("31.12.2025")).toThrow(RangeError);
    expect(() => inZone("2025-01-01T10:00", "Mars/Base")).toThrow(RangeError);
    expect(() => inZone(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("minutesOfClock, clockOfMinutes, isWallClock", () => {
  it("reads HH:mm, HH:mm:ss and 24:00", () => {
    expect(minutesOfClock("00:00")).toBe(0);
    expect(minutesOfClock("08:30")).toBe(510);
    expect(minutesOfClock("8:30")).toBe(510);
    expect(minutesOfClock("18:00:00")).toBe(1080);
    expect(minutesOfClock("23:59")).toBe(1439);
    expect(minutesOfClock("24:00")).toBe(1440);
  });

  it("refuses impossible times", () => {
    for (const clock of ["24:30", "12:60", "12:00:30", "noon", "", "1230"]) {
      expect(() => minutesOfClock(clock)).toThrow(RangeError);
      expect(isWallClock(clock)).toBe(false);
    }
    expect(isWallClock("07:15")).toBe(true);
  });

  it("writes minutes as HH:mm", () => {
    expect(clockOfMinutes(0)).toBe("00:00");
    expect(clockOfMinutes(545)).toBe("09:05");
    expect(clockOfMinutes(1440)).toBe("24:00");
  });
});

describe("calendar helpers", () => {
  it("names the weekday of a date", () => {
    expect(weekdayOf("2025-03-31")).toBe("monday");
    expect(weekdayOf("2025-03-30")).toBe("sunday");
    expect(() => weekdayOf("2025-02-30")).toThrow(RangeError);
    // The same as luxon's over four years, leap day included.
    for (let day = 0; day < 4 * 366; day += 1) {
      const date = addDays("2024-01-01", day);
      const luxon = DateTime.fromISO(date, { zone: "utc" }).toFormat("cccc").toLowerCase();
      expect(weekdayOf(date)).toBe(luxon);
    }
  });

  it("adds days across months and years", () => {
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    // The same as luxon's calendar arithmetic over half a year, summer time included.
    for (let day = -200; day <= 200; day += 7) {
      expect(addDays("2025-03-30", day)).toBe(
        DateTime.fromISO("2025-03-30", { zone: "utc" }).plus({ days: day }).toISODate(),
      );
    }
    expect(daysBetween("2025-03-29", "2025-03-31")).toBe(2);
    expect(daysBetween("2025-03-31", "2025-03-29")).toBe(-2);
    expect(daysBetween("2024-02-28", "2024-03-01")).toBe(2);
    expect(daysBetween("2025-12-31", "2026-01-01")).toBe(1);
  });

  it("knows the date of an instant in the zone", () => {
    expect(dateOf("2025-03-29T23:30:00Z")).toBe("2025-03-30");
    expect(dateOf("2025-03-29T23:30:00Z", "utc")).toBe("2025-03-29");
  });
});

describe("atWallClock", () => {
  it("places a wall-clock time on a date", () => {
    expect(atWallClock("2025-01-15", 8 * 60, BERLIN).toISO()).toBe("2025-01-15T08:00:00.000+01:00");
    expect(atWallClock("2025-07-15", 8 * 60, BERLIN).toISO()).toBe("2025-07-15T08:00:00.000+02:00");
  });

  it("runs into the next day beyond 24:00", () => {
    expect(atWallClock("2025-01-15", 26 * 60, BERLIN).toISO()).toBe(
      "2025-01-16T02:00:00.000+01:00",
    );
    expect(atWallClock("2025-12-31", 24 * 60, BERLIN).toISO()).toBe(
      "2026-01-01T00:00:00.000+01:00",
    );
  });

  it("moves a skipped time forward on the last Sunday of March", () => {
    expect(atWallClock("2025-03-30", 2 * 60 + 30, BERLIN).toISO()).toBe(
      "2025-03-30T03:30:00.000+02:00",
    );
  });

  it("takes the first of a doubled time on the last Sunday of October", () => {
    expect(atWallClock("2025-10-26", 2 * 60 + 30, BERLIN).toISO()).toBe(
      "2025-10-26T02:30:00.000+02:00",
    );
  });

  it("starts a day at midnight", () => {
    expect(startOfDate("2025-10-26", BERLIN).toISO()).toBe("2025-10-26T00:00:00.000+02:00");
    expect(startOfDate("2025-10-27", BERLIN).toISO()).toBe("2025-10-27T00:00:00.000+01:00");
  });
});

describe("readNearDay", () => {
  it("takes a calendar day within a year of today, either way", () => {
    expect(readNearDay("2026-12-24", "2026-11-30")).toEqual({ day: "2026-12-24" });
    expect(readNearDay("2025-11-29", "2026-11-30")).toEqual({ day: "2025-11-29" });
  });

  it("refuses what is no day, and days further away", () => {
    for (const text of ["2026-02-30", "24.12.2026", "2026-1-5", "", "2026-12-24T00:00"]) {
      expect(readNearDay(text, "2026-11-30"), text).toEqual({ problem: "bad" });
    }
    expect(readNearDay("2027-12-02", "2026-11-30")).toEqual({ problem: "far" });
    expect(readNearDay("2000-01-01", "2026-11-30")).toEqual({ problem: "far" });
  });
});
