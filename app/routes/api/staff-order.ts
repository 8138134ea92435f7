import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { de as deShop } from "../../i18n/de";
import { de } from "../../i18n/de-staff";
import { apiError, requireStaff } from "../../features/staff/staff-auth.server";
import {
  deleteOrderJson,
  orderDetailJson,
  updateOrderJson,
} from "../../features/orders/staff-orders-api.server";
import { parseId } from "../../domain/values";
import { staffScope } from "../../features/orders/staff-order-query.server";
import { findStaffOrder } from "../../features/orders/staff-orders.server";

/** GET /api/orders/{id}: the order with its receipt (items, parts, totals by tax rate). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireStaff(request, context);
  const id = parseId(params.orderId) ?? 0;
  if (id <= 0) return apiError(404, de.staffOrders.errors.notFound);
  return orderDetailJson(context, user, id);
}

/**
 * PUT /api/orders/{id}: contact data, appointment and comment, with the `version` read before
 * (decision 033); DELETE /api/orders/{id}: only an order that never became a real one.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireStaff(request, context);
  const id = parseId(params.orderId) ?? 0;
  // Another branch's order or an unknown one: 404 whatever the method.
  const visible = id > 0 ? await findStaffOrder(context.db, staffScope(user, context), id) : null;
  if (!visible) return apiError(404, de.staffOrders.errors.notFound);
  if (request.method === "PUT") return updateOrderJson(request, context, user, id);
  if (request.method === "DELETE") return deleteOrderJson(context, user, id);
  return apiError(405, deShop.errors.methodNotAllowed, { Allow: "GET, HEAD, PUT, DELETE" });
}
