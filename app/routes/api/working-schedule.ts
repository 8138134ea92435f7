import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  removeShift,
  shiftJson,
  visibleShift,
} from "../../features/time-tracking/plan-service.server";
import {
  jsonData,
  methodNotAllowed,
  noContent,
  requireManager,
} from "../../features/time-tracking/requests.server";
import { dePlan as de } from "../../i18n/de-working-plan";
import { problem, problemAnswer } from "../../server/outcome";

/** `GET` and `DELETE /api/working-schedules/{id}` (issue 21, decision 059). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireManager(request, context);
  const shift = await visibleShift(context.db, user, params.id);
  return shift ? jsonData(shiftJson(shift)) : problem(404, de.errors.notFound);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireManager(request, context);
  const shift = await visibleShift(context.db, user, params.id);
  if (!shift) return problem(404, de.errors.notFound);
  if (request.method !== "DELETE") return methodNotAllowed();
  const removed = await removeShift(context, user, shift);
  return removed.ok ? noContent() : problemAnswer(removed);
}
