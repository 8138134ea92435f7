import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  correctVisibleActivity,
  deleteVisibleActivity,
  visibleActivity,
} from "#app/features/time-tracking/activities.server";
import {
  correctionSchema,
  parsedOr400,
  reasonSchema,
  toCorrection,
} from "#app/features/time-tracking/activity-input";
import {
  jsonData,
  methodNotAllowed,
  noContent,
  readBody,
  requireManager,
  unreadableBody,
} from "#app/features/time-tracking/requests.server";
import { activityJson } from "#app/features/time-tracking/working-activities.server";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { problem, problemAnswer } from "#app/server/outcome";

/**
 * `GET`, `PUT` and `DELETE /api/working-activities/{id}` (decision 058, 065): one activity; a
 * correction or deletion needs a `reason` and is audited with its before and after.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireManager(request, context);
  const row = await visibleActivity(context.db, user, params.id);
  return row ? jsonData(activityJson(row)) : problem(404, de.errors.notFound);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireManager(request, context);
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
  const deleting = request.method === "DELETE";
  const failure = deleting ? de.deleteError : de.updateError;
  const row = await visibleActivity(context.db, user, params.id);
  if (!row) return problem(404, `${failure} ${de.errors.notFound}`);
  const body = await readBody(request);
  if (!body) return unreadableBody();
  if (deleting) {
    const raw = body.reason ?? new URL(request.url).searchParams.get("reason") ?? "";
    const reason = parsedOr400(reasonSchema, raw, failure);
    if (!reason.ok) return problemAnswer(reason);
    const deleted = await deleteVisibleActivity(context, user, row, reason.value);
    return deleted.ok ? noContent() : problemAnswer(deleted);
  }
  const input = parsedOr400(correctionSchema, body, failure);
  if (!input.ok) return problemAnswer(input);
  const corrected = await correctVisibleActivity(context, user, row, toCorrection(input.value));
  return corrected.ok ? jsonData(activityJson(corrected.value)) : problemAnswer(corrected);
}
