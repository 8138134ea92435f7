import type { Route } from "#app/server/route-types";
import { parseId } from "#app/domain/values";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { MANAGER_ROLES, attemptSource } from "#app/features/staff/user-requests.server";
import { loadUser, signOutEverywhere, userView } from "#app/features/staff/staff-users.server";
import { de } from "#app/i18n/de-staff";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problem, problemAnswer } from "#app/server/outcome";

/**
 * `POST /api/users/{id}/logout-everywhere` (own addition to spec section 7, decision 028): ends
 * every session of the user and every unused login link, as "Überall abmelden" on the user's page
 * does. Answers the user, with `endedSessions`.
 */
/** Only POST changes anything; a GET is answered after the same checks. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, { roles: MANAGER_ROLES });
  const loaded = await loadUser(context.db, actor, parseId(params.userId));
  return loaded.ok ? apiMethodNotAllowed("POST") : problemAnswer(loaded);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, { roles: MANAGER_ROLES });
  if (request.method !== "POST") return apiMethodNotAllowed("POST");
  const id = parseId(params.userId);
  if (id === null) return problem(404, de.users.errors.load);
  const ended = await signOutEverywhere(context.db, actor, id, attemptSource(context));
  if (!ended.ok) return problemAnswer(ended);
  const user = await userView(context.db, ended.value.user, new Date());
  return Response.json({ data: { ...user, endedSessions: ended.value.endedSessions } });
}
