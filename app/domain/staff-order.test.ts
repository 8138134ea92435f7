import { describe, expect, it } from "vitest";
import {
  applyStaffAction,
  isMissed,
  isOpenOrder,
  isRefundOwed,
  offeredStaffActions,
  REJECTION_MESSAGE_MAX,
  staffStateLabel,
  type StaffActionInput,
  type StaffOrderState,
} from "./staff-order";

const now = new Date("2026-11-22T10:00:00Z");

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

const apply = (state: StaffOrderState, input: StaffActionInput) =>
  applyStaffAction(state, input, now);

describe("the staff's order actions", () => {
  it("walks a takeaway order from new to completed", () => {
    expect(apply(order(), { action: "confirm" })).toEqual({
      ok: true,
      change: { isConfirmed: true, counterAppointment: null },
      isNoop: false,
    });
    expect(apply(order({ isConfirmed: true }), { action: "in-delivery" })).toMatchObject({
      ok: true,
      change: { isInDelivery: true },
    });
    expect(apply(order({ isConfirmed: true }), { action: "completed" })).toMatchObject({
      ok: true,
      change: { isCompleted: true },
    });
  });

  it("marks a completed delivery as delivered too", () => {
    expect(
      apply(order({ isDelivery: true, isConfirmed: true, isInDelivery: true }), {
        action: "completed",
      }),
    ).toMatchObject({ ok: true, change: { isCompleted: true, isDelivered: true } });
  });

  it("changes nothing when the order already is where the action leads", () => {
    for (const [state, input] of [
      [order({ isConfirmed: true }), { action: "confirm" }],
      [order({ isRejected: true }), { action: "reject", message: "x" }],
      [order({ isCanceled: true }), { action: "cancel" }],
      [order({ isConfirmed: true, isInDelivery: true }), { action: "in-delivery" }],
      [order({ isConfirmed: true, isCompleted: true }), { action: "completed" }],
    ] as const) {
      expect(apply(state, input)).toEqual({ ok: true, change: {}, isNoop: true });
    }
  });

  it("never rejects, cancels or reopens a completed order", () => {
    const completed = order({ isConfirmed: true, isCompleted: true });
    for (const input of [
      { action: "reject", message: null },
      { action: "cancel" },
      { action: "in-delivery" },
      { action: "counter-appointment", at: new Date(now.getTime() + 3_600_000) },
    ] as const) {
      expect(apply(completed, input)).toEqual({
        ok: false,
        message: "Die Bestellung ist bereits abgeschlossen und kann nicht mehr geändert werden.",
      });
    }
  });

  it("keeps a rejected order rejected and a cancelled one cancelled", () => {
    expect(apply(order({ isRejected: true }), { action: "confirm" })).toMatchObject({ ok: false });
    expect(apply(order({ isCanceled: true }), { action: "reject", message: null })).toMatchObject({
      ok: false,
    });
    expect(apply(order({ isFailed: true }), { action: "cancel" })).toMatchObject({ ok: false });
  });

  it("asks for a confirmation before ready, in delivery or completed", () => {
    expect(apply(order(), { action: "in-delivery" })).toEqual({
      ok: false,
      message: "Bitte bestätigen Sie die Bestellung zuerst.",
    });
    expect(apply(order(), { action: "completed" })).toMatchObject({ ok: false });
  });

  it("stores a trimmed rejection message and refuses an overlong one", () => {
    expect(apply(order(), { action: "reject", message: "  Heute leider ausverkauft. " })).toEqual({
      ok: true,
      change: { isRejected: true, rejectionMessage: "Heute leider ausverkauft." },
      isNoop: false,
    });
    expect(apply(order(), { action: "reject", message: "   " })).toMatchObject({
      change: { rejectionMessage: null },
    });
    expect(
      apply(order(), { action: "reject", message: "x".repeat(REJECTION_MESSAGE_MAX + 1) }),
    ).toEqual({
      ok: false,
      message: `Bitte geben Sie höchstens ${REJECTION_MESSAGE_MAX} Zeichen ein.`,
    });
  });

  it("proposes a counter appointment only on an unconfirmed order and only for later", () => {
    const later = new Date(now.getTime() + 90 * 60_000);
    expect(apply(order(), { action: "counter-appointment", at: later })).toMatchObject({
      ok: true,
      change: { counterAppointment: later },
    });
    expect(
      apply(order({ isConfirmed: true }), { action: "counter-appointment", at: later }),
    ).toMatchObject({ ok: false });
    expect(apply(order(), { action: "counter-appointment", at: now })).toEqual({
      ok: false,
      message: "Bitte schlagen Sie einen Termin in der Zukunft vor.",
    });
    expect(
      apply(order({ counterAppointment: later }), { action: "counter-appointment", at: later }),
    ).toMatchObject({ ok: true, isNoop: true });
  });

  it("waits for an online payment before confirming", () => {
    const unpaid = order({ isOnlinePayment: true });
    expect(apply(unpaid, { action: "confirm" })).toEqual({
      ok: false,
      message: "Die Online-Zahlung ist noch nicht eingegangen.",
    });
    expect(apply({ ...unpaid, isPaid: true }, { action: "confirm" })).toMatchObject({ ok: true });
    expect(isOpenOrder(unpaid)).toBe(false);
  });

  it("offers the buttons that would change something", () => {
    expect(offeredStaffActions(order(), now)).toEqual([
      "confirm",
      "reject",
      "cancel",
      "counter-appointment",
    ]);
    expect(offeredStaffActions(order({ isConfirmed: true }), now)).toEqual([
      "reject",
      "in-delivery",
      "completed",
      "cancel",
    ]);
    expect(offeredStaffActions(order({ isConfirmed: true, isCompleted: true }), now)).toEqual([]);
  });

  it("names the state in one word", () => {
    expect(staffStateLabel(order())).toBe("Neu");
    expect(staffStateLabel(order({ isConfirmed: true, isInDelivery: true }))).toBe("Abholbereit");
    expect(
      staffStateLabel(order({ isDelivery: true, isConfirmed: true, isInDelivery: true })),
    ).toBe("In Zustellung");
    expect(staffStateLabel(order({ isDelivery: true, isCompleted: true }))).toBe("Geliefert");
    expect(staffStateLabel(order({ isOnlinePayment: true }))).toBe("Zahlung ausstehend");
    expect(staffStateLabel(order({ counterAppointment: now }))).toBe("Termin vorgeschlagen");
    expect(staffStateLabel(order({ isRejected: true }))).toBe("Abgelehnt");
  });

  it("counts an open order as missed 30 minutes after it was due", () => {
    const due = (minutesAgo: number, overrides: Partial<StaffOrderState> = {}) => ({
      ...order(overrides),
      appointment: null,
      createdAt: new Date(now.getTime() - minutesAgo * 60_000),
    });
    expect(isMissed(due(29), now)).toBe(false);
    expect(isMissed(due(31), now)).toBe(true);
    expect(isMissed(due(31, { isCompleted: true }), now)).toBe(false);
    expect(isMissed({ ...due(120), appointment: new Date(now.getTime() + 60_000) }, now)).toBe(
      false,
    );
  });
});

describe("a refund owed (decision 022)", () => {
  const paidOnline = order({ isOnlinePayment: true, isPaid: true });
  it("is owed for a paid online order that was rejected or cancelled, until it is refunded", () => {
    expect(isRefundOwed({ ...paidOnline, isRejected: true, isRefunded: false })).toBe(true);
    expect(isRefundOwed({ ...paidOnline, isCanceled: true, isRefunded: false })).toBe(true);
    expect(isRefundOwed({ ...paidOnline, isCanceled: true, isRefunded: true })).toBe(false);
  });
  it("is not owed for an open or completed order, an unpaid one or one paid at the counter", () => {
    expect(isRefundOwed({ ...paidOnline, isRefunded: false })).toBe(false);
    expect(isRefundOwed({ ...paidOnline, isCompleted: true, isRefunded: false })).toBe(false);
    expect(
      isRefundOwed({ ...paidOnline, isPaid: false, isRejected: true, isRefunded: false }),
    ).toBe(false);
    expect(isRefundOwed({ ...order({ isPaid: true }), isRejected: true, isRefunded: false })).toBe(
      false,
    );
  });
});
