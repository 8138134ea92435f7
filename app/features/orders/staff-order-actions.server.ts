import type { AppLoadContext } from "@remix-run/node";
import { DateTime } from "luxon";
import { z } from "zod";
import { isOnlinePayment } from "#app/domain/checkout";
import { REJECTION_MESSAGE_MAX, type StaffActionInput } from "#app/domain/staff-order";
import { de } from "#app/i18n/de-staff";
import type { Db, Order } from "#app/db/schema";
import { isDatabaseUnavailable } from "#app/db/unavailable.server";
import { queueNewOrderEmail, queueNewOrderSms, type MessageOrigin } from "./order-mails.server";
import { queueCounterAppointmentNotices, queueOrderEndedNotices } from "./order-notices.server";
import { announcePrintJobs, queueOrderPrintJobs } from "#app/features/devices/print-jobs.server";
import { settlePayment } from "#app/features/checkout/payment.server";
import { owesRefund, refundOrderPayment } from "./refund.server";
import { referenceSettings } from "#app/features/shared/reference-data.server";
import type { StaffScope } from "./staff-orders.server";
import { auditOrder, changeOrderStatus, findStaffOrder } from "./staff-orders.server";
import { parseClockTime, parseIsoDate, textSchema } from "#app/domain/values";
import { logServerError } from "#app/server/error-log.server";

/**
 * Every order action staff can take, for the detail page's forms and the JSON API alike: the
 * status changes (with the customer's messages, and the refund of a paid online order that is
 * rejected or cancelled), re-checking an online payment, refunding it again after a failed try,
 * resending the new-order mail or SMS, and noting a printed receipt. Each answers a German
 * message; failures carry the spec's section 8 message
 * first and the reason after it.
 */
const texts = de.staffOrders;

export const ORDER_INTENTS = [
  "confirm",
  "reject",
  "in-delivery",
  "completed",
  "cancel",
  "counter-appointment",
  "update-payment-status",
  "refund",
  "resend-email",
  "resend-sms",
  "print",
] as const;
export type OrderIntent = (typeof ORDER_INTENTS)[number];

/** The posted fields of an order action (forms and JSON). */
export const orderActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm") }),
  z.object({
    intent: z.literal("reject"),
    message: textSchema(
      REJECTION_MESSAGE_MAX,
      texts.errors.rejectionTooLong(REJECTION_MESSAGE_MAX),
    ).optional(),
  }),
  z.object({ intent: z.literal("in-delivery") }),
  z.object({ intent: z.literal("completed") }),
  z.object({ intent: z.literal("cancel") }),
  z.object({
    intent: z.literal("counter-appointment"),
    date: z.string().refine((value) => parseIsoDate(value) !== null, texts.errors.counterMissing),
    time: z.string().refine((value) => parseClockTime(value) !== null, texts.errors.counterMissing),
  }),
  z.object({ intent: z.literal("update-payment-status") }),
  z.object({ intent: z.literal("refund") }),
  z.object({ intent: z.literal("resend-email") }),
  z.object({ intent: z.literal("resend-sms") }),
  z.object({ intent: z.literal("print") }),
]);
export type OrderAction = z.infer<typeof orderActionSchema>;

export type OrderActionResult =
  | {
      ok: true;
      message: string;
      /** The change was made, but something after it was not (the refund): show it as an error. */
      warning?: string;
    }
  | { ok: false; status: 400 | 404 | 409 | 502; message: string };

/** The failure message of section 8 for this intent. */
function failureTitle(intent: OrderIntent): string {
  switch (intent) {
    case "cancel":
      return texts.errors.cancelFailed;
    case "update-payment-status":
      return texts.errors.paymentCheckFailed;
    case "refund":
      return de.refunds.failed;
    case "print":
      return texts.errors.printFailed;
    case "resend-email":
    case "resend-sms":
      return texts.errors.confirmationFailed;
    default:
      return texts.errors.statusFailed;
  }
}

export function failureMessage(intent: OrderIntent, reason: string): string {
  return `${failureTitle(intent)} ${reason}`;
}

/** Parses posted fields; the German field message, or null when the intent is unknown. */
export function parseOrderAction(
  fields: Record<string, unknown>,
): { ok: true; action: OrderAction } | { ok: false; message: string } {
  const parsed = orderActionSchema.safeParse(fields);
  if (parsed.success) return { ok: true, action: parsed.data };
  const intentKnown = (ORDER_INTENTS as readonly unknown[]).includes(fields.intent);
  return {
    ok: false,
    message: intentKnown
      ? (parsed.error.issues[0]?.message ?? texts.errors.unknownAction)
      : texts.errors.unknownAction,
  };
}

function statusInput(action: OrderAction, zone: string): StaffActionInput | { error: string } {
  switch (action.intent) {
    case "reject":
      return { action: "reject", message: action.message ?? null };
    case "counter-appointment": {
      const at = DateTime.fromISO(`${action.date}T${action.time}`, { zone });
      if (!at.isValid) return { error: texts.errors.counterMissing };
      return { action: "counter-appointment", at: at.toJSDate() };
    }
    case "confirm":
    case "in-delivery":
    case "completed":
    case "cancel":
      return { action: action.intent };
    default:
      return { error: texts.errors.unknownAction };
  }
}

/** Why "Zahlung erstatten" does not apply to this order, or null (decision 022). */
function refundRefusal(order: Order): string | null {
  if (!isOnlinePayment(order.paymentMethod)) return de.refunds.notOnline;
  if (order.isRefunded) return null;
  if (!order.isPaid || !order.paymentReference) return de.refunds.notPaid;
  if (!order.isRejected && !order.isCanceled) return de.refunds.notClosed;
  return null;
}

/** The customer's messages about a change, queued in its transaction (decision 023). */
async function queueStatusNotices(
  trx: Db,
  order: Order,
  input: StaffActionInput,
  origin: MessageOrigin,
): Promise<Record<string, unknown>> {
  // The confirmed order's tickets, in the same transaction as the confirmation (decision 056).
  const printJobs =
    input.action === "confirm" ? await queueOrderPrintJobs(trx, order.id, "confirmed") : 0;
  const effects = await statusNotices(trx, order, input, origin);
  return printJobs ? { ...effects, printJobs } : effects;
}

async function statusNotices(
  trx: Db,
  order: Order,
  input: StaffActionInput,
  origin: MessageOrigin,
): Promise<Record<string, unknown>> {
  switch (input.action) {
    case "counter-appointment":
      return { notices: await queueCounterAppointmentNotices(trx, order.id, origin) };
    case "reject":
      return { notices: await queueOrderEndedNotices(trx, order.id, origin, "rejected") };
    case "cancel":
      return { notices: await queueOrderEndedNotices(trx, order.id, origin, "canceled") };
    default:
      return {};
  }
}

/** Who confirms an order automatically (decision 063): the shop, for every branch. */
export const AUTOMATIC_SCOPE: StaffScope = { userId: null, branchIds: null, ip: null };

/**
 * The confirmation staff would make ("Bestätigen"), made by the shop once the order's new-order
 * ticket printed on a printer that confirms automatically (decision 063): the same transaction,
 * the same confirmed-order tickets and customer messages, audited without a person.
 */
export async function confirmOrderAutomatically(
  db: Db,
  orderId: number,
  origin: MessageOrigin,
  now: Date = new Date(),
) {
  const input: StaffActionInput = { action: "confirm" };
  return changeOrderStatus(db, AUTOMATIC_SCOPE, orderId, input, now, async (trx, updated) => ({
    ...(await queueStatusNotices(trx, updated, input, origin)),
    automatic: "printed",
  }));
}

export async function performOrderAction(
  context: AppLoadContext,
  scope: StaffScope,
  orderId: number,
  action: OrderAction,
  now: Date = new Date(),
): Promise<OrderActionResult> {
  const { db } = context;
  const fail = (status: 400 | 404 | 409 | 502, reason: string): OrderActionResult => ({
    ok: false,
    status,
    message: failureMessage(action.intent, reason),
  });
  const order = await findStaffOrder(db, scope, orderId);
  if (!order) return fail(404, texts.errors.notFound);

  switch (action.intent) {
    case "update-payment-status": {
      if (!isOnlinePayment(order.paymentMethod) || !order.paymentReference) {
        await auditOrder(db, scope, order.id, action.intent, { refused: texts.errors.notOnline });
        return fail(409, texts.errors.notOnline);
      }
      const provider = context.payments[order.paymentMethod as "stripe" | "paypal"];
      if (!provider) return fail(502, texts.errors.providerMissing);
      try {
        const status = await provider.fetchStatus(order.paymentReference);
        const settled = await settlePayment(db, order.id, status);
        await auditOrder(db, scope, order.id, action.intent, { status, applied: settled.applied });
        // Paid only now, for an order already rejected or cancelled (decision 022).
        if (status === "paid" && settled.applied) {
          await refundOrderPayment(context, order.id, scope, "paid-after-close");
        }
        return { ok: true, message: texts.paymentState(status) };
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw error;
        logServerError(error);
        await auditOrder(db, scope, order.id, action.intent, { refused: "provider" });
        return fail(502, texts.errors.providerFailed);
      }
    }
    case "refund": {
      const refusal = refundRefusal(order);
      if (refusal) {
        await auditOrder(db, scope, order.id, action.intent, { refused: refusal });
        return fail(409, refusal);
      }
      if (order.isRefunded) {
        await auditOrder(db, scope, order.id, action.intent, { repeated: true });
        return { ok: true, message: de.refunds.already };
      }
      const outcome = await refundOrderPayment(context, order.id, scope, action.intent);
      if (!outcome.ok) return fail(502, outcome.message);
      return { ok: true, message: outcome.refunded ? de.refunds.done : de.refunds.already };
    }
    case "resend-email":
    case "resend-sms": {
      const queued = await db.transaction().execute(async (trx) => {
        const result =
          action.intent === "resend-email"
            ? await queueNewOrderEmail(trx, order.id, context.config)
            : await queueNewOrderSms(trx, order.id, context.config);
        await auditOrder(
          trx,
          scope,
          order.id,
          action.intent,
          result.ok ? { outboxId: result.outboxId } : { refused: result.message },
        );
        return result;
      });
      if (!queued.ok) return fail(409, queued.message);
      return {
        ok: true,
        message: action.intent === "resend-email" ? de.resend.emailQueued : de.resend.smsQueued,
      };
    }
    case "print":
      await auditOrder(db, scope, order.id, action.intent, {});
      return { ok: true, message: texts.printed };
    default: {
      const settings = await referenceSettings(db);
      const input = statusInput(action, settings.businessTimeZone);
      if ("error" in input) return fail(400, input.error);
      const changed = await changeOrderStatus(db, scope, order.id, input, now, (trx, updated) =>
        queueStatusNotices(trx, updated, input, context.config),
      );
      if (!changed.ok) return fail(changed.status, changed.message);
      // A confirmation's tickets are committed: the print worker takes them now.
      if (input.action === "confirm" && !changed.isNoop) announcePrintJobs();
      const notice = texts.notices[input.action];
      // The rejection stands (it is committed); the refund follows it (decision 022).
      if (
        (input.action === "reject" || input.action === "cancel") &&
        !changed.isNoop &&
        owesRefund(changed.order)
      ) {
        const refund = await refundOrderPayment(context, order.id, scope, input.action);
        if (!refund.ok) {
          return {
            ok: true,
            message: notice,
            warning: de.refunds.notWithChange(notice, `${refund.message} ${de.refunds.retry}`),
          };
        }
        if (refund.refunded) return { ok: true, message: de.refunds.withChange(notice) };
      }
      return { ok: true, message: notice };
    }
  }
}
