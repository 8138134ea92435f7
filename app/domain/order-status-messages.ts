import { de } from "../i18n/de";
import { formatDateTime } from "./format";
import {
  isCanceledForCustomer,
  paymentState,
  shouldKeepPolling,
  showsCounterAppointmentPrompt,
  type CustomerOrder,
} from "./order-status";
import { BUSINESS_TIME_ZONE } from "./time";

/** What the status messages need beyond the flags the timeline reads. */
export interface MessageOrder extends CustomerOrder {
  isPreorder: boolean;
  isQuotation: boolean;
}

const texts = de.orderStatus.messages;

/**
 * The sentences under the heading, most important first: what happens with the order now, then
 * the payment, then that the page keeps itself up to date. The rejection reason is not repeated
 * here; the cancelled timeline shows it.
 */
export function statusMessages(order: MessageOrder, zone: string = BUSINESS_TIME_ZONE): string[] {
  const messages = [progressMessage(order, zone)];
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

function progressMessage(order: MessageOrder, zone: string): string {
  if (isCanceledForCustomer(order)) return texts.canceled;
  if (order.isCompleted || order.isDelivered) {
    return order.isDelivery ? texts.delivered : texts.completed;
  }
  if (order.isInDelivery) return order.isDelivery ? texts.inDelivery : texts.readyForPickup;
  if (order.isConfirmed) return texts.confirmed;
  if (showsCounterAppointmentPrompt(order) && order.counterAppointment) {
    return texts.counterProposal(formatDateTime(order.counterAppointment, zone));
  }
  if (order.isQuotation) return texts.quotation;
  if (order.isPreorder) return texts.preorder;
  return texts.awaiting;
}
