import { describe, expect, it } from "vitest";
import { slugify, uniqueSlug } from "./identifiers";

describe("identifiers made from names", () => {
  it("writes German letters out and joins words with single hyphens", () => {
    expect(slugify("Große Brötchen")).toBe("grosse-broetchen");
    expect(slugify("  Äpfel & Öl – Übersicht!  ")).toBe("aepfel-oel-uebersicht");
    expect(slugify("Crème brûlée")).toBe("creme-brulee");
    expect(slugify("Tisch 12")).toBe("tisch-12");
    expect(slugify("STRASSE")).toBe("strasse");
    expect(slugify("<>!?")).toBe("");
  });

  it("keeps to the field's length without a hyphen at the end", () => {
    expect(slugify("Sommer Sonne Strand", 13)).toBe("sommer-sonne");
    expect(slugify("a".repeat(100), 80)).toHaveLength(80);
  });

  it("numbers a taken identifier -2, -3 …, shortening the base when needed", () => {
    expect(uniqueSlug("sommer", new Set())).toBe("sommer");
    expect(uniqueSlug("sommer", new Set(["sommer"]))).toBe("sommer-2");
    expect(uniqueSlug("sommer", new Set(["sommer", "sommer-2"]))).toBe("sommer-3");
    expect(uniqueSlug("abcdef", new Set(["abcdef"]), 6)).toBe("abcd-2");
  });
});
