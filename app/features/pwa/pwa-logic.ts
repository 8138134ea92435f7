/**
 * The installable app's decisions that need no browser (spec sections 2, 4 and 9): when the
 * install prompt may show, the dismissal cookie, which instructions a device gets.
 */

/** Spec section 9: the prompt 250 ms after 'Akzeptieren', 5 s after the start with consent. */
export const PROMPT_DELAY_AFTER_ACCEPT_MS = 250;
export const PROMPT_DELAY_WITH_CONSENT_MS = 5_000;
/** Spec section 9: the first update check 2.5 s after the start, then every 30 minutes. */
export const UPDATE_FIRST_CHECK_MS = 2_500;
export const UPDATE_CHECK_EVERY_MS = 1_800_000;

export const DISMISS_COOKIE = "pwa-dismiss";
export const SERVICE_WORKER_URL = "/build/service-worker.js";
export const SERVICE_WORKER_SCOPE = "/";

/**
 * How long to wait before offering the app, or null for not at all: 5 s when the page started with
 * consent, 250 ms once the visitor accepts on this page, never without consent (a declined or
 * unanswered banner; decision 052).
 */
export function promptDelay(consentAtStart: boolean, consentNow: boolean): number | null {
  if (consentAtStart) return PROMPT_DELAY_WITH_CONSENT_MS;
  if (consentNow) return PROMPT_DELAY_AFTER_ACCEPT_MS;
  return null;
}

/**
 * The checkout is not interrupted (decision 052): the prompt waits while the customer fills the
 * order form, whose submit button its sheet would cover, and comes on the next page, usually the
 * status page of the order just placed.
 */
export function holdsPromptBack(pathname: string): boolean {
  return /\/checkout(\/|$)/.test(pathname);
}

export interface PromptConditions {
  /** enablePluginPwa in the settings. */
  enabled: boolean;
  selfService: boolean;
  /** Running as the installed app (display-mode standalone, iOS `navigator.standalone`). */
  installed: boolean;
  /** The browser has service workers. */
  supported: boolean;
  /** The 'pwa-dismiss' cookie is set. */
  dismissed: boolean;
}

/** Spec section 4: not installed, supported, not dismissed, the plugin on (and no kiosk). */
export function mayPrompt(conditions: PromptConditions): boolean {
  return (
    conditions.enabled &&
    !conditions.selfService &&
    !conditions.installed &&
    conditions.supported &&
    !conditions.dismissed
  );
}

/** Spec section 2: the footer's 'App installieren' also needs the worker not yet registered. */
export function mayOfferInstall(
  conditions: Omit<PromptConditions, "dismissed"> & { registered: boolean },
): boolean {
  return mayPrompt({ ...conditions, dismissed: false }) && !conditions.registered;
}

/** 'pwa-dismiss=true' for one calendar month (spec section 9), readable by the page. */
export function dismissCookie(now: Date, secure: boolean): string {
  const expires = new Date(now.getTime());
  expires.setUTCMonth(expires.getUTCMonth() + 1);
  return `${DISMISS_COOKIE}=true; Expires=${expires.toUTCString()}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Whether `document.cookie` holds the dismissal. */
export function isDismissed(cookies: string): boolean {
  return cookies.split(";").some((part) => part.trim() === `${DISMISS_COOKIE}=true`);
}

export interface Platform {
  android: boolean;
  ios: boolean;
  ipad: boolean;
  iphone: boolean;
}

/**
 * The platform flags of the spec's installable-app state. An iPad since iPadOS 13 calls itself a
 * Mac; it is told apart by its touch points.
 */
export function detectPlatform(userAgent: string, maxTouchPoints: number): Platform {
  const ipad = /iPad/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const iphone = !ipad && /iPhone|iPod/.test(userAgent);
  return { android: /Android/.test(userAgent), ios: ipad || iphone, ipad, iphone };
}

export type InstructionVariant = "browser" | "ios" | "other";

/**
 * Spec section 2's three instructions: iOS (no install event, the share menu), browsers that fire
 * `beforeinstallprompt`, and the rest (the browser's own menu).
 */
export function instructionVariant(
  platform: Platform,
  hasInstallEvent: boolean,
): InstructionVariant {
  if (platform.ios) return "ios";
  return hasInstallEvent ? "browser" : "other";
}
