import { describe, expect, it } from "vitest";
import { addressWindow } from "./address-window";
import { addressBucket } from "./login-throttle";

describe("addressWindow", () => {
  it("lets an address start the limit within a window, then refuses it until the next", () => {
    const window = addressWindow(3, 60_000);
    const taken = [0, 1, 2, 3, 4].map((index) => window.take("203.0.113.7", 1_000 + index));
    expect(taken).toEqual([true, true, true, false, false]);
    expect(window.retryAfterSeconds(31_000)).toBe(30);
    expect(window.take("203.0.113.7", 61_000)).toBe(true);
  });

  it("counts each address apart, and an IPv6 /64 as one address by its bucket", () => {
    const window = addressWindow(1, 60_000);
    const take = (address: string) => window.take(addressBucket(address), 0);
    expect(take("203.0.113.7")).toBe(true);
    expect(take("203.0.113.8")).toBe(true);
    expect(take("2001:db8:1:2::1")).toBe(true);
    expect(take("2001:db8:1:2:ffff::9")).toBe(false);
    expect(take("2001:db8:1:3::1")).toBe(true);
  });

  it("starts afresh when the clock goes back", () => {
    const window = addressWindow(1, 60_000);
    expect(window.take("203.0.113.7", 100_000)).toBe(true);
    expect(window.take("203.0.113.7", 100_001)).toBe(false);
    expect(window.take("203.0.113.7", 50_000)).toBe(true);
  });
});
