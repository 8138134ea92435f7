import type { Route } from "#app/server/route-types";
import { sendsJson, unknownKeysAnswer } from "#app/server/unknown-keys";
import { de } from "#app/i18n/de-staff";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { problem } from "#app/server/outcome";
import {
  parseOrderAction,
  performOrderAction,
  type OrderIntent,
} from "#app/features/orders/staff-order-actions.server";
import { staffScope } from "#app/features/orders/staff-order-query.server";
import { findStaffOrder } from "#app/features/orders/staff-orders.server";
import { orderJson } from "#app/features/orders/order-json.server";
import { parseId } from "#app/domain/values";
import { reprintOrder } from "#app/features/devices/order-reprint.server";
import { deDevices } from "#app/i18n/de-devices";

/**
 * POST /api/orders/{id}/status/{cancel|confirm|reject|in-delivery|completed}, /print,
 * /update-payment-status, /resend-new-order-email and /resend-new-order-sms (spec section 7), and
 * /refund-payment (decision 022: gives a rejected or cancelled order's online payment back).
 * The body may be JSON or a form: `message` for reject, `date` and `time` for a counter
 * appointment (`/status/counter-appointment`). `/print` puts the order's ticket on the branch's
 * printers as the back office's "Kopie drucken" does (decision 099): the same function.
 */
const OPERATIONS: Record<string, OrderIntent> = {
  "update-payment-status": "update-payment-status",
  "refund-payment": "refund",
  "resend-new-order-email": "resend-email",
  "resend-new-order-sms": "resend-sms",
};
const STATUSES = new Set<OrderIntent>([
  "cancel",
  "confirm",
  "reject",
  "in-delivery",
  "completed",
  "counter-appointment",
]);

/** What a JSON body may hold per intent (decision 104): the reason of a rejection, a date and time. */
const TAKES: Partial<Record<OrderIntent, readonly string[]>> = {
  reject: ["message"],
  "counter-appointment": ["date", "time"],
};

const orderIdOf = (value: string | undefined): number => parseId(value) ?? 0;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const order = await findStaffOrder(
    context.db,
    staffScope(user, context),
    orderIdOf(params.orderId),
  );
  if (!order) return problem(404, de.staffOrders.errors.notFound);
  return problem(405, de.orderStatus.errors.methodNotAllowed, { headers: { Allow: "POST" } });
}

async function bodyOf(request: Request): Promise<Record<string, unknown> | null> {
  try {
    if ((request.headers.get("Content-Type") ?? "").includes("application/json")) {
      const text = await request.text();
      if (!text.trim()) return {};
      const parsed: unknown = JSON.parse(text);
      return parsed && typeof parsed === "object" && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : null;
    }
    const type = request.headers.get("Content-Type") ?? "";
    if (!type.includes("form")) return (await request.text()).trim() ? null : {};
    return Object.fromEntries(await request.formData());
  } catch {
    return null;
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  if (request.method !== "POST") {
    return problem(405, de.orderStatus.errors.methodNotAllowed, { headers: { Allow: "POST" } });
  }
  const id = orderIdOf(params.orderId);
  const scope = staffScope(user, context);
  if (!(await findStaffOrder(context.db, scope, id))) {
    return problem(404, de.staffOrders.errors.notFound);
  }
  if (!params.status && params.operation === "print") {
    const body = await bodyOf(request);
    if (!body) return problem(400, de.orderStatus.errors.badRequest);
    const unknown = sendsJson(request) ? unknownKeysAnswer(body, { takes: [] }) : null;
    return unknown ?? printTicket(context, scope, id);
  }
  const intent = params.status
    ? STATUSES.has(params.status as OrderIntent)
      ? (params.status as OrderIntent)
      : null
    : (OPERATIONS[params.operation ?? ""] ?? null);
  if (!intent) return problem(404, de.staffOrders.errors.unknownAction);
  const body = await bodyOf(request);
  if (!body) return problem(400, de.orderStatus.errors.badRequest);
  const unknown = sendsJson(request)
    ? unknownKeysAnswer(body, { takes: TAKES[intent] ?? [] })
    : null;
  if (unknown) return unknown;
  const parsed = parseOrderAction({ ...body, intent });
  if (!parsed.ok) return problem(400, parsed.message);
  const result = await performOrderAction(context, scope, id, parsed.action);
  if (!result.ok) return problem(result.status, result.message);
  const order = await findStaffOrder(context.db, scope, id);
  return Response.json({
    data: order ? orderJson(order) : null,
    message: result.message,
    // The status changed, but the refund after it did not go through (decision 022).
    ...(result.warning ? { warning: result.warning } : {}),
  });
}

/** `POST /api/orders/{id}/print`: "Kopie drucken" (decision 099); 409 without a printer. */
async function printTicket(
  context: Route.ActionArgs["context"],
  scope: ReturnType<typeof staffScope>,
  id: number,
) {
  const order = await findStaffOrder(context.db, scope, id);
  if (!order) return problem(404, de.staffOrders.errors.notFound);
  const jobs = await reprintOrder(context.db, scope, order);
  if (jobs.length === 0) {
    return problem(409, `${de.staffOrders.errors.printFailed} ${deDevices.reprint.noPrinter}`);
  }
  return Response.json({
    data: orderJson(order),
    message: deDevices.reprint.queued(jobs.length),
    printJobs: jobs,
  });
}
