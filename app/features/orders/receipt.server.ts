import { getSettings } from "#app/db/queries/settings";
import type { Db, Order, Settings } from "#app/db/schema";
import { buildReceipt, type Receipt, type ReceiptSource } from "#app/domain/receipt";
import { parseId } from "#app/domain/values";

/**
 * Reads what an order's receipt shows. The staff routes check the user's role and branch against
 * `branchId` before they show or print it; the outbox's order messages read the same source.
 */

/** The receipt's source with the whole stored rows, for the messages that need more of them. */
export interface StoredReceiptSource extends ReceiptSource {
  order: Order;
  branch: ReceiptSource["branch"] & { email: string | null };
  settings: Settings;
}

export interface ReceiptRecord {
  orderId: number;
  branchId: number;
  uid: string;
  hash: string;
  source: StoredReceiptSource;
}

/** The order with its items, taxes, branch, settings and donatee, or null for an unknown id. */
export async function loadReceiptSource(db: Db, orderId: number): Promise<ReceiptRecord | null> {
  if (parseId(orderId) === null) return null;
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return null;
  // One after the other: on PGlite, and inside a caller's transaction, there is one connection.
  const items = await db
    .selectFrom("orderItems")
    .select(["name", "amount", "unit", "gross", "calculationModel", "isPriceHidden", "parts"])
    .where("orderId", "=", order.id)
    .orderBy("position")
    .execute();
  const taxes = await db
    .selectFrom("orderTaxes")
    .select(["taxRate", "net", "tax", "gross"])
    .where("orderId", "=", order.id)
    .orderBy("taxRate")
    .execute();
  const branch = await db
    .selectFrom("branches")
    .select(["name", "street", "zipCode", "city", "phone", "email"])
    .where("id", "=", order.branchId)
    .executeTakeFirstOrThrow();
  const donatee =
    order.donateeId === null
      ? null
      : ((await db
          .selectFrom("donatees")
          .select("name")
          .where("id", "=", order.donateeId)
          .executeTakeFirst()) ?? null);
  const settings = await getSettings(db);
  return {
    orderId: order.id,
    branchId: order.branchId,
    uid: order.uid,
    hash: order.hash,
    source: { order, items, taxes, branch, settings, donatee },
  };
}

export interface LoadedReceipt {
  orderId: number;
  branchId: number;
  receipt: Receipt;
}

/** The receipt of an order as printed at `now`, or null for an unknown id. */
export async function loadReceipt(
  db: Db,
  orderId: number,
  now: Date = new Date(),
): Promise<LoadedReceipt | null> {
  const record = await loadReceiptSource(db, orderId);
  if (!record) return null;
  return {
    orderId: record.orderId,
    branchId: record.branchId,
    receipt: buildReceipt(record.source, now),
  };
}
