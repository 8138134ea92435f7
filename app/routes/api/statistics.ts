import type { Route } from "#app/server/route-types";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import {
  mayReadStatistics,
  statisticsFigures,
} from "#app/features/statistics/statistics-views.server";
import { problemAnswer } from "#app/server/outcome";

/** `GET /api/statistics/{metric}?from=&to=&branch=` (spec section 7, decision 055). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!mayReadStatistics(user)) throw forbidden(user.surface);
  const search = new URL(request.url).searchParams;
  const figures = await statisticsFigures(context.db, user, {
    metric: params.metric,
    from: search.get("from"),
    to: search.get("to"),
    branch: search.get("branch") ?? search.get("branchId"),
  });
  if (!figures.ok) return problemAnswer(figures);
  return Response.json({ data: figures.value }, { headers: { "Cache-Control": "no-store" } });
}
