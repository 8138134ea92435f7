/**
 * Live order board: how long a new order and a status change take to reach each of 20 connected
 * boards (the target: a status change in under 1 s at p99 with 20 boards). The bench
 * opens BENCH_LIVE_CLIENTS event streams, writes orders straight into PostgreSQL (one every
 * BENCH_LIVE_INTERVAL_MS), then changes each one's status, and times every event at every
 * client from the moment the statement was sent: database, trigger, NOTIFY, the instance's
 * listener, the event stream and the network, all in. A missing event fails the run.
 *
 *   node --import tsx bench/live-orders.ts     # on its own: a fresh database, the stand-in server
 *   BENCH_DATABASE=postgres npm run bench      # as part of the bench, after the other scenarios
 *
 * Switches:
 *   BENCH_LIVE_CLIENTS=20        event streams (boards)
 *   BENCH_LIVE_CHANGES=200       orders created, then as many status changes
 *   BENCH_LIVE_INTERVAL_MS=50    pause between two writes
 *   BENCH_LIVE_PATH=/backend/orders/events?branch=1   in `npm run bench`: the real route on the
 *                                measured server instead of the stand-in (bench/live-events-server.ts)
 *   BENCH_LIVE_URL=http://…      on its own: a running server's stream; then also
 *   BENCH_LIVE_DATABASE_URL=…    the database that server uses (orders are written there)
 *   BENCH_LIVE_COOKIE=…          Cookie header for the real route (a staff session)
 *   BENCH_LIVE_BRANCH=1          the branch the orders go to (default: the first branch)
 *   BENCH_POSTGRES_URL=…         the server the fresh database is created on
 */
import { demoBenchDatabase } from "./harness";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { openEventStream, type SseConnection, type SseEvent } from "#tests/support/sse-client";
import { ensurePortFree, stopServer, waitForHealth } from "./server";

export interface LiveBenchOptions {
  /** The event stream's full URL. */
  eventsUrl: string;
  headers?: Record<string, string>;
  /** The database the server behind `eventsUrl` listens to. */
  databaseUrl: string;
  clients?: number;
  changes?: number;
  intervalMs?: number;
  branchId?: number;
}

export interface Latencies {
  expected: number;
  received: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface LiveBenchResult {
  clients: number;
  changes: number;
  intervalMs: number;
  branchId: number;
  created: Latencies;
  updated: Latencies;
  /** Status changes, per client. */
  perClient: (Latencies & { client: number })[];
  ok: boolean;
}

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export const liveBenchDefaults = () => ({
  clients: env("BENCH_LIVE_CLIENTS", 20),
  changes: env("BENCH_LIVE_CHANGES", 200),
  intervalMs: env("BENCH_LIVE_INTERVAL_MS", 50),
  branchId: process.env.BENCH_LIVE_BRANCH ? Number(process.env.BENCH_LIVE_BRANCH) : undefined,
  headers: process.env.BENCH_LIVE_COOKIE ? { Cookie: process.env.BENCH_LIVE_COOKIE } : undefined,
});

const round = (ms: number) => Math.round(ms * 10) / 10;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summarise(values: number[], expected: number): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    expected,
    received: sorted.length,
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
  };
}

interface Write {
  kind: "created" | "updated";
  id: number;
  sentAt: number;
}

function orderOf(event: SseEvent): { kind: string; id: number } | null {
  if (event.event !== "order") return null;
  try {
    return JSON.parse(event.data) as { kind: string; id: number };
  } catch {
    return null;
  }
}

export async function measureLiveOrders(options: LiveBenchOptions): Promise<LiveBenchResult> {
  const clients = options.clients ?? 20;
  const changes = options.changes ?? 200;
  const intervalMs = options.intervalMs ?? 50;
  const database = new pg.Client({ connectionString: options.databaseUrl });
  await database.connect();
  const streams: SseConnection[] = [];
  try {
    const branchId =
      options.branchId ??
      (await database.query<{ id: number }>("select id from branches order by id limit 1")).rows[0]
        ?.id;
    if (!branchId) throw new Error("Keine Filiale in der Datenbank.");

    for (let i = 0; i < clients; i++) {
      const stream = await openEventStream(options.eventsUrl, { headers: options.headers });
      streams.push(stream);
      if (
        stream.status !== 200 ||
        !/text\/event-stream/.test(stream.headers["content-type"] ?? "")
      ) {
        throw new Error(
          `${options.eventsUrl}: Status ${stream.status}, ${stream.headers["content-type"] ?? "ohne Content-Type"} statt eines Event-Streams.`,
        );
      }
    }
    // Every stream has said hello (and so is subscribed) before the first write.
    const deadline = Date.now() + 10_000;
    while (streams.some((s) => !s.comments.includes("verbunden")) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));

    const writes: Write[] = [];
    const pause = () => new Promise((resolve) => setTimeout(resolve, intervalMs));
    const ids: number[] = [];
    for (let i = 0; i < changes; i++) {
      const sentAt = performance.now();
      const { rows } = await database.query<{ id: number }>(
        `with ticket as (
           insert into ticket_counters (branch_id, business_date, last_number)
           values ($1, current_date, 1)
           on conflict (branch_id, business_date)
           do update set last_number = ticket_counters.last_number + 1
           returning last_number
         )
         insert into orders (hash, branch_id, business_date, ticket_number, name, payment_method,
                             net, tax, gross, total_net, total_tax, total_gross)
         select $2, $1, current_date, last_number, 'Live-Bench', 'cash', 0, 0, 0, 0, 0, 0
         from ticket
         returning id`,
        [branchId, randomBytes(18).toString("base64url")],
      );
      const id = rows[0]!.id;
      ids.push(id);
      writes.push({ kind: "created", id, sentAt });
      await pause();
    }
    for (const id of ids) {
      const sentAt = performance.now();
      await database.query("update orders set is_confirmed = true where id = $1", [id]);
      writes.push({ kind: "updated", id, sentAt });
      await pause();
    }

    // Wait until every client has every event, or 5 s after the last write.
    const expected = writes.length;
    const seen = (stream: SseConnection) =>
      stream.events.filter((event) => orderOf(event) !== null).length;
    const until = Date.now() + 5_000;
    while (streams.some((s) => seen(s) < expected) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const latencies = { created: [] as number[], updated: [] as number[] };
    const perClient: LiveBenchResult["perClient"] = [];
    streams.forEach((stream, index) => {
      const arrived = new Map<string, number>();
      for (const event of stream.events) {
        const order = orderOf(event);
        const key = order ? `${order.kind}:${order.id}` : "";
        if (order && !arrived.has(key)) arrived.set(key, event.receivedAt);
      }
      const mine: number[] = [];
      for (const write of writes) {
        const at = arrived.get(`${write.kind}:${write.id}`);
        if (at === undefined) continue;
        latencies[write.kind].push(at - write.sentAt);
        if (write.kind === "updated") mine.push(at - write.sentAt);
      }
      perClient.push({ client: index + 1, ...summarise(mine, changes) });
    });
    const created = summarise(latencies.created, changes * clients);
    const updated = summarise(latencies.updated, changes * clients);
    return {
      clients,
      changes,
      intervalMs,
      branchId,
      created,
      updated,
      perClient,
      ok: created.received === created.expected && updated.received === updated.expected,
    };
  } finally {
    for (const stream of streams) stream.close();
    await database.end();
  }
}

export function printLiveResult(result: LiveBenchResult): void {
  console.log(
    `\nLive-Bestellungen: ${result.clients} Boards, je ${result.changes} neue Bestellungen und ` +
      `${result.changes} Statusänderungen (alle ${result.intervalMs} ms, Filiale ` +
      `${result.branchId}); Latenz vom Senden der Anweisung bis zum Ereignis im Board, in ms`,
  );
  console.table([
    { ereignis: "neue Bestellung", ...result.created },
    { ereignis: "Statusänderung", ...result.updated },
  ]);
  console.log("Statusänderungen je Board:");
  console.table(result.perClient);
  const target = result.updated.p99 < 1_000;
  console.log(
    `Ziel (Statusänderung p99 < 1000 ms bei 20 Boards): ${target ? "erreicht" : "verfehlt"} ` +
      `(p99 ${result.updated.p99} ms).`,
  );
  if (!result.ok) {
    console.error(
      `Ereignisse fehlen: ${result.created.expected - result.created.received} neue, ` +
        `${result.updated.expected - result.updated.received} Statusänderungen.`,
    );
  }
}

/**
 * The stand-in event stream (bench/live-events-server.ts) as a process of its own on `port`,
 * listening to `databaseUrl`; resolves once it answers.
 */
export async function startLiveStandIn(
  databaseUrl: string,
  port: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  await ensurePortFree(port);
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "bench/live-events-server.ts"],
    {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1" },
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(origin, child);
  } catch (error) {
    await stopServer(child);
    throw error;
  }
  return { url: `${origin}/backend/orders/events`, stop: () => stopServer(child) };
}

/** On its own: a fresh, migrated and seeded database, the stand-in server, one measurement. */
async function main(): Promise<void> {
  const defaults = liveBenchDefaults();
  if (process.env.BENCH_LIVE_URL) {
    const databaseUrl = process.env.BENCH_LIVE_DATABASE_URL;
    if (!databaseUrl) throw new Error("Mit BENCH_LIVE_URL auch BENCH_LIVE_DATABASE_URL setzen.");
    const result = await measureLiveOrders({
      ...defaults,
      eventsUrl: process.env.BENCH_LIVE_URL,
      databaseUrl,
    });
    printLiveResult(result);
    if (!result.ok) process.exitCode = 1;
    return;
  }
  const { databaseUrl, drop } = await demoBenchDatabase("live");
  try {
    const standIn = await startLiveStandIn(
      databaseUrl,
      Number(process.env.BENCH_LIVE_PORT ?? 3301),
    );
    try {
      const result = await measureLiveOrders({ ...defaults, eventsUrl: standIn.url, databaseUrl });
      printLiveResult(result);
      if (!result.ok) process.exitCode = 1;
    } finally {
      await standIn.stop();
    }
  } finally {
    await drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
