/**
 * When to start a server process again after one died (WEB_CONCURRENCY > 1), and when to give up
 * (docs/decisions/026). Each of the WEB_CONCURRENCY places ("slots") keeps its own streak of
 * short lives: a process that died less than `stableAfterMs` after it was started adds one, a
 * process that ran longer first clears the streak. The next start waits `initialDelayMs`, doubled
 * for each further death of the streak, at most `maxDelayMs`. A streak of `maxFailures` means the
 * processes cannot run (a bad deployment, a database that is gone for good): the primary stops
 * and exits non-zero, so that its supervisor (systemd, Kubernetes) sees a failure.
 */
export interface RestartPolicyOptions {
  initialDelayMs?: number;
  maxDelayMs?: number;
  stableAfterMs?: number;
  maxFailures?: number;
}

export type RestartDecision =
  { action: "restart"; delayMs: number; streak: number } | { action: "give-up"; streak: number };

export interface RestartPolicy {
  /** A process of this slot died after it had lived `livedMs`. */
  died(slot: number, livedMs: number): RestartDecision;
  readonly stableAfterMs: number;
  readonly maxFailures: number;
}

export function restartPolicy(options: RestartPolicyOptions = {}): RestartPolicy {
  const initialDelayMs = options.initialDelayMs ?? 1_000;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const stableAfterMs = options.stableAfterMs ?? 60_000;
  const maxFailures = options.maxFailures ?? 5;
  const streaks = new Map<number, number>();
  return {
    stableAfterMs,
    maxFailures,
    died(slot, livedMs) {
      const streak = (livedMs >= stableAfterMs ? 0 : (streaks.get(slot) ?? 0)) + 1;
      streaks.set(slot, streak);
      if (streak >= maxFailures) return { action: "give-up", streak };
      const delayMs = Math.min(initialDelayMs * 2 ** (streak - 1), maxDelayMs);
      return { action: "restart", delayMs, streak };
    },
  };
}
