import type { AppLoadContext } from "@remix-run/node";
import type { Db } from "../db/schema";
import { buildReceipt, type Receipt, type ReceiptSource } from "../domain/receipt";
import { de } from "../i18n/de";
import type { CheckoutContext, OrderDraft } from "./checkout.server";
import { enqueueEmail, enqueueSms } from "./outbox.server";
import type { PlacedOrder } from "./place-order.server";
import { loadReceiptSource, type ReceiptRecord } from "./receipt.server";
import { statusPath } from "./store-paths";

/**
 * The messages about a new order: the customer's confirmation mail, the branch's new-order mail
 * and the customer's SMS. All are built from the stored order (the receipt's source), so the
 * checkout and a later "resend" from the back office send the same words, and all are queued in
 * the caller's transaction: they leave only if it commits.
 */

const texts = de.mails;

/** Where the status link points: the shop's public origin. */
export interface MessageOrigin {
  publicOrigin: string;
}

/** 'Ticket 12', or 'Bestellnummer 12' where the shop switched tickets off (spec section 2). */
export function orderNumberLabel(ticketNumber: number, disableTickets: boolean): string {
  return `${disableTickets ? de.orderStatus.orderNumber : de.orderStatus.ticket} ${ticketNumber}`;
}

function statusLink(record: ReceiptRecord, origin: MessageOrigin): string {
  return `${origin.publicOrigin.replace(/\/+$/, "")}${statusPath(record)}`;
}

/** The order in lines of plain text, shared by both mails. */
function orderLines(receipt: Receipt): string[] {
  const field = ({ label, value }: { label: string; value: string }) => `${label}: ${value}`;
  return [
    ...receipt.banners,
    ...receipt.facts.map(field),
    ...(receipt.deliveryAddress.length > 0
      ? [`${texts.address}: ${receipt.deliveryAddress.join(", ")}`]
      : []),
    "",
    ...receipt.items.flatMap((item) => [
      `- ${item.quantity} ${item.name}: ${item.price}`,
      ...item.details.map((detail) => `    ${detail}`),
    ]),
    ...receipt.totals.map(field),
    ...receipt.notes,
    `${texts.payment}: ${receipt.payment.map((entry) => entry.value).join(", ")}`,
    ...(receipt.donation ? [receipt.donation] : []),
    ...(receipt.comment ? ["", `${texts.comment}: ${receipt.comment}`] : []),
  ];
}

function thanksFor(order: ReceiptSource["order"]): string {
  if (order.isQuotation) return texts.thanksQuotation;
  if (order.isPreorder) return texts.thanksPreorder;
  return texts.thanks;
}

export type QueueResult = { ok: true; outboxId: number } | { ok: false; message: string };

async function customerMail(
  trx: Db,
  record: ReceiptRecord,
  receipt: Receipt,
  origin: MessageOrigin,
): Promise<QueueResult> {
  const { order, settings } = record.source;
  const to = order.email?.trim();
  if (!to) return { ok: false, message: de.resend.noEmail };
  const number = orderNumberLabel(order.ticketNumber, settings.disableTickets);
  const outboxId = await enqueueEmail(trx, {
    to,
    subject: texts.customerSubject(settings.shopName, number),
    text: [
      texts.greeting(order.name),
      "",
      thanksFor(order),
      "",
      number,
      ...orderLines(receipt),
      "",
      texts.statusLink,
      statusLink(record, origin),
      "",
      texts.signature(settings.shopName),
    ].join("\n"),
  });
  return { ok: true, outboxId };
}

async function branchMail(
  trx: Db,
  record: ReceiptRecord,
  receipt: Receipt,
  origin: MessageOrigin,
): Promise<void> {
  const { order, settings, branch } = record.source;
  const to = branch.email?.trim();
  if (!to) return;
  const number = orderNumberLabel(order.ticketNumber, settings.disableTickets);
  await enqueueEmail(trx, {
    to,
    subject: texts.branchSubject(number, order.name),
    text: [
      texts.newOrder,
      "",
      number,
      `${texts.contact}: ${receipt.customer.map((entry) => entry.value).join(", ")}`,
      ...orderLines(receipt),
      "",
      statusLink(record, origin),
    ].join("\n"),
  });
}

/** The text of the customer's new-order SMS (decision 014): short, GSM-7, with the status link. */
export function newOrderSmsText(record: ReceiptRecord, origin: MessageOrigin): string {
  const { order, settings } = record.source;
  const what = order.isQuotation
    ? de.sms.quotation
    : order.isPreorder
      ? de.sms.preorder
      : de.sms.order;
  return de.sms.newOrder(
    settings.shopName,
    what,
    orderNumberLabel(order.ticketNumber, settings.disableTickets),
    statusLink(record, origin),
  );
}

async function customerSms(
  trx: Db,
  record: ReceiptRecord,
  origin: MessageOrigin,
): Promise<QueueResult> {
  const { order, settings } = record.source;
  if (!settings.enablePluginSms) return { ok: false, message: de.resend.smsDisabled };
  const to = order.phone?.replace(/[^\d+]/g, "");
  if (!to) return { ok: false, message: de.resend.noPhone };
  const outboxId = await enqueueSms(trx, { to, text: newOrderSmsText(record, origin) });
  return { ok: true, outboxId };
}

/**
 * Queues everything a new order sends: the customer's mail (with an address), the branch's mail
 * (when the branch has one) and the customer's SMS (with the SMS plugin on and a phone number).
 */
export async function queueNewOrderMessages(
  trx: Db,
  orderId: number,
  origin: MessageOrigin,
): Promise<void> {
  const record = await loadReceiptSource(trx, orderId);
  if (!record) throw new Error(`Bestellung ${orderId} gibt es nicht.`);
  const receipt = buildReceipt(record.source, record.source.order.createdAt);
  await customerMail(trx, record, receipt, origin);
  await branchMail(trx, record, receipt, origin);
  await customerSms(trx, record, origin);
}

/**
 * The customer's new-order mail once more (the back office's "resend"): answers why not when the
 * order is unknown or has no e-mail address.
 */
export async function queueNewOrderEmail(
  trx: Db,
  orderId: number,
  origin: MessageOrigin,
): Promise<QueueResult> {
  const record = await loadReceiptSource(trx, orderId);
  if (!record) return { ok: false, message: de.resend.notFound };
  const receipt = buildReceipt(record.source, record.source.order.createdAt);
  return customerMail(trx, record, receipt, origin);
}

/**
 * The customer's new-order SMS once more: refused (with the German reason) while the SMS plugin
 * is off, without a phone number, or for an unknown order.
 */
export async function queueNewOrderSms(
  trx: Db,
  orderId: number,
  origin: MessageOrigin,
): Promise<QueueResult> {
  const record = await loadReceiptSource(trx, orderId);
  if (!record) return { ok: false, message: de.resend.notFound };
  return customerSms(trx, record, origin);
}

/**
 * The checkout's hook (kept with its signature for the existing callers): queues the new order's
 * mails and SMS from what was just stored in `trx`.
 */
export async function queueOrderMails(
  trx: Db,
  input: {
    order: Pick<PlacedOrder, "id">;
    checkout?: CheckoutContext;
    draft?: OrderDraft;
    context: Pick<AppLoadContext, "config">;
  },
): Promise<void> {
  await queueNewOrderMessages(trx, input.order.id, input.context.config);
}
