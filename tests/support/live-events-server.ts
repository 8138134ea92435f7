import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import type { AppLoadContext, LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/express";
import * as entryServer from "#app/entry.server";
import { compressUnlessEventStream } from "#app/server/event-stream.server";
import { liveOrderEventStream, type LiveOrders } from "#app/server/live-orders.server";

/**
 * The order board's event stream on a server of its own, until the real route
 * (`/backend/orders/events`, with login and branch checks) exists: the same middleware order as
 * server.ts (compression with its filter first) and a Remix resource route whose loader is what
 * the board's will be, run by Remix's own express adapter (streaming, abort on disconnect).
 * `?branch=1&branch=2` chooses the branches; without it, every branch.
 */
export const EVENTS_PATH = "/backend/orders/events";

export function branchIdsOf(url: URL): number[] | null {
  const values = url.searchParams.getAll("branch").map(Number);
  return values.length > 0 ? values.filter((id) => Number.isSafeInteger(id) && id > 0) : null;
}

const eventsRoute = {
  loader: ({ request, context }: LoaderFunctionArgs) =>
    liveOrderEventStream(request, context.live, branchIdsOf(new URL(request.url)), {
      heartbeatMs: (context as { heartbeatMs?: number }).heartbeatMs,
    }),
};

function build(): ServerBuild {
  const routes = {
    root: { id: "root", path: "", module: { default: () => null } },
    events: { id: "events", parentId: "root", path: EVENTS_PATH.slice(1), module: eventsRoute },
  };
  return {
    mode: "production",
    entry: { module: entryServer },
    routes: Object.fromEntries(
      Object.entries(routes).map(([id, route]) => [
        id,
        { index: undefined, caseSensitive: undefined, parentId: undefined, ...route },
      ]),
    ) as unknown as ServerBuild["routes"],
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: Object.fromEntries(
        Object.values(routes).map((route) => [
          route.id,
          {
            id: route.id,
            parentId: "parentId" in route ? route.parentId : undefined,
            path: route.path,
            module: `/assets/${route.id}.js`,
            hasAction: false,
            hasLoader: "loader" in route.module,
            hasClientAction: false,
            hasClientLoader: false,
            hasErrorBoundary: false,
          },
        ]),
      ),
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

export interface LiveEventsServer {
  origin: string;
  /** The stream's URL on this server. */
  url: string;
  server: Server;
  close(): Promise<void>;
}

export async function startLiveEventsServer(options: {
  live: LiveOrders;
  port?: number;
  host?: string;
  heartbeatMs?: number;
}): Promise<LiveEventsServer> {
  const app = express();
  app.disable("x-powered-by");
  app.use(compression({ filter: compressUnlessEventStream }));
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok", live: options.live.status() });
  });
  app.all(
    "*",
    createRequestHandler({
      build: build(),
      mode: "production",
      getLoadContext: () =>
        ({ live: options.live, heartbeatMs: options.heartbeatMs }) as unknown as AppLoadContext,
    }),
  );
  const host = options.host ?? "127.0.0.1";
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(options.port ?? 0, host, () => resolve(listening));
    listening.on("error", reject);
  });
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: origin + EVENTS_PATH,
    server,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
