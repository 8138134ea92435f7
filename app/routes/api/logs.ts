import type { Route } from "#app/server/route-types";
import { logEntries } from "#app/features/logs/log-views.server";
import { logFiltersFrom, mayReadLogs } from "#app/features/logs/logs.server";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";

/** `GET /api/logs` (spec section 7): `?userId=&entityType=&action=&branchId=&from=&to=&before=`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!mayReadLogs(user)) throw forbidden(user.surface);
  const filters = logFiltersFrom(new URL(request.url).searchParams);
  const { entries, next } = await logEntries(context.db, user, filters);
  return Response.json({ data: entries, meta: { next } });
}
