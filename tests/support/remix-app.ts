import type { ServerBuild } from "@remix-run/node";
import * as entryServer from "#app/entry.server";
import * as root from "#app/root";
import * as publicOrder from "#app/routes/api/public-order";
import * as publicOrderOperation from "#app/routes/api/public-order-operation";
import * as site from "#app/routes/site";
import * as status from "#app/routes/status";

/**
 * A Remix server build assembled from the route modules themselves (no Vite build needed), with
 * the routes the status page needs, as `app/routes.ts` declares them. Requests then go through
 * Remix's own document, single-fetch and resource-route handling: headers, 304s, redirects,
 * rendering. Client assets are placeholders; nothing here runs in a browser.
 */
const routeTable = [
  { id: "root", parentId: undefined, path: "", module: root },
  { id: "routes/status", parentId: "root", path: "status/:uid/:hash", module: status },
  {
    id: "routes/api/public-order",
    parentId: "root",
    path: "api/orders/public/:uid/:hash",
    module: publicOrder,
  },
  {
    id: "routes/api/public-order-operation",
    parentId: "root",
    path: "api/orders/public/:uid/:hash/:operation",
    module: publicOrderOperation,
  },
  { id: "routes/site", parentId: "root", path: "*", module: site },
] as const;

export function statusPageBuild(): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  const manifestRoutes: ServerBuild["assets"]["routes"] = {};
  for (const { id, parentId, path, module } of routeTable) {
    routes[id] = {
      id,
      parentId,
      path,
      index: undefined,
      caseSensitive: undefined,
      // Route modules are typed by their own loaders; Remix takes any of them.
      module: module as ServerBuild["routes"][string]["module"],
    };
    manifestRoutes[id] = {
      id,
      parentId,
      path,
      index: undefined,
      caseSensitive: undefined,
      module: `/assets/${id.replaceAll("/", "-")}.js`,
      imports: [],
      hasAction: "action" in module,
      hasLoader: "loader" in module,
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: "ErrorBoundary" in module,
    };
  }
  return {
    mode: "production",
    entry: { module: entryServer },
    routes,
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: manifestRoutes,
      url: "/assets/manifest-test.js",
      version: "test",
    },
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_singleFetch: true,
      v3_lazyRouteDiscovery: true,
    },
    isSpaMode: false,
  };
}
