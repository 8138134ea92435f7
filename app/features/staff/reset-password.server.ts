import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { clearThrottle } from "#app/db/queries/login";
import { findUserByEmail } from "#app/db/queries/users";
import type { Database } from "#app/db/schema";
import { de } from "#app/i18n/de-staff";
import { notifySessionsEnded } from "#app/server/notify-hub.server";
import { audit } from "./staff-auth.server";
import { newPassword } from "./staff-auth-schemas";
import { endUserAccess, throttleKeys } from "./staff-login.server";
import { hashPassword } from "./password.server";

/**
 * A lost password reset from the command line (`npm run reset-password -- <email>`), for the
 * owner of the server when nobody can sign in any more (the demo's administrator, or the last
 * one): no ./data is deleted, nothing else changes. The user's sessions and login links end, the
 * account's sign-in throttle is lifted, and the audit log records it (done by nobody signed in).
 */
export type PasswordReset =
  | { ok: true; email: string; password: string; endedSessions: number; isLocked: boolean }
  | { ok: false; message: string };

/** 20 random characters from 15 random bytes: about 120 bits, easy to copy. */
export function randomPassword(): string {
  return randomBytes(15).toString("base64url");
}

export async function resetStaffPassword(
  db: Kysely<Database>,
  input: { email: string; password?: string; now?: Date },
): Promise<PasswordReset> {
  const now = input.now ?? new Date();
  const password = input.password ?? randomPassword();
  const checked = newPassword.safeParse(password);
  if (!checked.success) return { ok: false, message: checked.error.issues[0]!.message };
  const user = await findUserByEmail(db, input.email);
  if (!user) return { ok: false, message: de.passwordReset.unknownUser(input.email) };
  const passwordHash = await hashPassword(password);
  const endedSessions = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ passwordHash, updatedAt: now })
      .where("id", "=", user.id)
      .execute();
    const ended = await endUserAccess(trx, user.id, now);
    await clearThrottle(trx, throttleKeys.account(user.email));
    await notifySessionsEnded(trx, { userId: user.id });
    await audit(trx, {
      user: null,
      action: "user.password-reset",
      entityType: "user",
      entityId: user.id,
      data: { via: "command-line", endedSessions: ended },
      at: now,
    });
    return ended;
  });
  return { ok: true, email: user.email, password, endedSessions, isLocked: user.isLocked };
}
