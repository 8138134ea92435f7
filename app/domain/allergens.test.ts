import { describe, expect, it } from "vitest";
import { ALLERGENS, allergenLabels, isAllergenCode } from "./allergens";

describe("EU allergens", () => {
  it("lists the regulation's fourteen, each code once", () => {
    expect(ALLERGENS).toHaveLength(14);
    expect(new Set(ALLERGENS.map((allergen) => allergen.code)).size).toBe(14);
  });

  it("names chosen codes in the regulation's order and leaves unknown ones out", () => {
    expect(allergenLabels(["milk", "gluten", "kryptonite"])).toEqual([
      "Glutenhaltiges Getreide",
      "Milch (einschließlich Laktose)",
    ]);
    expect(allergenLabels([])).toEqual([]);
  });

  it("tells codes from other words", () => {
    expect(isAllergenCode("sesame")).toBe(true);
    expect(isAllergenCode("Sesam")).toBe(false);
  });
});
