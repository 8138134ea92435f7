import { createCookie, type AppLoadContext, type Cookie } from "@remix-run/node";
import { z } from "zod";

/**
 * The staff session: one signed, httpOnly, SameSite=Lax cookie holding only the user's id, their
 * session version and when it was issued. The user is loaded again on every request, so a lock or
 * a role change counts at once; raising `users.session_version` ends every session of the user.
 * A session lasts at most 16 hours from the sign-in (a bakery's long day), checked on the server
 * too, so a copied cookie does not outlive it (docs/decisions/011).
 */
export const STAFF_SESSION_COOKIE = "backoffice_sitzung";
export const STAFF_SESSION_HOURS = 16;
const MAX_AGE_SECONDS = STAFF_SESSION_HOURS * 60 * 60;

const cookies = new Map<string, Cookie>();

function sessionCookie(context: AppLoadContext): Cookie {
  const secure = context.config.publicOrigin.startsWith("https:");
  const key = `${context.secrets.session}|${secure}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createCookie(STAFF_SESSION_COOKIE, {
      secrets: [context.secrets.session],
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
      maxAge: MAX_AGE_SECONDS,
    });
    cookies.set(key, cookie);
  }
  return cookie;
}

const sessionValue = z.object({
  u: z.number().int().positive(),
  v: z.number().int().positive(),
  t: z.number().int().positive(),
});

export interface StaffSession {
  userId: number;
  sessionVersion: number;
}

export type SessionReading =
  | { kind: "none" }
  /** A cookie came but its signature, content or age did not hold: it should be cleared. */
  | { kind: "invalid" }
  | ({ kind: "valid" } & StaffSession);

export async function readStaffSession(
  request: Request,
  context: AppLoadContext,
  now: Date,
): Promise<SessionReading> {
  const header = request.headers.get("Cookie");
  const sent = header?.split(/;\s*/).some((part) => part.startsWith(`${STAFF_SESSION_COOKIE}=`));
  if (!header || !sent) return { kind: "none" };
  const parsed = sessionValue.safeParse(await sessionCookie(context).parse(header));
  if (!parsed.success) return { kind: "invalid" };
  const { u, v, t } = parsed.data;
  const age = now.getTime() - t;
  if (age < -60_000 || age > MAX_AGE_SECONDS * 1000) return { kind: "invalid" };
  return { kind: "valid", userId: u, sessionVersion: v };
}

/** The Set-Cookie header that signs the user in from `now`. */
export async function startStaffSession(
  context: AppLoadContext,
  session: StaffSession,
  now: Date,
): Promise<string> {
  return sessionCookie(context).serialize({
    u: session.userId,
    v: session.sessionVersion,
    t: now.getTime(),
  });
}

/** The Set-Cookie header that signs the browser out. */
export async function endStaffSession(context: AppLoadContext): Promise<string> {
  return sessionCookie(context).serialize("", { maxAge: 0, expires: new Date(0) });
}
