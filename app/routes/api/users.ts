import type { Route } from "#app/server/route-types";
import { newUserSchema } from "#app/features/staff/staff-auth-schemas";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import {
  MANAGER_ROLES,
  USER_ANSWERS,
  USER_TAKES,
  attemptSource,
  readUserBody,
  zodRefusal,
} from "#app/features/staff/user-requests.server";
import { createUser, listVisibleUsers, userView } from "#app/features/staff/staff-users.server";
import { de } from "#app/i18n/de-staff";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problem, problemAnswer, refusedWith } from "#app/server/outcome";
import { unknownKeys } from "#app/server/unknown-keys";

/** `GET /api/users`: the users the caller may manage (everyone, for administrators). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, { roles: MANAGER_ROLES });
  return Response.json({ data: await listVisibleUsers(context.db, user, new Date()) });
}

/** `POST /api/users`: name, email, roles, branches, password. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, { roles: MANAGER_ROLES });
  if (request.method !== "POST") return apiMethodNotAllowed("GET, POST");
  const body = await readUserBody(request);
  if (!body) return problem(400, de.staffAuth.badRequest);
  const unknown = unknownKeys(body, USER_TAKES.create, USER_ANSWERS);
  if (unknown.length) return problemAnswer(refusedWith(400, unknown));
  const parsed = newUserSchema.safeParse(body);
  if (!parsed.success) return problemAnswer(zodRefusal(parsed.error));
  const created = await createUser(context.db, user, parsed.data, attemptSource(context));
  if (!created.ok) return problemAnswer(created);
  return Response.json(
    { data: await userView(context.db, created.value, new Date()) },
    { status: 201 },
  );
}
