import { createHash, randomBytes } from "node:crypto";
import { createCookie, type AppLoadContext, type Cookie } from "@remix-run/node";
import { z } from "zod";
import {
  insertStaffSession,
  pruneStaffSessions,
  revokeStaffSession,
  revokeUserSessions,
} from "#app/db/queries/staff-sessions";
import type { Db } from "#app/db/schema";
import { notifySessionsEnded } from "#app/server/notify-hub.server";

/**
 * The staff session (docs/decisions/011 and 028): one signed, httpOnly, SameSite=Lax cookie that
 * holds a random token, nothing else. The database keeps the token's SHA-256 in `staff_sessions`
 * and every staff request looks it up (no cache), so a session ended in one instance is ended in
 * all of them at once: signing out ends this one, a new password, a lock and "Überall abmelden"
 * end all of a user's. A session lasts at most 16 hours from the sign-in (a bakery's long day).
 */
export const STAFF_SESSION_COOKIE = "backoffice_sitzung";
export const STAFF_SESSION_HOURS = 16;
const MAX_AGE_SECONDS = STAFF_SESSION_HOURS * 60 * 60;
/** Ended sessions stay a day (for a look at what happened), then go. */
const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

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

const sessionValue = z.object({ s: z.string().regex(TOKEN_PATTERN) });

export type SessionReading =
  | { kind: "none" }
  /** A cookie came but its signature or content did not hold: it should be cleared. */
  | { kind: "invalid" }
  /** The SHA-256 of the cookie's token: look it up in `staff_sessions`. */
  | { kind: "token"; tokenHash: string };

export const sessionTokenHash = (token: string) =>
  createHash("sha256").update(`staff-session:${token}`).digest("hex");

export function sentStaffSessionCookie(request: Request): boolean {
  const header = request.headers.get("Cookie");
  return Boolean(header?.split(/;\s*/).some((part) => part.startsWith(`${STAFF_SESSION_COOKIE}=`)));
}

/** What the request's cookie says; whether that session still runs is the database's answer. */
export async function readStaffSession(
  request: Request,
  context: AppLoadContext,
): Promise<SessionReading> {
  if (!sentStaffSessionCookie(request)) return { kind: "none" };
  const parsed = sessionValue.safeParse(
    await sessionCookie(context).parse(request.headers.get("Cookie")),
  );
  if (!parsed.success) return { kind: "invalid" };
  return { kind: "token", tokenHash: sessionTokenHash(parsed.data.s) };
}

/**
 * Writes a new session for the user in `trx` (call it in the transaction that signs them in) and
 * answers its token, for `staffSessionCookie`.
 */
export async function createStaffSession(
  trx: Db,
  userId: number,
  source: { clientAddress: string | undefined; now: Date },
): Promise<string> {
  const { now } = source;
  await pruneStaffSessions(trx, new Date(now.getTime() - PRUNE_AFTER_MS));
  const token = randomBytes(32).toString("base64url");
  await insertStaffSession(trx, {
    userId,
    tokenHash: sessionTokenHash(token),
    now,
    expiresAt: new Date(now.getTime() + MAX_AGE_SECONDS * 1000),
    createdFrom: source.clientAddress ?? "",
  });
  return token;
}

/** The Set-Cookie header that carries the session with this token. */
export async function staffSessionCookie(context: AppLoadContext, token: string): Promise<string> {
  return sessionCookie(context).serialize({ s: token });
}

/**
 * Ends the request's session on the server, and (on commit) the event streams opened with it in
 * every instance. Call it in a transaction.
 */
export async function revokeRequestSession(
  trx: Db,
  request: Request,
  context: AppLoadContext,
  now: Date,
): Promise<void> {
  const reading = await readStaffSession(request, context);
  if (reading.kind !== "token") return;
  const ended = await revokeStaffSession(trx, reading.tokenHash, now);
  if (ended) await notifySessionsEnded(trx, { sessionId: ended.id });
}

/**
 * Ends every running session of the user (new password, lock, "Überall abmelden") and, on commit,
 * their event streams in every instance. Answers how many sessions ended.
 */
export async function revokeAllStaffSessions(trx: Db, userId: number, now: Date): Promise<number> {
  const ended = await revokeUserSessions(trx, userId, now);
  await notifySessionsEnded(trx, { userId });
  return ended;
}

/** The Set-Cookie header that removes the session cookie from this browser. */
export async function clearStaffSessionCookie(context: AppLoadContext): Promise<string> {
  return sessionCookie(context).serialize("", { maxAge: 0, expires: new Date(0) });
}
