import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { openDatabase } from "#app/db/connection.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { WEBHOOK_EVENT_TYPES } from "#app/domain/webhook-events";

/**
 * BENCH_WEBHOOKS=10 (issue 38 part 3): before the server starts, that many webhook endpoints,
 * each subscribed to every event, point at a local receiver that answers 200 at once. The order
 * scenarios then show what the triggers (decision 093) and the delivery worker (decision 094)
 * cost an order: compare `BENCH_ONLY="Bestellung aufgeben"` with and without.
 */
export interface BenchWebhooks {
  received: () => number;
  close: () => Promise<void>;
}

export async function registerBenchWebhooks(
  env: Record<string, string>,
  count: number,
): Promise<BenchWebhooks | null> {
  if (!(count > 0)) return null;
  let received = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received += 1;
      response.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR!,
    maxConnections: 1,
  });
  try {
    // Without the large menu nothing has migrated the new database yet.
    await migrateToLatest(handle.db);
    await handle.db
      .insertInto("webhookEndpoints")
      .values(
        Array.from({ length: count }, (_, index) => ({
          url: `http://127.0.0.1:${port}/hook/${index + 1}`,
          description: `Bench ${index + 1}`,
          events: [...WEBHOOK_EVENT_TYPES],
          secret: `whsec_bench${index + 1}`,
        })),
      )
      .execute();
  } finally {
    await handle.close();
  }
  // The receiver is on this machine: the server must be allowed to reach it.
  env.WEBHOOK_PRIVATE_ADDRESSES = "true";
  console.log(`${count} Webhooks an http://127.0.0.1:${port}/hook/… angemeldet.`);
  return {
    received: () => received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
