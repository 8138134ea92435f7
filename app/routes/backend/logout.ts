import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { audit, currentStaff, requireSameOrigin } from "../../services/staff-auth.server";
import { endStaffSession } from "../../services/staff-session.server";

/** `POST /backend/logout`: ends this browser's session (other devices stay signed in). */
export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request, context);
  const user = await currentStaff(request, context);
  if (user) {
    await context.db
      .transaction()
      .execute((trx) =>
        audit(trx, { user, action: "logout", entityType: "user", entityId: user.id, context }),
      );
  }
  return redirect("/backend/login?abgemeldet", {
    status: 303,
    headers: { "Set-Cookie": await endStaffSession(context) },
  });
}

/** Signing out takes a POST (a link or a prefetch must not do it). */
export function loader() {
  return redirect("/backend");
}
