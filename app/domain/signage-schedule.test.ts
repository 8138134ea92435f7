import { describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import {
  chooseStream,
  containsItself,
  isPairingCodeShape,
  minutesToNextChange,
  parseSchedule,
  type SignageSlot,
} from "./signage-schedule";

const zone = "Europe/Vienna";
const at = (iso: string) => DateTime.fromISO(iso, { zone });

function slotsFrom(text: string): SignageSlot[] {
  const parsed = parseSchedule(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.slots;
}

describe("parseSchedule", () => {
  it("reads days, ranges, daily and times", () => {
    expect(slotsFrom("Mo-Fr 06:00-11:00 3\ntäglich 11:00-15:00 4\nSa-Mo 22:00-02:00 5")).toEqual([
      { days: [1, 2, 3, 4, 5], from: 360, to: 660, streamId: 3 },
      { days: [1, 2, 3, 4, 5, 6, 7], from: 660, to: 900, streamId: 4 },
      { days: [1, 6, 7], from: 1320, to: 120, streamId: 5 },
    ]);
  });

  it("refuses bad lines with the line's number in German", () => {
    const bad = parseSchedule("Mo 06:00-11:00 3\nXy 06:00-11:00 3");
    expect(bad).toMatchObject({ ok: false, line: 2 });
    expect(parseSchedule("Mo 25:00-11:00 3").ok).toBe(false);
    expect(parseSchedule("Mo 06:00-06:00 3").ok).toBe(false);
    expect(parseSchedule("Mo 06:00-07:00 x").ok).toBe(false);
    expect(parseSchedule("Mo 06:00").ok).toBe(false);
    expect(parseSchedule("").ok).toBe(true);
  });
});

describe("chooseStream", () => {
  const slots = new Map<number, SignageSlot[]>([
    [1, slotsFrom("täglich 00:00-11:00 2\ntäglich 11:00-15:00 3\nSa 22:00-02:00 4")],
    [3, slotsFrom("Mo 12:00-13:00 5")],
  ]);
  const of = (id: number) => slots.get(id) ?? [];

  it("picks the breakfast board until 11:00 and the lunch board after", () => {
    expect(chooseStream(1, of, at("2026-11-25T10:59"))).toBe(2);
    expect(chooseStream(1, of, at("2026-11-25T11:00"))).toBe(3);
    expect(chooseStream(1, of, at("2026-11-25T15:00"))).toBe(1); // the default
  });

  it("follows a slot across midnight into the next day", () => {
    expect(chooseStream(1, of, at("2026-11-28T23:30"))).toBe(4); // Saturday evening
    const late = (id: number) => (id === 1 ? slotsFrom("Sa 22:00-02:00 4") : []);
    expect(chooseStream(1, late, at("2026-11-29T01:00"))).toBe(4); // Sunday morning
    expect(chooseStream(1, late, at("2026-11-29T02:00"))).toBe(1);
    expect(chooseStream(1, late, at("2026-11-30T01:00"))).toBe(1); // Monday morning
  });

  it("follows weekly slots of the chosen stream", () => {
    expect(chooseStream(1, of, at("2026-11-30T12:30"))).toBe(5); // Monday
    expect(chooseStream(1, of, at("2026-12-01T12:30"))).toBe(3); // Tuesday
  });

  it("never loops on streams that name each other", () => {
    const loop = new Map<number, SignageSlot[]>([
      [1, slotsFrom("täglich 00:00-24:00 2")],
      [2, slotsFrom("täglich 00:00-24:00 1")],
    ]);
    expect(chooseStream(1, (id) => loop.get(id) ?? [], at("2026-11-25T09:00"))).toBe(2);
  });

  it("tells the minutes to the next boundary", () => {
    expect(minutesToNextChange(slotsFrom("täglich 06:00-11:00 2"), at("2026-11-25T10:58"))).toBe(2);
    expect(minutesToNextChange([], at("2026-11-25T10:58"))).toBe(1440);
  });
});

describe("containsItself", () => {
  const slots = new Map<number, SignageSlot[]>([
    [2, slotsFrom("Mo 06:00-07:00 3")],
    [3, slotsFrom("Di 06:00-07:00 1")],
  ]);
  const of = (id: number) => slots.get(id) ?? [];

  it("finds a stream naming itself directly or through others", () => {
    expect(containsItself(1, slotsFrom("Mo 06:00-07:00 1"), of)).toBe(true);
    expect(containsItself(1, slotsFrom("Mo 06:00-07:00 2"), of)).toBe(true);
    expect(containsItself(4, slotsFrom("Mo 06:00-07:00 2"), of)).toBe(false);
    expect(containsItself(null, slotsFrom("Mo 06:00-07:00 2"), of)).toBe(false);
  });
});

describe("pairing codes", () => {
  it("has no look-alike characters", () => {
    expect(isPairingCodeShape("ABC234")).toBe(true);
    expect(isPairingCodeShape("ABC230")).toBe(false);
    expect(isPairingCodeShape("ABCI34")).toBe(false);
    expect(isPairingCodeShape("ABC23")).toBe(false);
  });
});
