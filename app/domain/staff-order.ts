import { de } from "#app/i18n/de-staff";
import type { OrderStatusFlags } from "./order-status";

/**
 * The staff side of an order's life (spec section 4: staff post cancel, confirm, reject,
 * in-delivery or completed; a counter appointment can be proposed on an unconfirmed order).
 * The full state machine is not in the spec; decision 018 records this one.
 *
 *   new ──confirm──▶ confirmed ──in-delivery──▶ in delivery / ready for pickup ──completed──▶ done
 *    │ ╲                 │                             │
 *    │  counter-appointment (customer accepts: confirmed; declines: cancelled)
 *    └──reject / cancel──┴─────────────────────────────┘  (never after completed)
 *
 * Every action is idempotent: asking for the state an order already has changes nothing and is
 * no error, so a form posted twice does no harm.
 */
export type StaffAction =
  "confirm" | "reject" | "in-delivery" | "completed" | "cancel" | "counter-appointment";

export const STAFF_ACTIONS: readonly StaffAction[] = [
  "confirm",
  "reject",
  "in-delivery",
  "completed",
  "cancel",
  "counter-appointment",
];

export const REJECTION_MESSAGE_MAX = 500;

export interface StaffOrderState extends OrderStatusFlags {
  isDelivery: boolean;
  /** Paid through an online provider (Stripe, PayPal) rather than at the counter. */
  isOnlinePayment: boolean;
  counterAppointment: Date | null;
  rejectionMessage: string | null;
}

export type StaffActionInput =
  | { action: "reject"; message: string | null }
  | { action: "counter-appointment"; at: Date }
  | { action: Exclude<StaffAction, "reject" | "counter-appointment"> };

/** The columns an action changes; empty when the order already is where the action leads. */
export type StaffOrderChange = Partial<
  Pick<
    StaffOrderState,
    | "isConfirmed"
    | "isInDelivery"
    | "isDelivered"
    | "isCompleted"
    | "isRejected"
    | "isCanceled"
    | "counterAppointment"
    | "rejectionMessage"
  >
>;

export type StaffActionResult =
  { ok: true; change: StaffOrderChange; isNoop: boolean } | { ok: false; message: string };

const texts = de.staffOrders;

/** Completed, rejected, cancelled or failed: nothing more happens to it. */
export function closedState(order: StaffOrderState): keyof typeof texts.closedStates | null {
  if (order.isCompleted) return "completed";
  if (order.isRejected) return "rejected";
  if (order.isCanceled) return "canceled";
  if (order.isFailed) return "failed";
  return null;
}

/** An online payment that has not arrived yet: the order is not really placed. */
export function isAwaitingPayment(order: StaffOrderState): boolean {
  return order.isOnlinePayment && !order.isPaid && !order.isFailed;
}

/**
 * The customer paid online for an order that will not be made (rejected or cancelled) and has
 * not had the money back yet: the shop owes a refund (decision 022).
 */
export function isRefundOwed(order: StaffOrderState & { isRefunded: boolean }): boolean {
  return (
    order.isOnlinePayment &&
    order.isPaid &&
    !order.isRefunded &&
    (order.isRejected || order.isCanceled)
  );
}

/** Open: still to be made, handed over or answered. */
export function isOpenOrder(order: StaffOrderState): boolean {
  return closedState(order) === null && !isAwaitingPayment(order);
}

function done(change: StaffOrderChange): StaffActionResult {
  return { ok: true, change, isNoop: Object.keys(change).length === 0 };
}

function refused(message: string): StaffActionResult {
  return { ok: false, message };
}

/** What `input` does to `order` at `now`, or why it may not. */
export function applyStaffAction(
  order: StaffOrderState,
  input: StaffActionInput,
  now: Date,
): StaffActionResult {
  const closed = closedState(order);
  const closedMessage = closed ? texts.errors.closed(texts.closedStates[closed]) : null;
  switch (input.action) {
    case "confirm":
      if (order.isConfirmed && !order.counterAppointment) return done({});
      if (closedMessage) return refused(closedMessage);
      if (isAwaitingPayment(order)) return refused(texts.errors.awaitingPayment);
      // Confirming over a pending proposal keeps the customer's own time.
      return done({ isConfirmed: true, counterAppointment: null });
    case "reject": {
      const message = input.message?.trim() || null;
      if (message && message.length > REJECTION_MESSAGE_MAX) {
        return refused(texts.errors.rejectionTooLong(REJECTION_MESSAGE_MAX));
      }
      if (order.isRejected) return done({});
      if (closedMessage) return refused(closedMessage);
      return done({ isRejected: true, rejectionMessage: message });
    }
    case "cancel":
      if (order.isCanceled) return done({});
      if (closedMessage) return refused(closedMessage);
      return done({ isCanceled: true });
    case "in-delivery":
      if (order.isInDelivery && !closed) return done({});
      if (closedMessage) return refused(closedMessage);
      if (!order.isConfirmed) return refused(texts.errors.notConfirmed);
      return done({ isInDelivery: true });
    case "completed":
      if (order.isCompleted) return done({});
      if (closedMessage) return refused(closedMessage);
      if (!order.isConfirmed) return refused(texts.errors.notConfirmed);
      return done(
        order.isDelivery ? { isCompleted: true, isDelivered: true } : { isCompleted: true },
      );
    case "counter-appointment":
      if (closedMessage) return refused(closedMessage);
      if (order.isConfirmed) return refused(texts.errors.confirmedNoCounter);
      if (isAwaitingPayment(order)) return refused(texts.errors.awaitingPayment);
      if (input.at.getTime() <= now.getTime()) return refused(texts.errors.counterInPast);
      if (order.counterAppointment?.getTime() === input.at.getTime()) return done({});
      return done({ counterAppointment: input.at });
  }
}

/** The actions the order detail offers as buttons right now. */
export function offeredStaffActions(order: StaffOrderState, now: Date): StaffAction[] {
  const soon = new Date(now.getTime() + 60 * 60_000);
  return STAFF_ACTIONS.filter((action) => {
    const input: StaffActionInput =
      action === "reject"
        ? { action, message: null }
        : action === "counter-appointment"
          ? { action, at: soon }
          : { action };
    const result = applyStaffAction(order, input, now);
    return result.ok && !result.isNoop;
  });
}

export type StaffStateKey = keyof typeof texts.states;

/** The state staff see in lists, as a key (the badge's colour) ... */
export function staffStateKey(order: StaffOrderState): StaffStateKey {
  if (order.isFailed) return "failed";
  if (order.isRejected) return "rejected";
  if (order.isCanceled) return "canceled";
  if (order.isCompleted) return order.isDelivery ? "delivered" : "completed";
  if (isAwaitingPayment(order)) return "awaitingPayment";
  if (order.isInDelivery) return order.isDelivery ? "inDelivery" : "readyForPickup";
  if (order.isConfirmed) return "confirmed";
  if (order.counterAppointment) return "counterProposed";
  return "new";
}

/** ... and as one German word. */
export function staffStateLabel(order: StaffOrderState): string {
  return texts.states[staffStateKey(order)];
}

/** Minutes past its due time after which an open order counts as missed (decision 018). */
export const MISSED_AFTER_MINUTES = 30;

/** When the order is due: the appointment, or, for "as soon as possible", when it came in. */
export function dueAt(order: { appointment: Date | null; createdAt: Date }): Date {
  return order.appointment ?? order.createdAt;
}

/** An open order whose due time passed more than MISSED_AFTER_MINUTES ago. */
export function isMissed(
  order: StaffOrderState & { appointment: Date | null; createdAt: Date },
  now: Date,
): boolean {
  return (
    isOpenOrder(order) && dueAt(order).getTime() < now.getTime() - MISSED_AFTER_MINUTES * 60_000
  );
}

/** The history's state filter (one word each in the back office). */
export const STATUS_FILTERS = [
  "new",
  "confirmed",
  "in-delivery",
  "completed",
  "rejected",
  "canceled",
  "failed",
  "awaiting-payment",
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const SORT_KEYS = ["created", "due", "ticket", "total", "name"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
