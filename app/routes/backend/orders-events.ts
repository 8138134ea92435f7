import type { LoaderFunctionArgs } from "@remix-run/node";
import { liveOrderEventStream } from "../../server/live-orders.server";
import { requireStaff } from "../../services/staff-auth.server";
import { staffScope } from "../../services/staff-order-query.server";

/** The board's event stream: new and changed orders of the branches this person works for. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireStaff(request, context);
  return liveOrderEventStream(request, context.live, staffScope(user, context).branchIds);
}
