import type { Db } from "#app/db/schema";
import { auditOrder, type StaffScope } from "#app/features/orders/staff-orders.server";
import { queueReprintJobs, announcePrintJobs } from "./print-jobs.server";

/** The printers of a branch a copy of its orders can go to. */
export async function branchPrinterIds(db: Db, branchId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("devices")
    .select("id")
    .where("branchId", "=", branchId)
    .where("kind", "=", "printer")
    .where("connection", "is not", null)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

/**
 * "Kopie drucken" (decision 056): a reprint is always explicit — one new job per printer of the
 * order's branch, printed under "KOPIE", audited. The back office's button and
 * `POST /api/orders/{id}/print` (decision 099) both call this. Answers the jobs queued, one per
 * printer; none when the branch has no printer.
 */
export async function reprintOrder(
  db: Db,
  scope: StaffScope,
  order: { id: number; branchId: number },
): Promise<{ id: number; deviceId: number }[]> {
  const printers = await branchPrinterIds(db, order.branchId);
  const jobs = await db.transaction().execute(async (trx) => {
    const queued = await queueReprintJobs(trx, order.id, printers);
    await auditOrder(trx, scope, order.id, "reprint", { jobs: queued.length });
    return queued;
  });
  if (jobs.length > 0) announcePrintJobs();
  return jobs;
}
