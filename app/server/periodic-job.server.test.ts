import { describe, expect, it, vi } from "vitest";
import { startPeriodicJob } from "./periodic-job.server";

const HOUR = 60 * 60 * 1000;

describe("a periodic job's wake-up", () => {
  it("runs the next round at once when idle, instead of at its turn an hour later", async () => {
    let rounds = 0;
    const job = startPeriodicJob({
      round: async () => void (rounds += 1),
      intervalMs: HOUR,
      firstAfterMs: HOUR,
      log: () => undefined,
      failed: (problem) => problem,
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(rounds).toBe(0);
    job.wake();
    await vi.waitFor(() => expect(rounds).toBe(1));
    await job.stop();
  });

  it("makes one extra round right after a running one, however often it is woken meanwhile", async () => {
    let rounds = 0;
    let release: () => void = () => undefined;
    const job = startPeriodicJob({
      round: () => {
        rounds += 1;
        // The first round waits until released; later ones end at once.
        return rounds === 1
          ? new Promise<void>((resolve) => (release = resolve))
          : Promise.resolve();
      },
      intervalMs: HOUR,
      firstAfterMs: 0,
      log: () => undefined,
      failed: (problem) => problem,
    });
    await vi.waitFor(() => expect(rounds).toBe(1));
    job.wake();
    job.wake();
    job.wake();
    release();
    await vi.waitFor(() => expect(rounds).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rounds).toBe(2);
    await job.stop();
  });

  it("does nothing once stopped", async () => {
    let rounds = 0;
    const job = startPeriodicJob({
      round: async () => void (rounds += 1),
      intervalMs: HOUR,
      firstAfterMs: HOUR,
      log: () => undefined,
      failed: (problem) => problem,
    });
    await job.stop();
    job.wake();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(rounds).toBe(0);
  });
});
