import { redirect, type AppLoadContext } from "@remix-run/node";
import { data } from "@remix-run/node";
import type { Db } from "../../db/schema";
import { parseId } from "../../domain/values";
import { de } from "../../i18n/de-staff";
import { staffScope } from "../orders/staff-order-query.server";
import { auditOrder, findStaffOrder } from "../orders/staff-orders.server";
import { requireStaff } from "../staff/staff-auth.server";
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
 * `POST /backend/orders/{id}/kopie` (decision 056): a reprint is always explicit — one new job per
 * printer of the order's branch, printed under "KOPIE", audited — and back to the order.
 */
export async function reprintAction(
  request: Request,
  context: AppLoadContext,
  params: { orderId?: string },
) {
  const user = await requireStaff(request, context);
  const scope = staffScope(user, context);
  const order = await findStaffOrder(context.db, scope, parseId(params.orderId) ?? 0);
  if (!order) throw data({ message: de.staffOrders.errors.notFound }, { status: 404 });
  const printers = await branchPrinterIds(context.db, order.branchId);
  await context.db.transaction().execute(async (trx) => {
    const jobs = await queueReprint(trx, order.id, printers);
    await auditOrder(trx, scope, order.id, "reprint", { jobs });
  });
  announcePrintJobs();
  return redirect(
    `/backend/orders/${order.id}?done=${printers.length ? "kopie" : "kein-drucker"}`,
    303,
  );
}

export async function reprintLoader(
  request: Request,
  context: AppLoadContext,
  params: { orderId?: string },
) {
  const user = await requireStaff(request, context);
  const order = await findStaffOrder(
    context.db,
    staffScope(user, context),
    parseId(params.orderId) ?? 0,
  );
  if (!order) throw data({ message: de.staffOrders.errors.notFound }, { status: 404 });
  return redirect(`/backend/orders/${order.id}`);
}
