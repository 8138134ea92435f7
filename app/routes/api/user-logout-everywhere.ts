import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { MANAGER_ROLES, attemptSource } from "../../features/staff/backend-users-route.server";
import { requireStaff } from "../../features/staff/staff-auth.server";
import { loadUser, signOutEverywhere } from "../../features/staff/staff-users.server";
import {
  apiMethodNotAllowed,
  apiNotFound,
  refusalResponse,
  userJson,
} from "../../features/staff/users-api.server";
import { parseId } from "../../domain/values";

/**
 * `POST /api/users/{id}/logout-everywhere` (own addition to spec section 7, decision 028): ends
 * every session of the user and every unused login link, as "Überall abmelden" on the user's page
 * does. Answers the user, with `endedSessions`.
 */
const userIdOf = (params: LoaderFunctionArgs["params"]) => parseId(params.userId);

/** Only POST changes anything; a GET is answered after the same checks. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireStaff(request, context, { roles: MANAGER_ROLES });
  const id = userIdOf(params);
  if (id === null) return apiNotFound();
  const loaded = await loadUser(context.db, actor, id);
  if (!loaded.ok) return refusalResponse(loaded);
  return apiMethodNotAllowed("POST");
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireStaff(request, context, { roles: MANAGER_ROLES });
  if (request.method !== "POST") return apiMethodNotAllowed("POST");
  const id = userIdOf(params);
  if (id === null) return apiNotFound();
  const ended = await signOutEverywhere(context.db, actor, id, attemptSource(context));
  if (!ended.ok) return refusalResponse(ended);
  const user = await userJson(context, ended.value.user);
  return Response.json({ data: { ...user, endedSessions: ended.value.endedSessions } });
}
