/**
 * The one shape of a service's answer and of the JSON error answer (issue 37, decision 081).
 *
 * A service returns an `Outcome`: `{ ok: true, value }` or `{ ok: false, status, errors }`, where
 * each error is a German `Problem` with the form field it belongs to, if any. It builds no HTTP
 * answer; the route turns a refusal into one with `problemAnswer` (JSON, spec section 7:
 * `{ "errors": [{ "message", "field" }] }`, never cached) or shows the problems in its form.
 * This module is plain TypeScript: the browser's bundle may import its types.
 */
export interface Problem {
  message: string;
  field?: string;
}

/** The statuses a refusal may carry: the client's mistakes and "try later". */
export type RefusalStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

export interface Refusal {
  ok: false;
  status: RefusalStatus;
  errors: readonly Problem[];
}

export type Outcome<T = void> = { ok: true; value: T } | Refusal;

export function succeeded<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

/** A refusal with one German message, for a field or for the whole request. */
export function refused(status: RefusalStatus, message: string, field?: string): Refusal {
  return { ok: false, status, errors: [field === undefined ? { message } : { message, field }] };
}

/** A refusal with several problems (a form's field errors). */
export function refusedWith(status: RefusalStatus, errors: readonly Problem[]): Refusal {
  return { ok: false, status, errors };
}

/**
 * A refusal led by the spec's section 8 sentence ('Bild konnte nicht gespeichert werden.'): the
 * sentence first when the request itself was bad (400, 413), after the reasons otherwise.
 */
export function withHeadline(refusal: Refusal, headline: string): Refusal {
  const first = refusal.status === 400 || refusal.status === 413;
  return refusedWith(
    refusal.status,
    first ? [{ message: headline }, ...refusal.errors] : [...refusal.errors, { message: headline }],
  );
}

/** The first message of a refusal, for a page's notice. */
export function firstMessage(refusal: Refusal): string {
  return refusal.errors[0]?.message ?? "";
}

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The JSON error answer of every API route: `{ errors: [{ message, field? }] }` with the status,
 * never cached. Extra headers (`Allow`, `Retry-After`) and extra members (a dry run's preview)
 * may be added.
 */
export function problemAnswer(
  refusal: Pick<Refusal, "status" | "errors"> | { status: number; errors: readonly Problem[] },
  options: { headers?: HeadersInit; extra?: Record<string, unknown> } = {},
): Response {
  const headers = new Headers(options.headers);
  for (const [name, value] of Object.entries(NO_STORE)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  return Response.json(
    { errors: refusal.errors, ...options.extra },
    { status: refusal.status, headers },
  );
}

/** `problemAnswer` for one message. */
export function problem(
  status: number,
  message: string,
  options: { field?: string; headers?: HeadersInit; extra?: Record<string, unknown> } = {},
): Response {
  const error: Problem =
    options.field === undefined ? { message } : { message, field: options.field };
  return problemAnswer({ status, errors: [error] }, options);
}
