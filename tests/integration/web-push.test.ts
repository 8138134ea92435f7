import { createECDH } from "node:crypto";
import webPush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isAllowedPushEndpoint,
  paddedPrivateKey,
  sendPush,
} from "#app/integrations/push/web-push.server";
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
      { allowHttp: true, ttlSeconds: 600 },
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
      {
        allowHttp: true,
      },
    );
    expect(unpadded).toMatchObject({ ok: false, status: null });
    const padded = paddedPrivateKey(short);
    expect(Buffer.from(padded, "base64url").length).toBe(32);
    expect(paddedPrivateKey(padded)).toBe(padded);
    const outcome = await sendPush(
      subscription,
      { orderNumber: "A-2" },
      { ...pair, privateKey: padded },
      {
        allowHttp: true,
      },
    );
    expect(outcome).toEqual({ ok: true, status: 201 });
  });

  it("is refused when signed with another key than it names", async () => {
    const subscription = fake.subscribe();
    const forged = { ...vapidPair(), publicKey: vapid.publicKey };
    const outcome = await sendPush(subscription, { orderNumber: "A-1" }, forged, {
      allowHttp: true,
    });
    expect(outcome).toMatchObject({ ok: false, gone: false, status: 403 });
    expect(fake.refusals.at(-1)).toMatchObject({ status: 403, reason: "vapid: signature" });
  });

  it("tells a gone subscription (410) from a failing service (500) and an unreachable one", async () => {
    const subscription = fake.subscribe();
    fake.respondWith(subscription.id, 410);
    expect(await sendPush(subscription, {}, vapid, { allowHttp: true })).toMatchObject({
      ok: false,
      gone: true,
      status: 410,
    });
    fake.respondWith(subscription.id, 500);
    expect(await sendPush(subscription, {}, vapid, { allowHttp: true })).toMatchObject({
      ok: false,
      gone: false,
      status: 500,
    });
    const closed = await startFakePushService();
    const elsewhere = closed.subscribe();
    await closed.close();
    expect(await sendPush(elsewhere, {}, vapid, { allowHttp: true })).toMatchObject({
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
    const subscription = fake.subscribe();
    expect(await sendPush(subscription, {}, vapid)).toMatchObject({ ok: false, gone: true });
    expect(
      await sendPush({ ...subscription, p256dh: "AAAA" }, {}, vapid, { allowHttp: true }),
    ).toMatchObject({ ok: false, gone: true, status: null });
  });
});
