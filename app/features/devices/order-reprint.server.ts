import type { Db } from "#app/db/schema";
import { auditOrder, type StaffScope } from "#app/features/orders/staff-orders.server";
import { queueReprint, announcePrintJobs } from "./print-jobs.server";

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
 * order's branch, printed under "KOPIE", audited. Answers how many printers it went to.
 */
export async function reprintOrder(
  db: Db,
  scope: StaffScope,
  order: { id: number; branchId: number },
): Promise<number> {
  const printers = await branchPrinterIds(db, order.branchId);
  await db.transaction().execute(async (trx) => {
    const jobs = await queueReprint(trx, order.id, printers);
    await auditOrder(trx, scope, order.id, "reprint", { jobs });
  });
  announcePrintJobs();
  return printers.length;
}
