import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A webhook receiver for tests, speaking plain HTTP: it can be down (nothing listens on its port,
 * so connections are refused), slow (it reads and records the request, then answers after
 * `slowMs`) or up (answers 200 at once). Every request that arrived in full is recorded, in order.
 */
export interface ReceivedWebhook {
  headers: IncomingMessage["headers"];
  body: string;
  at: number;
}

export interface WebhookReceiver {
  readonly port: number;
  readonly url: string;
  readonly received: ReceivedWebhook[];
  mode: "up" | "slow";
  slowMs: number;
  status: number;
  /** Starts listening on the port (again). */
  up(): Promise<void>;
  /** Stops listening: connections are refused. */
  down(): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(
  options: { listening?: boolean; path?: string } = {},
): Promise<WebhookReceiver> {
  const sockets = new Set<Socket>();
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      receiver.received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      });
      const answer = () => {
        if (response.destroyed) return;
        response.writeHead(receiver.status, { "Content-Type": "text/plain" });
        response.end(receiver.status < 300 ? "ok danke" : "kaputt");
      };
      if (receiver.mode === "slow") setTimeout(answer, receiver.slowMs);
      else answer();
    });
  };
  let server: Server | null = null;
  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const next = createServer(handle);
      next.on("connection", (socket) => {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
      });
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => resolve(next));
    });
  const stop = async () => {
    if (!server) return;
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  // A free port of our own, kept while we listen and reused after `down()`.
  server = await listen(0);
  const port = (server.address() as AddressInfo).port;
  if (options.listening === false) await stop();
  const receiver: WebhookReceiver = {
    port,
    url: `http://127.0.0.1:${port}${options.path ?? "/hook"}`,
    received: [],
    mode: "up",
    slowMs: 3_000,
    status: 200,
    async up() {
      if (!server) server = await listen(port);
    },
    down: stop,
    close: stop,
  };
  return receiver;
}
