/**
 * A stand-in for the order board's event stream while the real route does not exist: the live
 * listener and its event stream (tests/support/live-events-server.ts) as a process of their own,
 * against DATABASE_URL, on PORT (HOST 127.0.0.1). bench/live-orders.ts starts it unless
 * BENCH_LIVE_PATH names the real route.
 *
 *   DATABASE_URL=postgres://… PORT=3301 node --import tsx bench/live-events-server.ts
 */
import { openDatabase } from "#app/db/connection.server";
import { startLiveOrders } from "#app/server/notify-hub.server";
import { startLiveEventsServer } from "#tests/support/live-events-server";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("DATABASE_URL fehlt: der Live-Testserver braucht PostgreSQL.");
  process.exit(1);
}
const database = await openDatabase({ databaseUrl, dataDir: "", maxConnections: 2 });
const live = startLiveOrders(database, { log: (line) => console.log(line) });
await live.ready();
const server = await startLiveEventsServer({
  live,
  port: Number(process.env.PORT ?? 3301),
  host: process.env.HOST ?? "127.0.0.1",
});
console.log(`Live-Testserver läuft auf ${server.url}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await live.close();
  await server.close();
  await database.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
