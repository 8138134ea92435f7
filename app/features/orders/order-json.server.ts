import type { Db, Order } from "#app/db/schema";
import { staffStateLabel } from "#app/domain/staff-order";
import { readSmallBody } from "#app/features/shared/small-request.server";
import { referenceSettings } from "#app/features/shared/reference-data.server";
import { orderVersion } from "./order-changes.server";
import { orderItemsJson } from "./order-item-view.server";
import { loadReceipt } from "./receipt.server";
import {
  findStaffOrder,
  listStaffOrders,
  staffState,
  type OrderListQuery,
  type StaffScope,
} from "./staff-orders.server";

/**
 * The staff order API's data (spec section 7; the routes under `app/routes/api/staff-order*`
 * answer it as `{ data }`): the same services as the back-office pages, an order without its
 * secrets (status hash, idempotency key, cart) and with its state in words.
 */
export function orderJson(order: Order) {
  const { hash: _hash, idempotencyKey: _key, cartId: _cart, ...visible } = order;
  return { ...visible, state: staffStateLabel(staffState(order)) };
}

/** A list of the board (current, missed or the history with filters) with its pager. */
export async function orderListJson(db: Db, scope: StaffScope, query: OrderListQuery) {
  const settings = await referenceSettings(db);
  const list = await listStaffOrders(db, scope, query, {
    now: new Date(),
    zone: settings.businessTimeZone,
  });
  return {
    data: list.rows.map(({ hash: _hash, ...row }) => ({
      ...row,
      state: staffStateLabel(staffState(row)),
    })),
    meta: { total: list.total, page: list.page, pageCount: list.pageCount },
  };
}

/**
 * The order as `GET /api/orders/{id}` answers it: its items with their step and option ids (what
 * `PUT /api/orders/{id}/items/{index}` takes), the version a change must send back, and (for the
 * GET) its receipt. Null when this person may not see it.
 */
export async function orderDetailJson(
  db: Db,
  scope: StaffScope,
  orderId: number,
  { withReceipt }: { withReceipt: boolean },
) {
  const order = await findStaffOrder(db, scope, orderId);
  return order ? orderWithItemsJson(db, order, { withReceipt }) : null;
}

export async function orderWithItemsJson(
  db: Db,
  order: Order,
  { withReceipt }: { withReceipt: boolean } = { withReceipt: false },
) {
  const { items, taxes } = await orderItemsJson(db, order.id);
  const version = await orderVersion(db, order.id);
  if (!withReceipt) return { ...orderJson(order), version, items, taxes };
  const loaded = await loadReceipt(db, order.id);
  return { ...orderJson(order), version, items, taxes, receipt: loaded?.receipt ?? null };
}

/** JSON bodies of the order calls: a few kilobytes of contact data and items. */
const MAX_ORDER_BODY_BYTES = 64 * 1024;

/** The body as a JSON object, or null (too large, empty, not JSON, not an object). */
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
