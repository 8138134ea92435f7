import { data, type ServerBuild } from "@remix-run/node";
import { de } from "#app/i18n/de";
import { wrapRouteHandlers, type RouteHandler } from "./route-handlers.server";

type Route = NonNullable<ServerBuild["routes"][string]>;

/**
 * Resource routes (a download, a redirect, JSON; no page) answer what they mean (issue 35):
 *
 * - A `data(…, { status })` they throw is sent as that JSON with its status. Remix sends a thrown
 *   `data()` of a resource route as `{"message":"Unexpected Server Error"}` (it expects a
 *   Response there), so a foreign order's receipt answered 404 with that English sentence.
 * - A method they have no handler for answers a German 405 with `Allow` (JSON under `/api/`),
 *   not Remix's 405 or 400 saying "Unexpected Server Error". The staff API's routes get theirs
 *   first, after their guard (app/server/api-methods.server.ts).
 *
 * And a page without an action refuses a form with its own German 405 (below).
 */
export function answerResourceRoutes(build: ServerBuild): ServerBuild {
  const wrapped = wrapRouteHandlers(build, (handler, route) => {
    if (route.module.default) return handler;
    return async (args) => {
      try {
        return await handler(args);
      } catch (error) {
        throw isThrownData(error) ? Response.json(error.data, error.init ?? undefined) : error;
      }
    };
  });
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(wrapped.routes)) {
    if (!route) continue;
    const module = { ...route.module };
    if (isResource(route)) {
      module.loader ??= refuse("POST");
      module.action ??= refuse("GET, HEAD");
    } else if (module.default) {
      module.action ??= refusePage;
    }
    routes[id] = { ...route, module };
  }
  return { ...wrapped, routes };
}

/**
 * A form sent to a page that takes none: Remix's own 405 put its English status text and an
 * "Unexpected Server Error" into the page's data; this one carries the German sentence the error
 * page shows, and `Allow`.
 */
const refusePage: RouteHandler = () => {
  throw data(
    { message: de.errors.methodNotAllowed },
    { status: 405, headers: { Allow: "GET, HEAD" } },
  );
};

function isResource(route: Route): boolean {
  const { module } = route;
  return !module.default && (module.loader !== undefined || module.action !== undefined);
}

function refuse(allow: string): RouteHandler {
  return ({ request }) => {
    const message = de.errors.methodNotAllowed;
    const headers = { Allow: allow, "Cache-Control": "no-store" };
    if (new URL(request.url).pathname.startsWith("/api/")) {
      return Response.json({ errors: [{ message }] }, { status: 405, headers });
    }
    return new Response(message, {
      status: 405,
      headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
    });
  };
}

interface ThrownData {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}

/** What `data()` of @remix-run/node returns (the router's own check, which it does not export). */
function isThrownData(value: unknown): value is ThrownData {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit" &&
    "data" in value &&
    "init" in value
  );
}
