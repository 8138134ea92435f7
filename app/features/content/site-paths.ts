/**
 * A site's path as stored (decision 039): lower-case segments without leading or trailing
 * slashes ('ueber-uns/team'), matching the table's check. Client-safe.
 */
export const SITE_PATH = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

/**
 * First segments that belong to the shop's own routes (app/routes.ts): a site there could never
 * be reached, or would hide a page. 'site' is the legal pages' prefix (/site/imprint finds the
 * site 'imprint'), so a stored 'site/…' would be ambiguous.
 */
export const RESERVED_FIRST_SEGMENTS = new Set([
  "api",
  "backend",
  "build",
  "assets",
  "cookie-consent",
  "division",
  "image",
  "kiosk",
  "orders",
  "site",
  "status",
  "store",
  "upload",
  "zahlung",
]);

/** The five pages the spec addresses under /site/ (section 2). */
export const SPEC_SITE_PATHS = new Set([
  "terms-and-conditions",
  "privacy",
  "imprint",
  "allergens",
  "accessibility",
]);

/** '/Ueber-Uns/' → 'ueber-uns': what a person types, as the table keeps it. */
export function normaliseSitePath(path: string): string {
  return path
    .trim()
    .split("/")
    .filter((segment) => segment !== "")
    .join("/")
    .toLowerCase();
}

export function isReservedSitePath(path: string): boolean {
  return RESERVED_FIRST_SEGMENTS.has(path.split("/")[0] ?? "");
}

/** Where the shop shows a site: the spec's pages under /site/, any other at its own path. */
export function siteHref(path: string): string {
  return SPEC_SITE_PATHS.has(path) ? `/site/${path}` : `/${path}`;
}
