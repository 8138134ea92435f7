/**
 * Two small facts about the visitor that the frame of every page needs, each in a plain cookie:
 * whether they accepted or declined cookies (365 days, readable by the page's own scripts, which
 * gate the map and analytics on it: `1` accepted, `0` declined, decision 047) and whether this
 * device is a self-service kiosk.
 */

import { safeRedirectPath as safeRedirectTarget } from "#app/domain/redirect-target";

export const CONSENT_COOKIE = "cookie-consent";
export const SELF_SERVICE_COOKIE = "self-service";
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

export type ConsentChoice = "accepted" | "declined";

const CONSENT_VALUES: Record<ConsentChoice, string> = { accepted: "1", declined: "0" };

/** The visitor's answer to the banner, or null while they have not given one. */
export function consentChoice(request: Request): ConsentChoice | null {
  const value = readCookie(request, CONSENT_COOKIE);
  if (value === CONSENT_VALUES.accepted) return "accepted";
  if (value === CONSENT_VALUES.declined) return "declined";
  return null;
}

/** Statistics and the map only after an explicit 'Akzeptieren'. */
export function hasConsent(request: Request): boolean {
  return consentChoice(request) === "accepted";
}

export function isSelfService(request: Request): boolean {
  return readCookie(request, SELF_SERVICE_COOKIE) === "1";
}

function secureFlag(origin: string): string {
  return origin.startsWith("https:") ? "; Secure" : "";
}

/** The answer is kept for 365 days either way, so a declining visitor is not asked on every page. */
export function consentCookie(origin: string, choice: ConsentChoice = "accepted"): string {
  return `${CONSENT_COOKIE}=${CONSENT_VALUES[choice]}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secureFlag(origin)}`;
}

/** A kiosk stays a kiosk until staff leave the mode, across restarts of the browser. */
export function selfServiceCookie(origin: string, on: boolean): string {
  return on
    ? `${SELF_SERVICE_COOKIE}=1; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax; HttpOnly${secureFlag(origin)}`
    : `${SELF_SERVICE_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly${secureFlag(origin)}`;
}

/**
 * Where to go back after a form: only a path on this site ('/…' but not '//…' or '/\…', which
 * browsers read as another host), else the home page.
 */
export function safeRedirectPath(value: unknown): string {
  return safeRedirectTarget(value, "/");
}
