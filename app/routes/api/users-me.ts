import type { Route } from "#app/server/route-types";
import { findUserById } from "#app/db/queries/users";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { userView } from "#app/features/staff/staff-users.server";
import { tokenSelfView } from "#app/features/staff/api-tokens.server";
import { de } from "#app/i18n/de-staff";
import { problem } from "#app/server/outcome";

/**
 * `GET /api/users/me`: the signed-in user. The spec's current user is `roles` beside a `user`
 * with its `branches`; both are given, and the user's own fields at the top as well. With a
 * personal API token (decision 104): what the token may do — the owner's id, name and e-mail, the
 * token's roles and branches as narrowed now, and the token's name, grant and expiry.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context);
  if (me.tokenId !== undefined) {
    return Response.json(
      { data: await tokenSelfView(context.db, me, me.tokenId) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  }
  const row = await findUserById(context.db, me.id);
  if (!row) return problem(404, de.users.errors.load);
  const user = await userView(context.db, row, new Date());
  return Response.json({ data: { ...user, user } });
}
