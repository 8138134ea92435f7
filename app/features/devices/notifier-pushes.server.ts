import { sql } from "kysely";
import type { WebPushConfig } from "#app/config/env.server";
import type { Db } from "#app/db/schema";
import { deDevices } from "#app/i18n/de-devices";
import { formatMoney } from "#app/domain/money";
import { sendPush } from "#app/integrations/push/web-push.server";
import type { PushEndpointPolicy } from "#app/integrations/push/push-endpoints.server";
import { RETRY_DELAYS_MS } from "#app/features/shared/outbox.server";
import { pauseFor, type QueueWakeup } from "#app/server/queue-wakeup.server";
import { startPeriodicJob } from "#app/server/periodic-job.server";

/**
 * Web Push for order notifiers (issue 20, decision 057): a push per subscribed browser of the
 * branch's notifier devices and new order, written in the order's transaction (a push never
 * announces an order that was rolled back, nor is one lost when the order commits), sent by
 * `deliverDuePushes` (rows claimed with `FOR UPDATE SKIP LOCKED` and a lease, so two workers
 * never send the same one), retried with the outbox's back-off; a subscription the push service
 * calls gone (404/410), whose host now resolves to a non-public address, or whose last
 * `SUBSCRIPTION_FAILED_PUSHES` pushes all failed is removed with its pushes (decision 069).
 */

/** A claimed row stays away from other workers this long (far beyond the send timeout). */
export const PUSH_LEASE_MS = 2 * 60_000;
const MAX_ERROR_LENGTH = 500;
/** A push not sent within this long is dropped: a kitchen back after an outage hears no old orders. */
export const PUSH_STALE_MS = 60 * 60_000;
/**
 * A subscription whose last this many pushes all failed for good (each retried for up to an hour)
 * is removed: a browser long gone whose service never says 404/410 costs a connection per order.
 */
export const SUBSCRIPTION_FAILED_PUSHES = 3;

/** Pushes for every subscription of the order's branch's notifiers, in the caller's transaction. */
export async function queueOrderPushes(trx: Db, orderId: number): Promise<number> {
  const result = await sql`
    insert into notifier_pushes (subscription_id, order_id)
    select s.id, o.id
    from orders o
    join devices d on d.branch_id = o.branch_id and d.kind = 'notifier'
    join notifier_subscriptions s on s.device_id = d.id
    where o.id = ${orderId}
  `.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

export interface PushDelivery {
  sent: number;
  retried: number;
  failed: number;
  gone: number;
}

/** Sends the due pushes once (a periodic job calls it); answers what happened. */
export async function deliverDuePushes(
  db: Db,
  vapid: WebPushConfig,
  options: {
    now?: () => Date;
    batchSize?: number;
    endpoints?: PushEndpointPolicy;
    currency?: string;
  } = {},
): Promise<PushDelivery> {
  const now = options.now ?? (() => new Date());
  const outcome: PushDelivery = { sent: 0, retried: 0, failed: 0, gone: 0 };
  const claimed = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("notifierPushes")
      .select(["id"])
      .where("status", "=", "pending")
      .where("nextAttemptAt", "<=", now())
      .orderBy("nextAttemptAt")
      .limit(options.batchSize ?? 20)
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length === 0) return [];
    await trx
      .updateTable("notifierPushes")
      .set({ nextAttemptAt: new Date(now().getTime() + PUSH_LEASE_MS) })
      .where(
        "id",
        "in",
        rows.map((row) => row.id),
      )
      .execute();
    return rows.map((row) => row.id);
  });
  if (claimed.length === 0) return outcome;
  const pushes = await db
    .selectFrom("notifierPushes as p")
    .innerJoin("notifierSubscriptions as s", "s.id", "p.subscriptionId")
    .leftJoin("orders as o", "o.id", "p.orderId")
    .select([
      "p.id",
      "p.attempts",
      "p.createdAt",
      "s.id as subscriptionId",
      "s.endpoint",
      "s.p256dh",
      "s.auth",
      "o.id as orderId",
      "o.ticketNumber",
      "o.totalGross",
    ])
    .where("p.id", "in", claimed)
    .execute();
  for (const push of pushes) {
    if (now().getTime() - push.createdAt.getTime() > PUSH_STALE_MS) {
      await db
        .updateTable("notifierPushes")
        .set({ status: "failed", lastError: "veraltet" })
        .where("id", "=", push.id)
        .execute();
      outcome.failed += 1;
      // Never tried (the worker was away): not the subscription's failure.
      if (push.attempts > 0)
        outcome.gone += await forgetFailingSubscription(db, push.subscriptionId);
      continue;
    }
    // A push without an order is a device test (`POST /api/devices/{id}/test/notification`).
    const payload = {
      title: push.orderId === null ? deDevices.notifier.test.title : deDevices.notifier.push.title,
      body:
        push.ticketNumber === null
          ? deDevices.notifier.test.body
          : `Bestellung ${push.ticketNumber} – ${formatMoney(push.totalGross ?? 0, options.currency)}`,
      orderId: push.orderId,
      ticketNumber: push.ticketNumber,
      url: push.orderId === null ? "/backend/orders" : `/backend/orders/${push.orderId}`,
    };
    const result = await sendPush(push, payload, vapid, {
      ttlSeconds: 3_600,
      endpoints: options.endpoints,
    });
    if (result.ok) {
      await db
        .updateTable("notifierPushes")
        .set({ status: "sent", sentAt: now(), attempts: push.attempts + 1, lastError: null })
        .where("id", "=", push.id)
        .execute();
      outcome.sent += 1;
    } else if (result.gone) {
      await db.deleteFrom("notifierSubscriptions").where("id", "=", push.subscriptionId).execute();
      outcome.gone += 1;
    } else {
      const attempts = push.attempts + 1;
      const delay = RETRY_DELAYS_MS[attempts - 1];
      await db
        .updateTable("notifierPushes")
        .set({
          attempts,
          lastError: result.message.slice(0, MAX_ERROR_LENGTH),
          ...(delay === undefined
            ? { status: "failed" as const }
            : { nextAttemptAt: new Date(now().getTime() + delay) }),
        })
        .where("id", "=", push.id)
        .execute();
      if (delay === undefined) {
        outcome.failed += 1;
        outcome.gone += await forgetFailingSubscription(db, push.subscriptionId);
      } else outcome.retried += 1;
    }
  }
  return outcome;
}

/**
 * Removes the subscription when its last `SUBSCRIPTION_FAILED_PUSHES` finished pushes all failed
 * (none sent in between); answers 1 when it did. Its pushes go with it (cascade).
 */
async function forgetFailingSubscription(db: Db, subscriptionId: number): Promise<number> {
  const result = await sql`
    delete from notifier_subscriptions s
    where s.id = ${subscriptionId}
      and ${SUBSCRIPTION_FAILED_PUSHES} = (
        select count(*) filter (where last.status = 'failed')
        from (
          select p.status from notifier_pushes p
          where p.subscription_id = s.id
            and (p.status = 'sent' or (p.status = 'failed' and p.attempts > 0))
          order by p.created_at desc, p.id desc
          limit ${SUBSCRIPTION_FAILED_PUSHES}
        ) last
      )
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The same as `queueOrderPushes`, as a CTE for the checkout's one-statement placement. */
export const NEW_ORDER_PUSHES_CTE = sql`
  notifier_pushes_new as (
    insert into notifier_pushes (subscription_id, order_id)
    select s.id, o.id
    from new_order o
    join devices d on d.branch_id = o.branch_id and d.kind = 'notifier'
    join notifier_subscriptions s on s.device_id = d.id
    where o.payment_method not in ('stripe', 'paypal') or o.is_paid
  )`;

/** Sends due pushes every few seconds (decision 057); nothing without VAPID keys. */
export function startPushWorker(
  db: Db,
  vapid: WebPushConfig | null,
  log: (line: string) => void,
  intervalMs = 2_000,
  endpoints?: PushEndpointPolicy,
  wakeup?: QueueWakeup,
) {
  if (!vapid) return null;
  return startPeriodicJob({
    intervalMs,
    // Woken by announcements, it sleeps until the next push is due (decision 119).
    ...(wakeup ? { pauseAfter: () => pauseFor(db, wakeup, intervalMs) } : {}),
    log,
    failed: (problem) => `Push-Benachrichtigungen konnten nicht gesendet werden: ${problem}`,
    round: async () => {
      await deliverDuePushes(db, vapid, { endpoints });
    },
  });
}
