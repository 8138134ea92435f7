import { describe, expect, it } from "vitest";
import { deOrderStatus } from "#app/i18n/de-order-status";
import {
  acceptCounterAppointmentLabel,
  dayAndTime,
  statusMessages,
  type MessageOrder,
  type MessageSituation,
} from "./order-status-messages";

const texts = deOrderStatus.messages;

const placed: MessageOrder = {
  isDelivery: false,
  isDineIn: false,
  isConfirmed: false,
  isInDelivery: false,
  isDelivered: false,
  isCompleted: false,
  isRejected: false,
  isCanceled: false,
  isFailed: false,
  isPaid: false,
  isRefunded: false,
  isOnlinePayment: false,
  counterAppointment: null,
  rejectionMessage: null,
  questionnaireRating: null,
  isPreorder: false,
  isQuotation: false,
};

/** Thursday, 26.11.2026, 10:00 in Freiburg, the branch open. */
const open: MessageSituation = {
  now: "2026-11-26T09:00:00Z",
  zone: "Europe/Berlin",
  isBranchOpen: true,
};
const closed: MessageSituation = { ...open, isBranchOpen: false };

describe("statusMessages", () => {
  it("says what happens now and that the page keeps itself up to date", () => {
    expect(statusMessages(placed, open)).toEqual([texts.awaiting, texts.updates]);
    expect(statusMessages({ ...placed, isQuotation: true }, open)[0]).toBe(texts.quotation);
    expect(statusMessages({ ...placed, isPreorder: true }, open)[0]).toBe(texts.preorderReceived);
    expect(statusMessages({ ...placed, isConfirmed: true }, open)[0]).toBe(texts.confirmed);
  });

  it("names the proposed time in the business's zone while the customer has to answer", () => {
    const order = { ...placed, counterAppointment: "2026-03-29T10:15:00Z" };
    expect(statusMessages(order, open)[0]).toBe(texts.counterProposal("29.03.2026 12:15"));
    expect(statusMessages(order, { ...open, zone: "Europe/London" })[0]).toBe(
      texts.counterProposal("29.03.2026 11:15"),
    );
    expect(statusMessages({ ...order, isConfirmed: true }, open)[0]).toBe(texts.confirmed);
  });

  it("tells pickup from delivery", () => {
    const delivery = { ...placed, isDelivery: true, isConfirmed: true };
    expect(statusMessages({ ...delivery, isInDelivery: true }, open)[0]).toBe(texts.inDelivery);
    expect(statusMessages({ ...delivery, isDelivered: true, isCompleted: true }, open)).toEqual([
      texts.delivered,
    ]);
    expect(statusMessages({ ...placed, isConfirmed: true, isCompleted: true }, open)).toEqual([
      texts.completed,
    ]);
  });

  it("stops at cancelled, rejected and failed orders without the refresh note", () => {
    for (const flag of ["isCanceled", "isRejected", "isFailed"] as const) {
      expect(statusMessages({ ...placed, [flag]: true }, open)).toEqual([texts.canceled]);
    }
  });

  it("adds the payment for online payments only", () => {
    const online = { ...placed, isOnlinePayment: true };
    expect(statusMessages(online, open)).toEqual([
      texts.awaiting,
      texts.awaitingPayment,
      texts.updates,
    ]);
    expect(statusMessages({ ...online, isPaid: true }, open)).toEqual([
      texts.awaiting,
      texts.updates,
    ]);
    expect(
      statusMessages({ ...online, isPaid: true, isRefunded: true, isCanceled: true }, open),
    ).toEqual([texts.canceled, texts.refunded]);
    expect(statusMessages({ ...online, isFailed: true }, open)).toEqual([texts.canceled]);
  });

  it("promises the money back while a cancelled order's refund is still owed (decision 022)", () => {
    const paid = { ...placed, isOnlinePayment: true, isPaid: true };
    expect(statusMessages({ ...paid, isRejected: true }, open)).toEqual([
      texts.canceled,
      texts.refundDue,
    ]);
    expect(statusMessages({ ...paid, isCanceled: true, isRefunded: true }, open)).not.toContain(
      texts.refundDue,
    );
    expect(statusMessages({ ...placed, isPaid: true, isRejected: true }, open)).toEqual([
      texts.canceled,
    ]);
  });

  it("promises the reopening only while the branch is closed (issue 17)", () => {
    const preorder = { ...placed, isPreorder: true };
    expect(statusMessages(preorder, closed)[0]).toBe(texts.preorder);
    expect(statusMessages(preorder, open)[0]).not.toBe(texts.preorder);
    expect(statusMessages(preorder, open)[0]).toBe(texts.preorderReceived);
    expect(statusMessages({ ...preorder, appointment: "2026-11-28T09:30:00Z" }, open)[0]).toBe(
      texts.preorderReceivedFor("Sa., 28.11., 10:30"),
    );
    expect(statusMessages(placed, closed)[0]).toBe(texts.awaitingClosed);
    expect(statusMessages(placed, open)[0]).toBe(texts.awaiting);
    // A quotation request and a proposed time are answered whether the branch is open or not.
    expect(statusMessages({ ...placed, isQuotation: true }, closed)[0]).toBe(texts.quotation);
  });

  it("does not say 'wird zubereitet' days before a confirmed pre-order is due", () => {
    const confirmed = {
      ...placed,
      isPreorder: true,
      isConfirmed: true,
      appointment: "2026-11-29T14:00:00Z",
    };
    const first = statusMessages(confirmed, open)[0];
    expect(first).toBe(texts.confirmedFor("So., 29.11., 15:00"));
    expect(first).not.toContain("zubereitet");
    // On the day it is due it is being prepared, open or closed.
    const dueDay = { ...open, now: "2026-11-29T07:00:00Z" };
    expect(statusMessages(confirmed, dueDay)[0]).toBe(texts.confirmed);
    expect(statusMessages(confirmed, { ...dueDay, isBranchOpen: false })[0]).toBe(texts.confirmed);
    // The calendar day in the business's zone decides: 23:30 UTC on the 28th is the 29th here.
    expect(statusMessages(confirmed, { ...open, now: "2026-11-28T23:30:00Z" })[0]).toBe(
      texts.confirmed,
    );
  });
});

describe("acceptCounterAppointmentLabel", () => {
  it("keeps the spec's wording for a time today on the day asked for", () => {
    const order = {
      counterAppointment: "2026-11-26T14:30:00Z",
      appointment: "2026-11-26T10:00:00Z",
    };
    expect(acceptCounterAppointmentLabel(order, open)).toBe("Ja, 15:30 Uhr ist in Ordnung");
  });

  it("names the day when the proposal is for another day", () => {
    const order = { counterAppointment: "2026-11-27T09:30:00Z", appointment: null };
    expect(acceptCounterAppointmentLabel(order, open)).toBe(
      "Ja, Fr., 27.11., 10:30 Uhr ist in Ordnung",
    );
    // Asked for tomorrow, offered today: the day is named too.
    const earlier = {
      counterAppointment: "2026-11-26T16:00:00Z",
      appointment: "2026-11-27T09:00:00Z",
    };
    expect(acceptCounterAppointmentLabel(earlier, open)).toBe(
      "Ja, Do., 26.11., 17:00 Uhr ist in Ordnung",
    );
    expect(acceptCounterAppointmentLabel({ counterAppointment: null }, open)).toBeNull();
  });

  it("writes every weekday short, in the business's zone", () => {
    const days = ["Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa.", "So."];
    days.forEach((day, index) => {
      const instant = `2026-11-${String(23 + index).padStart(2, "0")}T23:30:00Z`;
      expect(dayAndTime(instant, "Europe/Berlin").startsWith(days[(index + 1) % 7]!)).toBe(true);
      expect(dayAndTime(instant, "UTC").startsWith(day)).toBe(true);
    });
  });
});
