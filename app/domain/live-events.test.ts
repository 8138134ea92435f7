import { describe, expect, it } from "vitest";
import {
  concernsBranches,
  forBoard,
  parseBoardEvent,
  parseOrderNotification,
  type OrderEvent,
} from "./live-events";

const uid = "4f1c2f5e-7b7a-4c59-9d0e-3f1f5b8a2a11";

describe("the orders notification", () => {
  it("reads the trigger's payload", () => {
    expect(
      parseOrderNotification(`{"id":17,"branchId":2,"uid":"${uid}","kind":"created"}`),
    ).toEqual({ id: 17, branchId: 2, uid, kind: "created" });
    expect(
      parseOrderNotification(`{"id":17,"branchId":3,"kind":"updated","fromBranchId":2}`),
    ).toEqual({ id: 17, branchId: 3, kind: "updated", fromBranchId: 2 });
  });

  it.each([
    "",
    "kein json",
    "null",
    "[]",
    `{"id":"17","branchId":2,"kind":"created"}`,
    `{"id":17,"branchId":0,"kind":"created"}`,
    `{"id":17,"branchId":2,"kind":"deleted"}`,
    `{"id":1.5,"branchId":2,"kind":"updated"}`,
    `{"id":17,"branchId":2,"kind":"updated","fromBranchId":"1"}`,
    `{"id":17,"branchId":2,"kind":"updated","uid":5}`,
  ])("refuses %j", (payload) => {
    expect(parseOrderNotification(payload)).toBeNull();
  });
});

describe("which boards hear of an order", () => {
  const event: OrderEvent = { kind: "updated", id: 5, branchId: 2 };

  it("reaches the boards of its branch and the boards of every branch", () => {
    expect(concernsBranches(event, [2])).toBe(true);
    expect(concernsBranches(event, [1, 2])).toBe(true);
    expect(concernsBranches(event, null)).toBe(true);
  });

  it("does not reach another branch's board", () => {
    expect(concernsBranches(event, [1])).toBe(false);
    expect(concernsBranches(event, [])).toBe(false);
  });

  it("reaches the branch an order left", () => {
    expect(concernsBranches({ ...event, fromBranchId: 1 }, [1])).toBe(true);
  });
});

describe("what a board receives", () => {
  it("leaves the order's uid on the server", () => {
    expect(forBoard({ kind: "created", id: 5, branchId: 2, uid })).toEqual({
      kind: "created",
      id: 5,
      branchId: 2,
    });
    expect(forBoard({ kind: "reload" })).toEqual({ kind: "reload" });
  });

  it("reads the stream's named events back", () => {
    expect(parseBoardEvent("order", `{"kind":"updated","id":5,"branchId":2}`)).toEqual({
      kind: "updated",
      id: 5,
      branchId: 2,
    });
    expect(parseBoardEvent("reload", "")).toEqual({ kind: "reload" });
    expect(parseBoardEvent("order", "{}")).toBeNull();
    expect(parseBoardEvent("message", `{"kind":"updated","id":5,"branchId":2}`)).toBeNull();
  });
});
