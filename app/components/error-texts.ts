import { de } from "#app/i18n/de";

/**
 * The title and sentence of an error page by its status, for the storefront's and the back
 * office's error boundaries alike; a message the server gave (a 400's or 403's reason) wins.
 */
export function errorTitle(status: number): string {
  if (status === 400 || status === 413) return de.errors.badRequestTitle;
  if (status === 403) return de.errors.forbiddenTitle;
  if (status === 404) return de.errors.notFoundTitle;
  if (status === 405) return de.errors.methodNotAllowedTitle;
  if (status === 503) return de.errors.unavailableTitle;
  // Any other refusal is the request's fault, not an internal error of ours.
  if (status >= 400 && status < 500) return de.errors.badRequestTitle;
  return de.errors.internalTitle;
}

export function errorText(status: number, message?: unknown): string {
  if (typeof message === "string" && status < 500) return message;
  if (status === 400 || status === 413) return de.errors.badRequest;
  if (status === 403) return de.errors.forbidden;
  if (status === 404) return de.errors.notFoundText;
  if (status === 405) return de.errors.methodNotAllowed;
  if (status === 503) return de.errors.unavailableText;
  if (status >= 400 && status < 500) return de.errors.badRequest;
  return de.errors.internalText;
}
