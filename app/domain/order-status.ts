import { formatTime } from "./format";
import { deOrderStatus } from "#app/i18n/de-order-status";
import { BUSINESS_TIME_ZONE, type Instant } from "./time";

export const STATUS_POLL_INTERVAL_MS = 10_000;

/**
 * The flags of an order's status, stored as columns of `orders`, that the customer's page, its
 * JSON, the staff board and the counter views all read (issue 37: picked in one place).
 */
export interface OrderStatusFlags {
  isConfirmed: boolean;
  isInDelivery: boolean;
  isDelivered: boolean;
  isCompleted: boolean;
  isRejected: boolean;
  isCanceled: boolean;
  isFailed: boolean;
  isPaid: boolean;
}

/** The status flags of a stored order (or of a row with more columns), in this order. */
export function orderStatusFlags(order: OrderStatusFlags): OrderStatusFlags {
  return {
    isConfirmed: order.isConfirmed,
    isInDelivery: order.isInDelivery,
    isDelivered: order.isDelivered,
    isCompleted: order.isCompleted,
    isRejected: order.isRejected,
    isCanceled: order.isCanceled,
    isFailed: order.isFailed,
    isPaid: order.isPaid,
  };
}

/** The order as the public status page receives it from the server. */
export interface CustomerOrder extends OrderStatusFlags {
  isDelivery: boolean;
  isDineIn?: boolean;
  isRefunded: boolean;
  /** Paid through one of the online payment providers (not cash, card at the counter, voucher). */
  isOnlinePayment: boolean;
  counterAppointment?: Instant | null;
  rejectionMessage?: string | null;
  questionnaireRating?: number | null;
}

export type OrderStepKey =
  | "awaiting-confirmation"
  | "preparing"
  | "ready-for-pickup"
  | "in-delivery"
  | "completed"
  | "delivered";

export interface OrderStep {
  key: OrderStepKey;
  label: string;
  isDone: boolean;
  isCurrent: boolean;
}

export type OrderTimeline =
  | { isCanceled: false; currentStep: OrderStepKey; steps: OrderStep[] }
  | { isCanceled: true; label: string; rejectionMessage: string | null };

const LABELS: Record<OrderStepKey, string> = {
  "awaiting-confirmation": deOrderStatus.steps.awaitingConfirmation,
  preparing: deOrderStatus.steps.preparing,
  "ready-for-pickup": deOrderStatus.steps.readyForPickup,
  "in-delivery": deOrderStatus.steps.inDelivery,
  completed: deOrderStatus.steps.completed,
  delivered: deOrderStatus.steps.delivered,
};

/** Rejected, cancelled and failed orders will not be made; the customer sees them as cancelled. */
export function isCanceledForCustomer(order: CustomerOrder): boolean {
  return order.isRejected || order.isCanceled || order.isFailed;
}

function stepKeys(order: CustomerOrder): OrderStepKey[] {
  return order.isDelivery
    ? ["awaiting-confirmation", "preparing", "in-delivery", "delivered"]
    : ["awaiting-confirmation", "preparing", "ready-for-pickup", "completed"];
}

/**
 * Staff move an order on with confirm, in-delivery and completed. For takeaway and dine-in there
 * is no separate "ready" action, so the in-delivery flag is what marks it ready for pickup.
 */
function reachedStep(order: CustomerOrder): number {
  if (order.isCompleted || order.isDelivered) return 3;
  if (order.isInDelivery) return 2;
  if (order.isConfirmed) return 1;
  return 0;
}

/** The four-step timeline, or the cancelled one with the branch's reason. */
export function orderTimeline(order: CustomerOrder): OrderTimeline {
  if (isCanceledForCustomer(order)) {
    return {
      isCanceled: true,
      label: deOrderStatus.canceled,
      rejectionMessage: order.rejectionMessage?.trim() || null,
    };
  }
  const reached = reachedStep(order);
  const isFinished = reached === 3;
  const keys = stepKeys(order);
  const steps = keys.map((key, index) => ({
    key,
    label: LABELS[key],
    isDone: index < reached || (isFinished && index === reached),
    isCurrent: index === reached,
  }));
  return { isCanceled: false, currentStep: keys[reached] ?? "awaiting-confirmation", steps };
}

/** The status page's heading. */
export function statusHeading(order: CustomerOrder): string {
  return isCanceledForCustomer(order) ? deOrderStatus.canceled : deOrderStatus.thanks;
}

/** 'Ticket', or 'Bestellnummer' when the business does not work with tickets. */
export function ticketLabel(disableTickets: boolean): string {
  return disableTickets ? deOrderStatus.orderNumber : deOrderStatus.ticket;
}

export type PaymentState = "awaiting-payment" | "paid" | "refunded" | "failed";

/** Only online payments have a state to show; cash and card are settled at the counter. */
export function paymentState(order: CustomerOrder): { state: PaymentState; label: string } | null {
  if (!order.isOnlinePayment) return null;
  if (order.isRefunded) return { state: "refunded", label: deOrderStatus.payment.refunded };
  if (order.isPaid) return { state: "paid", label: deOrderStatus.payment.paid };
  if (order.isFailed) return { state: "failed", label: deOrderStatus.payment.failed };
  return { state: "awaiting-payment", label: deOrderStatus.payment.awaiting };
}

/** The page polls every 10 s until nothing can change any more. */
export function shouldKeepPolling(order: CustomerOrder): boolean {
  return !(order.isCompleted || order.isRejected || order.isCanceled || order.isFailed);
}

/** The branch proposed another time and the order is still waiting for the customer's answer. */
export function showsCounterAppointmentPrompt(order: CustomerOrder): boolean {
  return (
    order.counterAppointment !== null &&
    order.counterAppointment !== undefined &&
    order.counterAppointment !== "" &&
    !order.isConfirmed &&
    !order.isRejected &&
    !order.isCanceled
  );
}

/** 'Ja, {time} Uhr ist in Ordnung'; null without a proposal. */
export function acceptCounterAppointmentText(
  order: CustomerOrder,
  zone: string = BUSINESS_TIME_ZONE,
): string | null {
  if (!order.counterAppointment) return null;
  return deOrderStatus.acceptCounterAppointment(formatTime(order.counterAppointment, zone));
}

/** The questionnaire appears once, after completion, when the business collects reviews. */
export function showsReviewPrompt(order: CustomerOrder, areReviewsEnabled: boolean): boolean {
  return (
    areReviewsEnabled &&
    order.isCompleted &&
    (order.questionnaireRating === null || order.questionnaireRating === undefined)
  );
}
