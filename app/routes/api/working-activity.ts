import type { Route } from "#app/server/route-types";
import {
  correctVisibleActivity,
  deleteVisibleActivity,
  visibleActivity,
} from "#app/features/time-tracking/activities.server";
import {
  correctionSchema,
  CORRECTION_KEYS,
  parsedOr400,
  reasonSchema,
  toCorrection,
} from "#app/features/time-tracking/activity-input";
import {
  jsonData,
  managersRead,
  managersWrite,
  noContent,
} from "#app/routes/time-tracking-requests.server";
import { activityJson } from "#app/features/time-tracking/working-activities.server";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { problem, problemAnswer, refused, succeeded } from "#app/server/outcome";

/**
 * `GET`, `PUT` and `DELETE /api/working-activities/{id}` (decision 058, 065): one activity; a
 * correction or deletion needs a `reason` and is audited with its before and after.
 */
export const loader = managersRead(async (db, user, _search, params) => {
  const row = await visibleActivity(db, user, params.id);
  return row ? succeeded(activityJson(row)) : refused(404, de.errors.notFound);
});

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const deleting = request.method === "DELETE";
  const failure = deleting ? de.deleteError : de.updateError;
  const write = await managersWrite(
    args,
    ["PUT", "DELETE"],
    async (user) =>
      (await visibleActivity(context.db, user, args.params.id)) ??
      problem(404, `${failure} ${de.errors.notFound}`),
    { PUT: CORRECTION_KEYS, DELETE: { takes: ["reason"] } },
  );
  if (write instanceof Response) return write;
  const { user, row, body } = write;
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
