import webPush from "web-push";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { sql } from "kysely";
import {
  deliverDuePushes,
  NEW_ORDER_PUSHES_CTE,
  queueOrderPushes,
} from "#app/features/devices/notifier-pushes.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { startFakePushService, type FakePushService } from "#tests/support/fake-push-service";
import { insertTestOrder } from "#tests/support/orders";

/**
 * Order notifiers' Web Push (issue 20, decision 057): a new order of the branch queues a push per
 * subscribed browser of its notifier devices in the order's transaction; the worker sends it to
 * the push service (a local fake that checks VAPID and decrypts the payload), retries with
 * back-off when the service fails, and forgets a subscription the service calls gone.
 */
// web-push's generator pads the private key, which node's ECDH leaves at 31 bytes 1 time in 256.
const vapid = { ...webPush.generateVAPIDKeys(), subject: "mailto:technik@sonnenkorn.example" };

describe.each(databaseTargets())("order notifier pushes (%s)", (target) => {
  let handle: DatabaseHandle;
  let fake: FakePushService;
  let branches: { altstadt: number; other: number };
  let deviceId: number;
  /** The local fake is reached only as a test origin (decision 069). */
  const local = () => ({ testOrigins: [fake.url] });

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    fake = await startFakePushService();
    const rows = await handle.db
      .insertInto("branches")
      .values([
        { identifier: "altstadt", name: "Altstadt", position: 1 },
        { identifier: "hafen", name: "Hafen", position: 2 },
      ])
      .returning("id")
      .execute();
    branches = { altstadt: rows[0]!.id, other: rows[1]!.id };
    const device = await handle.db
      .insertInto("devices")
      .values({
        identifier: "kueche-tablet",
        name: "Küche Tablet",
        branchId: branches.altstadt,
        kind: "notifier",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    deviceId = device.id;
  });

  beforeEach(async () => {
    await handle.db.deleteFrom("notifierSubscriptions").execute();
  });

  afterAll(async () => {
    await fake?.close();
    await handle?.close();
  });

  async function subscribe() {
    const subscription = fake.subscribe();
    const row = await handle.db
      .insertInto("notifierSubscriptions")
      .values({
        deviceId,
        endpoint: subscription.endpoint,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { ...subscription, rowId: row.id };
  }

  it("rings the branch's notifier with the order's number, once", async () => {
    const subscription = await subscribe();
    const order = await insertTestOrder(handle.db);
    const queued = await handle.db.transaction().execute((trx) => queueOrderPushes(trx, order.id));
    expect(queued).toBe(1);
    expect(await deliverDuePushes(handle.db, vapid, { endpoints: local() })).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
      gone: 0,
    });
    const message = fake.messages.find((m) => m.subscriptionId === subscription.id)!;
    expect(message.payload).toMatchObject({
      title: "Neue Bestellung",
      orderId: order.id,
      ticketNumber: order.ticketNumber,
      url: `/backend/orders/${order.id}`,
    });
    expect((message.payload as { body: string }).body).toContain(
      `Bestellung ${order.ticketNumber}`,
    );
    // Sent is sent: the next round has nothing to do.
    expect(await deliverDuePushes(handle.db, vapid, { endpoints: local() })).toMatchObject({
      sent: 0,
    });
    expect(fake.messages.filter((m) => m.subscriptionId === subscription.id)).toHaveLength(1);
  });

  it("queues nothing for another branch's order, and nothing when the order rolls back", async () => {
    await subscribe();
    const other = await insertTestOrder(handle.db, { branchIdentifier: "hafen" });
    expect(await queueOrderPushes(handle.db, other.id)).toBe(0);
    const order = await insertTestOrder(handle.db);
    const before = await handle.db.selectFrom("notifierPushes").select("id").execute();
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await queueOrderPushes(trx, order.id);
        throw new Error("Bestellung abgebrochen");
      }),
    ).rejects.toThrow("abgebrochen");
    expect(await handle.db.selectFrom("notifierPushes").select("id").execute()).toEqual(before);
  });

  it("the checkout's statement queues a push for a paid or cash order, not an unpaid online one", async () => {
    const subscription = await subscribe();
    const place = (orderId: number) =>
      sql`with new_order as (select * from orders where id = ${orderId}), ${NEW_ORDER_PUSHES_CTE} select 1`.execute(
        handle.db,
      );
    const cash = await insertTestOrder(handle.db, { paymentMethod: "cash" });
    const unpaid = await insertTestOrder(handle.db, { paymentMethod: "stripe", isPaid: false });
    await place(cash.id);
    await place(unpaid.id);
    const rows = await handle.db
      .selectFrom("notifierPushes")
      .select("orderId")
      .where("subscriptionId", "=", subscription.rowId)
      .execute();
    expect(rows).toEqual([{ orderId: cash.id }]);
  });

  it("is due in the very millisecond it was queued, as a JavaScript time tells it", async () => {
    const subscription = await subscribe();
    const order = await insertTestOrder(handle.db);
    await queueOrderPushes(handle.db, order.id);
    const row = await handle.db
      .selectFrom("notifierPushes")
      .select("nextAttemptAt")
      .where("subscriptionId", "=", subscription.rowId)
      .executeTakeFirstOrThrow();
    // The stored time read back loses its microseconds: a round at exactly that time sends it.
    const queuedAt = row.nextAttemptAt;
    expect(
      await deliverDuePushes(handle.db, vapid, { endpoints: local(), now: () => queuedAt }),
    ).toMatchObject({ sent: 1 });
  });

  it("retries with back-off when the push service fails, and forgets a gone subscription", async () => {
    const subscription = await subscribe();
    const order = await insertTestOrder(handle.db);
    await queueOrderPushes(handle.db, order.id);
    fake.respondWith(subscription.id, 500);
    const start = new Date();
    expect(await deliverDuePushes(handle.db, vapid, { endpoints: local() })).toMatchObject({
      retried: 1,
    });
    const row = await handle.db
      .selectFrom("notifierPushes")
      .selectAll()
      .where("subscriptionId", "=", subscription.rowId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toContain("500");
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(start.getTime() + 60_000);
    // Not due yet: nothing sent now; a minute later the service is back and it goes out.
    expect(await deliverDuePushes(handle.db, vapid, { endpoints: local() })).toMatchObject({
      sent: 0,
    });
    fake.respondWith(subscription.id, null);
    const later = () => new Date(Date.now() + 61_000);
    expect(
      await deliverDuePushes(handle.db, vapid, { endpoints: local(), now: later }),
    ).toMatchObject({
      sent: 1,
    });
    // Gone (410): the subscription and its pushes are removed.
    const order2 = await insertTestOrder(handle.db);
    await queueOrderPushes(handle.db, order2.id);
    fake.respondWith(subscription.id, 410);
    expect(
      await deliverDuePushes(handle.db, vapid, { endpoints: local(), now: later }),
    ).toMatchObject({
      gone: 1,
    });
    expect(
      await handle.db
        .selectFrom("notifierSubscriptions")
        .select("id")
        .where("id", "=", subscription.rowId)
        .execute(),
    ).toEqual([]);
  });

  it("does not ring a subscription whose name now resolves to a private address, and drops it (issue 35)", async () => {
    const subscription = fake.subscribe();
    const row = await handle.db
      .insertInto("notifierSubscriptions")
      .values({
        deviceId,
        endpoint: "https://fcm.googleapis.com/fcm/send/rebound",
        p256dh: subscription.p256dh,
        auth: subscription.auth,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const order = await insertTestOrder(handle.db);
    expect(await queueOrderPushes(handle.db, order.id)).toBe(1);
    const asked: string[] = [];
    const endpoints = {
      testOrigins: [],
      lookup: async (hostname: string) => {
        asked.push(hostname);
        return [{ address: "127.0.0.1", family: 4 as const }];
      },
    };
    const before = fake.messages.length;
    expect(await deliverDuePushes(handle.db, vapid, { endpoints })).toMatchObject({
      sent: 0,
      gone: 1,
    });
    expect(asked).toEqual(["fcm.googleapis.com"]);
    expect(fake.messages.length).toBe(before);
    expect(
      await handle.db
        .selectFrom("notifierSubscriptions")
        .select("id")
        .where("id", "=", row.id)
        .execute(),
    ).toEqual([]);
  });

  it("drops a subscription whose last three pushes all failed after their retries", async () => {
    const failing = await subscribe();
    const healthy = await subscribe();
    fake.respondWith(failing.id, 500);
    for (let i = 0; i < 3; i++) {
      await queueOrderPushes(handle.db, (await insertTestOrder(handle.db)).id);
    }
    expect(await deliverDuePushes(handle.db, vapid, { endpoints: local() })).toMatchObject({
      sent: 3,
      retried: 3,
    });
    // Two hours later the retried ones are out of date: each failed for good.
    const later = () => new Date(Date.now() + 2 * 3_600_000);
    expect(
      await deliverDuePushes(handle.db, vapid, { endpoints: local(), now: later }),
    ).toMatchObject({ failed: 3, gone: 1 });
    const left = await handle.db.selectFrom("notifierSubscriptions").select("id").execute();
    expect(left).toEqual([{ id: healthy.rowId }]);
  });

  it("keeps a subscription whose pushes went out of date before they were ever tried", async () => {
    const subscription = await subscribe();
    for (let i = 0; i < 3; i++) {
      await queueOrderPushes(handle.db, (await insertTestOrder(handle.db)).id);
    }
    // The worker was away for two hours (a server outage): not the subscription's fault.
    const later = () => new Date(Date.now() + 2 * 3_600_000);
    expect(
      await deliverDuePushes(handle.db, vapid, { endpoints: local(), now: later }),
    ).toMatchObject({ failed: 3, gone: 0 });
    const left = await handle.db.selectFrom("notifierSubscriptions").select("id").execute();
    expect(left).toEqual([{ id: subscription.rowId }]);
  });
});
