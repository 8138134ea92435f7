import type { AppLoadContext } from "@remix-run/node";
import type { Order } from "../../db/schema";
import { staffStateLabel } from "../../domain/staff-order";
import { de } from "../../i18n/de-staff";
import { orderItemsJson } from "./order-item-view.server";
import { loadReceipt } from "./receipt.server";
import { referenceSettings } from "../shared/reference-data.server";
import type { StaffUser } from "../staff/staff-auth.server";
import { apiError } from "../staff/staff-auth.server";
import { parseOrderListQuery, staffScope } from "./staff-order-query.server";
import {
  findStaffOrder,
  listStaffOrders,
  staffState,
  type OrderListView,
} from "./staff-orders.server";

/**
 * The staff order routes of section 7 as JSON: `{ data }` on success, `{ errors: [{ message }] }`
 * on failure, the same services as the back-office pages.
 */
export function orderJson(order: Order) {
  const { hash: _hash, idempotencyKey: _key, cartId: _cart, ...visible } = order;
  return { ...visible, state: staffStateLabel(staffState(order)) };
}

export async function listOrdersJson(
  request: Request,
  context: AppLoadContext,
  user: StaffUser,
  view: OrderListView,
) {
  const parsed = parseOrderListQuery(new URL(request.url), view);
  if (!parsed) return apiError(400, de.staffOrders.board.badFilter);
  const settings = await referenceSettings(context.db);
  const list = await listStaffOrders(
    context.db,
    staffScope(user, context),
    { ...parsed.query, view },
    { now: new Date(), zone: settings.businessTimeZone },
  );
  return Response.json(
    {
      data: list.rows.map(({ hash: _hash, ...row }) => ({
        ...row,
        state: staffStateLabel(staffState(row)),
      })),
      meta: { total: list.total, page: list.page, pageCount: list.pageCount },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function orderDetailJson(context: AppLoadContext, user: StaffUser, orderId: number) {
  const order = await findStaffOrder(context.db, staffScope(user, context), orderId);
  if (!order) return apiError(404, de.staffOrders.errors.notFound);
  const loaded = await loadReceipt(context.db, order.id);
  // The items with their step and option ids: what `PUT /api/orders/{id}/items/{index}` takes.
  const { items, taxes } = await orderItemsJson(context.db, order.id);
  return Response.json(
    { data: { ...orderJson(order), items, taxes, receipt: loaded?.receipt ?? null } },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
