import type { AppLoadContext } from "@remix-run/node";
import { insertAuditEntry } from "#app/db/queries/audit-log";
import type { Db, Order } from "#app/db/schema";
import { isRefundOwed } from "#app/domain/staff-order";
import { de } from "#app/i18n/de-staff";
import {
  isPaymentProviderError,
  type PaymentProviderName,
  type RefundDone,
} from "#app/integrations/payments/provider";
import {
  declineCounterAppointment,
  loadOrderRecord,
  type OrderAddress,
  type OrderChangeResult,
} from "./order-status.server";
import { staffState } from "./staff-orders.server";
import { appLogger } from "#app/server/logger.server";

/**
 * Gives a customer's online payment back when the order will not be made (decision 022). The
 * order's rejection or cancellation is committed first and stands whatever the provider says; the
 * refund follows outside any transaction, so no row stays locked while the provider is asked. It
 * cannot happen twice: the idempotency key is derived from the order (`refund-{uid}-{attempt}`),
 * the whole payment is refunded (a second full refund is refused by the provider and read as
 * "already refunded"), and the order is marked refunded once. Every attempt is audited.
 */

/** Who asked: a staff member, or nobody (the customer's own answer, a provider's webhook). */
export interface RefundActor {
  userId: number | null;
  ip: string | null;
}

export type RefundFailure = "unreachable" | "refused" | "provider-missing";

export type RefundOutcome =
  | { ok: true; refunded: false }
  | { ok: true; refunded: true; done: RefundDone }
  | { ok: false; failure: RefundFailure; message: string };

/** The key of the next refund request: the same until the provider answers with an error. */
export function refundIdempotencyKey(order: Pick<Order, "uid" | "refundAttempt">): string {
  return `refund-${order.uid}-${order.refundAttempt}`;
}

/** Whether this stored order owes the customer their online payment. */
export function owesRefund(order: Order): boolean {
  return (
    order.paymentReference !== null &&
    isRefundOwed({ ...staffState(order), isRefunded: order.isRefunded })
  );
}

/** The German reason for a failed refund, for staff. */
export function refundFailureReason(failure: RefundFailure): string {
  switch (failure) {
    case "unreachable":
      return de.refunds.unreachable;
    case "refused":
      return de.refunds.refused;
    case "provider-missing":
      return de.refunds.providerMissing;
  }
}

async function audit(db: Db, actor: RefundActor, orderId: number, data: Record<string, unknown>) {
  await insertAuditEntry(db, {
    userId: actor.userId,
    action: "order.refund",
    entityType: "order",
    entityId: orderId,
    data,
    ip: actor.ip,
  });
}

/**
 * Refunds the order's online payment if it owes one; answers `refunded: false` when nothing is
 * owed (not paid online, not closed, refunded already). `cause` says in the audit entry what led
 * here: the staff's reject or cancel, the refund button, the customer's declined proposal.
 */
export async function refundOrderPayment(
  context: Pick<AppLoadContext, "db" | "payments">,
  orderId: number,
  actor: RefundActor,
  cause: string,
): Promise<RefundOutcome> {
  const { db } = context;
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order || !owesRefund(order)) return { ok: true, refunded: false };
  const name = order.paymentMethod as PaymentProviderName;
  const provider = context.payments[name];
  if (!provider) {
    await audit(db, actor, order.id, { cause, provider: name, refused: "provider-missing" });
    return { ok: false, failure: "provider-missing", message: de.refunds.providerMissing };
  }
  const idempotencyKey = refundIdempotencyKey(order);
  try {
    const done = await provider.refund({
      reference: order.paymentReference!,
      orderUid: order.uid,
      idempotencyKey,
    });
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("orders")
        .set({ isRefunded: true, ...(done.refundId ? { refundReference: done.refundId } : {}) })
        .where("id", "=", order.id)
        .where("isPaid", "=", true)
        .execute();
      await audit(trx, actor, order.id, {
        cause,
        provider: name,
        idempotencyKey,
        refundId: done.refundId,
        status: done.status,
        amountCents: done.amountCents,
      });
    });
    return { ok: true, refunded: true, done };
  } catch (error) {
    if (!isPaymentProviderError(error)) throw error;
    appLogger().error(`Erstattung für Bestellung ${order.id} fehlgeschlagen: ${error.message}`);
    // An answer means this request is settled at the provider (Stripe even replays a saved 500
    // for the same key): the next attempt takes a new key. Without an answer (timeout, no
    // connection) it may have gone through, so the next attempt repeats the key. A 409 is a
    // concurrent request with the same key, still running.
    const status = error.status;
    const answered = status !== undefined && status !== 409;
    // A 4xx is the provider saying no (a person should look); 5xx, 429 and silence may pass.
    const failure: RefundFailure =
      status !== undefined && status >= 400 && status < 500 && status !== 409 && status !== 429
        ? "refused"
        : "unreachable";
    await db.transaction().execute(async (trx) => {
      if (answered) {
        await trx
          .updateTable("orders")
          .set((eb) => ({ refundAttempt: eb("refundAttempt", "+", 1) }))
          .where("id", "=", order.id)
          .where("refundAttempt", "=", order.refundAttempt)
          .execute();
      }
      await audit(trx, actor, order.id, {
        cause,
        provider: name,
        idempotencyKey,
        refused: failure,
        httpStatus: status ?? null,
        code: error.code ?? null,
        error: error.message.slice(0, 300),
      });
    });
    return { ok: false, failure, message: refundFailureReason(failure) };
  }
}

/** The customer, or a provider's notification: nobody signed in. */
export const NO_STAFF: RefundActor = { userId: null, ip: null };

/**
 * The customer declines the proposed time, which cancels the order (spec section 4): a paid
 * online order then gets its money back as a staff cancellation would. A failed refund leaves the
 * order owing one, for staff to retry; the customer's answer stands either way.
 */
export async function declineCounterAppointmentWithRefund(
  context: Pick<AppLoadContext, "db" | "payments" | "clientAddress">,
  address: OrderAddress,
): Promise<OrderChangeResult> {
  const result = await declineCounterAppointment(context.db, address);
  if (!result.ok) return result;
  const refund = await refundOrderPayment(
    context,
    result.record.order.id,
    { userId: null, ip: context.clientAddress ?? null },
    "decline-counter-appointment",
  );
  if (!refund.ok || !refund.refunded) return result;
  const record = await loadOrderRecord(context.db, address);
  return record ? { ok: true, record } : result;
}
