import type { LoaderFunctionArgs } from "@remix-run/node";
import { de } from "../../i18n/de-staff";
import { apiError, requireStaff } from "../../features/staff/staff-auth.server";
import { orderDetailJson } from "../../features/orders/staff-orders-api.server";
import { parseId } from "../../domain/values";

/** GET /api/orders/{id}: the order with its receipt (items, parts, totals by tax rate). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireStaff(request, context);
  const id = parseId(params.orderId) ?? 0;
  if (id <= 0) return apiError(404, de.staffOrders.errors.notFound);
  return orderDetailJson(context, user, id);
}
