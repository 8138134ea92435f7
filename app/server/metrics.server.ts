import cluster from "node:cluster";
import { createServer, type Server } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { sql, type Kysely } from "kysely";
import client from "prom-client";
import type { Database } from "#app/db/schema";
import { routeGroup } from "./logger.server";

/**
 * The shop's figures for Prometheus (issue 41 part 1, decision 109). Each process counts in
 * prom-client's global registry; the endpoint runs on a port of its own (METRICS_PORT), in the
 * first process, which with several processes asks each worker for its figures and sums them
 * (prom-client's AggregatorRegistry). What is per process (memory, event-loop lag) carries a
 * `worker` label, so it stays visible per process rather than summed.
 *
 * The figures are kept on `globalThis`: the server's bundle and the app's build are two bundles,
 * each with a copy of this module, and both count into the one set (like the logger).
 */
export interface ShopMetrics {
  /** One observation per request: route group and status class. Its `_count` is the rate. */
  requests: client.Histogram<"route" | "status">;
  /** Kept pages answered from memory or rendered (X-Page-Cache), by route group. */
  keptPages: client.Counter<"route" | "outcome">;
  ordersPlaced: client.Counter;
  ordersFailed: client.Counter<"reason">;
  payments: client.Counter<"provider" | "outcome">;
}

export const METRIC_PREFIX = "backstube_";
/** Seconds: a kept page takes a millisecond, a rendered menu tens of them, a slow order seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const SLOT = Symbol.for("backstube.metrics");
type WithMetrics = typeof globalThis & { [SLOT]?: ShopMetrics };

export function shopMetrics(): ShopMetrics {
  const holder = globalThis as WithMetrics;
  holder[SLOT] ??= createShopMetrics(client.register);
  return holder[SLOT];
}

export function createShopMetrics(registry: client.Registry): ShopMetrics {
  const registers = [registry];
  return {
    requests: new client.Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: "Dauer der Anfragen in Sekunden, nach Bereich und Statusklasse",
      labelNames: ["route", "status"],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    keptPages: new client.Counter({
      name: `${METRIC_PREFIX}kept_pages_total`,
      help: "Gehaltene Seiten: aus dem Speicher beantwortet (hit), gerendert (miss) oder ausgeschaltet (off)",
      labelNames: ["route", "outcome"],
      registers,
    }),
    ordersPlaced: new client.Counter({
      name: `${METRIC_PREFIX}orders_placed_total`,
      help: "Gespeicherte neue Bestellungen",
      registers,
    }),
    ordersFailed: new client.Counter({
      name: `${METRIC_PREFIX}orders_failed_total`,
      help: "Nicht gespeicherte Bestellungen: abgelehnt (refused) oder Fehler (error)",
      labelNames: ["reason"],
      registers,
    }),
    payments: new client.Counter({
      name: `${METRIC_PREFIX}payments_total`,
      help: "Ergebnisse der Online-Zahlungen nach Anbieter",
      labelNames: ["provider", "outcome"],
      registers,
    }),
  };
}

/** `2xx` … `5xx`, or `aborted` when the connection closed before an answer. */
export function statusClass(status: number): string {
  if (status < 100 || status > 599) return "aborted";
  return `${Math.floor(status / 100)}xx`;
}

/** What the kept pages' `X-Page-Cache` header says, as hit, miss or off (or none). */
export function keptOutcome(header: unknown): "hit" | "miss" | "off" | null {
  switch (header) {
    case "hit":
    case "own":
    case "visitor":
      return "hit";
    case "miss":
    case "own-miss":
      return "miss";
    case "off":
      return "off";
    default:
      return null;
  }
}

/** The route groups counted; the built assets are not (most requests, nothing to learn). */
const COUNTED = new Set(["storefront", "checkout", "status", "backoffice", "api"]);

/**
 * One histogram observation per request once its answer is sent (or the connection closed), by
 * route group (the log's `routeGroup`) and status class; a kept page's hit or miss besides.
 * Nothing is read from the database here.
 */
export function requestMetrics(metrics: ShopMetrics = shopMetrics()) {
  const children = new Map<string, client.Histogram.Internal<"route" | "status">>();
  const child = (route: string, status: string) => {
    const key = `${route}|${status}`;
    let found = children.get(key);
    if (!found) {
      found = metrics.requests.labels(route, status);
      children.set(key, found);
    }
    return found;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.originalUrl || req.url;
    const route = routeGroup(path);
    if (!COUNTED.has(route) || path === "/healthz") return next();
    const started = performance.now();
    let counted = false;
    const done = () => {
      if (counted) return;
      counted = true;
      const status = res.headersSent ? res.statusCode : 0;
      child(route, statusClass(status)).observe((performance.now() - started) / 1000);
      const kept = keptOutcome(res.getHeader("X-Page-Cache"));
      if (kept) metrics.keptPages.inc({ route, outcome: kept });
    };
    res.once("finish", done);
    res.once("close", done);
    next();
  };
}

/** Counts an order the one place orders are written: placed, or failed and why. */
export function countOrder(outcome: "placed" | "refused" | "error"): void {
  const metrics = shopMetrics();
  if (outcome === "placed") metrics.ordersPlaced.inc();
  else metrics.ordersFailed.inc({ reason: outcome });
}

export type PaymentOutcome = "paid" | "pending" | "failed" | "refunded" | "not_started";

export function countPayment(provider: string, outcome: PaymentOutcome): void {
  shopMetrics().payments.inc({ provider, outcome });
}

/**
 * The process's memory, event-loop lag, garbage collection and handles (prom-client's default
 * figures), with the process's `worker` label: summed over processes they would say nothing.
 */
export function collectProcessMetrics(worker: string): void {
  client.collectDefaultMetrics({ prefix: METRIC_PREFIX, labels: { worker } });
}

/** The PostgreSQL pool of this process: connections in use, idle, and requests waiting. */
export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
}

export function poolMetrics(read: () => PoolFigures, registry = client.register): void {
  const registers = [registry];
  new client.Gauge({
    name: `${METRIC_PREFIX}db_pool_connections`,
    help: "Verbindungen des PostgreSQL-Pools: in Benutzung (in_use) und frei (idle)",
    labelNames: ["state"],
    registers,
    collect() {
      const figures = read();
      this.set({ state: "in_use" }, figures.total - figures.idle);
      this.set({ state: "idle" }, figures.idle);
    },
  });
  new client.Gauge({
    name: `${METRIC_PREFIX}db_pool_waiting`,
    help: "Anfragen, die auf eine Verbindung des PostgreSQL-Pools warten",
    registers,
    collect() {
      this.set(read().waiting);
    },
  });
}

export interface QueueFigures {
  outbox: { kind: string; pending: number }[];
  printQueued: number;
  printFailed: number;
  oldestQueuedSeconds: number;
}

/**
 * The queues' depths, read from the database in one statement. Failed print jobs count for a
 * day: after that they are history, not an alarm.
 */
export async function readQueues(db: Kysely<Database>): Promise<QueueFigures> {
  const result = await sql<{
    email: number;
    sms: number;
    printQueued: number;
    printFailed: number;
    oldest: number | null;
  }>`
    select
      (select count(*) from outbox where status = 'pending' and kind = 'email')::int as email,
      (select count(*) from outbox where status = 'pending' and kind = 'sms')::int as sms,
      (select count(*) from print_jobs where status in ('pending', 'sending'))::int
        as "printQueued",
      (select count(*) from print_jobs
        where status = 'failed' and created_at > now() - interval '1 day')::int as "printFailed",
      (select extract(epoch from now() - min(created_at))::float8 from print_jobs
        where status in ('pending', 'sending')) as oldest
  `.execute(db);
  const row = result.rows[0]!;
  return {
    outbox: [
      { kind: "email", pending: Number(row.email) },
      { kind: "sms", pending: Number(row.sms) },
    ],
    printQueued: Number(row.printQueued),
    printFailed: Number(row.printFailed),
    oldestQueuedSeconds: Math.max(0, Number(row.oldest ?? 0)),
  };
}

/**
 * The queues' figures, read at scrape time. Registered in one process only (the first worker),
 * so the sum over workers does not multiply them. One read serves all of a scrape's gauges; a
 * database that is away leaves them out of that scrape (a gap, not an error page).
 */
export function queueMetrics(read: () => Promise<QueueFigures>, registry = client.register): void {
  let current: { at: number; figures: Promise<QueueFigures | null> } | null = null;
  const figures = () => {
    const at = Date.now();
    if (!current || at - current.at > 1_000) {
      current = { at, figures: read().catch(() => null) };
    }
    return current.figures;
  };
  const registers = [registry];
  new client.Gauge({
    name: `${METRIC_PREFIX}outbox_pending`,
    help: "Mails und SMS, die noch auf den Versand warten",
    labelNames: ["kind"],
    registers,
    async collect() {
      const found = await figures();
      this.reset();
      for (const { kind, pending } of found?.outbox ?? []) this.set({ kind }, pending);
    },
  });
  new client.Gauge({
    name: `${METRIC_PREFIX}print_jobs`,
    help: "Druckaufträge: wartend (queued) und gescheitert in den letzten 24 Stunden (failed)",
    labelNames: ["state"],
    registers,
    async collect() {
      const found = await figures();
      this.reset();
      if (!found) return;
      this.set({ state: "queued" }, found.printQueued);
      this.set({ state: "failed" }, found.printFailed);
    },
  });
  new client.Gauge({
    name: `${METRIC_PREFIX}print_jobs_oldest_queued_seconds`,
    help: "Alter des ältesten wartenden Druckauftrags in Sekunden (0 ohne wartende)",
    registers,
    async collect() {
      const found = await figures();
      // While the database is away the last age stays; `queues_read_ok` says it is old.
      if (found) this.set(found.oldestQueuedSeconds);
    },
  });
  new client.Gauge({
    name: `${METRIC_PREFIX}queues_read_ok`,
    help: "1, wenn die Warteschlangen beim letzten Abruf aus der Datenbank gelesen wurden, sonst 0",
    registers,
    async collect() {
      this.set((await figures()) ? 1 : 0);
    },
  });
}

/**
 * The workers answer the first process's requests for their figures (prom-client listens for
 * them once an AggregatorRegistry exists in the process).
 */
export function answerForMetrics(): void {
  if (cluster.isWorker) new client.AggregatorRegistry();
}

/**
 * The endpoint: `GET /metrics` on its own port and address, never the shop's. With several
 * processes the first one sums its workers' figures; a single process answers its own.
 */
export function startMetricsServer(options: {
  port: number;
  host: string;
  clustered: boolean;
  onListening?: (port: number) => void;
  onError: (error: NodeJS.ErrnoException) => void;
}): Server {
  const aggregator = options.clustered ? new client.AggregatorRegistry() : null;
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Nicht gefunden. Die Kennzahlen stehen unter /metrics.\n");
      return;
    }
    const text = aggregator ? aggregator.clusterMetrics() : client.register.metrics();
    text.then(
      (body) => {
        res.writeHead(200, {
          "Content-Type": (aggregator ?? client.register).contentType,
          "Cache-Control": "no-store",
        });
        res.end(req.method === "HEAD" ? undefined : body);
      },
      (error: Error) => {
        res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8" });
        res.end(`Kennzahlen nicht verfügbar: ${error.message}\n`);
      },
    );
  });
  server.on("error", options.onError);
  server.listen(options.port, options.host, () => {
    const address = server.address();
    options.onListening?.(typeof address === "object" && address ? address.port : options.port);
  });
  return server;
}
