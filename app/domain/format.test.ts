import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  TRUNCATE_LENGTH,
  formatBoolean,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatTime,
  orDash,
  parseDecimal,
  truncate,
} from "./format";

describe("formatDate, formatTime, formatDateTime", () => {
  it("shows an instant on the Berlin wall clock, whatever zone it was written in", () => {
    const instant = "2025-01-31T23:30:00Z";
    expect(formatDate(instant)).toBe("01.02.2025");
    expect(formatTime(instant)).toBe("00:30");
    expect(formatDateTime(instant)).toBe("01.02.2025 00:30");
  });

  it("accepts a JS Date and a luxon DateTime", () => {
    const date = new Date("2025-07-01T06:05:00Z");
    expect(formatDateTime(date)).toBe("01.07.2025 08:05");
    expect(formatDateTime(DateTime.fromJSDate(date))).toBe("01.07.2025 08:05");
  });

  it("reads an ISO string without offset as Berlin time", () => {
    expect(formatDateTime("2025-03-30T08:00")).toBe("30.03.2025 08:00");
    expect(formatDate("2025-12-24")).toBe("24.12.2025");
  });

  it("follows the summer-time change", () => {
    expect(formatTime("2025-03-30T00:59:00Z")).toBe("01:59");
    expect(formatTime("2025-03-30T01:00:00Z")).toBe("03:00");
    expect(formatTime("2025-10-26T00:30:00Z")).toBe("02:30");
    expect(formatTime("2025-10-26T01:30:00Z")).toBe("02:30");
  });

  it("takes another zone", () => {
    expect(formatDateTime("2025-07-01T06:05:00Z", "Europe/London")).toBe("01.07.2025 07:05");
  });

  it("refuses an unreadable instant", () => {
    expect(() => formatDate("morgen")).toThrow(RangeError);
  });
});

describe("formatBoolean", () => {
  it("says Ja or Nein", () => {
    expect(formatBoolean(true)).toBe("Ja");
    expect(formatBoolean(false)).toBe("Nein");
  });
});

describe("orDash", () => {
  it("shows - for nothing", () => {
    expect(orDash(null)).toBe("-");
    expect(orDash(undefined)).toBe("-");
    expect(orDash("")).toBe("-");
    expect(orDash("   ")).toBe("-");
  });

  it("shows a value as it is, 0 included", () => {
    expect(orDash("Tisch 4")).toBe("Tisch 4");
    expect(orDash(0)).toBe("0");
  });
});

describe("truncate", () => {
  it("keeps texts up to 128 characters", () => {
    const text = "a".repeat(TRUNCATE_LENGTH);
    expect(truncate(text)).toBe(text);
    expect(truncate("")).toBe("");
  });

  it("cuts longer texts to 128 characters including the ellipsis", () => {
    const result = truncate("b".repeat(200));
    expect(result).toBe(`${"b".repeat(127)}…`);
    expect(result).toHaveLength(128);
  });

  it("drops a space before the ellipsis and takes another length", () => {
    expect(truncate("Frische Brötchen vom Bäcker", 9)).toBe("Frische…");
  });

  it("does not split an emoji", () => {
    expect(truncate("🥐🥐🥐🥐", 3)).toBe("🥐🥐…");
  });
});

describe("formatNumber", () => {
  it("writes decimals the German way", () => {
    expect(formatNumber(0.25)).toBe("0,25");
    expect(formatNumber(1500)).toBe("1.500");
    expect(formatNumber(2)).toBe("2");
    expect(formatNumber(0.1 + 0.2)).toBe("0,3");
    expect(formatNumber(1.23456, 2)).toBe("1,23");
  });
});

describe("parseDecimal", () => {
  it("reads comma and dot decimals", () => {
    expect(parseDecimal("1,5")).toBe(1.5);
    expect(parseDecimal("1.5")).toBe(1.5);
    expect(parseDecimal(" 2 ")).toBe(2);
    expect(parseDecimal(",25")).toBe(0.25);
    expect(parseDecimal("3,")).toBe(3);
    expect(parseDecimal("-0,5")).toBe(-0.5);
  });

  it("answers null for blank or unreadable input", () => {
    expect(parseDecimal("")).toBeNull();
    expect(parseDecimal("   ")).toBeNull();
    expect(parseDecimal("abc")).toBeNull();
    expect(parseDecimal("1,5 kg")).toBeNull();
    expect(parseDecimal("1.234,5")).toBeNull();
    expect(parseDecimal("1 5")).toBeNull();
    expect(parseDecimal(",")).toBeNull();
  });
});

describe("formatMoney re-export", () => {
  it("is the money module's formatter", () => {
    expect(formatMoney(250)).toBe("2,50\u00a0€");
  });
});
