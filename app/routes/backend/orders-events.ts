import type { Route } from "#app/server/route-types";
import { liveOrderEventStream } from "#app/server/notify-hub.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { staffScope } from "#app/features/orders/staff-order-query.server";

/**
 * The board's event stream: new and changed orders of the branches this person works for, for
 * as long as the session that opened it runs.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  // Ending the session (sign-out, new password, lock, "Überall abmelden") ends the stream too.
  return liveOrderEventStream(request, context.live, staffScope(user, context).branchIds, {
    session: { userId: user.id, sessionId: user.sessionId },
  });
}
