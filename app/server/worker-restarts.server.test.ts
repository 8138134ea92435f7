import { describe, expect, it } from "vitest";
import { restartPolicy } from "./worker-restarts.server";

describe("restarting server processes", () => {
  it("waits 1 s, then doubles the pause for each process of a slot that dies young", () => {
    const policy = restartPolicy({ maxFailures: 10 });
    const delays = Array.from({ length: 7 }, () => policy.died(0, 500));
    expect(
      delays.map((decision) => (decision.action === "restart" ? decision.delayMs : 0)),
    ).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it("starts afresh once a process ran long enough, and counts each slot on its own", () => {
    const policy = restartPolicy();
    policy.died(0, 1_000);
    policy.died(0, 1_000);
    policy.died(0, 1_000);
    expect(policy.died(1, 1_000)).toEqual({ action: "restart", delayMs: 1_000, streak: 1 });
    expect(policy.died(0, 60_000)).toEqual({ action: "restart", delayMs: 1_000, streak: 1 });
  });

  it("killing every process at once is one death per slot, far from giving up", () => {
    const policy = restartPolicy();
    expect([0, 1, 2, 3].map((slot) => policy.died(slot, 3_000).action)).toEqual([
      "restart",
      "restart",
      "restart",
      "restart",
    ]);
  });

  it("gives up after five young deaths in a row of one slot", () => {
    const policy = restartPolicy();
    const decisions = Array.from({ length: 5 }, () => policy.died(0, 2_000).action);
    expect(decisions).toEqual(["restart", "restart", "restart", "restart", "give-up"]);
  });
});
