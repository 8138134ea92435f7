import type { Db } from "#app/db/schema";
import { buildReceipt, type Receipt, type ReceiptSource } from "#app/domain/receipt";
import { de } from "#app/i18n/de-staff";
import type { CheckoutContext, OrderDraft } from "#app/features/checkout/checkout.server";
import {
  enqueueEmail,
  enqueueSms,
  type NewEmail,
  type NewSms,
} from "#app/features/shared/outbox.server";
import {
  DONATION_CENTS,
  type OrderMessages,
  type OrderReference,
} from "#app/features/checkout/place-order.server";
import { loadReceiptSource } from "./receipt.server";
import { statusPath } from "#app/features/storefront/store-paths";
import { labelledLine } from "#app/features/cart/cart-pricing.server";

/**
 * The messages about a new order: the customer's confirmation mail, the branch's new-order mail
 * and the customer's SMS. All are built from the receipt's source, so the checkout and a later
 * "resend" from the back office send the same words. The checkout builds the source from what it
 * is about to store (the order service then writes order and messages in one statement); a resend
 * reads it from the stored order.
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

/** What the messages are built from: the order's address and the receipt's source. */
export interface MessageRecord {
  uid: string;
  hash: string;
  source: ReceiptSource & {
    branch: ReceiptSource["branch"] & { email: string | null };
    settings: ReceiptSource["settings"] & { enablePluginSms: boolean };
  };
}

export function statusLink(record: { uid: string; hash: string }, origin: MessageOrigin): string {
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

/** The customer's mail, or why there is none. */
function customerMail(
  record: MessageRecord,
  receipt: Receipt,
  origin: MessageOrigin,
): NewEmail | { refusal: string } {
  const { order, settings } = record.source;
  const to = order.email?.trim();
  if (!to) return { refusal: de.resend.noEmail };
  const number = orderNumberLabel(order.ticketNumber, settings.disableTickets);
  return {
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
  };
}

function branchMail(
  record: MessageRecord,
  receipt: Receipt,
  origin: MessageOrigin,
): NewEmail | null {
  const { order, settings, branch } = record.source;
  const to = branch.email?.trim();
  if (!to) return null;
  const number = orderNumberLabel(order.ticketNumber, settings.disableTickets);
  return {
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
  };
}

/** The text of the customer's new-order SMS (decision 014): short, GSM-7, with the status link. */
export function newOrderSmsText(record: MessageRecord, origin: MessageOrigin): string {
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

function customerSms(record: MessageRecord, origin: MessageOrigin): NewSms | { refusal: string } {
  const { order, settings } = record.source;
  if (!settings.enablePluginSms) return { refusal: de.resend.smsDisabled };
  const to = order.phone?.replace(/[^\d+]/g, "");
  if (!to) return { refusal: de.resend.noPhone };
  return { to, text: newOrderSmsText(record, origin) };
}

/**
 * Everything a new order sends: the customer's mail (with an address), the branch's mail (when
 * the branch has one) and the customer's SMS (with the SMS plugin on and a phone number).
 */
export function newOrderMessages(record: MessageRecord, origin: MessageOrigin): OrderMessages {
  const receipt = buildReceipt(record.source, record.source.order.createdAt);
  const customer = customerMail(record, receipt, origin);
  const branch = branchMail(record, receipt, origin);
  const sms = customerSms(record, origin);
  return {
    emails: [...("refusal" in customer ? [] : [customer]), ...(branch ? [branch] : [])],
    sms: "refusal" in sms ? [] : [sms],
  };
}

/**
 * The new order's messages at the checkout, before it is stored: the receipt's source is what the
 * order service is about to write, with the ticket number it has just taken for it.
 */
export function checkoutMessages(
  checkout: CheckoutContext,
  draft: OrderDraft,
  reference: OrderReference,
  origin: MessageOrigin,
  now: Date,
): OrderMessages {
  const { store, totals, orderType, lines } = checkout;
  const record: MessageRecord = {
    uid: reference.uid,
    hash: reference.hash,
    source: {
      order: {
        ticketNumber: reference.ticketNumber,
        isDelivery: orderType === "delivery",
        isDineIn: orderType === "dine-in",
        isPreorder: checkout.kind === "preorder",
        isQuotation: checkout.kind === "quotation",
        isRejected: false,
        isCanceled: false,
        isFailed: false,
        isPaid: false,
        isRefunded: false,
        isConfirmed: false,
        tableIdentifier: draft.table?.name ?? null,
        name: draft.name,
        firstName: draft.firstName,
        lastName: draft.lastName,
        company: draft.company,
        street: draft.street,
        city: draft.city,
        deliveryAreaName: checkout.area?.name ?? null,
        floor: draft.floor,
        stairway: draft.stairway,
        door: draft.door,
        phone: draft.phone,
        email: draft.email,
        appointment: draft.appointment,
        counterAppointment: null,
        comment: draft.comment,
        paymentMethod: draft.paymentMethod,
        donationAmount: draft.donatee ? DONATION_CENTS : 0,
        gross: totals.gross,
        deliveryGross: totals.deliveryGross,
        totalGross: totals.totalGross,
        createdAt: now,
      },
      items: lines.map((line) => ({
        name: line.product.name,
        amount: line.row.amount,
        unit: line.row.unit,
        gross: line.gross,
        calculationModel: labelledLine(line.product, line.row.unit).model,
        isPriceHidden: line.product.isPriceHidden,
        parts: line.parts,
      })),
      taxes: Object.entries(totals.totalTaxes)
        .map(([rate, amounts]) => ({ taxRate: Number(rate), ...amounts }))
        .sort((a, b) => a.taxRate - b.taxRate),
      branch: store.branch,
      settings: store.settings,
      donatee: draft.donatee ? { name: draft.donatee.name } : null,
    },
  };
  return newOrderMessages(record, origin);
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
  const mail = customerMail(record, receipt, origin);
  if ("refusal" in mail) return { ok: false, message: mail.refusal };
  return { ok: true, outboxId: await enqueueEmail(trx, mail) };
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
  const sms = customerSms(record, origin);
  if ("refusal" in sms) return { ok: false, message: sms.refusal };
  return { ok: true, outboxId: await enqueueSms(trx, sms) };
}
