import { sql } from "kysely";
import type { Db } from "#app/db/schema";
import type { MessageOrigin } from "#app/features/orders/order-mails.server";
import { confirmOrderAutomatically } from "#app/features/orders/staff-order-actions.server";
import { deDevices } from "#app/i18n/de-devices";
import { logDevice } from "./print-jobs.server";

/**
 * "Neue Bestellungen automatisch bestätigen" (decision 063): an order is confirmed by the shop
 * once its new-order ticket has printed on a printer of its branch that confirms automatically;
 * never at placing time, so a ticket that never prints (printer off, paper out, stale) leaves the
 * order unconfirmed for staff, and the customer is never told the shop saw it when it did not.
 *
 * Confirmed right after the proof of printing (the TCP status answer, the CloudPRNT or SDP
 * confirmation) and, as a safety net for a process that died between the two, by a sweep in the
 * print worker. Only orders a confirmation applies to are taken (not closed, not awaiting an
 * online payment, no counter proposal of staff pending), so the sweep never retries a refusal.
 */
const SWEEP_WINDOW = sql`interval '1 day'`;

function candidates(db: Db, orderIds: readonly number[] | null) {
  let query = db
    .selectFrom("orders as o")
    .innerJoin("printJobs as j", "j.orderId", "o.id")
    .innerJoin("devices as d", "d.id", "j.deviceId")
    .select(["o.id as orderId", "j.id as jobId", "d.id as deviceId"])
    .where("j.reason", "=", "new")
    .where("j.status", "=", "printed")
    .where("d.autoConfirm", "=", true)
    .where("d.kind", "=", "printer")
    .where("o.isConfirmed", "=", false)
    .where("o.isRejected", "=", false)
    .where("o.isCanceled", "=", false)
    .where("o.isFailed", "=", false)
    .where("o.isCompleted", "=", false)
    .where("o.isQuotation", "=", false)
    .where("o.counterAppointment", "is", null)
    .where((eb) =>
      eb.or([eb("o.paymentMethod", "not in", ["stripe", "paypal"]), eb("o.isPaid", "=", true)]),
    )
    .orderBy("o.id")
    .orderBy("j.id");
  if (orderIds) query = query.where("o.id", "in", [...orderIds]);
  else query = query.where("j.printedAt", ">", sql<Date>`now() - ${SWEEP_WINDOW}`).limit(200);
  return query.execute();
}

/** Confirms these orders if a ticket of theirs printed on an auto-confirming printer. */
export async function confirmAfterPrint(
  db: Db,
  orderIds: readonly number[],
  origin: MessageOrigin,
  now: Date = new Date(),
): Promise<number> {
  if (orderIds.length === 0) return 0;
  return confirmEach(db, await candidates(db, orderIds), origin, now);
}

/** The safety net: every eligible order of the last day whose ticket printed. */
export async function confirmPrintedOrders(
  db: Db,
  origin: MessageOrigin,
  now: Date = new Date(),
): Promise<number> {
  return confirmEach(db, await candidates(db, null), origin, now);
}

async function confirmEach(
  db: Db,
  rows: { orderId: number; jobId: number; deviceId: number }[],
  origin: MessageOrigin,
  now: Date,
): Promise<number> {
  let confirmed = 0;
  const seen = new Set<number>();
  for (const row of rows) {
    if (seen.has(row.orderId)) continue;
    seen.add(row.orderId);
    const outcome = await confirmOrderAutomatically(db, row.orderId, origin, now);
    if (outcome.ok && !outcome.isNoop) {
      confirmed += 1;
      await logDevice(
        db,
        row.deviceId,
        "auto-confirmed",
        deDevices.log.autoConfirmed(row.jobId, row.orderId),
        row.jobId,
      );
    }
  }
  return confirmed;
}

/**
 * The print worker's hook: the orders whose tickets it just printed at once, and the sweep once a
 * minute (it costs a query over the day's printed jobs).
 */
export function autoConfirmAfterRound(db: Db, origin: MessageOrigin, sweepEveryMs = 60_000) {
  let lastSweep = 0;
  return async (round: { printedNewOrders: number[] }) => {
    await confirmAfterPrint(db, round.printedNewOrders, origin);
    if (Date.now() - lastSweep >= sweepEveryMs) {
      lastSweep = Date.now();
      await confirmPrintedOrders(db, origin);
    }
  };
}
