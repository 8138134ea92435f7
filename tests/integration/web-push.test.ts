import { createECDH } from "node:crypto";
import webPush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isAllowedPushEndpoint,
  paddedPrivateKey,
  postPinned,
  sendPush,
} from "#app/integrations/push/web-push.server";
import { isPublicAddress, parseTestOrigins } from "#app/integrations/push/push-endpoints.server";
import { listen } from "#tests/support/fake-http";
import { startFakePushService, type FakePushService } from "#tests/support/fake-push-service";

/**
 * Web Push for order notifiers (issue 20, decision 057) against a local push service that checks
 * the VAPID JWT's signature and decrypts the aes128gcm body with the subscription's keys.
 */
/** web-push's generator: node's ECDH leaves 1 private key in 256 at 31 bytes, which web-push refuses. */
function vapidPair() {
  return { ...webPush.generateVAPIDKeys(), subject: "mailto:technik@sonnenkorn.example" };
}

describe("web push to a push service", () => {
  let fake: FakePushService;
  const vapid = vapidPair();
  /** The local fake is reached only as a test origin (decision 069). */
  const local = () => ({ testOrigins: [fake.url] });

  beforeAll(async () => {
    fake = await startFakePushService();
  });
  afterAll(async () => {
    await fake?.close();
  });

  it("delivers an encrypted, VAPID-signed notification the subscription can read", async () => {
    const subscription = fake.subscribe();
    const outcome = await sendPush(
      subscription,
      { title: "Neue Bestellung", orderNumber: "A-1042", body: "Brezel × 3 – Grüße" },
      vapid,
      { endpoints: local(), ttlSeconds: 600 },
    );
    expect(outcome).toEqual({ ok: true, status: 201 });
    expect(fake.refusals).toEqual([]);
    const message = fake.messages.at(-1)!;
    expect(message.subscriptionId).toBe(subscription.id);
    expect(message.payload).toMatchObject({ orderNumber: "A-1042", body: "Brezel × 3 – Grüße" });
    expect(message.ttl).toBe(600);
    expect(message.urgency).toBe("high");
    expect(message.vapidPublicKey).toBe(vapid.publicKey);
    expect(message.claims).toMatchObject({ aud: fake.url, sub: vapid.subject });
  });

  it("pads a private key that node's ECDH left at 31 bytes, which web-push would refuse", async () => {
    let ecdh = createECDH("prime256v1");
    for (let tries = 0; tries < 100_000; tries++) {
      ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      if (ecdh.getPrivateKey().length < 32) break;
    }
    const short = ecdh.getPrivateKey().toString("base64url");
    expect(Buffer.from(short, "base64url").length).toBeLessThan(32);
    const pair = {
      publicKey: ecdh.getPublicKey().toString("base64url"),
      subject: "mailto:technik@sonnenkorn.example",
    };
    const subscription = fake.subscribe();
    const unpadded = await sendPush(
      subscription,
      { orderNumber: "A-2" },
      { ...pair, privateKey: short },
      { endpoints: local() },
    );
    expect(unpadded).toMatchObject({ ok: false, status: null });
    const padded = paddedPrivateKey(short);
    expect(Buffer.from(padded, "base64url").length).toBe(32);
    expect(paddedPrivateKey(padded)).toBe(padded);
    const outcome = await sendPush(
      subscription,
      { orderNumber: "A-2" },
      { ...pair, privateKey: padded },
      { endpoints: local() },
    );
    expect(outcome).toEqual({ ok: true, status: 201 });
  });

  it("is refused when signed with another key than it names", async () => {
    const subscription = fake.subscribe();
    const forged = { ...vapidPair(), publicKey: vapid.publicKey };
    const outcome = await sendPush(subscription, { orderNumber: "A-1" }, forged, {
      endpoints: local(),
    });
    expect(outcome).toMatchObject({ ok: false, gone: false, status: 403 });
    expect(fake.refusals.at(-1)).toMatchObject({ status: 403, reason: "vapid: signature" });
  });

  it("tells a gone subscription (410) from a failing service (500) and an unreachable one", async () => {
    const subscription = fake.subscribe();
    fake.respondWith(subscription.id, 410);
    expect(await sendPush(subscription, {}, vapid, { endpoints: local() })).toMatchObject({
      ok: false,
      gone: true,
      status: 410,
    });
    fake.respondWith(subscription.id, 500);
    expect(await sendPush(subscription, {}, vapid, { endpoints: local() })).toMatchObject({
      ok: false,
      gone: false,
      status: 500,
    });
    const closed = await startFakePushService();
    const elsewhere = closed.subscribe();
    await closed.close();
    expect(
      await sendPush(elsewhere, {}, vapid, { endpoints: { testOrigins: [closed.url] } }),
    ).toMatchObject({
      ok: false,
      gone: false,
      status: null,
    });
  });

  it("reaches only https push services (http only where allowed) and refuses broken keys", async () => {
    expect(isAllowedPushEndpoint("https://fcm.googleapis.com/fcm/send/x")).toBe(true);
    expect(isAllowedPushEndpoint("http://127.0.0.1:9/push/x")).toBe(false);
    expect(isAllowedPushEndpoint("https://user:pw@push.example/x")).toBe(false);
    expect(isAllowedPushEndpoint("file:///etc/passwd")).toBe(false);
    expect(isAllowedPushEndpoint(`${fake.url}/push/x`, local())).toBe(true);
    const subscription = fake.subscribe();
    expect(await sendPush(subscription, {}, vapid)).toMatchObject({ ok: false, gone: true });
    expect(
      await sendPush({ ...subscription, p256dh: "AAAA" }, {}, vapid, { endpoints: local() }),
    ).toMatchObject({ ok: false, gone: true, status: null });
  });

  it("accepts the browsers' push services only, on https's own port (issue 35)", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:APA91b",
      "https://fcm.googleapis.com/wp/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
      "https://web.push.apple.com/QGuQyavXutnMH",
    ]) {
      expect(isAllowedPushEndpoint(endpoint), endpoint).toBe(true);
    }
    for (const endpoint of [
      "https://127.0.0.1:8443/push/x",
      "https://[::1]/push/x",
      "https://10.0.0.5/push/x",
      "https://2130706433/push/x",
      "https://localhost/push/x",
      "https://push.example.org/send/x",
      "https://fcm.googleapis.com.evil.example/x",
      "https://evilfcm.googleapis.com/x",
      "https://push.apple.com.evil.example/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "http://fcm.googleapis.com/fcm/send/x",
      `${fake.url}/push/x`,
    ]) {
      expect(isAllowedPushEndpoint(endpoint), endpoint).toBe(false);
    }
    expect(parseTestOrigins("http://127.0.0.1:4000, https://push.test")).toEqual([
      "http://127.0.0.1:4000",
      "https://push.test",
    ]);
    expect(parseTestOrigins("http://127.0.0.1:4000/push")).toBeNull();
    expect(parseTestOrigins("file:///etc")).toBeNull();
  });

  it("calls only global unicast addresses public", () => {
    for (const address of ["142.250.185.74", "2a00:1450:4001:80b::200a", "34.117.65.55"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "64:ff9b::a00:1",
      "2002:a00:1::1",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "ff02::1",
      "2001:db8::1",
      "nicht-eine-adresse",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("does not contact a push service's name that now resolves to a private address", async () => {
    const subscription = fake.subscribe();
    const target = { ...subscription, endpoint: "https://fcm.googleapis.com/fcm/send/rebound" };
    const asked: string[] = [];
    const answers = new Map<string, { address: string; family: 4 | 6 }[]>();
    const endpoints = {
      testOrigins: [],
      lookup: async (hostname: string) => {
        asked.push(hostname);
        return answers.get(hostname) ?? [];
      },
    };
    const before = fake.messages.length;
    for (const answer of [
      [{ address: "127.0.0.1", family: 4 as const }],
      [{ address: "::ffff:169.254.169.254", family: 6 as const }],
      [
        { address: "142.250.185.74", family: 4 as const },
        { address: "10.0.0.7", family: 4 as const },
      ],
    ]) {
      answers.set("fcm.googleapis.com", answer);
      // "nicht öffentlich", not "nicht erreichbar": no connection was tried, not even to 127.0.0.1.
      expect(await sendPush(target, {}, vapid, { endpoints })).toEqual({
        ok: false,
        gone: true,
        status: null,
        message: "Push-Adresse nicht öffentlich",
      });
    }
    expect(asked).toEqual(["fcm.googleapis.com", "fcm.googleapis.com", "fcm.googleapis.com"]);
    expect(fake.messages.length).toBe(before);
    // A name that does not resolve now is a passing failure (retried), not a gone subscription.
    answers.delete("fcm.googleapis.com");
    expect(await sendPush(target, {}, vapid, { endpoints })).toMatchObject({
      ok: false,
      gone: false,
    });
  });

  it("connects to the address it checked, not to what the name resolves to now", async () => {
    const hosts: string[] = [];
    const receiver = await listen(async (request, response) => {
      hosts.push(request.headers.host ?? "");
      response.writeHead(201).end();
    });
    try {
      const port = new URL(receiver.url).port;
      // push.test resolves nowhere: only the pinned address can bring the request to the receiver.
      const status = await postPinned(
        `http://push.test:${port}/push/x`,
        { TTL: "60" },
        Buffer.from("x"),
        { address: "127.0.0.1", family: 4 },
        5_000,
      );
      expect(status).toBe(201);
      expect(hosts).toEqual([`push.test:${port}`]);
      await expect(
        postPinned(`http://push.test:${port}/push/x`, {}, null, null, 5_000),
      ).rejects.toThrow();
      expect(hosts).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
