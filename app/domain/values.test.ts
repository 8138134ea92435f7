import { describe, expect, it } from "vitest";
import {
  cleanLine,
  cleanText,
  hasUnwantedCharacters,
  idSchema,
  isoDateSchema,
  MAX_ID,
  parseClockTime,
  parseId,
  parseIsoDate,
} from "./values";

describe("ids", () => {
  it("take positive integers up to PostgreSQL's integer", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
    expect(parseId(42)).toBe(42);
  });

  it("refuse everything else", () => {
    for (const value of [
      "0",
      "-1",
      "2147483648",
      "99999999999999999999",
      "01",
      "1.5",
      "1e3",
      " 1",
      "abc",
      "",
      null,
      undefined,
      1.5,
      2 ** 31,
      NaN,
    ]) {
      expect(parseId(value), String(value)).toBeNull();
    }
    expect(idSchema.safeParse("2147483648").success).toBe(false);
    expect(idSchema.safeParse("7").data).toBe(7);
  });
});

describe("calendar days", () => {
  it("are real days between 1900 and 2999", () => {
    expect(parseIsoDate("2028-02-29")).toBe("2028-02-29");
    expect(parseIsoDate("2026-12-31")).toBe("2026-12-31");
    for (const value of [
      "2026-02-29",
      "2026-02-30",
      "2026-04-31",
      "2026-13-01",
      "2026-00-10",
      "0000-01-01",
      "1899-12-31",
      "3000-01-01",
      "2026-1-1",
      "26-01-01",
      "2026-01-01T00:00",
      20260101,
    ]) {
      expect(parseIsoDate(value), String(value)).toBeNull();
    }
    expect(isoDateSchema.safeParse("2026-02-30").success).toBe(false);
  });

  it("and clock times are HH:mm of one day", () => {
    expect(parseClockTime("00:00")).toBe("00:00");
    expect(parseClockTime("23:59")).toBe("23:59");
    for (const value of ["24:00", "25:61", "9:00", "12:60", "12:00:00", ""]) {
      expect(parseClockTime(value), value).toBeNull();
    }
  });
});

describe("text", () => {
  it("loses control characters and unpaired surrogates in one-line fields", () => {
    expect(cleanLine(" Max\u0000 Muster\u0007mann\u001b[31m\u007f\u0085 ")).toBe(
      "Max Mustermann[31m",
    );
    expect(cleanLine("a\nb\tc")).toBe("abc");
    expect(cleanLine("Bäckerei \ud83e\udd50 Crème")).toBe("Bäckerei \ud83e\udd50 Crème");
    expect(cleanLine("x\ud800y\udc00z")).toBe("xyz");
  });

  it("keeps line breaks and tabs in several lines", () => {
    expect(cleanText("Bitte\r\nklingeln\u0000\n\tzweimal\u0008")).toBe(
      "Bitte\nklingeln\n\tzweimal",
    );
  });

  it("finds what no address contains", () => {
    expect(hasUnwantedCharacters("/store/altstadt")).toBe(false);
    expect(hasUnwantedCharacters("/store/\u0000")).toBe(true);
    expect(hasUnwantedCharacters("\ud800")).toBe(true);
    expect(hasUnwantedCharacters("Brötchen 🥐")).toBe(false);
    // The pattern is global: asking twice must not depend on the first answer.
    expect(hasUnwantedCharacters("a\u0001")).toBe(true);
    expect(hasUnwantedCharacters("a\u0001")).toBe(true);
  });
});
