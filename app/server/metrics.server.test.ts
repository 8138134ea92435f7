import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import express from "express";
import client from "prom-client";
import { afterEach, describe, expect, it } from "vitest";
import {
  METRIC_PREFIX,
  createShopMetrics,
  keptOutcome,
  poolMetrics,
  queueMetrics,
  requestMetrics,
  startMetricsServer,
  statusClass,
  type QueueFigures,
} from "./metrics.server";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function listen(app: express.Express) {
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The value of one series in the registry's text, or undefined. */
async function value(registry: client.Registry, series: string) {
  const text = await registry.metrics();
  const line = text.split("\n").find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Waits until the answer's observation is made ('finish' may come just after the client has it). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the shop's metrics", () => {
  it("names status classes and the kept pages' outcomes", () => {
    expect(statusClass(200)).toBe("2xx");
    expect(statusClass(303)).toBe("3xx");
    expect(statusClass(404)).toBe("4xx");
    expect(statusClass(503)).toBe("5xx");
    expect(statusClass(0)).toBe("aborted");
    expect(
      ["hit", "own", "visitor", "miss", "own-miss", "off", undefined].map(keptOutcome),
    ).toEqual(["hit", "hit", "hit", "miss", "miss", "off", null]);
  });

  it("observes each request once by route group and status class, not the assets", async () => {
    const registry = new client.Registry();
    const metrics = createShopMetrics(registry);
    const app = express();
    app.use(requestMetrics(metrics));
    app.get("/", (_req, res) => void res.set("X-Page-Cache", "hit").send("ok"));
    app.get("/store/mitte", (_req, res) => void res.set("X-Page-Cache", "miss").send("ok"));
    app.post("/store/mitte/checkout", (_req, res) => void res.redirect(303, "/status/a/b"));
    app.get("/backend/orders", (_req, res) => void res.status(403).send("nein"));
    app.get("/api/v1/products", (_req, res) => void res.status(500).send("nein"));
    app.get("/assets/app.js", (_req, res) => void res.send("js"));
    app.get("/healthz", (_req, res) => void res.send("ok"));
    const origin = await listen(app);
    await fetch(`${origin}/`);
    await fetch(`${origin}/`);
    await fetch(`${origin}/store/mitte`);
    await fetch(`${origin}/store/mitte/checkout`, { method: "POST", redirect: "manual" });
    await fetch(`${origin}/backend/orders`);
    await fetch(`${origin}/api/v1/products`);
    await fetch(`${origin}/assets/app.js`);
    await fetch(`${origin}/healthz`);
    await settled();
    const count = (route: string, status: string) =>
      value(
        registry,
        `backstube_http_request_duration_seconds_count{route="${route}",status="${status}"}`,
      );
    expect(await count("storefront", "2xx")).toBe(3);
    expect(await count("checkout", "3xx")).toBe(1);
    expect(await count("backoffice", "4xx")).toBe(1);
    expect(await count("api", "5xx")).toBe(1);
    expect(await registry.metrics()).not.toContain('route="assets"');
    expect(
      await value(registry, 'backstube_kept_pages_total{route="storefront",outcome="hit"}'),
    ).toBe(2);
    expect(
      await value(registry, 'backstube_kept_pages_total{route="storefront",outcome="miss"}'),
    ).toBe(1);
  });

  it("reads the queues once per scrape and leaves them out while the database is away", async () => {
    const registry = new client.Registry();
    let reads = 0;
    let away = false;
    const figures: QueueFigures = {
      outbox: [
        { kind: "email", pending: 3 },
        { kind: "sms", pending: 1 },
      ],
      printQueued: 2,
      printFailed: 1,
      oldestQueuedSeconds: 42.5,
    };
    queueMetrics(async () => {
      reads += 1;
      if (away) throw new Error("Verbindung verloren");
      return figures;
    }, registry);
    expect(await value(registry, 'backstube_outbox_pending{kind="email"}')).toBe(3);
    expect(reads).toBe(1);
    expect(await value(registry, 'backstube_print_jobs{state="queued"}')).toBe(2);
    expect(await value(registry, 'backstube_print_jobs{state="failed"}')).toBe(1);
    expect(await value(registry, "backstube_print_jobs_oldest_queued_seconds")).toBe(42.5);
    expect(await value(registry, "backstube_queues_read_ok")).toBe(1);
    away = true;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const text = await registry.metrics();
    expect(text).not.toContain("backstube_outbox_pending{");
    expect(text).not.toContain("backstube_print_jobs{");
    expect(await value(registry, "backstube_queues_read_ok")).toBe(0);
  });

  it("reports the pool's connections in use, idle and waiting", async () => {
    const registry = new client.Registry();
    poolMetrics(() => ({ total: 7, idle: 2, waiting: 4 }), registry);
    expect(await value(registry, 'backstube_db_pool_connections{state="in_use"}')).toBe(5);
    expect(await value(registry, 'backstube_db_pool_connections{state="idle"}')).toBe(2);
    expect(await value(registry, "backstube_db_pool_waiting")).toBe(4);
  });

  it("answers /metrics on its own port and nothing else there", async () => {
    const server = startMetricsServer({
      port: 0,
      host: "127.0.0.1",
      clustered: false,
      onError: (error) => {
        throw error;
      },
    });
    await new Promise<void>((resolve) => server.once("listening", resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const answer = await fetch(`${origin}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain");
    const other = await fetch(`${origin}/`);
    expect(other.status).toBe(404);
    expect(await other.text()).toContain("/metrics");
  });

  it("has a dashboard that asks only for figures the shop exports", async () => {
    const registry = new client.Registry();
    createShopMetrics(registry);
    queueMetrics(
      async () => ({ outbox: [], printQueued: 0, printFailed: 0, oldestQueuedSeconds: 0 }),
      registry,
    );
    poolMetrics(() => ({ total: 0, idle: 0, waiting: 0 }), registry);
    client.collectDefaultMetrics({
      prefix: METRIC_PREFIX,
      register: registry,
      labels: { worker: "0" },
    });
    const exported = new Set<string>();
    for (const metric of await registry.getMetricsAsJSON()) {
      exported.add(metric.name);
      if (String(metric.type) === "histogram") {
        for (const suffix of ["_bucket", "_count", "_sum"]) exported.add(`${metric.name}${suffix}`);
      }
    }
    const dashboard = JSON.parse(readFileSync("ops/grafana-dashboard.json", "utf8")) as {
      panels: { type: string; targets?: { expr: string }[] }[];
    };
    const asked = dashboard.panels
      .flatMap((panel) => panel.targets ?? [])
      .flatMap((target) => target.expr.match(/backstube_[a-z0-9_]+/g) ?? []);
    expect(asked.length).toBeGreaterThan(15);
    for (const name of asked) expect(exported, name).toContain(name);
    // Every figure the issue asks for has a panel.
    for (const figure of [
      "http_request",
      "orders",
      "payments",
      "outbox",
      "print_jobs",
      "kept_pages",
      "db_pool",
      "eventloop",
      "resident_memory",
    ]) {
      expect(
        asked.some((name) => name.includes(figure)),
        figure,
      ).toBe(true);
    }
  });
});
