/**
 * Counts what each client address starts within a fixed window, in memory: a cheap bound for
 * anonymous writes too frequent for a database counter (a new cart per click without a cookie,
 * an analytics event). Per process: N processes allow N times the limit, which is still a bound.
 * The caller chooses the key (an address, or its `addressBucket`) and gives the time.
 */
export interface AddressWindow {
  /** True when `key` may start one more within the current window (and counts it). */
  take(key: string, nowMs: number): boolean;
  /** Seconds until the current window ends (at least 1): when a refused key may try again. */
  retryAfterSeconds(nowMs: number): number;
}

/** Many more keys in one window are a flood of addresses: their counts start afresh. */
const MAX_TRACKED = 50_000;

export function addressWindow(limit: number, windowMs: number): AddressWindow {
  let startedAt = Number.NEGATIVE_INFINITY;
  let counts = new Map<string, number>();
  return {
    take(key, nowMs) {
      if (nowMs - startedAt >= windowMs || nowMs < startedAt) {
        startedAt = nowMs;
        counts = new Map();
      }
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
