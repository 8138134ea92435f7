import type { Route } from "#app/server/route-types";
import { unknownKeysAnswer } from "#app/server/unknown-keys";
import { ORDER_ITEM_KEYS } from "#app/features/orders/order-item-schema.server";
import { de } from "#app/i18n/de-staff";
import { editOrderItem, itemIndexOf } from "#app/features/orders/order-item-edit.server";
import { orderItemsJson } from "#app/features/orders/order-item-view.server";
import { readSmallBody } from "#app/features/shared/small-request.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { problem, problemAnswer } from "#app/server/outcome";
import { staffScope } from "#app/features/orders/staff-order-query.server";
import { findStaffOrder } from "#app/features/orders/staff-orders.server";
import { orderJson } from "#app/features/orders/order-json.server";
import { parseId } from "#app/domain/values";

/**
 * PUT /api/orders/{id}/items/{index} (spec section 7, "payload: item update"): changes one item's
 * amount, unit and configured steps; the server prices it and answers the whole order in `data`.
 * Body: `{ "amount": 2, "unit": "piece", "parts": [{ "partId": 7, "options": [{ "optionId": 3 }] },
 * { "partId": 8, "value": "Alles Gute" }] }` (decision 020).
 */
const texts = de.staffOrders;

/** Several text steps of up to 2,000 characters each. */
const MAX_BODY_BYTES = 64 * 1024;

const orderIdOf = (value: string | undefined): number => parseId(value) ?? 0;

/** Another branch's order, an unknown one or a bad address: 404 before anything else. */
async function visibleOrder(
  request: Request,
  context: Route.LoaderArgs["context"],
  params: Route.LoaderArgs["params"],
) {
  const user = await requireStaff(request, context);
  const scope = staffScope(user, context);
  const order = await findStaffOrder(context.db, scope, orderIdOf(params.orderId));
  return { scope, order };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { order } = await visibleOrder(request, context, params);
  if (!order) return problem(404, texts.errors.notFound);
  return problem(405, de.orderStatus.errors.methodNotAllowed, { headers: { Allow: "PUT" } });
}

/** Field names as the JSON names them: `part-7` of the form is `parts.7` here. */
function jsonField(field: string): string {
  const part = /^part-(\d+)$/.exec(field);
  return part ? `parts.${part[1]}` : field;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { scope, order } = await visibleOrder(request, context, params);
  if (!order) return problem(404, texts.errors.notFound);
  if (request.method !== "PUT") {
    return problem(405, de.orderStatus.errors.methodNotAllowed, { headers: { Allow: "PUT" } });
  }
  const index = itemIndexOf(params.index);
  if (index === null) return problem(404, texts.itemEdit.errors.itemNotFound);
  const text = await readSmallBody(request, MAX_BODY_BYTES);
  let body: unknown = null;
  try {
    body = text === null ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return problem(400, texts.itemEdit.errors.badRequest);
  }
  const unknown = unknownKeysAnswer(body as Record<string, unknown>, ORDER_ITEM_KEYS);
  if (unknown) return unknown;
  const outcome = await editOrderItem(context.db, scope, order.id, index, { kind: "json", body });
  if (!outcome.ok) {
    if (outcome.status === 400) {
      return problemAnswer({
        status: 400,
        errors: Object.entries(outcome.fieldErrors).map(([field, message]) => ({
          message,
          field: jsonField(field),
        })),
      });
    }
    return problem(
      outcome.status,
      outcome.status === 409
        ? `${texts.itemEdit.errors.failed} ${outcome.message}`
        : outcome.message,
    );
  }
  return Response.json(
    {
      data: { ...orderJson(outcome.order), ...(await orderItemsJson(context.db, order.id)) },
      ...(outcome.warnings.length > 0 ? { warnings: outcome.warnings } : {}),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
