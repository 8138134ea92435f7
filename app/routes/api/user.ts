import type { Route } from "#app/server/route-types";
import { parseId } from "#app/domain/values";
import { userSchema } from "#app/features/staff/staff-auth-schemas";
import { requireStaff, type StaffUser } from "#app/features/staff/staff-auth.server";
import {
  MANAGER_ROLES,
  USER_ANSWERS,
  USER_TAKES,
  attemptSource,
  readUserBody,
  userExtrasSchema,
  zodRefusal,
} from "#app/features/staff/user-requests.server";
import {
  changeUser,
  deleteUser,
  loadUser,
  userVersion,
  userView,
} from "#app/features/staff/staff-users.server";
import { de } from "#app/i18n/de-staff";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problem, problemAnswer, refusedWith } from "#app/server/outcome";
import { unknownKeys } from "#app/server/unknown-keys";
import { versionRead } from "#app/server/version-read.server";

const notFound = () => problem(404, de.users.errors.load);

/** `GET /api/users/{id}`: a user the caller may see (themselves or someone they manage). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, { roles: MANAGER_ROLES });
  const loaded = await loadUser(context.db, actor, parseId(params.userId));
  if (!loaded.ok) return problemAnswer(loaded);
  const version = await userVersion(context.db, loaded.value.id, false);
  return Response.json(
    { data: { ...(await userView(context.db, loaded.value, new Date())), version } },
    { headers: version ? { ETag: `"${version}"` } : undefined },
  );
}

/**
 * `PUT /api/users/{id}`: the fields sent replace the user's (the others stay); `isLocked` locks
 * or unlocks, `password` sets a new one. Everything is checked before anything is written.
 * `DELETE /api/users/{id}` removes the user.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, { roles: MANAGER_ROLES });
  const id = parseId(params.userId);
  if (id === null) return notFound();
  switch (request.method) {
    case "PUT":
      return put(request, context, actor, id);
    case "DELETE": {
      const deleted = await deleteUser(context.db, actor, id, attemptSource(context));
      if (!deleted.ok) return problemAnswer(deleted);
      return Response.json({ data: deleted.value });
    }
    default:
      return apiMethodNotAllowed("GET, PUT, DELETE");
  }
}

async function put(
  request: Request,
  context: Route.ActionArgs["context"],
  actor: StaffUser,
  id: number,
): Promise<Response> {
  const body = await readUserBody(request);
  if (!body) return problem(400, de.staffAuth.badRequest);
  const loaded = await loadUser(context.db, actor, id);
  if (!loaded.ok) return problemAnswer(loaded);
  const current = loaded.value;
  const unknown = unknownKeys(body, USER_TAKES.change, USER_ANSWERS);
  if (unknown.length) return problemAnswer(refusedWith(400, unknown));
  const fields = userSchema.safeParse({
    name: body.name ?? current.name,
    email: body.email ?? current.email,
    roles: body.roles ?? current.roles,
    branchIds: body.branchIds ?? current.branchIds,
  });
  if (!fields.success) return problemAnswer(zodRefusal(fields.error));
  const extras = userExtrasSchema.safeParse({ isLocked: body.isLocked, password: body.password });
  if (!extras.success) return problemAnswer(zodRefusal(extras.error));
  const changed = await changeUser(
    context.db,
    actor,
    id,
    { fields: fields.data, ...extras.data },
    attemptSource(context),
    versionRead(request, body.version),
  );
  if (!changed.ok) return problemAnswer(changed);
  return Response.json({ data: await userView(context.db, changed.value, new Date()) });
}
