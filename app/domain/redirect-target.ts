/**
 * Where to go after signing in: only a path on this site (never `//host`, `/\host`, a scheme or
 * a control character), and never back to the sign-in pages themselves.
 */
export const BACK_OFFICE_HOME = "/backend";

const SIGN_IN_PATHS = ["/backend/login", "/backend/logout", "/backend/login-link"];

export function safeRedirectPath(value: unknown, fallback: string = BACK_OFFICE_HOME): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, "http://ziel.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://ziel.invalid") return fallback;
  const path = url.pathname;
  if (SIGN_IN_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
    return fallback;
  }
  return `${path}${url.search}${url.hash}`;
}
