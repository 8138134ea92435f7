import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import type { StaffUser as StaffUserRow } from "../../db/queries/users";
import { de } from "../../i18n/de-staff";
import { readSmallJson } from "../shared/small-request.server";
import { newPassword } from "./staff-auth-schemas";
import { apiError } from "./staff-auth.server";
import { userView, type Problem, type Refusal } from "./staff-users.server";

/**
 * The JSON side of the user management (`/api/users…`, spec section 7): `{ data }` on success,
 * `{ errors: [{ message, field }] }` otherwise, the same services as the back-office forms.
 * Bodies may come wrapped (`{ "data": { … } }`) or bare; branches as `branchIds: [1, 2]` or as
 * the spec's `branches: [{ id: 1 }]`.
 */
export const apiBadRequest = () => apiError(400, de.staffAuth.badRequest);
export const apiNotFound = () => apiError(404, de.users.errors.load);
export { apiMethodNotAllowed } from "../../server/api-methods.server";

export function problems(status: number, errors: Problem[]): Response {
  return Response.json({ errors }, { status });
}

export const refusalResponse = (refusal: Refusal) => problems(refusal.status, refusal.errors);

export function zodProblems(error: z.ZodError): Response {
  return problems(
    400,
    error.issues.map((issue) => {
      const field = issue.path[0];
      return field === undefined
        ? { message: issue.message }
        : { message: issue.message, field: String(field) };
    }),
  );
}

/** The request's JSON object, unwrapped from `data`; null when unreadable. */
export async function readUserBody(request: Request): Promise<Record<string, unknown> | null> {
  const body = await readSmallJson(request);
  if (!body) return null;
  const inner = body.data;
  const fields =
    typeof inner === "object" && inner !== null && !Array.isArray(inner)
      ? (inner as Record<string, unknown>)
      : body;
  if (fields.branchIds === undefined && Array.isArray(fields.branches)) {
    return {
      ...fields,
      branchIds: fields.branches.map((branch: unknown) =>
        typeof branch === "object" && branch !== null ? (branch as { id?: unknown }).id : branch,
      ),
    };
  }
  return fields;
}

/** The extras a PUT may carry beside the user's fields. */
export const userExtrasSchema = z.object({
  isLocked: z.boolean({ error: de.staffAuth.badRequest }).optional(),
  password: newPassword.optional(),
});

export async function userJson(context: AppLoadContext, row: StaffUserRow) {
  return userView(context.db, row, new Date());
}
