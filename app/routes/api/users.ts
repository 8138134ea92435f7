import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { MANAGER_ROLES, attemptSource } from "../../features/staff/backend-users-route.server";
import { newUserSchema } from "../../features/staff/staff-auth-schemas";
import { requireStaff } from "../../features/staff/staff-auth.server";
import { createUser, listVisibleUsers } from "../../features/staff/staff-users.server";
import {
  apiBadRequest,
  apiMethodNotAllowed,
  readUserBody,
  refusalResponse,
  userJson,
  zodProblems,
} from "../../features/staff/users-api.server";

/** `GET /api/users`: the users the caller may manage (everyone, for administrators). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireStaff(request, context, { roles: MANAGER_ROLES });
  return Response.json({ data: await listVisibleUsers(context.db, user, new Date()) });
}

/** `POST /api/users`: name, email, roles, branches, password. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaff(request, context, { roles: MANAGER_ROLES });
  if (request.method !== "POST") return apiMethodNotAllowed("GET, POST");
  const body = await readUserBody(request);
  if (!body) return apiBadRequest();
  const parsed = newUserSchema.safeParse(body);
  if (!parsed.success) return zodProblems(parsed.error);
  const created = await createUser(context.db, user, parsed.data, attemptSource(context));
  if (!created.ok) return refusalResponse(created);
  return Response.json({ data: await userJson(context, created.value) }, { status: 201 });
}
