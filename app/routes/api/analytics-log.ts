import type { Route } from "#app/server/route-types";
import { unknownKeysAnswer } from "#app/server/unknown-keys";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { de } from "#app/i18n/de";
import { hasConsent } from "#app/features/storefront/visitor.server";
import { readSmallJson } from "#app/features/shared/small-request.server";
import { analyticsEventSchema } from "#app/features/analytics/events";
import { recorderFor } from "#app/features/analytics/recorder-of.server";
import { problem, problemAnswer } from "#app/server/outcome";

/** A body beyond this is not an event: 8 KB, twice the largest event that can be stored. */
const EVENT_BODY_BYTES = 8 * 1024;
const NO_STORE = { "Cache-Control": "no-store" };

/**
 * `POST /api/analytics-log` (spec section 7, decision 054). Taken only with the cookie banner's
 * 'Akzeptieren' (`cookie-consent=1`); without it the event is dropped in silence (204, nothing
 * read or stored), so a page without consent cannot tell from the answer. With consent: a body
 * that is not one of our events is a 400 with a German message, a client over its limits a 429
 * (per address and per visitor and day, in memory per process), an accepted event a 204: it is
 * written with the next batch.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiMethodNotAllowed("POST");
  if (!hasConsent(request)) return new Response(null, { status: 204, headers: NO_STORE });
  const body = await readSmallJson(request, EVENT_BODY_BYTES);
  if (!body) return problem(400, de.analytics.badBody);
  const unknown = unknownKeysAnswer(body, {
    takes: ["type", "action", "category", "name", "extra", "data", "branch"],
  });
  if (unknown) return unknown;
  const parsed = analyticsEventSchema.safeParse(body);
  if (!parsed.success) {
    return problemAnswer({
      status: 400,
      errors: parsed.error.issues.map((issue) => ({
        message: issue.message,
        field: String(issue.path[0] ?? ""),
      })),
    });
  }
  const recorder = context.analytics ?? recorderFor(context.db);
  const result = recorder.logEvent(parsed.data, {
    at: new Date(),
    address: context.clientAddress ?? "",
    userAgent: (request.headers.get("User-Agent") ?? "").slice(0, 500),
  });
  if (result === "limited") {
    return problem(429, de.analytics.tooMany, { headers: { "Retry-After": "10" } });
  }
  return new Response(null, { status: 204, headers: NO_STORE });
}

export function loader() {
  return problem(405, de.errors.methodNotAllowed, { headers: { Allow: "POST" } });
}
