import type { Submission, SubmissionResult } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/node";
import { assignableRoles } from "../../domain/staff-permissions";
import type { StaffUser } from "./staff-auth.server";
import { branchChoicesFor, type Refusal } from "./staff-users.server";

/** What the user forms of the back office share between their routes. */

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
