import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { de } from "../../i18n/de";
import { requireStaff } from "../../features/staff/staff-auth.server";
import { createOrderJson, listOrdersJson } from "../../features/orders/staff-orders-api.server";

const viewOf = (request: Request) => {
  const last = new URL(request.url).pathname.split("/").at(-1);
  return last === "current" ? "current" : last === "missed" ? "missed" : "history";
};

/** GET /api/orders (history, with filters), /api/orders/current and /api/orders/missed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireStaff(request, context);
  return listOrdersJson(request, context, user, viewOf(request));
}

/** POST /api/orders: staff enter an order (the lists themselves take no POST). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaff(request, context);
  if (request.method !== "POST" || viewOf(request) !== "history") {
    return Response.json(
      { errors: [{ message: de.errors.methodNotAllowed }] },
      {
        status: 405,
        headers: { Allow: viewOf(request) === "history" ? "GET, HEAD, POST" : "GET, HEAD" },
      },
    );
  }
  return createOrderJson(request, context, user);
}
