import type { LoaderFunctionArgs } from "@remix-run/node";
import { findUserById } from "#app/db/queries/users";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { userView } from "#app/features/staff/staff-users.server";
import { de } from "#app/i18n/de-staff";
import { problem } from "#app/server/outcome";

/**
 * `GET /api/users/me`: the signed-in user. The spec's current user is `roles` beside a `user`
 * with its `branches`; both are given, and the user's own fields at the top as well.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireStaff(request, context);
  const row = await findUserById(context.db, me.id);
  if (!row) return problem(404, de.users.errors.load);
  const user = await userView(context.db, row, new Date());
  return Response.json({ data: { ...user, user } });
}
