import { describe, expect, it } from "vitest";
import {
  canonicalJson,
  itemEditRefusal,
  storedDeliveryRate,
  totalChangeRefusal,
} from "./order-item-edit";
import type { StaffOrderState } from "./staff-order";
import { cartTotals, taxRows } from "./tax";

function order(overrides: Partial<StaffOrderState> = {}): StaffOrderState {
  return {
    isDelivery: false,
    isConfirmed: false,
    isInDelivery: false,
    isDelivered: false,
    isCompleted: false,
    isRejected: false,
    isCanceled: false,
    isFailed: false,
    isPaid: false,
    isOnlinePayment: false,
    counterAppointment: null,
    rejectionMessage: null,
    ...overrides,
  };
}

describe("which orders' items staff may change", () => {
  it("allows open orders in every step up to the hand-over", () => {
    expect(itemEditRefusal(order())).toBeNull();
    expect(itemEditRefusal(order({ isConfirmed: true }))).toBeNull();
    expect(itemEditRefusal(order({ isConfirmed: true, isInDelivery: true }))).toBeNull();
  });

  it("refuses completed, rejected, cancelled and failed orders with the state's word", () => {
    expect(itemEditRefusal(order({ isCompleted: true }))).toBe(
      "Die Bestellung ist bereits abgeschlossen und kann nicht mehr geändert werden.",
    );
    expect(itemEditRefusal(order({ isRejected: true }))).toContain("abgelehnt");
    expect(itemEditRefusal(order({ isCanceled: true }))).toContain("storniert");
    expect(itemEditRefusal(order({ isFailed: true }))).toContain("fehlgeschlagen");
  });

  it("keeps the total of online payments, paid or under way, and nothing else", () => {
    const message =
      "Die Bestellung wird online bezahlt; ihr Betrag kann nicht mehr geändert werden.";
    expect(totalChangeRefusal(order({ isOnlinePayment: true, isPaid: true }), 900, 950)).toBe(
      message,
    );
    expect(totalChangeRefusal(order({ isOnlinePayment: true }), 900, 850)).toBe(message);
    expect(totalChangeRefusal(order({ isOnlinePayment: true, isPaid: true }), 900, 900)).toBeNull();
    expect(totalChangeRefusal(order({ isPaid: true }), 900, 950)).toBeNull();
  });
});

describe("the rate a stored delivery charge was taxed at", () => {
  const goods = [
    { gross: 450, taxRate: 7 },
    { gross: 3900, taxRate: 7 },
    { gross: 380, taxRate: 19 },
  ];

  it("is read back from the totals by rate that the order service stored", () => {
    for (const rate of [7, 19]) {
      const totals = cartTotals(goods, { gross: 350, taxRate: rate });
      const stored = taxRows(totals.totalTaxes).map((row) => ({
        taxRate: row.rate,
        gross: row.gross,
      }));
      expect(storedDeliveryRate(stored, goods, 350)).toBe(rate);
    }
  });

  it("is unknown when the rows do not show the charge, or there is none", () => {
    expect(storedDeliveryRate([{ taxRate: 7, gross: 4350 }], goods, 350)).toBeNull();
    expect(storedDeliveryRate([], goods, 0)).toBeNull();
  });
});

describe("comparing configurations", () => {
  it("ignores the order of keys, not the order of list entries", () => {
    expect(canonicalJson([{ b: 1, a: { d: 2, c: 3 } }])).toBe(
      canonicalJson([{ a: { c: 3, d: 2 }, b: 1 }]),
    );
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ a: 1, b: undefined })).toBe(canonicalJson({ a: 1 }));
  });
});
