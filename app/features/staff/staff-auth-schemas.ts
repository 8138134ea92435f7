import { z } from "zod";
import { ROLES } from "#app/domain/staff-permissions";
import { de } from "#app/i18n/de-staff";
import { cleanLine, MAX_ID } from "#app/domain/values";
import { EMAIL_MAX_LENGTH, isEmailAddress } from "#app/domain/input-rules";

/**
 * The zod schemas of the sign-in, the user management and the password page: one per form, used
 * by the browser (conform's constraints and checks) and again by the server, and by the JSON API.
 */
const auth = de.staffAuth;
const users = de.users.errors;
const account = de.account;

/** How long an e-mailed login link may be used. */
export const LOGIN_LINK_MINUTES = 15;

export const PASSWORD_MIN_LENGTH = 10;
/** scrypt takes any length; a cap keeps a megabyte "password" from being hashed. */
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 100;
export { EMAIL_MAX_LENGTH };

const email = z
  .string({ error: auth.emailRequired })
  .trim()
  .min(1, auth.emailRequired)
  .max(EMAIL_MAX_LENGTH, users.tooLong(EMAIL_MAX_LENGTH))
  .refine(isEmailAddress, { error: auth.emailInvalid });

/** A password as typed at sign-in: anything up to the cap. */
const typedPassword = (required: string) =>
  z.string({ error: required }).min(1, required).max(PASSWORD_MAX_LENGTH, required);

/** A new password: long enough, not absurdly long. */
export const newPassword = z
  .string({ error: users.passwordTooShort(PASSWORD_MIN_LENGTH) })
  .min(PASSWORD_MIN_LENGTH, users.passwordTooShort(PASSWORD_MIN_LENGTH))
  .max(PASSWORD_MAX_LENGTH, users.tooLong(PASSWORD_MAX_LENGTH));

export const loginSchema = z.object({
  email,
  password: typedPassword(auth.passwordRequired),
});

export const loginLinkRequestSchema = z.object({ linkEmail: email });

const userFields = {
  name: z
    .string({ error: users.nameRequired })
    .transform(cleanLine)
    .pipe(
      z
        .string({ error: users.nameRequired })
        .min(1, users.nameRequired)
        .max(NAME_MAX_LENGTH, users.tooLong(NAME_MAX_LENGTH)),
    ),
  email,
  roles: z
    .array(z.enum(ROLES, { error: users.roleNotAllowed }), { error: users.rolesRequired })
    .min(1, users.rolesRequired),
  branchIds: z
    .array(z.coerce.number({ error: users.branchNotAllowed }).int().positive().max(MAX_ID), {
      error: users.branchesRequired,
    })
    .default([]),
};

/** Everyone but an administrator works in at least one branch. */
function needsBranch(value: { roles: string[]; branchIds: number[] }, ctx: z.RefinementCtx) {
  if (!value.roles.includes("ROLE_ADMIN") && value.branchIds.length === 0) {
    ctx.addIssue({ code: "custom", path: ["branchIds"], message: users.branchesRequired });
  }
}

export const userSchema = z.object(userFields).superRefine(needsBranch);
export type UserInput = z.infer<typeof userSchema>;

export const newUserSchema = z
  .object({ ...userFields, password: newPassword })
  .superRefine(needsBranch);
export type NewUserInput = z.infer<typeof newUserSchema>;

export const setPasswordSchema = z.object({ password: newPassword });

export const passwordChangeSchema = z
  .object({
    currentPassword: typedPassword(account.currentRequired),
    newPassword,
    repeatPassword: z.string({ error: account.mismatch }),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.repeatPassword) {
      ctx.addIssue({ code: "custom", path: ["repeatPassword"], message: account.mismatch });
    }
  });
