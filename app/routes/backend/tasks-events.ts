import type { Route } from "#app/server/route-types";
import { taskEventStream } from "#app/server/notify-hub.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";

/**
 * The task list's event stream (decision 059): a `task` event whenever a task of the manager's
 * branches changes, so the open list reloads; it ends with the session that opened it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, { roles: ["ROLE_MANAGER"] });
  return taskEventStream(request, context.live, user.isAdmin ? null : user.branchIds, {
    session: { userId: user.id, sessionId: user.sessionId },
  });
}
