import { describe, expect, it } from "vitest";
import {
  dayCount,
  MAX_RANGE_DAYS,
  parseRange,
  percentChange,
  presetRanges,
  previousPeriod,
} from "./statistics-range";

describe("statistics ranges", () => {
  it("accepts whole days and refuses what is not one", () => {
    expect(parseRange("2026-01-01", "2026-01-31")).toEqual({
      range: { from: "2026-01-01", to: "2026-01-31" },
    });
    expect(parseRange(null, "2026-01-01")).toEqual({ problem: "missing" });
    expect(parseRange("2026-02-30", "2026-03-01")).toEqual({ problem: "invalidFrom" });
    expect(parseRange("2026-02-01", "2026-13-01")).toEqual({ problem: "invalidTo" });
    expect(parseRange("2026-03-02", "2026-03-01")).toEqual({ problem: "fromAfterTo" });
    expect(parseRange("2016-01-01", "2026-01-01")).toEqual({ problem: "tooLong" });
    expect(parseRange("2024-01-01", "2025-12-31")).toHaveProperty("range");
  });

  it("counts days over the change to summer time and compares with the period before", () => {
    expect(dayCount({ from: "2026-03-28", to: "2026-03-30" })).toBe(3);
    expect(previousPeriod({ from: "2026-03-01", to: "2026-03-31" })).toEqual({
      from: "2026-01-29",
      to: "2026-02-28",
    });
    expect(MAX_RANGE_DAYS).toBe(731);
  });

  it("states the change in whole percent", () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(5, 0)).toBeNull();
  });

  it("offers presets ending today", () => {
    const presets = Object.fromEntries(
      presetRanges("2026-11-26").map((preset) => [preset.key, preset.range]),
    );
    expect(presets.last7).toEqual({ from: "2026-11-20", to: "2026-11-26" });
    expect(presets.thisMonth).toEqual({ from: "2026-11-01", to: "2026-11-26" });
    expect(presets.lastMonth).toEqual({ from: "2026-10-01", to: "2026-10-31" });
  });
});
