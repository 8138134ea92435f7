import type { ServerBuild } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { isDatabaseUnavailable } from "#app/db/unavailable.server";
import { de } from "#app/i18n/de";
import { wrapRouteHandlers } from "./route-handlers.server";
import { appLogger } from "./logger.server";

/**
 * While the database is away (a restart, a failover, a cut network) every request that needs it
 * is answered 503 with `Retry-After`, never 500 (docs/decisions/026). One place does it for every
 * route: each loader and action of the build is wrapped, and an error that
 * `isDatabaseUnavailable` recognises is thrown on as this response. Remix then does what it does
 * with any thrown response: a resource route (`/api/…`) answers with it as it is (JSON
 * `{ errors: [{ message }] }`), a document or a `.data` request renders the nearest error
 * boundary with status 503, whose text is `de.errors.unavailableText`.
 */
export const RETRY_AFTER_SECONDS = 5;

export function databaseUnavailableResponse(): Response {
  return Response.json(
    { errors: [{ message: de.errors.unavailableText }] },
    {
      status: 503,
      headers: { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
    },
  );
}

/** Headers every 503 answer carries, whichever way it was rendered. */
export function markUnavailable(headers: Headers): void {
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
}

/**
 * The same answer for what failed outside Remix (a middleware, the load context): JSON under
 * `/api/`, the German sentence as plain text elsewhere.
 */
export function sendDatabaseUnavailable(req: ExpressRequest, res: ExpressResponse): void {
  res.status(503).set({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });
  if (req.path.startsWith("/api/")) {
    res.json({ errors: [{ message: de.errors.unavailableText }] });
  } else {
    res.type("text/plain; charset=utf-8").send(de.errors.unavailableText);
  }
}

export interface OutageOptions {
  /** Where the outage is said; at most once per `quietMs` (a restart fails many requests). */
  log?: (line: string) => void;
  quietMs?: number;
}

export function answerDatabaseOutages(
  build: ServerBuild,
  options: OutageOptions = {},
): ServerBuild {
  const log = options.log ?? ((line: string) => appLogger().error(line));
  const quietMs = options.quietMs ?? 5_000;
  let saidAt = -Infinity;
  return wrapRouteHandlers(build, (handler) => async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const now = performance.now();
      if (now - saidAt >= quietMs) {
        saidAt = now;
        log(
          `Datenbank nicht erreichbar (${(error as Error).message}): ` +
            "Anfragen werden mit 503 beantwortet.",
        );
      }
      throw databaseUnavailableResponse();
    }
  });
}
