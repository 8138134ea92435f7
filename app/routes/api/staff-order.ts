import type { Route } from "#app/server/route-types";
import { de as deShop } from "#app/i18n/de";
import { de } from "#app/i18n/de-staff";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import {
  changeOrderDetails,
  deleteOrder,
  orderChangeSchema,
} from "#app/features/orders/order-changes.server";
import {
  orderDetailJson,
  orderWithItemsJson,
  readOrderBody,
} from "#app/features/orders/order-json.server";
import { parseId } from "#app/domain/values";
import { staffScope } from "#app/features/orders/staff-order-query.server";
import { findStaffOrder } from "#app/features/orders/staff-orders.server";
import { problem, problemAnswer } from "#app/server/outcome";
import { unknownKeys } from "#app/server/unknown-keys";

const NO_STORE = { "Cache-Control": "private, no-store" };
const notFound = () => problem(404, de.staffOrders.errors.notFound);

/** GET /api/orders/{id}: the order with its receipt (items, parts, totals by tax rate). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const id = parseId(params.orderId) ?? 0;
  if (id <= 0) return notFound();
  const scope = staffScope(user, context);
  const order = await orderDetailJson(context.db, scope, id, { withReceipt: true });
  if (!order) return notFound();
  return Response.json({ data: order }, { headers: NO_STORE });
}

/**
 * PUT /api/orders/{id}: contact data, appointment and comment, with the `version` read before
 * (decision 033; an outdated one gets 409); DELETE /api/orders/{id}: only an order that never
 * became a real one.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const id = parseId(params.orderId) ?? 0;
  const scope = staffScope(user, context);
  // Another branch's order or an unknown one: 404 whatever the method.
  const visible = id > 0 ? await findStaffOrder(context.db, scope, id) : null;
  if (!visible) return notFound();
  if (request.method === "PUT") {
    const body = await readOrderBody(request);
    if (!body) return problem(400, de.orderChanges.badRequest);
    // What a GET of the order answered may come back as it was read; other keys are refused.
    const read = await orderDetailJson(context.db, scope, id, { withReceipt: true });
    const unknown = unknownKeys(
      body,
      Object.keys(orderChangeSchema.shape),
      Object.keys(read ?? {}),
    );
    if (unknown.length) {
      return problemAnswer({ status: 400, errors: unknown }, { headers: NO_STORE });
    }
    const outcome = await changeOrderDetails(context.db, scope, id, body, new Date());
    if (!outcome.ok) {
      return outcome.status === 400
        ? problemAnswer({ status: 400, errors: outcome.errors }, { headers: NO_STORE })
        : problem(outcome.status, outcome.message);
    }
    const data = await orderWithItemsJson(context.db, outcome.order);
    return Response.json({ data }, { headers: NO_STORE });
  }
  if (request.method === "DELETE") {
    const outcome = await deleteOrder(context.db, scope, id, new Date());
    if (!outcome.ok) {
      const message =
        outcome.status === 409
          ? `${de.orderChanges.deleteFailed} ${outcome.message}`
          : outcome.message;
      return problem(outcome.status, message);
    }
    return Response.json({ data: { id: outcome.order.id, deleted: true } }, { headers: NO_STORE });
  }
  return problem(405, deShop.errors.methodNotAllowed, {
    headers: { Allow: "GET, HEAD, PUT, DELETE" },
  });
}
