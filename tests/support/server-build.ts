import type { ServerBuild } from "@remix-run/node";
import * as entryServer from "#app/entry.server";
import { answerDatabaseOutages } from "#app/server/database-outage.server";

/** One route of a test build: its module and where it hangs. */
export interface BuildRoute {
  id: string;
  parentId: string | undefined;
  path: string | undefined;
  index?: boolean;
  module: Record<string, unknown>;
}

/**
 * A Remix server build from route modules themselves (no Vite build), for the test and bench
 * servers: requests go through Remix's own document, single-fetch and resource-route handling,
 * and a database that cannot be reached is answered 503 as server.ts does it.
 * Client assets are placeholders; nothing here runs in a browser.
 */
export function serverBuildFrom(table: readonly BuildRoute[]): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  const manifestRoutes: ServerBuild["assets"]["routes"] = {};
  for (const { id, parentId, path, module, index: isIndex } of table) {
    const index = isIndex || undefined;
    routes[id] = {
      id,
      parentId,
      path,
      index,
      caseSensitive: undefined,
      // Route modules are typed by their own loaders; Remix takes any of them.
      module: module as unknown as ServerBuild["routes"][string]["module"],
    };
    manifestRoutes[id] = {
      id,
      parentId,
      path,
      index,
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
  return answerDatabaseOutages({
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
  });
}
