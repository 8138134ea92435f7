import { describe, expect, it } from "vitest";
import { assertCents, formatMoney, roundHalfAwayFromZero, roundToCents, sumCents } from "./money";

describe("roundHalfAwayFromZero", () => {
  it("rounds halves away from zero", () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(2.4999)).toBe(2);
    expect(roundHalfAwayFromZero(-2.4999)).toBe(-2);
  });

  it("ignores binary noise: 1.005 € in cents is 100.49999999999999", () => {
    expect(1.005 * 100).not.toBe(100.5);
    expect(roundHalfAwayFromZero(1.005 * 100)).toBe(101);
    expect(roundHalfAwayFromZero((0.1 + 0.2) * 10)).toBe(3);
  });

  it("never answers -0", () => {
    expect(Object.is(roundHalfAwayFromZero(-0.4), 0)).toBe(true);
  });

  it("refuses what is not a finite number", () => {
    expect(() => roundHalfAwayFromZero(Number.NaN)).toThrow(RangeError);
    expect(() => roundHalfAwayFromZero(Infinity)).toThrow(RangeError);
  });
});

describe("roundToCents", () => {
  it("rounds a fraction of cents to whole cents", () => {
    expect(roundToCents(324.75)).toBe(325);
    expect(roundToCents(934.579439252336)).toBe(935);
  });
});

describe("sumCents", () => {
  it("adds amounts and is 0 for none", () => {
    expect(sumCents([])).toBe(0);
    expect(sumCents([10, 20, -5])).toBe(25);
  });
});

describe("assertCents", () => {
  it("accepts whole cents and refuses fractions", () => {
    expect(() => assertCents(100)).not.toThrow();
    expect(() => assertCents(100.5)).toThrow(RangeError);
  });
});

describe("formatMoney", () => {
  it("formats cents in de-DE with a no-break space before €", () => {
    expect(formatMoney(123450)).toBe("1.234,50\u00a0€");
    expect(formatMoney(5)).toBe("0,05\u00a0€");
    expect(formatMoney(100)).toBe("1,00\u00a0€");
    expect(formatMoney(123456789)).toBe("1.234.567,89\u00a0€");
  });

  it("formats negative amounts and zero without a minus", () => {
    expect(formatMoney(-123450)).toBe("-1.234,50\u00a0€");
    expect(formatMoney(0)).toBe("0,00\u00a0€");
    expect(formatMoney(-0)).toBe("0,00\u00a0€");
  });

  it("takes another currency", () => {
    expect(formatMoney(123450, "CHF")).toBe("1.234,50\u00a0CHF");
  });

  it("refuses fractions of cents", () => {
    expect(() => formatMoney(12.5)).toThrow(RangeError);
  });
});
