import { DateTime, IANAZone } from "luxon";
import { describe, expect, it } from "vitest";
import { cachedZone } from "./cached-zone";

describe("cached zone", () => {
  // Berlin, a half-hour zone and one whose clocks move by 30 minutes.
  for (const name of ["Europe/Berlin", "America/St_Johns", "Australia/Lord_Howe"]) {
    it(`answers ${name}'s offsets exactly, every 7 minutes through a year of transitions`, () => {
      const zone = cachedZone(name);
      const reference = IANAZone.create(name);
      const start = Date.UTC(2026, 0, 1);
      const mismatches: number[] = [];
      for (let ts = start; ts < start + 366 * 24 * 3600 * 1000; ts += 7 * 60 * 1000) {
        if (zone.offset(ts) !== reference.offset(ts)) mismatches.push(ts);
      }
      expect(mismatches).toEqual([]);
    });
  }

  it("gives luxon the same wall clock and ISO text as its own zone", () => {
    const instant = new Date("2026-10-25T00:30:00Z");
    const cached = DateTime.fromJSDate(instant, { zone: cachedZone("Europe/Berlin") });
    const plain = DateTime.fromJSDate(instant, { zone: "Europe/Berlin" });
    expect(cached.toISO()).toBe(plain.toISO());
    expect(cached.toISO()).toBe("2026-10-25T02:30:00.000+02:00");
    expect(cached.plus({ hours: 1 }).toISO()).toBe("2026-10-25T02:30:00.000+01:00");
    expect(cached.zoneName).toBe("Europe/Berlin");
  });

  it("is invalid for an unknown zone, like luxon's own", () => {
    expect(cachedZone("Mars/Olympus_Mons").isValid).toBe(false);
  });
});
