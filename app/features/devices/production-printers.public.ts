import type { Db } from "#app/db/schema";
import type { ProductionTicket } from "#app/domain/production-ticket";
import { announcePrintJobs } from "./print-jobs.server";

/**
 * What the production list needs of the printers (issue 39 part 1, decision 107): the receipt
 * printers of a branch, and a job with the short list on one of them, in the same queue as the
 * order tickets (delivered by the TCP worker, fetched by CloudPRNT and Epson SDP printers).
 */

export interface ReceiptPrinter {
  id: number;
  name: string;
  branchId: number;
  branchName: string;
}

/**
 * The printers of these branches that can be sent a job (a printer with a connection), by branch
 * name and printer name.
 */
export async function receiptPrintersOf(
  db: Db,
  branchIds: readonly number[],
): Promise<ReceiptPrinter[]> {
  if (branchIds.length === 0) return [];
  const rows = await db
    .selectFrom("devices as d")
    .innerJoin("branches as b", "b.id", "d.branchId")
    .select(["d.id", "d.name", "d.branchId", "b.name as branchName"])
    .where("d.branchId", "in", [...branchIds])
    .where("d.kind", "=", "printer")
    .where("d.connection", "is not", null)
    .orderBy("b.name")
    .orderBy("d.name")
    .orderBy("d.id")
    .execute();
  return rows.map((row) => ({ ...row, branchId: row.branchId! }));
}

/** Queues the short list on the printer (in the caller's transaction); answers the job's id. */
export async function queueProductionTicket(
  db: Db,
  deviceId: number,
  ticket: ProductionTicket,
): Promise<number> {
  const job = await db
    .insertInto("printJobs")
    .values({
      deviceId,
      orderId: null,
      reason: "production_list",
      payload: JSON.stringify(ticket),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return job.id;
}

/** After the commit: this process's print worker takes the job now (as for a new order). */
export const announceProductionTicket = announcePrintJobs;
