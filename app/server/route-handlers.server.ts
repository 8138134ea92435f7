import type { ServerBuild } from "@remix-run/node";

type Route = NonNullable<ServerBuild["routes"][string]>;
export type RouteHandler = NonNullable<Route["module"]["loader"]>;

/**
 * A copy of the build whose loaders and actions are passed through `wrap`: the one way the server
 * puts behaviour around every route (bad input, database outages, the staff API's methods).
 */
export function wrapRouteHandlers(
  build: ServerBuild,
  wrap: (handler: RouteHandler, route: Route, kind: "loader" | "action") => RouteHandler,
): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module = { ...route.module };
    if (module.loader) module.loader = wrap(module.loader, route, "loader");
    if (module.action) module.action = wrap(module.action, route, "action");
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}
