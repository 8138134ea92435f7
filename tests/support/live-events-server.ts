import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import type { AppLoadContext, LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/express";
import { compressUnlessEventStream } from "#app/server/event-stream.server";
import { liveOrderEventStream, type LiveOrders } from "#app/server/notify-hub.server";
import { serverBuildFrom } from "./server-build";

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
  return serverBuildFrom([
    { id: "root", parentId: undefined, path: "", module: { default: () => null } },
    { id: "events", parentId: "root", path: EVENTS_PATH.slice(1), module: eventsRoute },
  ]);
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
