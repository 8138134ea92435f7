import { describe, expect, it } from "vitest";
import {
  isAllowedQuantity,
  quantityInputValue,
  UNITS,
  alternativeUnitOf,
  calculationModelLabel,
  canDecrease,
  canIncrease,
  cleanQuantity,
  convertQuantity,
  decreaseQuantity,
  formatQuantity,
  increaseQuantity,
  initialQuantity,
  isUnit,
  isVariablePrice,
  linePrice,
  parseQuantity,
  quantityRules,
  quantityRulesFor,
  snapQuantity,
  unitDefinition,
  unitRatio,
  unitsOfType,
  type SoldByUnit,
} from "./units";

describe("units catalogue", () => {
  it("groups units by type with their sizes", () => {
    expect(unitsOfType("amount").map((unit) => unit.unit)).toEqual([
      "piece",
      "serving",
      "pair",
      "person",
      "package",
    ]);
    expect(unitsOfType("weight").map((unit) => [unit.unit, unit.factor])).toEqual([
      ["gram", 1],
      ["decagram", 10],
      ["kilogram", 1000],
    ]);
    expect(unitsOfType("volume").map((unit) => [unit.unit, unit.factor])).toEqual([
      ["ml", 1],
      ["cl", 10],
      ["dl", 100],
      ["l", 1000],
    ]);
    expect(unitsOfType("length").map((unit) => unit.unit)).toEqual(["mm", "cm", "dm", "m", "km"]);
    expect(unitsOfType("area").map((unit) => unit.unit)).toEqual(["mm2", "cm2", "dm2", "m2"]);
    expect(unitsOfType("cubic").map((unit) => unit.unit)).toEqual(["mm3", "cm3", "dm3", "m3"]);
    expect(UNITS).toHaveLength(25);
  });

  it("carries German names and short forms", () => {
    expect(unitDefinition("piece")).toMatchObject({ name: "Stück", short: "Stk." });
    expect(unitDefinition("serving")).toMatchObject({ name: "Portion", short: "Portion" });
    expect(unitDefinition("package")).toMatchObject({ name: "Packung", shortPlural: "Packungen" });
    expect(unitDefinition("kilogram")).toMatchObject({ name: "Kilogramm", short: "kg" });
    expect(unitDefinition("m2").short).toBe("m²");
  });

  it("recognises unit keys", () => {
    expect(isUnit("kilogram")).toBe(true);
    expect(isUnit("kg")).toBe(false);
    expect(isUnit("toString")).toBe(false);
  });
});

describe("convertQuantity", () => {
  it("converts within one type", () => {
    expect(convertQuantity(500, "gram", "kilogram")).toBe(0.5);
    expect(convertQuantity(0.25, "kilogram", "decagram")).toBe(25);
    expect(convertQuantity(3, "dl", "l")).toBe(0.3);
    expect(convertQuantity(1, "m2", "cm2")).toBe(10_000);
    expect(convertQuantity(1, "m3", "l")).toBeNull();
    expect(convertQuantity(0.1 + 0.2, "l", "ml")).toBe(300);
  });

  it("does not convert between types or between counted units", () => {
    expect(convertQuantity(1, "kilogram", "l")).toBeNull();
    expect(convertQuantity(1, "package", "piece")).toBeNull();
    expect(convertQuantity(2, "piece", "piece")).toBe(2);
  });
});

describe("formatQuantity", () => {
  it("writes the amount the German way with the unit's short form", () => {
    expect(formatQuantity(0.25, "kilogram")).toBe("0,25 kg");
    expect(formatQuantity(1, "piece")).toBe("1 Stk.");
    expect(formatQuantity(3, "serving")).toBe("3 Portionen");
    expect(formatQuantity(1, "person")).toBe("1 Person");
    expect(formatQuantity(12, "person")).toBe("12 Personen");
    expect(formatQuantity(2, "pair")).toBe("2 Paar");
  });

  it("counts a unit that is itself a quantity with ×: 10 g, not the Austrian dag (issue 36)", () => {
    expect(formatQuantity(3, "decagram")).toBe("3 × 10 g");
    expect(formatQuantity(1, "decagram")).toBe("1 × 10 g");
  });
});

describe("calculation models", () => {
  it("labels them Fix, ca. and ab", () => {
    expect(calculationModelLabel("fixed")).toBe("Fix");
    expect(calculationModelLabel("approximate")).toBe("ca.");
    expect(calculationModelLabel("minimum")).toBe("ab");
  });

  it("knows which prices are not final", () => {
    expect(isVariablePrice("fixed")).toBe(false);
    expect(isVariablePrice("approximate")).toBe(true);
    expect(isVariablePrice("minimum")).toBe(true);
    expect(isVariablePrice(null)).toBe(false);
  });
});

describe("cleanQuantity", () => {
  it("removes binary noise", () => {
    expect(cleanQuantity(0.1 + 0.2)).toBe(0.3);
    expect(cleanQuantity(0.7 * 3)).toBe(2.1);
  });
});

describe("quantityRules", () => {
  it("takes the stored settings", () => {
    expect(
      quantityRules({ minimumQuantity: 0.25, maximumQuantity: 2, quantityStepSize: 0.25 }),
    ).toEqual({ minimum: 0.25, maximum: 2, step: 0.25 });
  });

  it("defaults to step 1, minimum one step and no maximum", () => {
    expect(quantityRules({})).toEqual({ minimum: 1, maximum: null, step: 1 });
    expect(quantityRules({ quantityStepSize: 0.5, minimumQuantity: 0 })).toEqual({
      minimum: 0.5,
      maximum: null,
      step: 0.5,
    });
  });

  it("ignores a maximum below the minimum", () => {
    expect(quantityRules({ minimumQuantity: 5, maximumQuantity: 2 }).maximum).toBeNull();
  });
});

const bread: SoldByUnit = {
  unit: "kilogram",
  minimumQuantity: 0.5,
  maximumQuantity: 3,
  quantityStepSize: 0.25,
  defaultQuantity: 1,
  alternativeUnits: [
    { unit: "piece", ratio: 0.75, minimumQuantity: 1, maximumQuantity: 4, quantityStepSize: 1 },
  ],
};

describe("quantityRulesFor and alternativeUnitOf", () => {
  it("uses the product's own limits for its unit", () => {
    expect(quantityRulesFor(bread)).toEqual({ minimum: 0.5, maximum: 3, step: 0.25 });
    expect(alternativeUnitOf(bread, "kilogram")).toBeNull();
  });

  it("uses the alternative unit's limits for that unit", () => {
    expect(quantityRulesFor(bread, "piece")).toEqual({ minimum: 1, maximum: 4, step: 1 });
    expect(alternativeUnitOf(bread, "piece")?.ratio).toBe(0.75);
    expect(alternativeUnitOf(bread, "gram")).toBeNull();
  });
});

describe("snapQuantity", () => {
  const rules = { minimum: 0.5, maximum: 3, step: 0.25 };

  it("keeps allowed values and snaps the rest to the nearest step", () => {
    expect(snapQuantity(1.25, rules)).toBe(1.25);
    expect(snapQuantity(1.3, rules)).toBe(1.25);
    expect(snapQuantity(1.375, rules)).toBe(1.5);
    expect(snapQuantity(0.1 + 0.2 + 0.45, rules)).toBe(0.75);
  });

  it("clamps to minimum and maximum", () => {
    expect(snapQuantity(0, rules)).toBe(0.5);
    expect(snapQuantity(-2, rules)).toBe(0.5);
    expect(snapQuantity(10, rules)).toBe(3);
    expect(snapQuantity(Number.NaN, rules)).toBe(0.5);
  });

  it("lays the step grid from the minimum", () => {
    const fromOne = { minimum: 1, maximum: null, step: 2 };
    expect(snapQuantity(2, fromOne)).toBe(3);
    expect(snapQuantity(1.9, fromOne)).toBe(1);
    expect(snapQuantity(100, fromOne)).toBe(101);
  });

  it("stops at the last step below a maximum that is off the grid", () => {
    expect(snapQuantity(10, { minimum: 1, maximum: 4.5, step: 1 })).toBe(4);
  });

  it("snaps tenths without float noise", () => {
    const tenths = { minimum: 0.1, maximum: null, step: 0.1 };
    expect(snapQuantity(0.3, tenths)).toBe(0.3);
    expect(snapQuantity(0.7, tenths)).toBe(0.7);
  });
});

describe("parseQuantity", () => {
  const rules = { minimum: 0.5, maximum: 3, step: 0.25 };

  it("reads comma and dot decimals and snaps them", () => {
    expect(parseQuantity("1,5", rules)).toBe(1.5);
    expect(parseQuantity("1.5", rules)).toBe(1.5);
    expect(parseQuantity("1,6", rules)).toBe(1.5);
    expect(parseQuantity("0", rules)).toBe(0.5);
    expect(parseQuantity("7", rules)).toBe(3);
  });

  it("answers null for what is no number", () => {
    expect(parseQuantity("", rules)).toBeNull();
    expect(parseQuantity("zwei", rules)).toBeNull();
  });
});

describe("initialQuantity", () => {
  it("starts at the default quantity, snapped, or at the minimum", () => {
    expect(initialQuantity(bread)).toBe(1);
    expect(initialQuantity({ ...bread, defaultQuantity: 0.6 })).toBe(0.5);
    expect(initialQuantity({ ...bread, defaultQuantity: null })).toBe(0.5);
    expect(initialQuantity({ unit: "piece" })).toBe(1);
  });
});

describe("plus and minus", () => {
  const rules = { minimum: 1, maximum: 3, step: 1 };

  it("disables minus at the minimum and plus at the maximum", () => {
    expect(canDecrease(1, rules)).toBe(false);
    expect(canIncrease(1, rules)).toBe(true);
    expect(canDecrease(2, rules)).toBe(true);
    expect(canDecrease(3, rules)).toBe(true);
    expect(canIncrease(3, rules)).toBe(false);
  });

  it("disables plus when the next step would pass a maximum off the grid", () => {
    expect(canIncrease(4, { minimum: 1, maximum: 4.5, step: 1 })).toBe(false);
  });

  it("never disables plus without a maximum", () => {
    expect(canIncrease(1_000, { minimum: 1, maximum: null, step: 1 })).toBe(true);
  });

  it("steps up and down within the limits", () => {
    expect(increaseQuantity(1, rules)).toBe(2);
    expect(increaseQuantity(3, rules)).toBe(3);
    expect(decreaseQuantity(2, rules)).toBe(1);
    expect(decreaseQuantity(1, rules)).toBe(1);
    const tenths = { minimum: 0.1, maximum: 1, step: 0.1 };
    expect(increaseQuantity(0.2, tenths)).toBe(0.3);
    expect(decreaseQuantity(0.3, tenths)).toBe(0.2);
  });
});

describe("unitRatio", () => {
  it("is 1 for the product's unit and the ratio for an alternative", () => {
    expect(unitRatio(bread, "kilogram")).toBe(1);
    expect(unitRatio(bread, "piece")).toBe(0.75);
  });

  it("is null for a unit the product is not sold in", () => {
    expect(unitRatio(bread, "l")).toBeNull();
    expect(
      unitRatio({ unit: "kilogram", alternativeUnits: [{ unit: "piece", ratio: 0 }] }, "piece"),
    ).toBeNull();
  });
});

describe("linePrice", () => {
  it("multiplies the unit price by the amount", () => {
    expect(linePrice(120, 3)).toBe(360);
    expect(linePrice(0, 5)).toBe(0);
  });

  it("rounds half away from zero to whole cents", () => {
    // 12,99 €/kg × 0,25 kg = 3,2475 €
    expect(linePrice(1299, 0.25)).toBe(325);
    // 3,49 € × 0,5 = 1,745 €
    expect(linePrice(349, 0.5)).toBe(175);
    expect(linePrice(-349, 0.5)).toBe(-175);
  });

  it("applies the alternative unit's ratio", () => {
    // 2 loaves of 0,75 kg at 4,80 €/kg
    expect(linePrice(480, 2, 0.75)).toBe(720);
  });

  it("does not lose a cent to float noise", () => {
    // 0.1 + 0.2 kg at 10,00 €/kg
    expect(linePrice(1000, 0.1 + 0.2)).toBe(300);
    // 1,15 € × 3 = 3,45 € exactly although 1.15 * 3 is 3.4499999999999997
    expect(linePrice(115, 3)).toBe(345);
  });
});

describe("posted amounts", () => {
  const rules = { minimum: 250, maximum: 3000, step: 50 };
  it("takes amounts on the grid between minimum and maximum", () => {
    expect(isAllowedQuantity(250, rules)).toBe(true);
    expect(isAllowedQuantity(300, rules)).toBe(true);
    expect(isAllowedQuantity(3000, rules)).toBe(true);
  });
  it("refuses negative, off-step, too large and absurd amounts", () => {
    expect(isAllowedQuantity(-50, rules)).toBe(false);
    expect(isAllowedQuantity(275, rules)).toBe(false);
    expect(isAllowedQuantity(3050, rules)).toBe(false);
    expect(isAllowedQuantity(1e12, { minimum: 1, maximum: null, step: 1 })).toBe(false);
    expect(isAllowedQuantity(Number.NaN, rules)).toBe(false);
  });
  it("handles decimal steps without binary noise", () => {
    expect(isAllowedQuantity(0.3, { minimum: 0.25, maximum: 3, step: 0.05 })).toBe(true);
    expect(quantityInputValue(0.3)).toBe("0,3");
    expect(quantityInputValue(1500)).toBe("1500");
  });
});
