import type { Submission, SubmissionResult } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { assignableRoles } from "#app/domain/staff-permissions";
import { de } from "#app/i18n/de-staff";
import { refusedWith, type Refusal } from "#app/server/outcome";
import { readSmallJson } from "#app/features/shared/small-request.server";
import { newPassword } from "./staff-auth-schemas";
import type { StaffUser } from "./staff-auth.server";
import { branchChoicesFor } from "./staff-users.server";

/**
 * What the user routes (the back-office forms and `/api/users…`, spec section 7) read from a
 * request before they call the user management: who may open them, where an attempt comes from,
 * the form's choices, the API's body and version. They answer with `problemAnswer` (JSON) or the
 * form's reply.
 */

export const MANAGER_ROLES = ["ROLE_ADMIN", "ROLE_MANAGER"] as const;

export function attemptSource(context: AppLoadContext) {
  return { clientAddress: context.clientAddress, now: new Date() };
}

export async function formChoices(context: AppLoadContext, user: StaffUser) {
  return {
    roles: [...assignableRoles(user)],
    branches: await branchChoicesFor(context.db, user),
  };
}

/** A service refusal as the form's reply: beside its field, or on top of the form. */
export function refusalReply(
  submission: Submission<unknown>,
  refusal: Refusal,
  hideFields?: string[],
): SubmissionResult<string[]> {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const error of refusal.errors) {
    if (error.field) (fieldErrors[error.field] ??= []).push(error.message);
    else formErrors.push(error.message);
  }
  return submission.reply({ fieldErrors, formErrors, hideFields });
}

/** A body the schema refused, as the API's 400 with each message beside its field. */
/** The keys `POST /api/users` and `PUT /api/users/{id}` take (decision 097). */
export const USER_TAKES = {
  create: ["name", "email", "roles", "branchIds", "branches", "password"],
  change: ["name", "email", "roles", "branchIds", "branches", "isLocked", "password", "version"],
} as const;

/** The keys a user is answered with that no write takes (read-only, passed over). */
export const USER_ANSWERS = [
  "id",
  "isLocked",
  "blockedUntil",
  "activeSessions",
  "lastLoginAt",
  "createdAt",
] as const;

export function zodRefusal(error: z.ZodError): Refusal {
  return refusedWith(
    400,
    error.issues.map((issue) => {
      const field = issue.path[0];
      return field === undefined
        ? { message: issue.message }
        : { message: issue.message, field: String(field) };
    }),
  );
}

/**
 * The API's JSON object, unwrapped from `data`; null when unreadable. Bodies may come wrapped
 * (`{ "data": { … } }`) or bare; branches as `branchIds: [1, 2]` or as the spec's
 * `branches: [{ id: 1 }]`.
 */
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
