import { describe, expect, it } from "vitest";
import { de } from "../i18n/de";
import { statusMessages, type MessageOrder } from "./order-status-messages";

const texts = de.orderStatus.messages;

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

describe("statusMessages", () => {
  it("says what happens now and that the page keeps itself up to date", () => {
    expect(statusMessages(placed)).toEqual([texts.awaiting, texts.updates]);
    expect(statusMessages({ ...placed, isQuotation: true })[0]).toBe(texts.quotation);
    expect(statusMessages({ ...placed, isPreorder: true })[0]).toBe(texts.preorder);
    expect(statusMessages({ ...placed, isConfirmed: true })[0]).toBe(texts.confirmed);
  });

  it("names the proposed time in the business's zone while the customer has to answer", () => {
    const order = { ...placed, counterAppointment: "2026-03-29T10:15:00Z" };
    expect(statusMessages(order)[0]).toBe(texts.counterProposal("29.03.2026 12:15"));
    expect(statusMessages(order, "Europe/London")[0]).toBe(
      texts.counterProposal("29.03.2026 11:15"),
    );
    expect(statusMessages({ ...order, isConfirmed: true })[0]).toBe(texts.confirmed);
  });

  it("tells pickup from delivery", () => {
    const delivery = { ...placed, isDelivery: true, isConfirmed: true };
    expect(statusMessages({ ...delivery, isInDelivery: true })[0]).toBe(texts.inDelivery);
    expect(statusMessages({ ...delivery, isDelivered: true, isCompleted: true })).toEqual([
      texts.delivered,
    ]);
    expect(statusMessages({ ...placed, isConfirmed: true, isCompleted: true })).toEqual([
      texts.completed,
    ]);
  });

  it("stops at cancelled, rejected and failed orders without the refresh note", () => {
    for (const flag of ["isCanceled", "isRejected", "isFailed"] as const) {
      expect(statusMessages({ ...placed, [flag]: true })).toEqual([texts.canceled]);
    }
  });

  it("adds the payment for online payments only", () => {
    const online = { ...placed, isOnlinePayment: true };
    expect(statusMessages(online)).toEqual([texts.awaiting, texts.awaitingPayment, texts.updates]);
    expect(statusMessages({ ...online, isPaid: true })).toEqual([texts.awaiting, texts.updates]);
    expect(statusMessages({ ...online, isPaid: true, isRefunded: true, isCanceled: true })).toEqual(
      [texts.canceled, texts.refunded],
    );
    expect(statusMessages({ ...online, isFailed: true })).toEqual([texts.canceled]);
  });

  it("promises the money back while a cancelled order's refund is still owed (decision 022)", () => {
    const paid = { ...placed, isOnlinePayment: true, isPaid: true };
    expect(statusMessages({ ...paid, isRejected: true })).toEqual([
      texts.canceled,
      texts.refundDue,
    ]);
    expect(statusMessages({ ...paid, isCanceled: true, isRefunded: true })).not.toContain(
      texts.refundDue,
    );
    expect(statusMessages({ ...placed, isPaid: true, isRejected: true })).toEqual([texts.canceled]);
  });
});
