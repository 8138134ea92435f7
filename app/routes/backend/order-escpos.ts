import { data } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { de } from "#app/i18n/de-staff";
import { receiptToEscPos } from "#app/integrations/printers/escpos";
import { loadReceipt } from "#app/features/orders/receipt.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { staffScope } from "#app/features/orders/staff-order-query.server";
import { findStaffOrder } from "#app/features/orders/staff-orders.server";
import { parseId } from "#app/domain/values";

/**
 * The receipt as ESC/POS bytes for an 80 mm printer (`?width=32` for 58 mm): what a counter
 * printer will be sent once printers are set up as devices (decision 013).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const id = parseId(params.orderId) ?? 0;
  const order = await findStaffOrder(context.db, staffScope(user, context), id);
  const loaded = order ? await loadReceipt(context.db, order.id) : null;
  if (!loaded) throw data({ message: de.staffOrders.errors.notFound }, { status: 404 });
  const width = new URL(request.url).searchParams.get("width") === "32" ? 32 : 48;
  return new Response(Buffer.from(receiptToEscPos(loaded.receipt, { width })), {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": `attachment; filename="beleg-${loaded.receipt.ticket.number}.bin"`,
      "Cache-Control": "private, no-store",
    },
  });
}
