import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { MANAGER_ROLES, attemptSource } from "../../features/staff/backend-users-route.server";
import { userSchema } from "../../features/staff/staff-auth-schemas";
import { requireStaff, type StaffUser } from "../../features/staff/staff-auth.server";
import {
  deleteUser,
  loadUser,
  setUserLocked,
  setUserPassword,
  updateUser,
  userVersion,
} from "../../features/staff/staff-users.server";
import {
  apiBadRequest,
  apiMethodNotAllowed,
  apiNotFound,
  readUserBody,
  refusalResponse,
  userExtrasSchema,
  userJson,
  zodProblems,
} from "../../features/staff/users-api.server";
import { parseId } from "../../domain/values";

function userIdOf(params: LoaderFunctionArgs["params"]): number | null {
  return parseId(params.userId);
}

/** `GET /api/users/{id}`: a user the caller may see (themselves or someone they manage). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireStaff(request, context, { roles: MANAGER_ROLES });
  const id = userIdOf(params);
  if (id === null) return apiNotFound();
  const loaded = await loadUser(context.db, actor, id);
  if (!loaded.ok) return refusalResponse(loaded);
  const version = await userVersion(context.db, id, false);
  return Response.json(
    { data: { ...(await userJson(context, loaded.value)), version } },
    { headers: version ? { ETag: `"${version}"` } : undefined },
  );
}

/**
 * `PUT /api/users/{id}`: the fields sent replace the user's (the others stay); `isLocked` locks
 * or unlocks, `password` sets a new one. Everything is checked before anything is written.
 * `DELETE /api/users/{id}` removes the user.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireStaff(request, context, { roles: MANAGER_ROLES });
  const id = userIdOf(params);
  if (id === null) return apiNotFound();
  switch (request.method) {
    case "PUT":
      return put(request, context, actor, id);
    case "DELETE": {
      const deleted = await deleteUser(context.db, actor, id, attemptSource(context));
      if (!deleted.ok) return refusalResponse(deleted);
      return Response.json({ data: deleted.value });
    }
    default:
      return apiMethodNotAllowed("GET, PUT, DELETE");
  }
}

async function put(
  request: Request,
  context: ActionFunctionArgs["context"],
  actor: StaffUser,
  id: number,
): Promise<Response> {
  const body = await readUserBody(request);
  if (!body) return apiBadRequest();
  const loaded = await loadUser(context.db, actor, id);
  if (!loaded.ok) return refusalResponse(loaded);
  const current = loaded.value;
  const fields = userSchema.safeParse({
    name: body.name ?? current.name,
    email: body.email ?? current.email,
    roles: body.roles ?? current.roles,
    branchIds: body.branchIds ?? current.branchIds,
  });
  if (!fields.success) return zodProblems(fields.error);
  const extras = userExtrasSchema.safeParse({ isLocked: body.isLocked, password: body.password });
  if (!extras.success) return zodProblems(extras.error);

  const source = attemptSource(context);
  // The version read (`If-Match`, as GET sends it in `ETag`, or `version`): a stale one is 409.
  const ifMatch = request.headers.get("If-Match");
  const expectedVersion =
    ifMatch && ifMatch !== "*"
      ? ifMatch.replace(/^W\//, "").replace(/"/g, "").trim()
      : typeof body.version === "string" || typeof body.version === "number"
        ? String(body.version)
        : null;
  let result = await updateUser(context.db, actor, id, fields.data, source, expectedVersion);
  if (!result.ok) return refusalResponse(result);
  const { isLocked, password } = extras.data;
  if (isLocked !== undefined && isLocked !== result.value.isLocked) {
    result = await setUserLocked(context.db, actor, id, isLocked, source);
    if (!result.ok) return refusalResponse(result);
  }
  if (password !== undefined) {
    result = await setUserPassword(context.db, actor, id, password, source);
    if (!result.ok) return refusalResponse(result);
  }
  return Response.json({ data: await userJson(context, result.value) });
}
