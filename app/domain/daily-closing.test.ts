import { describe, expect, it } from "vitest";
import { closingStatusOf, correctionOf, figuresOf, type OrderContribution } from "./daily-closing";

const cake: OrderContribution = {
  ticket: 12,
  status: "counted",
  type: "delivery",
  payment: "paypal",
  refunded: false,
  gross: 4700,
  taxes: [
    { rate: 19, net: 294, tax: 56, gross: 350 },
    { rate: 7, net: 4065, tax: 285, gross: 4350 },
  ],
  donation: 7,
};

describe("the daily closing's arithmetic", () => {
  it("counts an order as the statistics do", () => {
    const flags = { isCanceled: false, isRejected: false, isFailed: false, isQuotation: false };
    expect(closingStatusOf(flags)).toBe("counted");
    expect(closingStatusOf({ ...flags, isCanceled: true })).toBe("canceled");
    expect(closingStatusOf({ ...flags, isRejected: true })).toBe("rejected");
    expect(closingStatusOf({ ...flags, isFailed: true, isCanceled: true })).toBe("failed");
    expect(closingStatusOf({ ...flags, isQuotation: true })).toBe("quotation");
  });

  it("sums rates in order, keeps cancellations, refunds, donations and tips out of the revenue", () => {
    const canceled = { ...cake, ticket: 13, status: "canceled" as const, refunded: true };
    const figures = figuresOf(
      [
        { orderId: 1, contribution: cake },
        { orderId: 2, contribution: canceled },
      ],
      [],
    );
    expect(figures.byTaxRate.map((rate) => rate.rate)).toEqual([7, 19]);
    expect(figures.revenue).toEqual({ net: 4359, tax: 341, gross: 4700 });
    expect(figures.orders).toMatchObject({ total: 2, counted: 1, canceled: 1 });
    expect(figures.cancellations).toEqual([
      { orderId: 2, ticket: 13, status: "canceled", payment: "paypal", gross: 4700 },
    ]);
    expect(figures.refunds).toHaveLength(1);
    expect(figures.donations).toEqual({ orders: 1, amount: 7 });
    expect(figures.tips).toEqual({ amount: 0 });
    expect(figures.byPayment.find((entry) => entry.method === "paypal")).toMatchObject({
      orders: 1,
      gross: 4700,
    });
    expect(figures.total).toEqual(figures.revenue);
  });

  it("books a cancellation as the negative of what was counted, and nothing when nothing changed", () => {
    expect(correctionOf(1, "2026-11-28", cake, { ...cake })).toBeNull();
    const correction = correctionOf(1, "2026-11-28", cake, {
      ...cake,
      status: "canceled",
      refunded: true,
    });
    expect(correction).toMatchObject({
      ticket: 12,
      reasons: ["canceled", "refunded"],
      gross: -4700,
      donation: -7,
      byTaxRate: [
        { rate: 7, net: -4065, tax: -285, gross: -4350 },
        { rate: 19, net: -294, tax: -56, gross: -350 },
      ],
    });
    const figures = figuresOf([{ orderId: 1, contribution: cake }], [correction!]);
    expect(figures.total).toEqual({ net: 0, tax: 0, gross: 0 });
    expect(figures.totalByTaxRate).toEqual([]);
  });

  it("names a late order, a deleted one and a changed amount", () => {
    expect(correctionOf(1, "2026-11-28", null, cake)?.reasons).toEqual(["late"]);
    expect(correctionOf(1, "2026-11-28", cake, null)?.reasons).toEqual(["deleted"]);
    const cheaper = correctionOf(1, "2026-11-28", cake, {
      ...cake,
      gross: 4350,
      taxes: [{ rate: 7, net: 4065, tax: 285, gross: 4350 }],
    });
    expect(cheaper).toMatchObject({ reasons: ["amount"], gross: -350 });
  });
});
