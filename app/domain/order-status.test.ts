import { describe, expect, it } from "vitest";
import {
  STATUS_POLL_INTERVAL_MS,
  acceptCounterAppointmentText,
  isCanceledForCustomer,
  orderTimeline,
  paymentState,
  shouldKeepPolling,
  showsCounterAppointmentPrompt,
  showsReviewPrompt,
  statusHeading,
  ticketLabel,
  type CustomerOrder,
} from "./order-status";

const placed: CustomerOrder = {
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
};

const stepsOf = (order: CustomerOrder) => {
  const timeline = orderTimeline(order);
  if (timeline.isCanceled) throw new Error("expected an active timeline");
  return timeline;
};

describe("orderTimeline", () => {
  it("starts awaiting confirmation", () => {
    expect(orderTimeline(placed)).toEqual({
      isCanceled: false,
      currentStep: "awaiting-confirmation",
      steps: [
        {
          key: "awaiting-confirmation",
          label: "Warten auf Bestätigung",
          isDone: false,
          isCurrent: true,
        },
        { key: "preparing", label: "In Zubereitung", isDone: false, isCurrent: false },
        { key: "ready-for-pickup", label: "Abholbereit", isDone: false, isCurrent: false },
        { key: "completed", label: "Abgeschlossen", isDone: false, isCurrent: false },
      ],
    });
  });

  it("moves to preparing once confirmed", () => {
    const timeline = stepsOf({ ...placed, isConfirmed: true });
    expect(timeline.currentStep).toBe("preparing");
    expect(timeline.steps.map((step) => step.isDone)).toEqual([true, false, false, false]);
  });

  it("is ready for pickup for takeaway and dine-in", () => {
    expect(stepsOf({ ...placed, isConfirmed: true, isInDelivery: true }).currentStep).toBe(
      "ready-for-pickup",
    );
    expect(
      stepsOf({ ...placed, isDineIn: true, isConfirmed: true, isInDelivery: true }).currentStep,
    ).toBe("ready-for-pickup");
  });

  it("is in delivery and then delivered for delivery", () => {
    const delivery = { ...placed, isDelivery: true };
    const inDelivery = stepsOf({ ...delivery, isConfirmed: true, isInDelivery: true });
    expect(inDelivery.currentStep).toBe("in-delivery");
    expect(inDelivery.steps.map((step) => step.label)).toEqual([
      "Warten auf Bestätigung",
      "In Zubereitung",
      "In Zustellung",
      "Zugestellt",
    ]);
    expect(
      stepsOf({ ...delivery, isConfirmed: true, isInDelivery: true, isDelivered: true })
        .currentStep,
    ).toBe("delivered");
    expect(stepsOf({ ...delivery, isConfirmed: true, isCompleted: true }).currentStep).toBe(
      "delivered",
    );
  });

  it("marks every step done when completed", () => {
    const timeline = stepsOf({
      ...placed,
      isConfirmed: true,
      isInDelivery: true,
      isCompleted: true,
    });
    expect(timeline.currentStep).toBe("completed");
    expect(timeline.steps.every((step) => step.isDone)).toBe(true);
    expect(timeline.steps.map((step) => step.isCurrent)).toEqual([false, false, false, true]);
  });

  it("shows rejected, cancelled and failed orders as cancelled with the reason", () => {
    expect(
      orderTimeline({ ...placed, isRejected: true, rejectionMessage: " Leider ausverkauft. " }),
    ).toEqual({
      isCanceled: true,
      label: "Bestellung storniert",
      rejectionMessage: "Leider ausverkauft.",
    });
    expect(orderTimeline({ ...placed, isConfirmed: true, isCanceled: true })).toEqual({
      isCanceled: true,
      label: "Bestellung storniert",
      rejectionMessage: null,
    });
    expect(orderTimeline({ ...placed, isFailed: true, rejectionMessage: "" })).toMatchObject({
      isCanceled: true,
      rejectionMessage: null,
    });
  });
});

describe("isCanceledForCustomer and statusHeading", () => {
  it("thanks for a running order and says cancelled otherwise", () => {
    expect(isCanceledForCustomer(placed)).toBe(false);
    expect(statusHeading(placed)).toBe("Vielen Dank für Ihre Bestellung!");
    expect(statusHeading({ ...placed, isRejected: true })).toBe("Bestellung storniert");
  });
});

describe("ticketLabel", () => {
  it("says Ticket, or Bestellnummer without tickets", () => {
    expect(ticketLabel(false)).toBe("Ticket");
    expect(ticketLabel(true)).toBe("Bestellnummer");
  });
});

describe("paymentState", () => {
  const online = { ...placed, isOnlinePayment: true };

  it("has nothing to show for payment at the counter", () => {
    expect(paymentState({ ...placed, isPaid: true })).toBeNull();
  });

  it("follows the online payment", () => {
    expect(paymentState(online)).toEqual({
      state: "awaiting-payment",
      label: "Warten auf Zahlung",
    });
    expect(paymentState({ ...online, isPaid: true })).toEqual({ state: "paid", label: "Bezahlt" });
    expect(paymentState({ ...online, isPaid: true, isRefunded: true })).toEqual({
      state: "refunded",
      label: "Erstattet",
    });
    expect(paymentState({ ...online, isFailed: true })).toEqual({
      state: "failed",
      label: "Zahlung fehlgeschlagen",
    });
  });
});

describe("shouldKeepPolling", () => {
  it("polls every 10 s until the order is settled", () => {
    expect(STATUS_POLL_INTERVAL_MS).toBe(10_000);
    expect(shouldKeepPolling(placed)).toBe(true);
    expect(shouldKeepPolling({ ...placed, isConfirmed: true, isInDelivery: true })).toBe(true);
    expect(shouldKeepPolling({ ...placed, isCompleted: true })).toBe(false);
    expect(shouldKeepPolling({ ...placed, isRejected: true })).toBe(false);
    expect(shouldKeepPolling({ ...placed, isCanceled: true })).toBe(false);
    expect(shouldKeepPolling({ ...placed, isFailed: true })).toBe(false);
  });
});

describe("counter appointment", () => {
  const proposed = { ...placed, counterAppointment: "2025-06-02T14:30:00+02:00" };

  it("asks while a proposal waits on an open order", () => {
    expect(showsCounterAppointmentPrompt(proposed)).toBe(true);
    expect(showsCounterAppointmentPrompt(placed)).toBe(false);
    expect(showsCounterAppointmentPrompt({ ...proposed, isConfirmed: true })).toBe(false);
    expect(showsCounterAppointmentPrompt({ ...proposed, isRejected: true })).toBe(false);
    expect(showsCounterAppointmentPrompt({ ...proposed, isCanceled: true })).toBe(false);
  });

  it("words the acceptance with the proposed time in Berlin", () => {
    expect(acceptCounterAppointmentText(proposed)).toBe("Ja, 14:30 Uhr ist in Ordnung");
    expect(
      acceptCounterAppointmentText({
        ...placed,
        counterAppointment: new Date("2025-12-24T10:00:00Z"),
      }),
    ).toBe("Ja, 11:00 Uhr ist in Ordnung");
    expect(acceptCounterAppointmentText(placed)).toBeNull();
  });
});

describe("showsReviewPrompt", () => {
  const completed = { ...placed, isConfirmed: true, isCompleted: true };

  it("asks for a review of a completed order without rating when reviews are on", () => {
    expect(showsReviewPrompt(completed, true)).toBe(true);
    expect(showsReviewPrompt(completed, false)).toBe(false);
    expect(showsReviewPrompt({ ...completed, questionnaireRating: 5 }, true)).toBe(false);
    expect(showsReviewPrompt({ ...placed, isConfirmed: true }, true)).toBe(false);
  });
});
