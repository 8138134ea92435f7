import type { AppLoadContext } from "@remix-run/node";
import { recordPaymentEvent } from "#app/db/queries/payment-events";
import type { Db } from "#app/db/schema";
import { isOnlinePayment, type PaymentMethod } from "#app/domain/checkout";
import {
  isPaymentProviderError,
  type PaymentEvent,
  type PaymentProviderName,
  type PaymentStatus,
} from "#app/integrations/payments/provider";
import type { CheckoutContext } from "./checkout.server";
import type { PlacedOrder } from "./place-order.server";
import { appLogger } from "#app/server/logger.server";
import { countPayment } from "#app/server/metrics.server";

/** The online methods whose provider has keys: only those can be offered. */
export function readyProviders(context: AppLoadContext): PaymentMethod[] {
  return (Object.keys(context.payments) as PaymentProviderName[]).filter(
    (name) => context.payments[name] !== undefined,
  );
}

export const paymentReturnPath = (
  order: { uid: string; hash: string },
  outcome: "erfolg" | "abbruch",
) => `/zahlung/${order.uid}/${order.hash}/${outcome}`;

/**
 * Opens the provider's checkout for a new online order and remembers where it is. Answers the
 * address to send the customer to, or null when the provider could not start it: the order is
 * then marked failed and the customer lands on the checkout's error page with the cart intact.
 */
export async function startPayment(
  context: AppLoadContext,
  { order, checkout }: { order: PlacedOrder; checkout: CheckoutContext },
): Promise<string | null> {
  if (order.paymentRedirectUrl) return order.paymentRedirectUrl;
  const provider = isOnlinePayment(order.paymentMethod as PaymentMethod)
    ? context.payments[order.paymentMethod as PaymentProviderName]
    : undefined;
  if (!provider) {
    await markFailed(context.db, order.id);
    countPayment(order.paymentMethod, "not_started");
    return null;
  }
  const origin = context.config.publicOrigin;
  try {
    const started = await provider.startCheckout({
      orderUid: order.uid,
      description: `${checkout.store.settings.shopName} – ${checkout.store.branch.name}`,
      amountCents: order.totalGross,
      currency: checkout.store.settings.currency,
      successUrl: `${origin}${paymentReturnPath(order, "erfolg")}`,
      cancelUrl: `${origin}${paymentReturnPath(order, "abbruch")}`,
      idempotencyKey: `order-${order.uid}`,
    });
    await context.db
      .updateTable("orders")
      .set({
        paymentReference: started.reference,
        paymentRedirectUrl: started.redirectUrl,
        updatedAt: new Date(),
      })
      .where("id", "=", order.id)
      .execute();
    return started.redirectUrl;
  } catch (error) {
    if (!isPaymentProviderError(error)) throw error;
    appLogger().error(`Zahlung konnte nicht gestartet werden: ${error.message}`);
    await markFailed(context.db, order.id);
    countPayment(order.paymentMethod, "not_started");
    return null;
  }
}

async function markFailed(db: Db, orderId: number): Promise<void> {
  await db
    .updateTable("orders")
    .set({ isFailed: true, updatedAt: new Date() })
    .where("id", "=", orderId)
    .where("isPaid", "=", false)
    .execute();
}

/**
 * Applies a payment state to an order, once: paid empties the cart it came from; failed marks an
 * unpaid order failed; refunded marks a paid one refunded. Locks the order row, so the return
 * from the provider and its webhook may race.
 */
export async function settlePayment(
  db: Db,
  orderId: number,
  status: PaymentStatus,
  event?: { provider: PaymentProviderName; event: PaymentEvent },
): Promise<{ isPaid: boolean; isFailed: boolean; applied: boolean }> {
  const settled = await applyPayment(db, orderId, status, event);
  // Counted once the change is committed, and only the first time it applies (decision 109).
  if (settled.applied && settled.provider) countPayment(settled.provider, status);
  return settled;
}

async function applyPayment(
  db: Db,
  orderId: number,
  status: PaymentStatus,
  event?: { provider: PaymentProviderName; event: PaymentEvent },
): Promise<{ isPaid: boolean; isFailed: boolean; applied: boolean; provider?: string }> {
  return db.transaction().execute(async (trx) => {
    if (event) {
      const isFirst = await recordPaymentEvent(trx, {
        provider: event.provider,
        eventId: event.event.eventId,
        reference: event.event.reference,
      });
      if (!isFirst) {
        const order = await trx
          .selectFrom("orders")
          .select(["isPaid", "isFailed"])
          .where("id", "=", orderId)
          .executeTakeFirstOrThrow();
        return { ...order, applied: false };
      }
    }
    const order = await trx
      .selectFrom("orders")
      .select(["id", "isPaid", "isFailed", "isRefunded", "cartId", "paymentMethod"])
      .where("id", "=", orderId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const now = new Date();
    if (status === "paid" && !order.isPaid) {
      await trx
        .updateTable("orders")
        .set({ isPaid: true, isFailed: false, cartId: null, updatedAt: now })
        .where("id", "=", order.id)
        .execute();
      if (order.cartId) await trx.deleteFrom("carts").where("id", "=", order.cartId).execute();
      return { isPaid: true, isFailed: false, applied: true, provider: order.paymentMethod };
    }
    if (status === "failed" && !order.isPaid && !order.isFailed) {
      await trx
        .updateTable("orders")
        .set({ isFailed: true, updatedAt: now })
        .where("id", "=", order.id)
        .execute();
      return { isPaid: false, isFailed: true, applied: true, provider: order.paymentMethod };
    }
    if (status === "refunded" && order.isPaid && !order.isRefunded) {
      await trx
        .updateTable("orders")
        .set({ isRefunded: true, updatedAt: now })
        .where("id", "=", order.id)
        .execute();
      return {
        isPaid: true,
        isFailed: order.isFailed,
        applied: true,
        provider: order.paymentMethod,
      };
    }
    return { isPaid: order.isPaid, isFailed: order.isFailed, applied: false };
  });
}
