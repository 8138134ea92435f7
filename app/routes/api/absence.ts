import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { removeAbsence, visibleAbsence } from "../../features/time-tracking/plan-service.server";
import {
  methodNotAllowed,
  noContent,
  requireManager,
} from "../../features/time-tracking/requests.server";
import { dePlan as de } from "../../i18n/de-working-plan";
import { problem, problemAnswer } from "../../server/outcome";

/** `DELETE /api/absences/{id}` (issue 21, decision 059). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireManager(request, context);
  const row = await visibleAbsence(context.db, user, params.id);
  return row ? methodNotAllowed() : problem(404, de.errors.notFound);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireManager(request, context);
  const row = await visibleAbsence(context.db, user, params.id);
  if (!row) return problem(404, de.errors.notFound);
  if (request.method !== "DELETE") return methodNotAllowed();
  const removed = await removeAbsence(context, user, row);
  return removed.ok ? noContent() : problemAnswer(removed);
}
