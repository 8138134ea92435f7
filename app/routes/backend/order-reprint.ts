import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { parseId } from "#app/domain/values";
import { reprintOrder } from "#app/features/devices/order-reprint.server";
import { staffScope } from "#app/features/orders/staff-order-query.server";
import { findStaffOrder } from "#app/features/orders/staff-orders.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { de } from "#app/i18n/de-staff";

/** The order this person may see, or a 404. */
async function visibleOrder({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const scope = staffScope(user, context);
  const order = await findStaffOrder(context.db, scope, parseId(params.orderId) ?? 0);
  if (!order) throw data({ message: de.staffOrders.errors.notFound }, { status: 404 });
  return { scope, order };
}

/** `POST /backend/orders/{id}/kopie`: "Kopie drucken" on an order's page (decision 056). */
export async function action(args: Route.ActionArgs) {
  const { scope, order } = await visibleOrder(args);
  const jobs = await reprintOrder(args.context.db, scope, order);
  const done = jobs.length > 0 ? "kopie" : "kein-drucker";
  return redirect(`/backend/orders/${order.id}?done=${done}`, 303);
}

/** A GET of the button's address: the order's page. */
export async function loader(args: Route.LoaderArgs) {
  const { order } = await visibleOrder(args);
  return redirect(`/backend/orders/${order.id}`);
}
