import type { Db } from "#app/db/schema";

/**
 * The next ticket number of a branch on a business day (1, 2, 3 …). One upsert: concurrent
 * orders queue on the counter row, so numbers never repeat and never skip a committed one.
 * Call it inside the transaction that inserts the order.
 */
export async function nextTicketNumber(
  db: Db,
  branchId: number,
  businessDate: string,
): Promise<number> {
  const row = await db
    .insertInto("ticketCounters")
    .values({ branchId, businessDate, lastNumber: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(["branchId", "businessDate"])
        .doUpdateSet((eb) => ({ lastNumber: eb("ticketCounters.lastNumber", "+", 1) })),
    )
    .returning("lastNumber")
    .executeTakeFirstOrThrow();
  return row.lastNumber;
}
