import { describe, expect, it } from "vitest";
import { bakery, closed, open } from "./opening-hours.fixtures";
import { addDays } from "./time";
import {
  currentPeriod,
  deliveryHoursOf,
  hoursFor,
  hoursOn,
  isOpenAt,
  nextOpening,
  openPeriods,
  openingState,
  periodsStartingOn,
  ruleAppliesTo,
} from "./opening-hours";

/** Times are written with their Berlin offset: +02:00 in summer, +01:00 in winter. */

// Week of Monday 2 June 2025; Wednesday 4 June is closed once.

describe("ruleAppliesTo", () => {
  it("applies daily rules to every day and weekday rules to their day", () => {
    expect(ruleAppliesTo(open("daily", "07:00", "18:00"), "2025-06-08")).toBe(true);
    expect(ruleAppliesTo(open("monday", "07:00", "18:00"), "2025-06-02")).toBe(true);
    expect(ruleAppliesTo(open("monday", "07:00", "18:00"), "2025-06-03")).toBe(false);
  });

  it("applies a once rule only in the ISO week and on the weekday of its date", () => {
    const holiday = closed("once", "2025-06-04");
    expect(ruleAppliesTo(holiday, "2025-06-04")).toBe(true);
    expect(ruleAppliesTo(holiday, "2025-06-11")).toBe(false);
    expect(ruleAppliesTo(holiday, "2025-06-05")).toBe(false);
    // Wednesday of ISO week 23 in 2024 is not Wednesday of week 23 in 2025.
    expect(ruleAppliesTo(closed("once", "2024-06-05"), "2025-06-04")).toBe(false);
    // 31 Dec 2025 already belongs to ISO week 1 of 2026, a Wednesday, not a Thursday.
    expect(ruleAppliesTo(closed("once", "2026-01-01"), "2025-12-31")).toBe(false);
    expect(ruleAppliesTo(closed("once", "2026-01-01"), "2026-01-01")).toBe(true);
    // Over the turn of a year with 53 ISO weeks: on its date and nowhere else.
    const rule = closed("once", "2026-12-31");
    const applying = Array.from({ length: 30 }, (_, day) => addDays("2026-12-20", day)).filter(
      (date) => ruleAppliesTo(rule, date),
    );
    expect(applying).toEqual(["2026-12-31"]);
    // A date with its time, as some rows carry it, names the same day.
    expect(ruleAppliesTo(closed("once", "2026-12-31T00:00:00"), "2026-12-31")).toBe(true);
  });

  it("ignores a once rule without a date", () => {
    expect(ruleAppliesTo(closed("once"), "2025-06-04")).toBe(false);
  });
});

describe("hoursOn", () => {
  it("is closed without rules", () => {
    expect(hoursOn([], "2025-06-02")).toEqual({
      date: "2025-06-02",
      weekday: "monday",
      isClosed: true,
      ranges: [],
    });
  });

  it("resolves the bakery's week", () => {
    expect(hoursOn(bakery, "2025-06-02").ranges).toEqual([{ from: "07:00", to: "18:00" }]);
    expect(hoursOn(bakery, "2025-06-07")).toMatchObject({
      isClosed: false,
      ranges: [{ from: "07:00", to: "12:00" }],
    });
    expect(hoursOn(bakery, "2025-06-08")).toMatchObject({ isClosed: true, ranges: [] });
    expect(hoursOn(bakery, "2025-06-04")).toMatchObject({ isClosed: true, ranges: [] });
    expect(hoursOn(bakery, "2025-06-11")).toMatchObject({
      isClosed: false,
      ranges: [{ from: "07:00", to: "18:00" }],
    });
  });

  it("adds the hours of a later rule for the same day, sorted by start", () => {
    const rules = [open("monday", "14:00", "18:00"), open("daily", "07:00", "12:00")];
    expect(hoursOn(rules, "2025-06-02").ranges).toEqual([
      { from: "07:00", to: "12:00" },
      { from: "14:00", to: "18:00" },
    ]);
    expect(hoursOn(rules, "2025-06-03").ranges).toEqual([{ from: "07:00", to: "12:00" }]);
  });

  it("lets a later open rule reopen a closed day with only its own hours", () => {
    const rules = [
      open("daily", "07:00", "18:00"),
      closed("monday"),
      open("monday", "10:00", "12:00"),
    ];
    expect(hoursOn(rules, "2025-06-02")).toMatchObject({
      isClosed: false,
      ranges: [{ from: "10:00", to: "12:00" }],
    });
  });

  it("lets a later closed rule clear the day", () => {
    const rules = [
      open("monday", "07:00", "12:00"),
      open("monday", "14:00", "18:00"),
      closed("daily"),
    ];
    expect(hoursOn(rules, "2025-06-02")).toMatchObject({ isClosed: true, ranges: [] });
  });

  it("adds a once rule's extra hours to the day's", () => {
    const rules = [open("daily", "07:00", "18:00"), open("once", "19:00", "22:00", "2025-06-06")];
    expect(hoursOn(rules, "2025-06-06").ranges).toEqual([
      { from: "07:00", to: "18:00" },
      { from: "19:00", to: "22:00" },
    ]);
  });
});

describe("periodsStartingOn", () => {
  it("turns ranges into instants", () => {
    expect(
      periodsStartingOn(bakery, "2025-06-02").map((p) => [p.start.toISO(), p.end.toISO()]),
    ).toEqual([["2025-06-02T07:00:00.000+02:00", "2025-06-02T18:00:00.000+02:00"]]);
  });

  it("runs a 'to' of 00:00 or before 'from' into the next day, and from = to for 24 hours", () => {
    const rules = [
      open("friday", "18:00", "00:00"),
      open("saturday", "22:00", "02:00"),
      open("sunday", "00:00", "00:00"),
    ];
    const ends = (date: string) => periodsStartingOn(rules, date).map((p) => p.end.toISO());
    expect(ends("2025-06-06")).toEqual(["2025-06-07T00:00:00.000+02:00"]);
    expect(ends("2025-06-07")).toEqual(["2025-06-08T02:00:00.000+02:00"]);
    expect(ends("2025-06-08")).toEqual(["2025-06-09T00:00:00.000+02:00"]);
  });

  it("has 23 hours on the last Sunday of March and 25 on the last Sunday of October", () => {
    const allDay = [open("sunday", "00:00", "00:00")];
    const hours = (date: string) =>
      periodsStartingOn(allDay, date).map((p) => p.end.diff(p.start, "hours").hours);
    expect(hours("2025-03-30")).toEqual([23]);
    expect(hours("2025-10-26")).toEqual([25]);
    expect(hours("2025-06-08")).toEqual([24]);
  });

  it("drops a range that lies in the skipped hour", () => {
    expect(periodsStartingOn([open("sunday", "02:00", "03:00")], "2025-03-30")).toEqual([]);
  });
});

describe("openPeriods", () => {
  it("merges ranges that overlap or touch, across midnight too", () => {
    const rules = [
      open("monday", "07:00", "12:00"),
      open("monday", "11:00", "14:00"),
      open("monday", "18:00", "00:00"),
      open("tuesday", "00:00", "02:00"),
      open("tuesday", "08:00", "09:00"),
    ];
    const periods = [...openPeriods(rules, "2025-06-02", 2)].map((p) => [
      p.start.toISO(),
      p.end.toISO(),
    ]);
    expect(periods).toEqual([
      ["2025-06-02T07:00:00.000+02:00", "2025-06-02T14:00:00.000+02:00"],
      ["2025-06-02T18:00:00.000+02:00", "2025-06-03T02:00:00.000+02:00"],
      ["2025-06-03T08:00:00.000+02:00", "2025-06-03T09:00:00.000+02:00"],
    ]);
  });

  it("yields nothing for no rules or no days", () => {
    expect([...openPeriods([], "2025-06-02", 7)]).toEqual([]);
    expect([...openPeriods(bakery, "2025-06-02", 0)]).toEqual([]);
  });
});

describe("isOpenAt", () => {
  it("includes the start and excludes the end of a range", () => {
    expect(isOpenAt(bakery, "2025-06-02T06:59:00+02:00")).toBe(false);
    expect(isOpenAt(bakery, "2025-06-02T07:00:00+02:00")).toBe(true);
    expect(isOpenAt(bakery, "2025-06-02T17:59:59+02:00")).toBe(true);
    expect(isOpenAt(bakery, "2025-06-02T18:00:00+02:00")).toBe(false);
  });

  it("follows the bakery's week", () => {
    expect(isOpenAt(bakery, "2025-06-04T10:00:00+02:00")).toBe(false);
    expect(isOpenAt(bakery, "2025-06-11T10:00:00+02:00")).toBe(true);
    expect(isOpenAt(bakery, "2025-06-07T11:00:00+02:00")).toBe(true);
    expect(isOpenAt(bakery, "2025-06-07T13:00:00+02:00")).toBe(false);
    expect(isOpenAt(bakery, "2025-06-08T10:00:00+02:00")).toBe(false);
  });

  it("reads any instant form in the business zone", () => {
    expect(isOpenAt(bakery, new Date("2025-06-02T05:00:00Z"))).toBe(true);
    expect(isOpenAt(bakery, "2025-06-02T04:59:00Z")).toBe(false);
  });

  it("stays open past midnight into the next day", () => {
    const lateFriday = [open("friday", "22:00", "02:00")];
    expect(isOpenAt(lateFriday, "2025-06-06T23:59:00+02:00")).toBe(true);
    expect(isOpenAt(lateFriday, "2025-06-07T01:59:00+02:00")).toBe(true);
    expect(isOpenAt(lateFriday, "2025-06-07T02:00:00+02:00")).toBe(false);
    expect(isOpenAt(lateFriday, "2025-06-06T21:59:00+02:00")).toBe(false);
  });

  it("closes at midnight for a 'to' of 00:00", () => {
    const untilMidnight = [open("friday", "20:00", "00:00")];
    expect(isOpenAt(untilMidnight, "2025-06-06T23:59:59+02:00")).toBe(true);
    expect(isOpenAt(untilMidnight, "2025-06-07T00:00:00+02:00")).toBe(false);
  });

  it("is never open without rules", () => {
    expect(isOpenAt([], "2025-06-02T10:00:00+02:00")).toBe(false);
  });

  it("handles the hour the clocks skip", () => {
    const night = [open("sunday", "01:00", "04:00")];
    expect(isOpenAt(night, "2025-03-30T01:59:00+01:00")).toBe(true);
    expect(isOpenAt(night, "2025-03-30T03:59:00+02:00")).toBe(true);
    expect(isOpenAt(night, "2025-03-30T04:00:00+02:00")).toBe(false);
  });

  it("handles the hour that repeats", () => {
    const night = [open("sunday", "01:00", "04:00")];
    expect(isOpenAt(night, "2025-10-26T02:30:00+02:00")).toBe(true);
    expect(isOpenAt(night, "2025-10-26T02:30:00+01:00")).toBe(true);
    expect(isOpenAt(night, "2025-10-26T04:00:00+01:00")).toBe(false);
  });
});

describe("currentPeriod", () => {
  it("is the merged period around the instant", () => {
    const period = currentPeriod(
      [open("daily", "07:00", "12:00"), open("daily", "12:00", "18:00")],
      "2025-06-02T11:30:00+02:00",
    );
    expect(period?.end.toISO()).toBe("2025-06-02T18:00:00.000+02:00");
  });

  it("is null while closed", () => {
    expect(currentPeriod(bakery, "2025-06-02T19:00:00+02:00")).toBeNull();
  });
});

describe("nextOpening", () => {
  const next = (now: string, rules = bakery, horizon?: number) =>
    nextOpening(rules, now, undefined, horizon)?.toISO() ?? null;

  it("finds a later opening the same day", () => {
    expect(next("2025-06-02T06:00:00+02:00")).toBe("2025-06-02T07:00:00.000+02:00");
  });

  it("finds the next day's opening", () => {
    expect(next("2025-06-02T19:00:00+02:00")).toBe("2025-06-03T07:00:00.000+02:00");
  });

  it("skips closed days and once closures", () => {
    expect(next("2025-06-07T13:00:00+02:00")).toBe("2025-06-09T07:00:00.000+02:00");
    expect(next("2025-06-03T19:00:00+02:00")).toBe("2025-06-05T07:00:00.000+02:00");
  });

  it("while open answers the start after the current period", () => {
    expect(next("2025-06-02T10:00:00+02:00")).toBe("2025-06-03T07:00:00.000+02:00");
  });

  it("is null without rules or beyond the horizon", () => {
    expect(next("2025-06-02T10:00:00+02:00", [])).toBeNull();
    const christmas = [open("once", "08:00", "12:00", "2025-12-24")];
    expect(next("2025-06-02T10:00:00+02:00", christmas)).toBeNull();
    expect(next("2025-06-02T10:00:00+02:00", christmas, 365)).toBe("2025-12-24T08:00:00.000+01:00");
  });

  it("finds an opening in the night the clocks go forward", () => {
    expect(next("2025-03-30T00:30:00+01:00", [open("sunday", "02:30", "05:00")])).toBe(
      "2025-03-30T03:30:00.000+02:00",
    );
  });
});

describe("openingState", () => {
  it("is open with the closing time", () => {
    expect(openingState(bakery, "2025-06-02T10:00:00+02:00")).toEqual({
      isOpen: true,
      closesAt: "2025-06-02T18:00:00.000+02:00",
      minutesUntilClose: 480,
      isClosingSoon: false,
      nextOpening: null,
    });
  });

  it("is closing soon when less than 60 minutes remain", () => {
    expect(openingState(bakery, "2025-06-02T17:00:00+02:00").isClosingSoon).toBe(false);
    expect(openingState(bakery, "2025-06-02T17:00:01+02:00").isClosingSoon).toBe(true);
    const state = openingState(bakery, "2025-06-02T17:10:00+02:00");
    expect(state.minutesUntilClose).toBe(50);
    expect(state.isClosingSoon).toBe(true);
  });

  it("is not closing soon when the next day's range follows at midnight", () => {
    const rules = [open("friday", "18:00", "00:00"), open("saturday", "00:00", "02:00")];
    const state = openingState(rules, "2025-06-06T23:30:00+02:00");
    expect(state.closesAt).toBe("2025-06-07T02:00:00.000+02:00");
    expect(state.isClosingSoon).toBe(false);
  });

  it("is closed with the next opening", () => {
    expect(openingState(bakery, "2025-06-07T13:00:00+02:00")).toEqual({
      isOpen: false,
      closesAt: null,
      minutesUntilClose: null,
      isClosingSoon: false,
      nextOpening: "2025-06-09T07:00:00.000+02:00",
    });
  });

  it("is closed without a next opening", () => {
    expect(openingState([], "2025-06-02T10:00:00+02:00").nextOpening).toBeNull();
  });

  it("counts real minutes across the clock changes", () => {
    const night = [open("sunday", "01:00", "04:00")];
    expect(openingState(night, "2025-03-30T01:00:00+01:00").minutesUntilClose).toBe(120);
    expect(openingState(night, "2025-10-26T01:00:00+02:00").minutesUntilClose).toBe(240);
  });
});

describe("deliveryHoursOf and hoursFor", () => {
  const deliveryHours = [open("daily", "11:00", "14:00")];

  it("uses the delivery hours only when they are switched on", () => {
    expect(
      deliveryHoursOf({ openingHours: bakery, deliveryHours, isDeliveryHoursEnabled: true }),
    ).toBe(deliveryHours);
    expect(
      deliveryHoursOf({ openingHours: bakery, deliveryHours, isDeliveryHoursEnabled: false }),
    ).toBe(bakery);
    expect(
      deliveryHoursOf({ openingHours: bakery, deliveryHours: null, isDeliveryHoursEnabled: true }),
    ).toEqual([]);
  });

  it("chooses the hours by order type", () => {
    const branch = { openingHours: bakery, deliveryHours, isDeliveryHoursEnabled: true };
    expect(hoursFor(branch, "delivery")).toBe(deliveryHours);
    expect(hoursFor(branch, "takeaway")).toBe(bakery);
    expect(hoursFor(branch, "dine-in")).toBe(bakery);
  });
});
