import type { Route } from "#app/server/route-types";
import { unknownKeysAnswer } from "#app/server/unknown-keys";
import { STAFF_ORDER_KEYS } from "#app/features/orders/staff-order-entry.server";
import { de } from "#app/i18n/de-staff";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import {
  orderListJson,
  orderWithItemsJson,
  readOrderBody,
} from "#app/features/orders/order-json.server";
import { enterStaffOrder } from "#app/features/orders/staff-order-entry.server";
import { parseOrderListQuery, staffScope } from "#app/features/orders/staff-order-query.server";
import { findStaffOrder } from "#app/features/orders/staff-orders.server";
import { problem, problemAnswer } from "#app/server/outcome";

const NO_STORE = { "Cache-Control": "private, no-store" };

const viewOf = (request: Request) => {
  const last = new URL(request.url).pathname.split("/").at(-1);
  return last === "current" ? "current" : last === "missed" ? "missed" : "history";
};

/** GET /api/orders (history, with filters), /api/orders/current and /api/orders/missed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const view = viewOf(request);
  const parsed = parseOrderListQuery(new URL(request.url), view);
  if (!parsed) return problem(400, de.staffOrders.board.badFilter);
  const scope = staffScope(user, context);
  const list = await orderListJson(context.db, scope, { ...parsed.query, view });
  return Response.json(list, { headers: NO_STORE });
}

/**
 * POST /api/orders: staff enter an order (the lists themselves take no POST): 201 with the new
 * order (200 for a repeated `orderKey`), 400 with the fields, 403 for another branch.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  if (request.method !== "POST" || viewOf(request) !== "history") {
    const allow = viewOf(request) === "history" ? "GET, HEAD, POST" : "GET, HEAD";
    return problem(405, de.errors.methodNotAllowed, { headers: { Allow: allow } });
  }
  const body = await readOrderBody(request);
  if (!body) return problem(400, de.orderChanges.badRequest);
  const unknown = unknownKeysAnswer(body, STAFF_ORDER_KEYS, NO_STORE);
  if (unknown) return unknown;
  const scope = staffScope(user, context);
  const entered = await enterStaffOrder(context, user, scope, body, new Date());
  if (!entered.ok) {
    return problemAnswer({ status: 400, errors: entered.errors }, { headers: NO_STORE });
  }
  const order = await findStaffOrder(context.db, scope, entered.orderId);
  if (!order) return problem(404, de.staffOrders.errors.notFound);
  const data = await orderWithItemsJson(context.db, order);
  const redirectUrl = entered.paymentRedirectUrl;
  return Response.json(
    { data: redirectUrl ? { ...data, paymentRedirectUrl: redirectUrl } : data },
    { status: entered.isNew ? 201 : 200, headers: NO_STORE },
  );
}
