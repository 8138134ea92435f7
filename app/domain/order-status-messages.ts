import { de } from "#app/i18n/de";
import { deOrderStatus } from "#app/i18n/de-order-status";
import { formatDateTime, formatTime } from "./format";
import {
  isCanceledForCustomer,
  paymentState,
  shouldKeepPolling,
  showsCounterAppointmentPrompt,
  type CustomerOrder,
} from "./order-status";
import { BUSINESS_TIME_ZONE, WEEKDAYS, dateOf, inZone, type Instant } from "./time";

/** What the status messages need beyond the flags the timeline reads. */
export interface MessageOrder extends CustomerOrder {
  isPreorder: boolean;
  isQuotation: boolean;
  /** When the customer wants the order (the chosen appointment), if they chose one. */
  appointment?: Instant | null;
}

/**
 * The moment the page is shown (issue 17): the same order reads differently while its branch is
 * open or closed, and on the day it is due or days before.
 */
export interface MessageSituation {
  now: Instant;
  zone?: string;
  /** The order's branch is open at `now` (its opening hours, not the delivery hours). */
  isBranchOpen: boolean;
}

const texts = deOrderStatus.messages;

/**
 * The sentences under the heading, most important first: what happens with the order now, then
 * the payment, then that the page keeps itself up to date. The rejection reason is not repeated
 * here; the cancelled timeline shows it.
 */
export function statusMessages(order: MessageOrder, situation: MessageSituation): string[] {
  const messages = [progressMessage(order, situation)];
  const payment = paymentState(order);
  if (payment?.state === "awaiting-payment" && !isCanceledForCustomer(order)) {
    messages.push(texts.awaitingPayment);
  }
  if (payment?.state === "refunded") messages.push(texts.refunded);
  // Decision 022: the refund of a cancelled order's payment may still be on its way.
  if (payment?.state === "paid" && isCanceledForCustomer(order)) messages.push(texts.refundDue);
  if (shouldKeepPolling(order)) messages.push(texts.updates);
  return messages;
}

function progressMessage(order: MessageOrder, situation: MessageSituation): string {
  const zone = situation.zone ?? BUSINESS_TIME_ZONE;
  if (isCanceledForCustomer(order)) return texts.canceled;
  if (order.isCompleted || order.isDelivered) {
    return order.isDelivery ? texts.delivered : texts.completed;
  }
  if (order.isInDelivery) return order.isDelivery ? texts.inDelivery : texts.readyForPickup;
  const due = order.appointment || null;
  const isDueLater = due !== null && dateOf(due, zone) > dateOf(situation.now, zone);
  if (order.isConfirmed) {
    // Confirmed days ahead: nothing is being baked yet, the customer learns for when it is planned.
    return isDueLater ? texts.confirmedFor(dayAndTime(due, zone)) : texts.confirmed;
  }
  if (showsCounterAppointmentPrompt(order) && order.counterAppointment) {
    return texts.counterProposal(formatDateTime(order.counterAppointment, zone));
  }
  if (order.isQuotation) return texts.quotation;
  if (!situation.isBranchOpen) return order.isPreorder ? texts.preorder : texts.awaitingClosed;
  if (order.isPreorder) {
    return due ? texts.preorderReceivedFor(dayAndTime(due, zone)) : texts.preorderReceived;
  }
  return texts.awaiting;
}

/** 'Fr., 27.11., 10:30' in the business's zone: short enough for a button on a phone. */
export function dayAndTime(instant: Instant, zone: string = BUSINESS_TIME_ZONE): string {
  const local = inZone(instant, zone);
  const weekday = WEEKDAYS[local.weekday - 1] ?? "monday";
  return `${de.weekdays[weekday].slice(0, 2)}., ${local.toFormat("dd.MM.")}, ${local.toFormat("HH:mm")}`;
}

/**
 * The accept button for the branch's proposed time: the spec's 'Ja, {time} Uhr ist in Ordnung'
 * with the time alone when the proposal is for today and for the day the customer asked for;
 * otherwise with the day in front ('Ja, Fr., 27.11., 15:30 Uhr ist in Ordnung'), so nobody
 * accepts tomorrow believing it is today. Null without a proposal.
 */
export function acceptCounterAppointmentLabel(
  order: Pick<MessageOrder, "counterAppointment" | "appointment">,
  situation: Pick<MessageSituation, "now" | "zone">,
): string | null {
  const proposal = order.counterAppointment;
  if (!proposal) return null;
  const zone = situation.zone ?? BUSINESS_TIME_ZONE;
  const day = dateOf(proposal, zone);
  const isToday = day === dateOf(situation.now, zone);
  const isAskedDay = !order.appointment || day === dateOf(order.appointment, zone);
  return deOrderStatus.acceptCounterAppointment(
    isToday && isAskedDay ? formatTime(proposal, zone) : dayAndTime(proposal, zone),
  );
}
