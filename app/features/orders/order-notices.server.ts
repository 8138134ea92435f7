import type { Db } from "#app/db/schema";
import { isOnlinePayment } from "#app/domain/checkout";
import { formatDate, formatDateTime, formatTime } from "#app/domain/format";
import { formatMoney } from "#app/domain/money";
import { de } from "#app/i18n/de-staff";
import { orderNumberLabel, statusLink, type MessageOrigin } from "./order-mails.server";
import {
  enqueueEmail,
  enqueueSms,
  type NewEmail,
  type NewSms,
} from "#app/features/shared/outbox.server";
import { loadReceiptSource, type ReceiptRecord } from "./receipt.server";

/**
 * What the customer is told when staff change their order in a way they must know about
 * (decision 023): another time is proposed (they accept or decline on the status page), or the
 * order is rejected or cancelled. An e-mail when they gave an address; an SMS as well when the
 * shop's SMS plugin is on and they gave a phone number. Queued in the transaction that changes
 * the order, so the message leaves exactly when the change is committed.
 */

const texts = de.orderNotices;

export type OrderEnd = "rejected" | "canceled";

interface Parts {
  record: ReceiptRecord;
  number: string;
  link: string;
  zone: string;
}

function partsOf(record: ReceiptRecord, origin: MessageOrigin): Parts {
  const { order, settings } = record.source;
  return {
    record,
    number: orderNumberLabel(order.ticketNumber, settings.disableTickets),
    link: statusLink(record, origin),
    zone: settings.businessTimeZone,
  };
}

function mailTo(record: ReceiptRecord): string | null {
  return record.source.order.email?.trim() || null;
}

function smsTo(record: ReceiptRecord): string | null {
  if (!record.source.settings.enablePluginSms) return null;
  return record.source.order.phone?.replace(/[^\d+]/g, "") || null;
}

function closing({ record }: Parts): string[] {
  const { branch, settings } = record.source;
  return [
    ...(branch.phone ? [texts.questions(branch.name, branch.phone), ""] : []),
    de.mails.signature(settings.shopName),
  ];
}

/** What a notice sends: mails and text messages for the outbox. */
type Messages = { emails: NewEmail[]; sms: NewSms[] };

/**
 * A mail (the greeting, these lines, the closing) and an SMS to the order's addresses; none to an
 * address the order lacks.
 */
function messagesFor(
  parts: Parts,
  mail: { subject: string; lines: string[] },
  smsText: string,
): Messages {
  const { record } = parts;
  const lines = [
    de.mails.greeting(record.source.order.name),
    "",
    ...mail.lines,
    "",
    ...closing(parts),
  ];
  const to = mailTo(record);
  const phone = smsTo(record);
  return {
    emails: to ? [{ to, subject: mail.subject, text: lines.join("\n") }] : [],
    sms: phone ? [{ to: phone, text: smsText }] : [],
  };
}

/** The proposal mail and SMS; empty when the order has no proposal (or no address for them). */
export function counterAppointmentMessages(record: ReceiptRecord, origin: MessageOrigin): Messages {
  const { order, settings } = record.source;
  if (!order.counterAppointment) return { emails: [], sms: [] };
  const parts = partsOf(record, origin);
  const date = formatDate(order.counterAppointment, parts.zone);
  const time = formatTime(order.counterAppointment, parts.zone);
  const wished = order.appointment
    ? `${formatDateTime(order.appointment, parts.zone)} Uhr`
    : de.mails.asSoonAsPossible;
  return messagesFor(
    parts,
    {
      subject: texts.counterSubject(settings.shopName, parts.number),
      lines: [
        texts.counterProposal(date, time),
        texts.wished(wished),
        "",
        texts.counterAnswer,
        parts.link,
        "",
        parts.number,
      ],
    },
    texts.counterSms(settings.shopName, parts.number, date, time, parts.link),
  );
}

/** The mail and SMS that tell the customer their order was rejected or cancelled. */
export function orderEndedMessages(
  record: ReceiptRecord,
  origin: MessageOrigin,
  end: OrderEnd,
): Messages {
  const { order, settings } = record.source;
  const parts = partsOf(record, origin);
  const reason = order.rejectionMessage?.trim();
  const paidOnline = isOnlinePayment(order.paymentMethod) && order.isPaid;
  return messagesFor(
    parts,
    {
      subject: texts.endedSubject(settings.shopName, parts.number),
      lines: [
        end === "rejected" ? texts.rejected : texts.canceled,
        ...(reason ? [texts.reason(reason)] : []),
        ...(paidOnline
          ? [
              "",
              (order.isRefunded ? texts.refunded : texts.refund)(
                formatMoney(order.totalGross, settings.currency),
                de.checkout.paymentMethods[order.paymentMethod],
              ),
            ]
          : []),
        "",
        parts.number,
        texts.statusLink,
        parts.link,
      ],
    },
    texts.endedSms(settings.shopName, parts.number, parts.link),
  );
}

async function enqueueAll(trx: Db, messages: Messages) {
  const ids: number[] = [];
  for (const email of messages.emails) ids.push(await enqueueEmail(trx, email));
  for (const sms of messages.sms) ids.push(await enqueueSms(trx, sms));
  return ids;
}

/** Queues the proposal's messages for the order as it now stands; answers the outbox ids. */
export async function queueCounterAppointmentNotices(
  trx: Db,
  orderId: number,
  origin: MessageOrigin,
): Promise<number[]> {
  const record = await loadReceiptSource(trx, orderId);
  return record ? enqueueAll(trx, counterAppointmentMessages(record, origin)) : [];
}

/** Queues the rejection's or cancellation's messages; answers the outbox ids. */
export async function queueOrderEndedNotices(
  trx: Db,
  orderId: number,
  origin: MessageOrigin,
  end: OrderEnd,
): Promise<number[]> {
  const record = await loadReceiptSource(trx, orderId);
  return record ? enqueueAll(trx, orderEndedMessages(record, origin, end)) : [];
}
