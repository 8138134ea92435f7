import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "../../features/staff/staff-auth.server";
import { listOrdersJson } from "../../features/orders/staff-orders-api.server";

/** GET /api/orders (history, with filters), /api/orders/current and /api/orders/missed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireStaff(request, context);
  const last = new URL(request.url).pathname.split("/").at(-1);
  const view = last === "current" ? "current" : last === "missed" ? "missed" : "history";
  return listOrdersJson(request, context, user, view);
}
