import { describe, expect, it } from "vitest";
import {
  capacityLockKeys,
  capacityShortfalls,
  fitsOn,
  isSlotFull,
  nextFreeDay,
  slotKeyOf,
  weekStartOf,
  type CapacityBook,
  type CapacityRule,
} from "./capacities";

const STOLLEN = 1;
const TORTE = 2;
const KUCHEN = 3;
const TORTEN_CATEGORY = 9;

const rule = (fields: Partial<CapacityRule> & Pick<CapacityRule, "kind" | "maxCount">) => ({
  id: Math.floor(Math.random() * 1e6),
  productId: null,
  categoryId: null,
  slotMinutes: null,
  ...fields,
});

function book(
  rules: CapacityRule[],
  productDays: Record<number, Record<string, number>> = {},
  slots: Record<string, number> = {},
): CapacityBook {
  return {
    rules,
    categoryProducts: new Map([[TORTEN_CATEGORY, new Set([TORTE, KUCHEN])]]),
    usage: {
      productDays: new Map(
        Object.entries(productDays).map(([id, days]) => [
          Number(id),
          new Map(Object.entries(days)),
        ]),
      ),
      slots: new Map(Object.entries(slots)),
    },
  };
}

describe("capacities", () => {
  it("counts the week from Monday", () => {
    expect(weekStartOf("2026-12-20")).toBe("2026-12-14"); // a Sunday
    expect(weekStartOf("2026-12-14")).toBe("2026-12-14");
    expect(weekStartOf("2027-01-01")).toBe("2026-12-28");
  });

  it("puts an instant into its slot on the local clock", () => {
    expect(slotKeyOf("2026-12-20T09:14:59+01:00", 15, "Europe/Berlin")).toBe("2026-12-20T09:00");
    expect(slotKeyOf("2026-12-20T09:15:00+01:00", 15, "Europe/Berlin")).toBe("2026-12-20T09:15");
    expect(slotKeyOf("2026-07-01T07:59:00Z", 30, "Europe/Berlin")).toBe("2026-07-01T09:30");
  });

  it("refuses a product beyond its daily limit and accepts up to it", () => {
    const stollen = rule({ kind: "product-day", productId: STOLLEN, maxCount: 40 });
    const taken = book([stollen], { [STOLLEN]: { "2026-12-20": 38 } });
    const due = "2026-12-20T10:00:00+01:00";
    expect(capacityShortfalls(taken, [{ productId: STOLLEN, amount: 2 }], due)).toEqual([]);
    const [short] = capacityShortfalls(taken, [{ productId: STOLLEN, amount: 3 }], due);
    expect(short).toMatchObject({ used: 38, asked: 3, left: 2, period: "2026-12-20" });
    // The next day is free, and other products are not limited.
    expect(
      capacityShortfalls(taken, [{ productId: STOLLEN, amount: 3 }], "2026-12-21T10:00:00+01:00"),
    ).toEqual([]);
    expect(capacityShortfalls(taken, [{ productId: TORTE, amount: 300 }], due)).toEqual([]);
  });

  it("sums two lines of the same product", () => {
    const stollen = rule({ kind: "product-day", productId: STOLLEN, maxCount: 5 });
    const lines = [
      { productId: STOLLEN, amount: 3 },
      { productId: STOLLEN, amount: 3 },
    ];
    expect(capacityShortfalls(book([stollen]), lines, "2026-12-20T10:00:00+01:00")).toHaveLength(1);
  });

  it("counts a weekly limit over Monday to Sunday", () => {
    const torten = rule({ kind: "product-week", productId: TORTE, maxCount: 3 });
    const taken = book([torten], {
      [TORTE]: { "2026-12-14": 1, "2026-12-18": 2, "2026-12-21": 1 },
    });
    expect(
      capacityShortfalls(taken, [{ productId: TORTE, amount: 1 }], "2026-12-20T12:00:00+01:00"),
    ).toMatchObject([{ used: 3, left: 0, period: "2026-12-14" }]);
    expect(
      capacityShortfalls(taken, [{ productId: TORTE, amount: 2 }], "2026-12-22T12:00:00+01:00"),
    ).toEqual([]);
  });

  it("counts a category over its products", () => {
    const torten = rule({ kind: "category-day", categoryId: TORTEN_CATEGORY, maxCount: 10 });
    const taken = book([torten], { [TORTE]: { "2026-12-20": 4 }, [KUCHEN]: { "2026-12-20": 5 } });
    const due = "2026-12-20T12:00:00+01:00";
    expect(capacityShortfalls(taken, [{ productId: KUCHEN, amount: 1 }], due)).toEqual([]);
    expect(capacityShortfalls(taken, [{ productId: TORTE, amount: 2 }], due)).toHaveLength(1);
    expect(fitsOn(taken, TORTE, 1, "2026-12-20")).toBe(true);
    expect(fitsOn(taken, TORTE, 2, "2026-12-20")).toBe(false);
    expect(fitsOn(taken, STOLLEN, 200, "2026-12-20")).toBe(true);
  });

  it("fills a slot with orders, whatever they contain", () => {
    const slot = rule({ kind: "slot", slotMinutes: 15, maxCount: 12 });
    const taken = book([slot], {}, { "2026-12-20T09:00": 12, "2026-12-20T09:15": 11 });
    expect(isSlotFull(taken, "2026-12-20T09:10:00+01:00")).toBe(true);
    expect(isSlotFull(taken, "2026-12-20T09:15:00+01:00")).toBe(false);
    expect(capacityShortfalls(taken, [], "2026-12-20T09:05:00+01:00")).toMatchObject([
      { left: 0, period: "2026-12-20T09:00" },
    ]);
    expect(capacityShortfalls(taken, [], "2026-12-20T09:20:00+01:00")).toEqual([]);
    expect(isSlotFull(book([]), "2026-12-20T09:10:00+01:00")).toBe(false);
  });

  it("offers the next day on which the amount fits", () => {
    const stollen = rule({ kind: "product-day", productId: STOLLEN, maxCount: 5 });
    const taken = book([stollen], {
      [STOLLEN]: { "2026-12-20": 5, "2026-12-21": 4, "2026-12-22": 1 },
    });
    const days = ["2026-12-20", "2026-12-21", "2026-12-22", "2026-12-23"];
    expect(nextFreeDay(taken, STOLLEN, 1, days, "2026-12-20")).toBe("2026-12-21");
    expect(nextFreeDay(taken, STOLLEN, 2, days, "2026-12-20")).toBe("2026-12-22");
    expect(nextFreeDay(taken, STOLLEN, 9, days, "2026-12-20")).toBeNull();
  });

  it("takes the week's lock before the day's", () => {
    expect(capacityLockKeys(4, "2026-12-20", false)).toEqual([
      "backstube:capacity:4:day:2026-12-20",
    ]);
    expect(capacityLockKeys(4, "2026-12-20", true)).toEqual([
      "backstube:capacity:4:week:2026-12-14",
      "backstube:capacity:4:day:2026-12-20",
    ]);
  });
});
