import type { Route } from "#app/server/route-types";
import { closeMonthBy } from "#app/features/time-tracking/plan-service.server";
import {
  jsonData,
  managersCreate,
  mapOutcome,
  requireAdmin,
  requireManager,
} from "#app/routes/time-tracking-requests.server";
import { closedMonths } from "#app/features/time-tracking/working-plan.server";

/**
 * `GET /api/closed-months` (managers) and `POST { month }` (administrators): once closed, nothing
 * of a month changes any more (issue 21, decision 059).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireManager(request, context);
  return jsonData(await closedMonths(context.db));
}

export const action = managersCreate(
  async (context, user, body) =>
    mapOutcome(await closeMonthBy(context, user, body.month), (month) => ({ month })),
  { takes: ["month"] },
  requireAdmin,
);
