import { createECDH, randomBytes } from "node:crypto";
import webPush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { deliverDuePushes } from "#app/features/devices/notifier-pushes.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { startFakePushService, type FakePushService } from "#tests/support/fake-push-service";
import { insertTestOrder } from "#tests/support/orders";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * The order notifier's page (issue 20, decision 057): `/melder/{token}` lists its branch's new
 * orders only, `/melder/{token}/abo` stores a checked Web Push subscription, and
 * `POST /api/devices/{id}/test/notification` queues a test push the push service receives.
 */
// web-push's generator pads the private key, which node's ECDH leaves at 31 bytes 1 time in 256.
const vapid = { ...webPush.generateVAPIDKeys(), subject: "mailto:technik@sonnenkorn.example" };

const dns = new Map<string, { address: string; family: 4 | 6 }[]>([
  ["fcm.googleapis.com", [{ address: "142.250.185.74", family: 4 }]],
  ["updates.push.services.mozilla.com", [{ address: "127.0.0.1", family: 4 }]],
  [
    "wns2-par02p.notify.windows.com",
    [
      { address: "20.42.65.92", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ],
  ],
  ["web.push.apple.com", [{ address: "::ffff:169.254.169.254", family: 6 }]],
]);

function browserKeys() {
  const receiver = createECDH("prime256v1");
  receiver.generateKeys();
  return {
    p256dh: receiver.getPublicKey().toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  };
}

describe.each(databaseTargets())("order notifier page (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let fake: FakePushService;
  let manager: StaffClient;
  let visitor: StaffClient;
  let notifier: { id: number; token: string };
  let hafenNotifier: { id: number; token: string };
  let printerToken: string;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    fake = await startFakePushService();
    const branches = await handle.db
      .insertInto("branches")
      .values([
        { identifier: "altstadt", name: "Altstadt", position: 1 },
        { identifier: "hafen", name: "Hafen", position: 2 },
      ])
      .returning("id")
      .execute();
    const [altstadt, hafen] = [branches[0]!.id, branches[1]!.id];
    const devices = await handle.db
      .insertInto("devices")
      .values([
        { identifier: "kueche-tablet", name: "Küche Tablet", branchId: altstadt, kind: "notifier" },
        { identifier: "hafen-tablet", name: "Hafen Tablet", branchId: hafen, kind: "notifier" },
        {
          identifier: "kueche-drucker",
          name: "Küchendrucker",
          branchId: altstadt,
          kind: "printer",
          connection: "star_cloudprnt",
        },
      ])
      .returning(["id", "token"])
      .execute();
    notifier = devices[0]!;
    hafenNotifier = devices[1]!;
    printerToken = devices[2]!.token;
    // The push service's names as a fake DNS answers them (decision 069): one public, the others
    // pointing inside (a rebinding name), one not known.
    server = await startAppServer(handle.db, {
      config: {
        publicOrigin: "http://localhost:3000",
        mode: "demo",
        dataDir: "/nicht-benutzt",
        pushEndpoints: {
          testOrigins: [],
          lookup: async (hostname) => dns.get(hostname) ?? [],
        },
      },
    });
    const managerUser = await createStaff(handle.db, {
      roles: ["ROLE_MANAGER"],
      branchIds: [altstadt],
    });
    manager = await new StaffClient(server).signInAs(server.context, managerUser.id);
    visitor = new StaffClient(server);
  });

  afterAll(async () => {
    await server?.close();
    await fake?.close();
    await handle?.close();
  });

  it("lists the branch's new orders only, without a login, and reloads itself without JavaScript", async () => {
    const own = await insertTestOrder(handle.db);
    const confirmed = await insertTestOrder(handle.db, { isConfirmed: true });
    const other = await insertTestOrder(handle.db, { branchIdentifier: "hafen" });
    const response = await visitor.send(`/melder/${notifier.token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const html = await response.text();
    expect(html).toContain("Bestellmelder Küche Tablet – Altstadt");
    expect(html).toContain(`data-order-id="${own.id}"`);
    expect(html).not.toContain(`data-order-id="${confirmed.id}"`);
    expect(html).not.toContain(`data-order-id="${other.id}"`);
    expect(html).toMatch(/<meta http-equiv="refresh" content="15"/);
    const hafenPage = await (await visitor.send(`/melder/${hafenNotifier.token}`)).text();
    expect(hafenPage).toContain(`data-order-id="${other.id}"`);
    expect(hafenPage).not.toContain(`data-order-id="${own.id}"`);
  });

  it("answers 404 for a wrong token, a malformed one and a printer's token", async () => {
    for (const token of ["0".repeat(64), "abc", printerToken, notifier.token.toUpperCase()]) {
      expect((await visitor.send(`/melder/${token}`)).status, token).toBe(404);
      expect(
        (await visitor.send(`/melder/${token}/abo`, { json: { endpoint: "https://x.example" } }))
          .status,
      ).toBe(404);
    }
  });

  it("serves its service worker with the /melder/ scope and a ring made on the server", async () => {
    const worker = await visitor.send("/melder/sw.js");
    expect(worker.status).toBe(200);
    expect(worker.headers.get("Service-Worker-Allowed")).toBe("/melder/");
    expect(await worker.text()).toContain("showNotification");
    const ring = await visitor.send("/melder/ton.wav");
    expect(ring.headers.get("Content-Type")).toBe("audio/wav");
    const bytes = Buffer.from(await ring.arrayBuffer());
    expect(bytes.subarray(0, 4).toString("ascii")).toBe("RIFF");
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it("stores a good subscription for its device, and refuses bad keys and http with 400", async () => {
    const keys = browserKeys();
    const endpoint = "https://fcm.googleapis.com/fcm/send/abc123";
    const good = await visitor.send(`/melder/${notifier.token}/abo`, { json: { endpoint, keys } });
    expect(good.status).toBe(201);
    const stored = await handle.db
      .selectFrom("notifierSubscriptions")
      .selectAll()
      .where("endpoint", "=", endpoint)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ deviceId: notifier.id, p256dh: keys.p256dh, auth: keys.auth });

    const bad: [unknown, RegExp][] = [
      [{ endpoint: "http://fcm.googleapis.com/fcm/send/x", keys }, /https/],
      [{ endpoint: "javascript:alert(1)", keys }, /https/],
      [{ keys }, /https/],
      [{ endpoint, keys: { ...keys, auth: "AAAA" } }, /Schlüssel/],
      [{ endpoint, keys: { ...keys, p256dh: keys.auth } }, /Schlüssel/],
      [{ endpoint, keys: { p256dh: "!".repeat(87), auth: keys.auth } }, /Schlüssel/],
      [{ endpoint, keys: "x" }, /Schlüssel/],
      [[1, 2], /JSON/],
    ];
    for (const [body, message] of bad) {
      const response = await visitor.send(`/melder/${notifier.token}/abo`, { json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    const count = await handle.db
      .selectFrom("notifierSubscriptions")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    await handle.db.deleteFrom("notifierSubscriptions").execute();
  });

  it("refuses loopback, private and unknown push addresses with 400 and stores nothing (issue 35)", async () => {
    const keys = browserKeys();
    const refused: [string, RegExp][] = [
      // The hostile tester's: the server connected to its own port 8443.
      ["https://127.0.0.1:8443/push/x", /keinem bekannten Push-Dienst/],
      ["https://[::1]/push/x", /keinem bekannten Push-Dienst/],
      ["https://10.0.0.5/push/x", /keinem bekannten Push-Dienst/],
      ["https://169.254.169.254/latest/meta-data", /keinem bekannten Push-Dienst/],
      ["https://localhost/push/x", /keinem bekannten Push-Dienst/],
      ["https://push.example.org/send/x", /keinem bekannten Push-Dienst/],
      ["https://fcm.googleapis.com.evil.example/x", /keinem bekannten Push-Dienst/],
      ["https://fcm.googleapis.com:8443/fcm/send/x", /keinem bekannten Push-Dienst/],
      ["https://updates.push.services.mozilla.com/wpush/v2/x", /nicht öffentliche/],
      ["https://wns2-par02p.notify.windows.com/w/?token=x", /nicht öffentliche/],
      ["https://web.push.apple.com/QGuQyavXutnMH", /nicht öffentliche/],
    ];
    for (const [endpoint, message] of refused) {
      const response = await visitor.send(`/melder/${notifier.token}/abo`, {
        json: { endpoint, keys },
      });
      expect(response.status, endpoint).toBe(400);
      expect(((await response.json()) as { message: string }).message, endpoint).toMatch(message);
    }
    expect(await handle.db.selectFrom("notifierSubscriptions").select("id").execute()).toEqual([]);
  });

  it("keeps at most ten subscriptions per notifier, the newest (issue 35)", async () => {
    const endpoints = Array.from(
      { length: 12 },
      (_, i) => `https://fcm.googleapis.com/fcm/send/kueche-${i}`,
    );
    for (const endpoint of endpoints) {
      const response = await visitor.send(`/melder/${notifier.token}/abo`, {
        json: { endpoint, keys: browserKeys() },
      });
      expect(response.status, endpoint).toBe(201);
    }
    const stored = async () =>
      (
        await handle.db
          .selectFrom("notifierSubscriptions")
          .select("endpoint")
          .where("deviceId", "=", notifier.id)
          .orderBy("id")
          .execute()
      ).map((row) => row.endpoint);
    expect(await stored()).toEqual(endpoints.slice(2));
    // The oldest that subscribes again is the newest now; the next oldest makes room.
    await visitor.send(`/melder/${notifier.token}/abo`, {
      json: { endpoint: endpoints[2], keys: browserKeys() },
    });
    await visitor.send(`/melder/${notifier.token}/abo`, {
      json: { endpoint: "https://fcm.googleapis.com/fcm/send/neu", keys: browserKeys() },
    });
    expect((await stored()).sort()).toEqual(
      [
        ...endpoints.slice(2).filter((e) => e !== endpoints[3]),
        "https://fcm.googleapis.com/fcm/send/neu",
      ].sort(),
    );
    // Another notifier's subscriptions do not count.
    expect(
      (
        await visitor.send(`/melder/${hafenNotifier.token}/abo`, {
          json: { endpoint: "https://fcm.googleapis.com/fcm/send/hafen", keys: browserKeys() },
        })
      ).status,
    ).toBe(201);
    expect(await stored()).toHaveLength(10);
    await handle.db.deleteFrom("notifierSubscriptions").execute();
  });

  it("stays at ten when many browsers subscribe at the same moment", async () => {
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        visitor.send(`/melder/${hafenNotifier.token}/abo`, {
          json: {
            endpoint: `https://fcm.googleapis.com/fcm/send/zugleich-${i}`,
            keys: browserKeys(),
          },
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(25).fill(201));
    const rows = await handle.db
      .selectFrom("notifierSubscriptions")
      .select("id")
      .where("deviceId", "=", hafenNotifier.id)
      .execute();
    expect(rows).toHaveLength(10);
    await handle.db.deleteFrom("notifierSubscriptions").execute();
  });

  it("sends a test notification to each subscription, and says so when there is none", async () => {
    const none = await manager.send(`/api/devices/${notifier.id}/test/notification`, { json: {} });
    expect(none.status).toBe(409);
    expect(((await none.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe(
      "Gerätetest nicht erfolgreich: keine Benachrichtigungen abonniert.",
    );
    const subscription = fake.subscribe();
    await handle.db
      .insertInto("notifierSubscriptions")
      .values({
        deviceId: notifier.id,
        endpoint: subscription.endpoint,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
      })
      .execute();
    const sent = await manager.send(`/api/devices/${notifier.id}/test/notification`, { json: {} });
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { message: string }).message).toBe(
      "Testbenachrichtigung gesendet.",
    );
    expect(
      await deliverDuePushes(handle.db, vapid, { endpoints: { testOrigins: [fake.url] } }),
    ).toMatchObject({
      sent: 1,
    });
    const message = fake.messages.find((m) => m.subscriptionId === subscription.id)!;
    expect(message.payload).toMatchObject({
      title: "Testbenachrichtigung",
      body: "Der Bestellmelder ist eingerichtet.",
      orderId: null,
    });
    // The other branch's notifier is not the manager's.
    const foreign = await manager.send(`/api/devices/${hafenNotifier.id}/test/notification`, {
      json: {},
    });
    expect(foreign.status).toBe(403);
  });
});
