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
import type { FieldError } from "../checkout/checkout.server";
import { readSmallBody } from "../shared/small-request.server";
import { changeOrderDetails, deleteOrder, orderVersion } from "./order-changes.server";
import { enterStaffOrder } from "./staff-order-entry.server";
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
  const version = await orderVersion(context.db, order.id);
  return Response.json(
    { data: { ...orderJson(order), version, items, taxes, receipt: loaded?.receipt ?? null } },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** JSON bodies of the order calls: a few kilobytes of contact data and items. */
const MAX_ORDER_BODY_BYTES = 64 * 1024;

/** The body as a JSON object, or null (too large, not JSON, not an object). */
export async function readOrderBody(request: Request): Promise<Record<string, unknown> | null> {
  const text = await readSmallBody(request, MAX_ORDER_BODY_BYTES);
  if (text === null) return null;
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === "object" && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const NO_STORE = { "Cache-Control": "private, no-store" };

const problems = (status: number, errors: FieldError[]) =>
  Response.json({ errors }, { status, headers: NO_STORE });

/** The order as `GET /api/orders/{id}` answers it, with the version a change must send back. */
async function changedOrderJson(context: AppLoadContext, order: Order, status = 200) {
  const { items, taxes } = await orderItemsJson(context.db, order.id);
  const version = await orderVersion(context.db, order.id);
  return Response.json(
    { data: { ...orderJson(order), version, items, taxes } },
    { status, headers: NO_STORE },
  );
}

/** `POST /api/orders`: 201 with the new order, 400 with the fields, 403 for another branch. */
export async function createOrderJson(request: Request, context: AppLoadContext, user: StaffUser) {
  const body = await readOrderBody(request);
  if (!body) return apiError(400, de.orderChanges.badRequest);
  const scope = staffScope(user, context);
  const entered = await enterStaffOrder(context, user, scope, body, new Date());
  if (!entered.ok) return problems(400, entered.errors);
  const order = await findStaffOrder(context.db, scope, entered.orderId);
  if (!order) return apiError(404, de.staffOrders.errors.notFound);
  const response = await changedOrderJson(context, order, entered.isNew ? 201 : 200);
  if (!entered.paymentRedirectUrl) return response;
  const json = (await response.json()) as { data: Record<string, unknown> };
  return Response.json(
    { data: { ...json.data, paymentRedirectUrl: entered.paymentRedirectUrl } },
    { status: response.status, headers: NO_STORE },
  );
}

/** `PUT /api/orders/{id}`: contact data, appointment, comment; 409 for a stale `version`. */
export async function updateOrderJson(
  request: Request,
  context: AppLoadContext,
  user: StaffUser,
  orderId: number,
) {
  const body = await readOrderBody(request);
  if (!body) return apiError(400, de.orderChanges.badRequest);
  const outcome = await changeOrderDetails(
    context.db,
    staffScope(user, context),
    orderId,
    body,
    new Date(),
  );
  if (!outcome.ok) {
    return outcome.status === 400
      ? problems(400, outcome.errors)
      : apiError(outcome.status, outcome.message);
  }
  return changedOrderJson(context, outcome.order);
}

/** `DELETE /api/orders/{id}`: only what never became a real order (decision 033). */
export async function deleteOrderJson(context: AppLoadContext, user: StaffUser, orderId: number) {
  const outcome = await deleteOrder(context.db, staffScope(user, context), orderId, new Date());
  if (!outcome.ok) {
    return outcome.status === 409
      ? apiError(409, `${de.orderChanges.deleteFailed} ${outcome.message}`)
      : apiError(outcome.status, outcome.message);
  }
  return Response.json({ data: { id: outcome.order.id, deleted: true } }, { headers: NO_STORE });
}
