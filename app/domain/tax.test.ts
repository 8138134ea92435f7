import { describe, expect, it } from "vitest";
import {
  BULK_TAX_RATES,
  cartTotals,
  defaultDineInTaxRate,
  rateKey,
  splitGross,
  taxRateFor,
  taxRows,
  taxesByRate,
} from "./tax";

describe("taxRateFor", () => {
  const croissant = { tax: 7, takeawayTax: 7, dineInTax: 19 };

  it("chooses the rate by order type", () => {
    expect(taxRateFor(croissant, "dine-in")).toBe(19);
    expect(taxRateFor(croissant, "takeaway")).toBe(7);
    expect(taxRateFor(croissant, "delivery")).toBe(7);
    expect(taxRateFor({ tax: 19, takeawayTax: 10.5, dineInTax: 10 }, "takeaway")).toBe(10.5);
    expect(taxRateFor({ tax: 19, takeawayTax: 10.5, dineInTax: 10 }, "delivery")).toBe(19);
  });

  it("falls back to the general rate when a specific one is unset", () => {
    expect(taxRateFor({ tax: 7, takeawayTax: null, dineInTax: null }, "dine-in")).toBe(7);
    expect(taxRateFor({ tax: 19 }, "takeaway")).toBe(19);
  });
});

describe("the dine-in rate since 1 January 2026 (decision 092)", () => {
  it("follows the takeaway rate: food 7 % eaten in too, drinks 19 %", () => {
    expect(defaultDineInTaxRate(7)).toBe(7);
    expect(defaultDineInTaxRate(19)).toBe(19);
  });

  it("lets the bulk change set the rates of German VAT only", () => {
    expect(BULK_TAX_RATES).toEqual([0, 7, 19]);
  });
});

describe("rateKey", () => {
  it("writes a rate the same way however it was computed", () => {
    expect(rateKey(7)).toBe("7");
    expect(rateKey(7.0)).toBe("7");
    expect(rateKey(10.5)).toBe("10.5");
    expect(rateKey(0.1 + 6.9)).toBe("7");
  });
});

describe("splitGross", () => {
  it("splits gross into net and tax", () => {
    expect(splitGross(1070, 7)).toEqual({ net: 1000, tax: 70, gross: 1070 });
    expect(splitGross(1190, 19)).toEqual({ net: 1000, tax: 190, gross: 1190 });
    expect(splitGross(1105, 10.5)).toEqual({ net: 1000, tax: 105, gross: 1105 });
  });

  it("rounds the net to whole cents and leaves the rest as tax", () => {
    // 250 / 1.07 = 233.64…
    expect(splitGross(250, 7)).toEqual({ net: 234, tax: 16, gross: 250 });
    // 199 / 1.19 = 167.23…
    expect(splitGross(199, 19)).toEqual({ net: 167, tax: 32, gross: 199 });
    // 1 / 1.19 = 0.84
    expect(splitGross(1, 19)).toEqual({ net: 1, tax: 0, gross: 1 });
  });

  it("rounds an exact half away from zero", () => {
    // At 100 % a gross of 5 cents is 2.5 cents net: no real rate lands on an exact half.
    expect(splitGross(5, 100)).toEqual({ net: 3, tax: 2, gross: 5 });
    expect(splitGross(-5, 100)).toEqual({ net: -3, tax: -2, gross: -5 });
  });

  it("handles zero and a 0 % rate", () => {
    expect(splitGross(0, 19)).toEqual({ net: 0, tax: 0, gross: 0 });
    expect(splitGross(500, 0)).toEqual({ net: 500, tax: 0, gross: 500 });
  });
});

describe("taxesByRate", () => {
  it("is empty for no amounts", () => {
    expect(taxesByRate([])).toEqual({});
  });

  it("sums the gross per rate before splitting", () => {
    const lines = Array.from({ length: 10 }, () => ({ gross: 55, taxRate: 19 }));
    // Per line 55 / 1.19 = 46.22 → 46, ten lines would give 460; the group gives 462.
    expect(taxesByRate(lines)).toEqual({ "19": { net: 462, tax: 88, gross: 550 } });
  });

  it("groups by rate", () => {
    const taxes = taxesByRate([
      { gross: 1190, taxRate: 19 },
      { gross: 535, taxRate: 7 },
      { gross: 535, taxRate: 7.0 },
    ]);
    expect(taxes).toEqual({
      "7": { net: 1000, tax: 70, gross: 1070 },
      "19": { net: 1000, tax: 190, gross: 1190 },
    });
  });
});

describe("taxRows", () => {
  it("lists the groups in ascending rate", () => {
    const taxes = taxesByRate([
      { gross: 1190, taxRate: 19 },
      { gross: 1105, taxRate: 10.5 },
      { gross: 1070, taxRate: 7 },
    ]);
    expect(taxRows(taxes)).toEqual([
      { rate: 7, net: 1000, tax: 70, gross: 1070 },
      { rate: 10.5, net: 1000, tax: 105, gross: 1105 },
      { rate: 19, net: 1000, tax: 190, gross: 1190 },
    ]);
    expect(taxRows({})).toEqual([]);
  });
});

describe("cartTotals", () => {
  it("is all zero for an empty cart", () => {
    expect(cartTotals([])).toEqual({
      net: 0,
      tax: 0,
      gross: 0,
      taxes: {},
      deliveryNet: 0,
      deliveryTax: 0,
      deliveryGross: 0,
      totalNet: 0,
      totalTax: 0,
      totalGross: 0,
      totalTaxes: {},
    });
  });

  it("adds a delivery charge split at the area's rate", () => {
    const totals = cartTotals(
      [
        { gross: 1070, taxRate: 7 },
        { gross: 1190, taxRate: 19 },
      ],
      { gross: 350, taxRate: 19 },
    );
    expect(totals).toEqual({
      net: 2000,
      tax: 260,
      gross: 2260,
      taxes: {
        "7": { net: 1000, tax: 70, gross: 1070 },
        "19": { net: 1000, tax: 190, gross: 1190 },
      },
      // 350 / 1.19 = 294.12
      deliveryNet: 294,
      deliveryTax: 56,
      deliveryGross: 350,
      totalNet: 2294,
      totalTax: 316,
      totalGross: 2610,
      totalTaxes: {
        "7": { net: 1000, tax: 70, gross: 1070 },
        "19": { net: 1294, tax: 246, gross: 1540 },
      },
    });
  });

  it("keeps the totals' parts adding up exactly", () => {
    const totals = cartTotals(
      [
        { gross: 333, taxRate: 7 },
        { gross: 777, taxRate: 19 },
        { gross: 101, taxRate: 10.5 },
      ],
      { gross: 299, taxRate: 7 },
    );
    expect(totals.totalNet + totals.totalTax).toBe(totals.totalGross);
    expect(totals.totalGross).toBe(333 + 777 + 101 + 299);
    const receipt = Object.values(totals.totalTaxes);
    expect(receipt.reduce((sum, group) => sum + group.net, 0)).toBe(totals.totalNet);
    expect(receipt.reduce((sum, group) => sum + group.tax, 0)).toBe(totals.totalTax);
    expect(taxRows(totals.totalTaxes).map((row) => row.rate)).toEqual([7, 10.5, 19]);
  });

  it("leaves a free delivery out of the breakdown", () => {
    const totals = cartTotals([{ gross: 5000, taxRate: 7 }], { gross: 0, taxRate: 19 });
    expect(totals.deliveryGross).toBe(0);
    expect(totals.totalTaxes).toEqual({ "7": { net: 4673, tax: 327, gross: 5000 } });
  });
});
