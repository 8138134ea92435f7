import { redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { audit, currentStaff, requireSameOrigin } from "#app/features/staff/staff-auth.server";
import {
  clearStaffSessionCookie,
  revokeRequestSession,
} from "#app/features/staff/staff-session.server";

/**
 * `POST /backend/logout`: ends this browser's session on the server, so a copy of its cookie
 * opens nothing any more, in any instance (docs/decisions/028). Other devices of the same account
 * stay signed in: counter tablets share accounts.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const user = await currentStaff(request, context);
  const now = new Date();
  await context.db.transaction().execute(async (trx) => {
    await revokeRequestSession(trx, request, context, now);
    if (user) {
      await audit(trx, {
        user,
        action: "logout",
        entityType: "user",
        entityId: user.id,
        context,
        at: now,
      });
    }
  });
  return redirect("/backend/login?abgemeldet", {
    status: 303,
    headers: { "Set-Cookie": await clearStaffSessionCookie(context) },
  });
}

/** Signing out takes a POST (a link or a prefetch must not do it). */
export function loader() {
  return redirect("/backend");
}
