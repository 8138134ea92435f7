import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { WEBHOOK_EVENT_TYPES } from "#app/domain/webhook-events";
import type { Kysely } from "kysely";
import { seedDemoData } from "#app/db/seed.server";
import { AUTOMATIC_SCOPE } from "#app/features/orders/staff-order-actions.server";
import { changeOrderStatus } from "#app/features/orders/staff-orders.server";
import { settlePayment } from "#app/features/checkout/payment.server";
import {
  drainEndpoint,
  sendWebhook,
  startWebhookWorker,
  webhookRetryDelay,
  type WebhookWorker,
} from "#app/features/webhooks/webhook-delivery.server";
import { verifySignature } from "#app/features/webhooks/webhook-signature";
import {
  createEndpoint,
  listDeliveries,
  parseEndpoint,
  resendDelivery,
  urlProblem,
} from "#app/features/webhooks/webhooks.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import { startWebhookReceiver } from "#tests/support/webhook-receiver";

/**
 * The 1,000 orders on PostgreSQL, where two workers race; PGlite (one connection, in
 * WebAssembly) takes several minutes for them on a shared machine, so it runs a fifth of them.
 */
const ordersOn = (target: string) =>
  Number(process.env.WEBHOOK_TEST_ORDERS ?? (target === "postgres" ? 1_000 : 200));
const workerLog: string[] = [];
const quiet = (line: string) => void workerLog.push(line);

interface Body {
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

/**
 * PGlite has one connection, and the test's back-to-back statements would always win it: a short
 * pause now and then lets the worker in, as a shop's pauses between orders do.
 */
const breather = () => new Promise((resolve) => setTimeout(resolve, 5));

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Zeitüberschreitung: ${what}`);
}

const pending = async (db: Kysely<Database>, endpointId: number) =>
  Number(
    (
      await db
        .selectFrom("webhookDeliveries")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("endpointId", "=", endpointId)
        .where("status", "=", "pending")
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("the webhook rules", () => {
  it("retries after 10 s, 30 s, 1 min, 2 min and then every 5 min", () => {
    expect([1, 2, 3, 4, 5, 6, 50].map((n) => webhookRetryDelay(n))).toEqual([
      10_000, 30_000, 60_000, 120_000, 300_000, 300_000, 300_000,
    ]);
  });

  it("takes only http(s) addresses without credentials; private ones only when allowed", () => {
    expect(urlProblem("https://erp.example/hooks", false)).toBeNull();
    expect(urlProblem("ftp://erp.example/hooks", false)).toMatch(/^Adresse \(URL\)/);
    expect(urlProblem("javascript:alert(1)", false)).toMatch(/^Adresse \(URL\)/);
    expect(urlProblem("https://user:pw@erp.example/", false)).toMatch(/Passwort/);
    expect(urlProblem("http://127.0.0.1:8080/", false)).toMatch(/eigenen Netz/);
    expect(urlProblem("http://[::1]/", false)).toMatch(/eigenen Netz/);
    expect(urlProblem("http://localhost/", false)).toMatch(/eigenen Netz/);
    expect(urlProblem("http://10.1.2.3/", false)).toMatch(/eigenen Netz/);
    expect(urlProblem("http://127.0.0.1:8080/", true)).toBeNull();
  });

  it("names the field of each bad input in German", () => {
    const outcome = parseEndpoint({ url: "kaputt", events: ["order.eaten"] }, false);
    expect(outcome).toMatchObject({ ok: false, status: 400 });
    if (outcome.ok) return;
    expect(outcome.errors.map((error) => error.field).sort()).toEqual(["events", "url"]);
    expect(outcome.errors.every((error) => /^(Adresse|Ereignisse)/.test(error.message))).toBe(true);
  });

  it("refuses a receiver whose name resolves to a private address at sending time", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const url = receiver.url.replace("127.0.0.1", "localhost");
      const refused = await sendWebhook(url, {}, "{}", {
        timeoutMs: 2_000,
        allowPrivateAddresses: false,
      });
      expect(refused.statusCode).toBeNull();
      expect(refused.error).toMatch(/nicht öffentlich/);
      expect(receiver.received).toHaveLength(0);
      const sent = await sendWebhook(url, {}, "{}", {
        timeoutMs: 2_000,
        allowPrivateAddresses: true,
      });
      expect(sent).toMatchObject({ statusCode: 200, response: "ok danke", error: null });
    } finally {
      await receiver.close();
    }
  });
});

describe.each(databaseTargets())("webhooks on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await seedDemoData(db, { now: new Date() });
  }, 120_000);
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    await db.deleteFrom("webhookEndpoints").execute();
  });

  it("writes no event without an endpoint, and none for a change that rolls back", async () => {
    await insertTestOrder(db);
    expect(await db.selectFrom("webhookDeliveries").selectAll().execute()).toHaveLength(0);
    const endpoint = await createEndpoint(db, {
      url: "https://erp.example/hooks",
      description: "",
      events: ["order.created", "order.confirmed"],
      enabled: true,
    });
    const order = await insertTestOrder(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable("orders")
          .set({ isConfirmed: true })
          .where("id", "=", order.id)
          .execute();
        throw new Error("zurück");
      }),
    ).rejects.toThrow("zurück");
    expect((await listDeliveries(db, endpoint.id)).map((row) => row.eventType)).toEqual([
      "order.created",
    ]);
    // Only what the endpoint subscribed to: not "completed".
    await db
      .updateTable("orders")
      .set({ isConfirmed: true, isCompleted: true })
      .where("id", "=", order.id)
      .execute();
    const log = await listDeliveries(db, endpoint.id);
    expect(log.map((row) => row.eventType)).toEqual(["order.confirmed", "order.created"]);
    expect(log.every((row) => row.subject === `order:${order.id}`)).toBe(true);
  });

  it("announces a product sold out once, not again while it stays sold out", async () => {
    const endpoint = await createEndpoint(db, {
      url: "https://erp.example/hooks",
      description: "",
      events: ["product.sold_out"],
      enabled: true,
    });
    const product = await db
      .selectFrom("products")
      .select(["id", "name"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const until = new Date(Date.now() + 3_600_000);
    await db
      .insertInto("productSoldOut")
      .values({ productId: product.id, branchId: null, until })
      .execute();
    await db
      .updateTable("productSoldOut")
      .set({ until: new Date(until.getTime() + 60_000) })
      .where("productId", "=", product.id)
      .execute();
    const log = await listDeliveries(db, endpoint.id);
    expect(log).toHaveLength(1);
    const [row] = await db
      .selectFrom("webhookDeliveries")
      .select(["data", "subject"])
      .where("endpointId", "=", endpoint.id)
      .execute();
    expect(row).toMatchObject({
      subject: `product:${product.id}`,
      data: { productId: product.id, name: product.name, branchId: null },
    });
    await db.deleteFrom("productSoldOut").where("productId", "=", product.id).execute();
  });

  it("records the answer, re-sends with the same id, and never lets a slow receiver hold up another", async () => {
    const slow = await startWebhookReceiver();
    const fast = await startWebhookReceiver();
    slow.mode = "slow";
    slow.slowMs = 1_500;
    try {
      const options = { allowPrivateAddresses: true, timeoutMs: 5_000 };
      const slowEndpoint = await createEndpoint(db, {
        url: slow.url,
        description: "langsam",
        events: ["order.created"],
        enabled: true,
      });
      const fastEndpoint = await createEndpoint(db, {
        url: fast.url,
        description: "schnell",
        events: ["order.created"],
        enabled: true,
      });
      fast.status = 500;
      await insertTestOrder(db);
      const slowDrain = drainEndpoint(db, slowEndpoint.id, options);
      // The fast receiver's failure and then its success both come before the slow one answers.
      await drainEndpoint(db, fastEndpoint.id, options);
      let [row] = await listDeliveries(db, fastEndpoint.id);
      expect(row).toMatchObject({
        status: "pending",
        attempts: 1,
        lastStatusCode: 500,
        lastResponse: "kaputt",
      });
      fast.status = 200;
      await resendDelivery(db, row!.id, new Date());
      await drainEndpoint(db, fastEndpoint.id, options);
      [row] = await listDeliveries(db, fastEndpoint.id);
      expect(row).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 200 });
      expect(slow.received).toHaveLength(1);
      expect((await listDeliveries(db, slowEndpoint.id))[0]?.status).toBe("pending");
      await slowDrain;
      const [slowRow] = await listDeliveries(db, slowEndpoint.id);
      expect(slowRow).toMatchObject({ status: "delivered", lastResponse: "ok danke" });

      // "Erneut senden": the same event, the same id, again.
      expect(await resendDelivery(db, row!.id, new Date())).toEqual({
        ok: true,
        value: fastEndpoint.id,
      });
      await drainEndpoint(db, fastEndpoint.id, options);
      const ids = fast.received.map((request) => request.headers["webhook-id"]);
      expect(ids).toHaveLength(3);
      expect(new Set(ids).size).toBe(1);
      expect(ids[0]).toBe(row!.eventId);
    } finally {
      await Promise.all([slow.close(), fast.close()]);
    }
  }, 30_000);

  it("gets every event of 1,000 orders to a receiver that was down, then slow, then up: once by id, in order per order, signed", async () => {
    const ORDERS = ordersOn(target);
    const started = Date.now();
    // WEBHOOK_TEST_TIMINGS=1 says how long each phase took (the machine is shared).
    const phase = (name: string) => {
      if (process.env.WEBHOOK_TEST_TIMINGS) console.log(`${name}: ${Date.now() - started} ms`);
    };
    const receiver = await startWebhookReceiver({ listening: false });
    const endpoint = await createEndpoint(db, {
      url: receiver.url,
      description: "ERP",
      events: [...WEBHOOK_EVENT_TYPES],
      enabled: true,
    });
    // Two workers at once on PostgreSQL: they must share the rows without breaking the order.
    const workers: WebhookWorker[] = Array.from({ length: target === "postgres" ? 2 : 1 }, () =>
      startWebhookWorker(db, quiet, {
        intervalMs: 50,
        retryDelaysMs: [100, 200, 400, 800],
        // Shorter than the slow receiver's 3 s: those requests arrive but count as failed.
        timeoutMs: 1_000,
        concurrency: 20,
        allowPrivateAddresses: true,
      }),
    );
    try {
      // Down: the orders are placed and changed while every connection is refused.
      const orders: number[] = [];
      for (let start = 0; start < ORDERS; start += 10) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(10, ORDERS - start) }, (_, index) =>
            insertTestOrder(db, { name: `Kunde ${start + index}` }),
          ),
        );
        orders.push(...batch.map((order) => order.id));
        await breather();
      }
      const now = new Date();
      for (const [index, orderId] of orders.entries()) {
        if (index % 5 === 0) await settlePayment(db, orderId, "paid");
        const confirmed = await changeOrderStatus(
          db,
          AUTOMATIC_SCOPE,
          orderId,
          { action: "confirm" },
          now,
        );
        expect(confirmed.ok).toBe(true);
        const last = index % 3 === 0 ? "cancel" : "completed";
        const closed = await changeOrderStatus(db, AUTOMATIC_SCOPE, orderId, { action: last }, now);
        expect(closed.ok).toBe(true);
        if (index % 10 === 0) await breather();
      }
      expect(receiver.received).toHaveLength(0);
      phase("down: orders placed and changed");
      const attempted = await db
        .selectFrom("webhookDeliveries")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("endpointId", "=", endpoint.id)
        .where("attempts", ">", 0)
        .executeTakeFirstOrThrow();
      expect(Number(attempted.n), workerLog.join("\n")).toBeGreaterThan(0);

      // Slow: answers after 3 s, longer than the worker waits, so what arrives is sent again.
      receiver.mode = "slow";
      await receiver.up();
      await waitFor(async () => receiver.received.length >= 20, 20_000, "langsamer Empfang");
      phase("slow: 20 requests arrived");
      // Up.
      receiver.mode = "up";
      await waitFor(
        async () => (await pending(db, endpoint.id)) === 0,
        240_000,
        "alles zugestellt",
      );
      phase("up: everything delivered");
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await receiver.close();
    }

    const expected = await db
      .selectFrom("webhookDeliveries")
      .select(["id", "eventId", "eventType", "subject", "status"])
      .where("endpointId", "=", endpoint.id)
      .orderBy("id")
      .execute();
    // created + confirmed + (canceled | completed) each, and a payment for every fifth.
    expect(expected).toHaveLength(ORDERS * 3 + Math.ceil(ORDERS / 5));
    expect(expected.every((row) => row.status === "delivered")).toBe(true);

    const nowSeconds = Math.floor(Date.now() / 1000);
    const firstArrival = new Map<string, Body>();
    for (const request of receiver.received) {
      const signature = String(request.headers["webhook-signature"]);
      expect(verifySignature(endpoint.secret, signature, request.body, nowSeconds, 600)).toBe(true);
      const body = JSON.parse(request.body) as Body;
      expect(request.headers["webhook-id"]).toBe(body.id);
      if (!firstArrival.has(body.id)) firstArrival.set(body.id, body);
    }
    // Repeats happened (the slow phase), and after dropping them by id: each event once.
    expect(receiver.received.length).toBeGreaterThan(firstArrival.size);
    expect([...firstArrival.keys()].sort()).toEqual(expected.map((row) => row.eventId).sort());

    // In order per order: the first arrivals of an order's events follow the order they happened.
    const arrivedPerOrder = new Map<string, string[]>();
    for (const body of firstArrival.values()) {
      const subject = `order:${String(body.data.orderId)}`;
      arrivedPerOrder.set(subject, [...(arrivedPerOrder.get(subject) ?? []), body.id]);
    }
    const happenedPerOrder = new Map<string, string[]>();
    for (const row of expected) {
      happenedPerOrder.set(row.subject, [
        ...(happenedPerOrder.get(row.subject) ?? []),
        row.eventId,
      ]);
    }
    expect(arrivedPerOrder.size).toBe(ORDERS);
    for (const [subject, happened] of happenedPerOrder) {
      expect(arrivedPerOrder.get(subject)).toEqual(happened);
    }
    const sample = [...firstArrival.values()][0]!;
    expect(Object.keys(sample).sort()).toEqual(["createdAt", "data", "id", "type"]);
    expect(JSON.stringify(sample.data)).not.toMatch(/Erika|Mustermann|example\.org|Kunde/);
  }, 900_000);
});
