import { addressBucket } from "./login-throttle";

/**
 * Counts what each client address (IPv6 by its /64) starts within a fixed window, in memory: a
 * cheap bound for anonymous writes that are too frequent for a database counter (a new cart per
 * add-to-cart click without a cookie). Per process: N processes allow N times the limit, which is
 * still a bound. The time comes from the caller.
 */
export interface AddressWindow {
  /** True when `address` may start one more within the current window (and counts it). */
  take(address: string | null | undefined, nowMs: number): boolean;
  /** Seconds until the window of a refused address ends (at least 1). */
  retryAfterSeconds(nowMs: number): number;
}

/** Many more addresses in one window are a flood of addresses: their counts start afresh. */
const MAX_TRACKED = 50_000;

export function addressWindow(limit: number, windowMs: number): AddressWindow {
  let startedAt = Number.NEGATIVE_INFINITY;
  let counts = new Map<string, number>();
  return {
    take(address, nowMs) {
      if (nowMs - startedAt >= windowMs || nowMs < startedAt) {
        startedAt = nowMs;
        counts = new Map();
      }
      const key = addressBucket(address);
      const used = counts.get(key) ?? 0;
      if (used >= limit) return false;
      if (counts.size >= MAX_TRACKED) counts.clear();
      counts.set(key, used + 1);
      return true;
    },
    retryAfterSeconds(nowMs) {
      return Math.max(1, Math.ceil((startedAt + windowMs - nowMs) / 1000));
    },
  };
}
