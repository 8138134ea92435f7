import type { Route } from "#app/server/route-types";
import { activityList, createActivity } from "#app/features/time-tracking/activities.server";
import {
  NEW_ACTIVITY_KEYS,
  newActivitySchema,
  parsedOr400,
  toNewActivity,
} from "#app/features/time-tracking/activity-input";
import {
  managersCreate,
  mapOutcome,
  requireManager,
} from "#app/routes/time-tracking-requests.server";
import { activityJson } from "#app/features/time-tracking/working-activities.server";
import { deTimeTracking as de } from "#app/i18n/de-time-tracking";
import { problemAnswer } from "#app/server/outcome";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * `GET /api/working-activities?from&to&branch&user` (decision 058): the activities with the
 * Arbeitszeitgesetz's findings; `POST` adds a forgotten clock-in with a reason (decision 065).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireManager(request, context);
  const list = await activityList(context.db, user, new URL(request.url).searchParams);
  if (!list.ok) return problemAnswer(list);
  const { rows, violations } = list.value;
  return Response.json({ data: rows.map(activityJson), violations }, { headers: NO_STORE });
}

export const action = managersCreate(async (context, user, body) => {
  const input = parsedOr400(newActivitySchema, body, de.createError);
  if (!input.ok) return input;
  return mapOutcome(await createActivity(context, user, toNewActivity(input.value)), activityJson);
}, NEW_ACTIVITY_KEYS);
