import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { closeMonthBy } from "../../features/time-tracking/plan-service.server";
import {
  jsonData,
  methodNotAllowed,
  readBody,
  requireAdmin,
  requireManager,
  unreadableBody,
} from "../../features/time-tracking/requests.server";
import { closedMonths } from "../../features/time-tracking/working-plan.server";
import { problemAnswer } from "../../server/outcome";

/**
 * `GET /api/closed-months` (managers) and `POST { month }` (administrators): once closed, nothing
 * of a month changes any more (issue 21, decision 059).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireManager(request, context);
  return jsonData(await closedMonths(context.db));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin(request, context);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readBody(request);
  if (!body) return unreadableBody();
  const closed = await closeMonthBy(context, user, body.month);
  return closed.ok ? jsonData({ month: closed.value }, 201) : problemAnswer(closed);
}
