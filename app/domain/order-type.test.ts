import { describe, expect, it } from "vitest";
import { flagsOf, orderTypeOf } from "./order-type";

describe("orderTypeOf and flagsOf", () => {
  it("reads takeaway as both flags false", () => {
    expect(orderTypeOf({ isDelivery: false, isDineIn: false })).toBe("takeaway");
    expect(orderTypeOf({ isDelivery: true, isDineIn: false })).toBe("delivery");
    expect(orderTypeOf({ isDelivery: false, isDineIn: true })).toBe("dine-in");
    expect(orderTypeOf({ isDelivery: true, isDineIn: true })).toBe("delivery");
    expect(flagsOf("dine-in")).toEqual({ isDelivery: false, isDineIn: true });
    expect(flagsOf("takeaway")).toEqual({ isDelivery: false, isDineIn: false });
  });
});
