import type { Route } from "#app/server/route-types";
import { parseId } from "#app/domain/values";
import { logEntry } from "#app/features/logs/log-views.server";
import { mayReadLogs } from "#app/features/logs/logs.server";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { problemAnswer } from "#app/server/outcome";

/** `GET /api/logs/{id}` (spec section 7): one entry with its before and after. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!mayReadLogs(user)) throw forbidden(user.surface);
  const entry = await logEntry(context.db, user, parseId(params.id));
  return entry.ok ? Response.json({ data: entry.value }) : problemAnswer(entry);
}
