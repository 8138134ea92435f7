import { describe, expect, it } from "vitest";
import {
  afterWrongPin,
  clockState,
  clockTransition,
  hoursText,
  isValidCardNumber,
  minutesPerDay,
  PIN_MAX_FAILURES,
  timesProblem,
  workingTimeViolations,
  type ActivityTimes,
} from "./working-time";

const at = (time: string) => new Date(`2026-11-20T${time}:00Z`);
const on = (day: string, time: string) => new Date(`${day}T${time}:00Z`);
const ZONE = "UTC";

const open = (pauses: ActivityTimes["pauses"] = []): ActivityTimes => ({
  startedAt: at("07:00"),
  endedAt: null,
  pauses,
});

describe("the clock's transitions", () => {
  it("starts only when off, and not into an activity corrected into the future", () => {
    expect(clockTransition("start", null, at("07:00"))).toEqual({ ok: true });
    expect(clockTransition("start", open(), at("08:00"))).toEqual({
      ok: false,
      problem: "alreadyWorking",
    });
    expect(clockTransition("start", null, at("08:00"), at("09:00"))).toEqual({
      ok: false,
      problem: "overlap",
    });
  });

  it("pauses only while working, resumes only while paused", () => {
    expect(clockTransition("pause", null, at("08:00"))).toMatchObject({ problem: "notWorking" });
    expect(clockTransition("pause", open(), at("08:00"))).toEqual({ ok: true });
    const paused = open([{ startedAt: at("09:00"), endedAt: null }]);
    expect(clockState(paused)).toBe("paused");
    expect(clockTransition("pause", paused, at("09:10"))).toMatchObject({
      problem: "alreadyPaused",
    });
    expect(clockTransition("resume", open(), at("09:10"))).toMatchObject({
      problem: "notPaused",
    });
    expect(clockTransition("resume", paused, at("09:30"))).toEqual({ ok: true });
  });

  it("never ends before the start or the last pause", () => {
    expect(clockTransition("end", null, at("08:00"))).toMatchObject({ problem: "notWorking" });
    expect(clockTransition("end", open(), at("06:00"))).toMatchObject({
      problem: "endBeforeStart",
    });
    const paused = open([{ startedAt: at("09:00"), endedAt: at("09:30") }]);
    expect(clockTransition("end", paused, at("09:15"))).toMatchObject({
      problem: "endBeforeStart",
    });
    expect(clockTransition("end", paused, at("15:00"))).toEqual({ ok: true });
  });
});

describe("a corrected activity", () => {
  const closed = (start: string, end: string): ActivityTimes => ({
    startedAt: at(start),
    endedAt: at(end),
    pauses: [],
  });

  it("accepts sound times", () => {
    const activity = {
      ...closed("07:00", "15:00"),
      pauses: [{ startedAt: at("11:00"), endedAt: at("11:30") }],
    };
    expect(timesProblem(activity, [closed("16:00", "18:00")], at("20:00"))).toBeNull();
  });

  it("refuses an end before the start, pauses outside or overlapping, and overlaps", () => {
    expect(timesProblem(closed("10:00", "09:00"), [], at("20:00"))).toBe("endBeforeStart");
    expect(
      timesProblem(
        { ...closed("07:00", "15:00"), pauses: [{ startedAt: at("06:00"), endedAt: at("06:30") }] },
        [],
        at("20:00"),
      ),
    ).toBe("pauseOutside");
    expect(
      timesProblem(
        {
          ...closed("07:00", "15:00"),
          pauses: [
            { startedAt: at("09:00"), endedAt: at("10:00") },
            { startedAt: at("09:30"), endedAt: at("10:30") },
          ],
        },
        [],
        at("20:00"),
      ),
    ).toBe("pausesOverlap");
    expect(timesProblem(closed("07:00", "15:00"), [closed("14:00", "18:00")], at("20:00"))).toBe(
      "overlap",
    );
    expect(
      timesProblem(
        closed("07:00", "15:00"),
        [{ startedAt: at("05:00"), endedAt: null }],
        at("20:00"),
      ),
    ).toBe("overlap");
    expect(timesProblem(closed("21:00", "22:00"), [], at("20:00"))).toBe("inFuture");
  });
});

describe("the Arbeitszeitgesetz", () => {
  it("flags a 10.5-hour day: over ten hours and too short a break after nine", () => {
    const day: ActivityTimes = {
      startedAt: at("06:00"),
      endedAt: at("17:00"),
      pauses: [{ startedAt: at("12:00"), endedAt: at("12:30") }],
    };
    const found = workingTimeViolations([day], ZONE, at("23:00"));
    expect(found.map((v) => v.kind).sort()).toEqual(["breakAfterNine", "overTen"]);
    expect(found.find((v) => v.kind === "overTen")).toMatchObject({ workedMinutes: 630 });
  });

  it("wants 30 minutes after six hours, and counts gaps between activities as breaks", () => {
    const noBreak: ActivityTimes = { startedAt: at("07:00"), endedAt: at("13:30"), pauses: [] };
    expect(workingTimeViolations([noBreak], ZONE, at("23:00"))).toEqual([
      { kind: "breakAfterSix", day: "2026-11-20", workedMinutes: 390, breakMinutes: 0 },
    ]);
    const split = [
      { startedAt: at("07:00"), endedAt: at("10:30"), pauses: [] },
      { startedAt: at("11:00"), endedAt: at("14:00"), pauses: [] },
    ];
    expect(workingTimeViolations(split, ZONE, at("23:00"))).toEqual([]);
    const sixExactly: ActivityTimes = { startedAt: at("07:00"), endedAt: at("13:00"), pauses: [] };
    expect(workingTimeViolations([sixExactly], ZONE, at("23:00"))).toEqual([]);
  });

  it("wants eleven hours of rest between two days", () => {
    const late = {
      startedAt: on("2026-11-20", "14:00"),
      endedAt: on("2026-11-20", "22:00"),
      pauses: [{ startedAt: on("2026-11-20", "18:00"), endedAt: on("2026-11-20", "18:30") }],
    };
    const early = {
      startedAt: on("2026-11-21", "06:00"),
      endedAt: on("2026-11-21", "10:00"),
      pauses: [],
    };
    expect(workingTimeViolations([early, late], ZONE, on("2026-11-22", "00:00"))).toEqual([
      { kind: "shortRest", day: "2026-11-21", restMinutes: 480 },
    ]);
  });

  it("assigns activities to the business day of their start", () => {
    const night = {
      startedAt: on("2026-11-20", "23:30"),
      endedAt: on("2026-11-21", "01:00"),
      pauses: [],
    };
    const [violation] = workingTimeViolations(
      [
        night,
        { startedAt: on("2026-11-21", "07:00"), endedAt: on("2026-11-21", "08:00"), pauses: [] },
      ],
      "Europe/Berlin",
      on("2026-11-22", "00:00"),
    );
    // 00:30 and 08:00 Berlin time are the same day: one day, no rest rule between them.
    expect(violation).toBeUndefined();
  });
});

describe("the PIN lock", () => {
  it("locks after ten wrong PINs in a row", () => {
    let state = { failures: 0, lockedUntil: null as Date | null };
    for (let i = 1; i < PIN_MAX_FAILURES; i += 1) {
      state = afterWrongPin(state.failures, at("08:00"));
      expect(state.lockedUntil).toBeNull();
    }
    state = afterWrongPin(state.failures, at("08:00"));
    expect(state.lockedUntil).toEqual(at("08:15"));
  });

  it("writes hours as h:mm", () => {
    expect(hoursText(630)).toBe("10:30");
    expect(hoursText(5)).toBe("0:05");
  });
});

describe("night shifts (decision 065)", () => {
  const berlin = (iso: string) => new Date(`${iso}+01:00`);
  const night: ActivityTimes = {
    startedAt: berlin("2026-11-20T22:00:00"),
    endedAt: berlin("2026-11-21T06:00:00"),
    pauses: [{ startedAt: berlin("2026-11-21T02:00:00"), endedAt: berlin("2026-11-21T02:30:00") }],
  };

  it("splits the worked minutes at midnight, each pause off the day it falls on", () => {
    expect(minutesPerDay(night, "Europe/Berlin", berlin("2026-11-22T00:00:00"))).toEqual([
      { day: "2026-11-20", minutes: 120 },
      { day: "2026-11-21", minutes: 330 },
    ]);
    // A pause across midnight is split too.
    const across = {
      ...night,
      pauses: [
        { startedAt: berlin("2026-11-20T23:45:00"), endedAt: berlin("2026-11-21T00:15:00") },
      ],
    };
    expect(minutesPerDay(across, "Europe/Berlin", berlin("2026-11-22T00:00:00"))).toEqual([
      { day: "2026-11-20", minutes: 105 },
      { day: "2026-11-21", minutes: 345 },
    ]);
    // An open night shift counts until now.
    expect(
      minutesPerDay(
        { ...night, endedAt: null, pauses: [] },
        "Europe/Berlin",
        berlin("2026-11-21T01:00:00"),
      ),
    ).toEqual([
      { day: "2026-11-20", minutes: 120 },
      { day: "2026-11-21", minutes: 60 },
    ]);
  });

  it("keeps a daytime activity on its day, and the midnight of a DST change right", () => {
    expect(
      minutesPerDay(
        {
          startedAt: berlin("2026-11-20T08:00:00"),
          endedAt: berlin("2026-11-20T16:00:00"),
          pauses: [],
        },
        "Europe/Berlin",
        berlin("2026-11-21T00:00:00"),
      ),
    ).toEqual([{ day: "2026-11-20", minutes: 480 }]);
    // 28 to 29 March 2026: clocks go forward at 02:00; 22:00 CET to 06:00 CEST is 7 hours.
    const spring = {
      startedAt: new Date("2026-03-28T22:00:00+01:00"),
      endedAt: new Date("2026-03-29T06:00:00+02:00"),
      pauses: [],
    };
    expect(minutesPerDay(spring, "Europe/Berlin", new Date("2026-03-30T00:00:00Z"))).toEqual([
      { day: "2026-03-28", minutes: 120 },
      { day: "2026-03-29", minutes: 300 },
    ]);
  });

  it("keeps the whole night shift on its start day for the Arbeitszeitgesetz", () => {
    const long: ActivityTimes = {
      startedAt: night.startedAt,
      endedAt: berlin("2026-11-21T08:30:00"),
      pauses: [],
    };
    // 10.5 h without a break, all on the 20th (the working day begins with the shift).
    expect(workingTimeViolations([long], "Europe/Berlin", berlin("2026-11-22T00:00:00"))).toEqual([
      { kind: "breakAfterNine", day: "2026-11-20", workedMinutes: 630, breakMinutes: 0 },
      { kind: "overTen", day: "2026-11-20", workedMinutes: 630 },
    ]);
    // The next night's shift at 18:00 leaves 9.5 h of rest after the 08:30 end.
    const next: ActivityTimes = {
      startedAt: berlin("2026-11-21T18:00:00"),
      endedAt: berlin("2026-11-21T22:00:00"),
      pauses: [],
    };
    expect(
      workingTimeViolations([long, next], "Europe/Berlin", berlin("2026-11-22T00:00:00")),
    ).toContainEqual({ kind: "shortRest", day: "2026-11-21", restMinutes: 570 });
  });
});

describe("clock cards (issue 35, finding 4; decision 068)", () => {
  it("takes 8 to 64 letters, digits or dashes, nothing shorter", () => {
    for (const card of ["12345678", "CARD-0815", "04A3B2C1D0E9F8", "X".repeat(64)]) {
      expect(isValidCardNumber(card), card).toBe(true);
    }
    for (const card of ["4711", "CARD-47", "1234567", "X".repeat(65), "CARD 0815", "KARTE_0815"]) {
      expect(isValidCardNumber(card), card).toBe(false);
    }
    expect(isValidCardNumber(12345678)).toBe(false);
  });
});
