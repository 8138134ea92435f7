import { createHash, randomBytes } from "node:crypto";
import { createCookie, type AppLoadContext, type Cookie } from "@remix-run/node";
import { z } from "zod";
import {
  findKnownDevices,
  forgetKnownDevices,
  insertKnownDevice,
  pruneKnownDevices,
  touchKnownDevice,
  type KnownDeviceRow,
} from "#app/db/queries/staff-devices";
import type { Db } from "#app/db/schema";
import { staffSessionCookie } from "./staff-session.server";

/**
 * Known devices (docs/decisions/028, addendum "How the lockout spares the owner"; OWASP's device
 * cookies). A successful sign-in, by password or by login link, makes the browser a known device
 * of that account: a signed, httpOnly, long-lived cookie holds a random token, `staff_devices`
 * its SHA-256, listed per user. The right password from a known device gets through while the
 * account is blocked for unknown devices; wrong ones count against that device alone. A token
 * only counts for the account it was issued to. One browser keeps the tokens of a few accounts
 * (a shop's shared PC), newest first.
 */
export const KNOWN_DEVICE_COOKIE = "backoffice_geraet";
/** How long a device stays known without a sign-in; each sign-in starts the term afresh. */
export const KNOWN_DEVICE_DAYS = 180;
/** Tokens one browser keeps (accounts signing in on a shared PC). */
export const DEVICE_TOKENS_PER_BROWSER = 5;
/** Devices kept per user; the least recently used beyond this are forgotten. */
export const KNOWN_DEVICES_PER_USER = 30;

const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const cookies = new Map<string, Cookie>();

function deviceCookie(context: AppLoadContext): Cookie {
  const secure = context.config.publicOrigin.startsWith("https:");
  const key = `${context.secrets.session}|${secure}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createCookie(KNOWN_DEVICE_COOKIE, {
      secrets: [context.secrets.session],
      httpOnly: true,
      sameSite: "lax",
      // Only the sign-in pages read it.
      path: "/backend",
      secure,
      maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
    });
    cookies.set(key, cookie);
  }
  return cookie;
}

const cookieValue = z.object({
  d: z.array(z.string().regex(TOKEN_PATTERN)).max(DEVICE_TOKENS_PER_BROWSER),
});

export const deviceTokenHash = (token: string) =>
  createHash("sha256").update(`staff-device:${token}`).digest("hex");

/** The device tokens the request's cookie holds (none when missing, forged or malformed). */
export async function readDeviceTokens(
  request: Request,
  context: AppLoadContext,
): Promise<string[]> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${KNOWN_DEVICE_COOKIE}=`)) return [];
  const parsed = cookieValue.safeParse(await deviceCookie(context).parse(header));
  return parsed.success ? parsed.data.d : [];
}

/** What a sign-in knows of the browser's devices. */
export interface BrowserDevices {
  /** The tokens from the cookie, newest first. */
  tokens: string[];
}

/** The browser's device of this user, if it is a known one. */
export async function knownDeviceOf(
  db: Db,
  devices: BrowserDevices | undefined,
  userId: number | undefined,
  now: Date,
): Promise<KnownDeviceRow | undefined> {
  if (!devices || userId === undefined) return undefined;
  const rows = await findKnownDevices(db, devices.tokens.map(deviceTokenHash), now);
  return rows.find((row) => row.userId === userId);
}

/**
 * The sign-in succeeded in this browser: its device of the user stays known for another term, or
 * becomes known. Call it in the sign-in's transaction; answers the tokens for the cookie.
 */
export async function rememberDevice(
  trx: Db,
  userId: number,
  devices: BrowserDevices | undefined,
  source: { clientAddress: string | undefined; now: Date },
): Promise<string[]> {
  const { now } = source;
  const expiresAt = new Date(now.getTime() + KNOWN_DEVICE_DAYS * DAY_MS);
  const tokens = devices?.tokens ?? [];
  const rows = await findKnownDevices(trx, tokens.map(deviceTokenHash), now);
  const own = rows.find((row) => row.userId === userId);
  const alive = new Set(rows.map((row) => row.tokenHash));
  // Tokens whose rows are gone (expired, forgotten) are dropped from the cookie.
  const others = tokens.filter(
    (token) => alive.has(deviceTokenHash(token)) && deviceTokenHash(token) !== own?.tokenHash,
  );
  let token: string;
  if (own) {
    await touchKnownDevice(trx, own.id, now, expiresAt);
    token = tokens.find((candidate) => deviceTokenHash(candidate) === own.tokenHash)!;
  } else {
    token = randomBytes(32).toString("base64url");
    await insertKnownDevice(trx, {
      userId,
      tokenHash: deviceTokenHash(token),
      now,
      expiresAt,
      createdFrom: source.clientAddress ?? "",
    });
    await pruneKnownDevices(trx, userId, KNOWN_DEVICES_PER_USER, now);
  }
  return [token, ...others].slice(0, DEVICE_TOKENS_PER_BROWSER);
}

/** The Set-Cookie header that keeps these device tokens in the browser. */
export async function knownDeviceCookie(
  context: AppLoadContext,
  tokens: string[],
): Promise<string> {
  return deviceCookie(context).serialize({ d: tokens });
}

/** Forgets every device of the user; call it where sessions and login links end too. */
export async function forgetUserDevices(trx: Db, userId: number): Promise<number> {
  return forgetKnownDevices(trx, userId);
}

/**
 * Where a sign-in comes from: the client's address, the time and this browser's known-device
 * tokens (decision 028, addendum).
 */
export async function signInSource(request: Request, context: AppLoadContext) {
  return {
    clientAddress: context.clientAddress,
    now: new Date(),
    devices: { tokens: await readDeviceTokens(request, context) },
  };
}

/** The cookies of a browser that has just signed in: its new session and its known devices. */
export async function signedInHeaders(
  context: AppLoadContext,
  signedIn: { sessionToken: string; deviceTokens: string[] },
): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await staffSessionCookie(context, signedIn.sessionToken));
  headers.append("Set-Cookie", await knownDeviceCookie(context, signedIn.deviceTokens));
  return headers;
}
