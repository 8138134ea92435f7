import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { addToNewCart, firstItemForm, submitOrder } from "#tests/support/http-orders";
import { createTestDatabase } from "#tests/support/db";
import { prepareCheckoutDatabase, testBranches } from "#tests/support/prepare-checkout-database";
import {
  ensureBuild,
  freePort,
  startShopProcess,
  type ShopProcess,
} from "#tests/support/shop-process";

/**
 * Issue 41 part 1 (decision 109): the production build with two processes on PostgreSQL and
 * METRICS_PORT. An order placed over HTTP is counted once; the requests of both processes are
 * summed (the figures equal the request lines of both processes' logs); the outbox's depth is read
 * by one process only (not doubled); memory and event-loop lag stay per process; and the shop's
 * own port does not answer /metrics.
 */
const BRANCH = `/store/${testBranches.open.identifier}`;
const template = inject("postgresTemplate");

/** A GET on a connection of its own: node:cluster hands each new connection to the next process. */
function getAlone(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    }).on("error", reject);
  });
}

/** The series of the Prometheus text: `name{labels}` → value. */
function series(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const cut = line.lastIndexOf(" ");
    found.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return found;
}

describe.runIf(template)("the metrics endpoint", { timeout: 240_000 }, () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "backstube-metrics-"));
  let handle: DatabaseHandle;
  let shop: ShopProcess;
  let metricsPort: number;

  beforeAll(async () => {
    ensureBuild();
    handle = await createTestDatabase("postgres");
    const url = handle.databaseUrl!;
    await prepareCheckoutDatabase(handle.db);
    metricsPort = await freePort();
    // No SMTP_URL: the confirmation mail stays in the outbox, whose depth is then known.
    shop = await startShopProcess({
      DATABASE_URL: url,
      WEB_CONCURRENCY: "2",
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: "false",
      METRICS_PORT: String(metricsPort),
    });
  });

  afterAll(async () => {
    await shop?.stop();
    // Drops the copy once the shop's connections are gone.
    await handle?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("counts an order once and sums both processes' requests", async () => {
    const item = await firstItemForm(shop.origin, BRANCH);
    const added = await addToNewCart(shop.origin, item);
    if (!("cookie" in added)) throw new Error(`Warenkorb: ${added.response.status}`);
    const key = `metrics-${randomBytes(6).toString("hex")}`;
    const answer = await submitOrder(shop.origin, BRANCH, added.cookie, key);
    expect(answer.status, answer.body.slice(0, 300)).toBe(303);
    // Sent again with the same key: it lands on the same order, which is not counted again.
    const again = await submitOrder(shop.origin, BRANCH, added.cookie, key);
    expect(again.status).toBe(303);
    expect(again.location).toBe(answer.location);
    for (let i = 0; i < 12; i++) expect(await getAlone(`${shop.origin}${BRANCH}`)).toBe(200);
    expect(await getAlone(`${shop.origin}/backend/login`)).toBe(200);

    // The shop's own port knows no /metrics.
    const own = await fetch(`${shop.origin}/metrics`);
    expect(own.status).toBe(404);
    expect(await own.text()).not.toContain("backstube_");

    // Both processes have written their request lines.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    const figures = series(text);

    expect(figures.get("backstube_orders_placed_total")).toBe(1);
    const placed = await handle.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("idempotencyKey", "=", key)
      .executeTakeFirstOrThrow();
    expect(Number(placed.count)).toBe(1);

    // Each request line of either process's log is counted once in the summed figures.
    const lines = shop
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === "Anfrage");
    const pids = new Set(lines.filter((entry) => entry.route === "storefront").map((e) => e.pid));
    expect(pids.size, "beide Prozesse haben Seiten ausgeliefert").toBe(2);
    const expected = new Map<string, number>();
    for (const entry of lines) {
      const status = `${Math.floor(Number(entry.status) / 100)}xx`;
      const key = `backstube_http_request_duration_seconds_count{route="${String(entry.route)}",status="${status}"}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    expect(
      expected.get(
        `backstube_http_request_duration_seconds_count{route="storefront",status="2xx"}`,
      ),
    ).toBeGreaterThanOrEqual(13);
    for (const [key, count] of expected) expect(figures.get(key), key).toBe(count);
    const buckets = text
      .split("\n")
      .filter((line) => line.startsWith("backstube_http_request_duration_seconds_bucket{"));
    for (const route of ["storefront", "checkout", "backoffice"]) {
      expect(buckets.some((line) => line.includes(`route="${route}"`))).toBe(true);
    }
    expect([...figures.keys()].some((key) => key.startsWith("backstube_kept_pages_total{"))).toBe(
      true,
    );

    // The outbox's depth, read by one process: the confirmation mail once, not twice.
    const pending = await handle.db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("status", "=", "pending")
      .where("kind", "=", "email")
      .executeTakeFirstOrThrow();
    expect(Number(pending.count)).toBeGreaterThanOrEqual(1);
    expect(figures.get('backstube_outbox_pending{kind="email"}')).toBe(Number(pending.count));
    expect(figures.get('backstube_print_jobs{state="queued"}')).toBeTypeOf("number");
    expect(figures.get("backstube_queues_read_ok")).toBe(1);

    // Per process: memory and event-loop lag keep the process's label.
    for (const worker of ["0", "1"]) {
      expect(
        figures.get(`backstube_process_resident_memory_bytes{worker="${worker}"}`),
      ).toBeGreaterThan(10_000_000);
      expect(text).toContain(`backstube_nodejs_eventloop_lag_p99_seconds{worker="${worker}"}`);
    }
    // The pools of both processes, summed.
    expect(figures.get('backstube_db_pool_connections{state="in_use"}')).toBeTypeOf("number");
    expect(figures.get("backstube_db_pool_waiting")).toBe(0);

    // Nothing but /metrics on the metrics port.
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
  });
});
