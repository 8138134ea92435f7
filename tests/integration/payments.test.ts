import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { recordPaymentEvent } from "#app/db/queries/payment-events";
import { paypalProvider } from "#app/integrations/payments/paypal.server";
import {
  PaymentProviderError,
  PaymentSignatureError,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
} from "#app/integrations/payments/provider";
import { paymentProviders } from "#app/integrations/payments/providers.server";
import {
  STRIPE_API_VERSION,
  stripeProvider,
  stripeSignatureHeader,
  verifyStripeSignature,
} from "#app/integrations/payments/stripe.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { startFakePayPal, type FakePayPal } from "#tests/support/fake-paypal";
import { startFakeStripe, type FakeStripe } from "#tests/support/fake-stripe";

let counter = 0;
function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  counter += 1;
  const orderUid = `order-${counter}-${Date.now()}`;
  return {
    orderUid,
    description: "Bestellung 17 · Bäckerei Sonnenkorn, Filiale Altstadt",
    amountCents: 1234,
    currency: "EUR",
    successUrl: `http://shop.test/status/${orderUid}/zahlung?session={CHECKOUT_SESSION_ID}`,
    cancelUrl: `http://shop.test/store/altstadt/checkout/error?order=${orderUid}`,
    idempotencyKey: `pay-${orderUid}`,
    ...overrides,
  };
}

/** What the customer's browser does on the provider's page, as plain HTTP. */
async function payOnHostedPage(redirectUrl: string, button: "pay" | "cancel" = "pay") {
  const page = await fetch(redirectUrl);
  const html = await page.text();
  expect(page.status).toBe(200);
  expect(html).toContain(">Bezahlen</button>");
  expect(html).toContain(">Abbrechen</button>");
  const action = new RegExp(`action="([^"]+/${button})"`).exec(html)?.[1];
  expect(action).toBeDefined();
  const answer = await fetch(new URL(action!, redirectUrl), { method: "POST", redirect: "manual" });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get("location")!);
}

/**
 * The app's webhook route in miniature: raw body in, the provider's verdict out (200 with the
 * event, 400 for a bad signature).
 */
interface Received {
  status: number;
  event: PaymentEvent | null;
  error?: Error;
}
async function webhookReceiver(provider: () => PaymentProvider) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      provider()
        .parseWebhook(Buffer.concat(chunks).toString("utf8"), headers)
        .then(
          (event) => {
            received.push({ status: 200, event });
            response.writeHead(200).end();
          },
          (error: Error) => {
            const status = error instanceof PaymentSignatureError ? 400 : 500;
            received.push({ status, event: null, error });
            response.writeHead(status).end();
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks`,
    received,
    last: () => received[received.length - 1]!,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("Stripe Checkout against the fake Stripe", () => {
  let fake: FakeStripe;
  let stripe: PaymentProvider;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;

  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = stripeProvider({
      apiBase: fake.url,
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
    });
    receiver = await webhookReceiver(() => stripe);
  });
  afterAll(async () => {
    await receiver.close();
    await fake.close();
  });

  it("starts a checkout once per idempotency key, with the order's amount and uid", async () => {
    const request = checkout();
    const first = await stripe.startCheckout(request);
    const again = await stripe.startCheckout(request);
    expect(again).toEqual(first);
    expect(first.reference).toMatch(/^cs_test_/);
    expect(first.redirectUrl).toBe(`${fake.url}/pay/${first.reference}`);
    const session = fake.sessions.get(first.reference)!;
    expect(session).toMatchObject({
      amount_total: 1234,
      currency: "eur",
      client_reference_id: request.orderUid,
      metadata: { order_uid: request.orderUid },
      name: request.description,
      status: "open",
    });
    const before = fake.created();
    await stripe.startCheckout(checkout());
    expect(fake.created()).toBe(before + 1);
  });

  it("refuses the same idempotency key with another amount, as Stripe does", async () => {
    const request = checkout();
    await stripe.startCheckout(request);
    await expect(stripe.startCheckout({ ...request, amountCents: 999 })).rejects.toMatchObject({
      status: 400,
      code: undefined,
      message: expect.stringContaining("idempotent"),
    });
  });

  it("is pending until the customer pays on the hosted page, then paid", async () => {
    const started = await stripe.startCheckout(checkout());
    expect(await stripe.fetchStatus(started.reference)).toBe("pending");
    const back = await payOnHostedPage(started.redirectUrl);
    expect(back.searchParams.get("session")).toBe(started.reference);
    expect(back.pathname).toMatch(/\/zahlung$/);
    expect(await stripe.fetchStatus(started.reference)).toBe("paid");
  });

  it("returns a customer who cancels to the cancel URL and closes the session", async () => {
    const request = checkout();
    const started = await stripe.startCheckout(request);
    const back = await payOnHostedPage(started.redirectUrl, "cancel");
    expect(back.toString()).toBe(request.cancelUrl);
    expect(await stripe.cancelCheckout(started.reference)).toBe("failed");
    expect(await stripe.fetchStatus(started.reference)).toBe("failed");
    expect((await fetch(started.redirectUrl)).status).toBe(410);
  });

  it("answers paid when cancelling a session that was paid after all", async () => {
    const started = await stripe.startCheckout(checkout());
    fake.pay(started.reference);
    expect(await stripe.cancelCheckout(started.reference)).toBe("paid");
  });

  it("reports a full refund as refunded and a partial one as still paid", async () => {
    const partly = await stripe.startCheckout(checkout());
    fake.pay(partly.reference);
    fake.refund(partly.reference, 200);
    expect(await stripe.fetchStatus(partly.reference)).toBe("paid");
    fake.refund(partly.reference);
    expect(await stripe.fetchStatus(partly.reference)).toBe("refunded");
  });

  it("pins its API version on every request, so the account's default cannot change the answers", async () => {
    const from = fake.apiRequests.length;
    const paid = await stripe.startCheckout(checkout());
    fake.pay(paid.reference);
    expect(await stripe.fetchStatus(paid.reference)).toBe("paid");
    await stripe.refund({
      reference: paid.reference,
      orderUid: "order-version",
      idempotencyKey: `refund-version-${Date.now()}`,
    });
    const open = await stripe.startCheckout(checkout());
    expect(await stripe.cancelCheckout(open.reference)).toBe("failed");
    const made = fake.apiRequests.slice(from);
    expect(made.map((request) => `${request.method} ${request.path}`)).toEqual(
      expect.arrayContaining([
        "POST /v1/checkout/sessions",
        `GET /v1/checkout/sessions/${paid.reference}`,
        "GET /v1/charges",
        "POST /v1/refunds",
        `POST /v1/checkout/sessions/${open.reference}/expire`,
      ]),
    );
    expect(STRIPE_API_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}\.[a-z]+$/);
    expect(made.map((request) => request.stripeVersion)).toEqual(
      made.map(() => STRIPE_API_VERSION),
    );
  });

  it("names Stripe's error for an unknown session and a wrong key", async () => {
    await expect(stripe.fetchStatus("cs_test_unknown")).rejects.toMatchObject({
      status: 404,
      code: "resource_missing",
    });
    const wrongKey = stripeProvider({ apiBase: fake.url, secretKey: "sk_test_wrong" });
    await expect(wrongKey.startCheckout(checkout())).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(wrongKey.fetchStatus("cs_test_x")).rejects.toMatchObject({ status: 401 });
  });

  it("reports an unreachable Stripe as a provider error, not a crash", async () => {
    const away = stripeProvider({ apiBase: "http://127.0.0.1:9", secretKey: "sk_test_x" });
    await expect(away.startCheckout(checkout())).rejects.toThrowError(/stripe: nicht erreichbar/);
  });

  it("accepts a correctly signed completed event as paid", async () => {
    const started = await stripe.startCheckout(checkout());
    fake.pay(started.reference);
    const response = await fake.sendWebhook(
      receiver.url,
      "checkout.session.completed",
      started.reference,
    );
    expect(response.status).toBe(200);
    expect(receiver.last().event).toEqual({
      eventId: expect.stringMatching(/^evt_/),
      reference: started.reference,
      status: "paid",
    });
  });

  it("maps expiry and failed delayed payments to failed, a full refund to refunded", async () => {
    const expired = await stripe.startCheckout(checkout());
    fake.expire(expired.reference);
    await fake.sendWebhook(receiver.url, "checkout.session.expired", expired.reference);
    expect(receiver.last().event).toMatchObject({ reference: expired.reference, status: "failed" });

    const paid = await stripe.startCheckout(checkout());
    fake.pay(paid.reference);
    await fake.sendWebhook(receiver.url, "checkout.session.async_payment_failed", paid.reference);
    expect(receiver.last().event).toMatchObject({ reference: paid.reference, status: "failed" });

    fake.refund(paid.reference, 100);
    await fake.sendWebhook(receiver.url, "charge.refunded", paid.reference);
    expect(receiver.last()).toMatchObject({ status: 200, event: null });
    fake.refund(paid.reference);
    await fake.sendWebhook(receiver.url, "charge.refunded", paid.reference);
    expect(receiver.last().event).toMatchObject({ reference: paid.reference, status: "refunded" });
  });

  it("ignores a completed event whose payment is still on its way", async () => {
    const started = await stripe.startCheckout(checkout());
    await fake.sendWebhook(receiver.url, "checkout.session.completed", started.reference);
    expect(receiver.last()).toMatchObject({ status: 200, event: null });
  });

  it("refuses a tampered body, a foreign secret, a missing header and an old timestamp", async () => {
    const started = await stripe.startCheckout(checkout());
    fake.pay(started.reference);
    const genuine = fake.webhook("checkout.session.completed", started.reference);

    const tampered = genuine.body.replace('"amount_total":1234', '"amount_total":1');
    expect(tampered).not.toBe(genuine.body);
    const answer = await fake.deliver(receiver.url, { ...genuine, body: tampered });
    expect(answer.status).toBe(400);
    expect(receiver.last().error).toBeInstanceOf(PaymentSignatureError);

    const foreign = stripeSignatureHeader(genuine.body, "whsec_someone_else", new Date());
    const withForeign = new Headers({ "Stripe-Signature": foreign });
    await expect(stripe.parseWebhook(genuine.body, withForeign)).rejects.toThrowError(
      /Signatur stimmt nicht/,
    );
    await expect(stripe.parseWebhook(genuine.body, new Headers())).rejects.toThrowError(
      PaymentSignatureError,
    );

    const old = fake.webhook("checkout.session.completed", started.reference, {
      at: new Date(Date.now() - 301_000),
    });
    expect((await fake.deliver(receiver.url, old)).status).toBe(400);
    expect(receiver.last().error?.message).toMatch(/zu alt/);
  });

  it("refuses every webhook without a configured webhook secret", async () => {
    const unsigned = stripeProvider({ apiBase: fake.url, secretKey: fake.secretKey });
    const started = await stripe.startCheckout(checkout());
    const event = fake.webhook("checkout.session.expired", started.reference);
    await expect(unsigned.parseWebhook(event.body, new Headers(event.headers))).rejects.toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
  });
});

describe("Stripe's signature check", () => {
  const secret = "whsec_test";
  const body = '{"id":"evt_1"}';
  const at = new Date("2026-11-22T10:00:00Z");

  it("accepts any one of several v1 signatures (a secret being rolled)", () => {
    const good = stripeSignatureHeader(body, secret, at).split(",")[1]!;
    const header = `t=${at.getTime() / 1000},v1=${"0".repeat(64)},${good},v0=abc`;
    expect(() => verifyStripeSignature(body, header, secret, at)).not.toThrow();
  });

  it("accepts exactly up to the tolerance", () => {
    const header = stripeSignatureHeader(body, secret, at);
    const edge = new Date(at.getTime() + 300_000);
    expect(() => verifyStripeSignature(body, header, secret, edge)).not.toThrow();
    const late = new Date(at.getTime() + 301_000);
    expect(() => verifyStripeSignature(body, header, secret, late)).toThrow(/zu alt/);
  });

  it("refuses malformed headers without comparing anything", () => {
    for (const header of ["", "t=abc,v1=00", "v1=" + "a".repeat(64), "t=1", "t=1,v1=xyz"]) {
      expect(() => verifyStripeSignature(body, header, secret, at)).toThrow(PaymentSignatureError);
    }
  });
});

describe("PayPal Checkout against the fake PayPal", () => {
  let fake: FakePayPal;
  let paypal: PaymentProvider;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;

  beforeAll(async () => {
    fake = await startFakePayPal();
    paypal = paypalProvider({
      apiBase: fake.url,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      webhookId: fake.webhookId,
    });
    receiver = await webhookReceiver(() => paypal);
  });
  afterAll(async () => {
    await receiver.close();
    await fake.close();
  });

  it("creates one order per PayPal-Request-Id with the amount as PayPal writes it", async () => {
    const request = checkout({ amountCents: 1205 });
    const before = fake.counts().orders;
    const first = await paypal.startCheckout(request);
    const again = await paypal.startCheckout(request);
    expect(again).toEqual(first);
    expect(fake.counts().orders).toBe(before + 1);
    expect(first.redirectUrl).toBe(`${fake.url}/pay/${first.reference}`);
    const order = fake.orders.get(first.reference)!;
    expect(order.status).toBe("PAYER_ACTION_REQUIRED");
    expect(order.purchaseUnit).toMatchObject({
      reference_id: request.orderUid,
      custom_id: request.orderUid,
      amount: { currency_code: "EUR", value: "12.05" },
    });
  });

  it("captures an approved order once, however often and concurrently the status is asked", async () => {
    const request = checkout();
    const started = await paypal.startCheckout(request);
    expect(await paypal.fetchStatus(started.reference)).toBe("pending");
    const back = await payOnHostedPage(started.redirectUrl);
    expect(back.searchParams.get("token")).toBe(started.reference);
    expect(back.searchParams.get("PayerID")).toBe("FAKE");
    expect(fake.orders.get(started.reference)?.status).toBe("APPROVED");

    const captures = fake.counts().captures;
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () => paypal.fetchStatus(started.reference)),
    );
    expect(statuses).toEqual(["paid", "paid", "paid", "paid", "paid"]);
    expect(await paypal.fetchStatus(started.reference)).toBe("paid");
    expect(fake.counts().captures).toBe(captures + 1);
  });

  it("settles with a second provider instance (another app server) without capturing twice", async () => {
    const started = await paypal.startCheckout(checkout());
    fake.approve(started.reference);
    const other = paypalProvider({
      apiBase: fake.url,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
    });
    const captures = fake.counts().captures;
    const [mine, theirs] = await Promise.all([
      paypal.fetchStatus(started.reference),
      other.fetchStatus(started.reference),
    ]);
    expect([mine, theirs]).toEqual(["paid", "paid"]);
    expect(fake.counts().captures).toBe(captures + 1);
  });

  it("reports a declined capture as failed and a refunded one as refunded", async () => {
    const declined = await paypal.startCheckout(checkout());
    fake.approve(declined.reference);
    fake.decline(declined.reference);
    expect(await paypal.fetchStatus(declined.reference)).toBe("failed");

    const refunded = await paypal.startCheckout(checkout());
    fake.approve(refunded.reference);
    expect(await paypal.fetchStatus(refunded.reference)).toBe("paid");
    fake.refund(refunded.reference);
    expect(await paypal.fetchStatus(refunded.reference)).toBe("refunded");
  });

  it("treats a cancelled checkout as failed unless it was captured", async () => {
    const request = checkout();
    const started = await paypal.startCheckout(request);
    const back = await payOnHostedPage(started.redirectUrl, "cancel");
    expect(back.searchParams.get("token")).toBe(started.reference);
    expect(`${back.origin}${back.pathname}`).toBe(request.cancelUrl.split("?")[0]);
    expect(await paypal.cancelCheckout(started.reference)).toBe("failed");

    const paid = await paypal.startCheckout(checkout());
    fake.approve(paid.reference);
    await paypal.fetchStatus(paid.reference);
    expect(await paypal.cancelCheckout(paid.reference)).toBe("paid");
  });

  it("reuses its access token and renews it when PayPal revokes it", async () => {
    const own = paypalProvider({
      apiBase: fake.url,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
    });
    const tokens = fake.counts().tokens;
    const started = await own.startCheckout(checkout());
    await own.fetchStatus(started.reference);
    await own.fetchStatus(started.reference);
    expect(fake.counts().tokens).toBe(tokens + 1);
    fake.revokeTokens();
    expect(await own.fetchStatus(started.reference)).toBe("pending");
    expect(fake.counts().tokens).toBe(tokens + 2);
  });

  it("names PayPal's error for wrong credentials and an unknown order", async () => {
    const wrong = paypalProvider({ apiBase: fake.url, clientId: "x", clientSecret: "y" });
    await expect(wrong.startCheckout(checkout())).rejects.toMatchObject({
      status: 401,
      code: "invalid_client",
    });
    await expect(paypal.fetchStatus("UNKNOWN")).rejects.toMatchObject({
      status: 404,
      code: "INVALID_RESOURCE_ID",
    });
  });

  it("settles an order on its approval webhook, for customers who never come back", async () => {
    const started = await paypal.startCheckout(checkout());
    fake.approve(started.reference);
    const response = await fake.sendWebhook(
      receiver.url,
      "CHECKOUT.ORDER.APPROVED",
      started.reference,
    );
    expect(response.status).toBe(200);
    expect(receiver.last().event).toEqual({
      eventId: expect.stringMatching(/^WH-/),
      reference: started.reference,
      status: "paid",
    });
    expect(fake.orders.get(started.reference)?.status).toBe("COMPLETED");
  });

  it("maps completed, denied and refunded captures", async () => {
    const started = await paypal.startCheckout(checkout());
    fake.approve(started.reference);
    fake.capture(started.reference);
    await fake.sendWebhook(receiver.url, "PAYMENT.CAPTURE.COMPLETED", started.reference);
    expect(receiver.last().event).toMatchObject({ reference: started.reference, status: "paid" });

    fake.refund(started.reference);
    await fake.sendWebhook(receiver.url, "PAYMENT.CAPTURE.REFUNDED", started.reference);
    expect(receiver.last().event).toMatchObject({
      reference: started.reference,
      status: "refunded",
    });

    const denied = await paypal.startCheckout(checkout());
    await fake.sendWebhook(receiver.url, "PAYMENT.CAPTURE.DENIED", denied.reference);
    expect(receiver.last().event).toMatchObject({ reference: denied.reference, status: "failed" });
  });

  it("refuses a tampered event, missing transmission headers and a foreign webhook id", async () => {
    const started = await paypal.startCheckout(checkout());
    fake.approve(started.reference);
    fake.capture(started.reference);
    const genuine = fake.webhook("PAYMENT.CAPTURE.COMPLETED", started.reference);

    const tampered = genuine.body.replace('"value":"12.34"', '"value":"0.01"');
    expect(tampered).not.toBe(genuine.body);
    expect((await fake.deliver(receiver.url, { ...genuine, body: tampered })).status).toBe(400);
    expect(receiver.last().error?.message).toMatch(/nicht bestätigt/);

    const { "PAYPAL-TRANSMISSION-SIG": _dropped, ...unsigned } = genuine.headers;
    expect((await fake.deliver(receiver.url, { ...genuine, headers: unsigned })).status).toBe(400);
    expect(receiver.last().error?.message).toMatch(/paypal-transmission-sig fehlt/);

    const elsewhere = paypalProvider({
      apiBase: fake.url,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      webhookId: "WH-SOMEONE-ELSE",
    });
    await expect(
      elsewhere.parseWebhook(genuine.body, new Headers(genuine.headers)),
    ).rejects.toBeInstanceOf(PaymentSignatureError);

    const noWebhookId = paypalProvider({
      apiBase: fake.url,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
    });
    await expect(
      noWebhookId.parseWebhook(genuine.body, new Headers(genuine.headers)),
    ).rejects.toThrow(/PAYPAL_WEBHOOK_ID/);
  });
});

describe("paymentProviders", () => {
  it("offers exactly the providers whose keys are configured", () => {
    expect(paymentProviders({ stripe: undefined, paypal: undefined })).toEqual({});
    const both = paymentProviders({
      stripe: { apiBase: "http://stripe.test", secretKey: "sk_test_x", webhookSecret: undefined },
      paypal: {
        apiBase: "http://paypal.test",
        clientId: "id",
        clientSecret: "secret",
        webhookId: undefined,
      },
    });
    expect(Object.keys(both).sort()).toEqual(["paypal", "stripe"]);
    expect(both.stripe?.name).toBe("stripe");
    expect(both.paypal?.name).toBe("paypal");
  });
});

describe.each(databaseTargets())("replayed payment webhooks on %s", (target) => {
  let handle: DatabaseHandle;
  let stripeFake: FakeStripe;
  let paypalFake: FakePayPal;

  beforeAll(async () => {
    [handle, stripeFake, paypalFake] = await Promise.all([
      createTestDatabase(target),
      startFakeStripe(),
      startFakePayPal(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([handle.close(), stripeFake.close(), paypalFake.close()]);
  });

  it("recognises the second delivery of the same event from either provider", async () => {
    const stripe = stripeProvider({
      apiBase: stripeFake.url,
      secretKey: stripeFake.secretKey,
      webhookSecret: stripeFake.webhookSecret,
    });
    const paypal = paypalProvider({
      apiBase: paypalFake.url,
      clientId: paypalFake.clientId,
      clientSecret: paypalFake.clientSecret,
      webhookId: paypalFake.webhookId,
    });
    const session = await stripe.startCheckout(checkout());
    stripeFake.pay(session.reference);
    const order = await paypal.startCheckout(checkout());
    paypalFake.approve(order.reference);
    paypalFake.capture(order.reference);

    const deliveries = [
      {
        provider: stripe,
        webhook: stripeFake.webhook("checkout.session.completed", session.reference),
      },
      {
        provider: paypal,
        webhook: paypalFake.webhook("PAYMENT.CAPTURE.COMPLETED", order.reference),
      },
    ];
    for (const { provider, webhook } of deliveries) {
      const seen: boolean[] = [];
      for (let delivery = 0; delivery < 2; delivery += 1) {
        // The signature still holds on the replay: only the record tells it apart.
        const event = await provider.parseWebhook(webhook.body, new Headers(webhook.headers));
        expect(event?.eventId).toBe(webhook.eventId);
        seen.push(
          await handle.db.transaction().execute((trx) =>
            recordPaymentEvent(trx, {
              provider: provider.name,
              eventId: event!.eventId,
              reference: event!.reference,
            }),
          ),
        );
      }
      expect(seen).toEqual([true, false]);
    }
    const rows = await handle.db.selectFrom("paymentEvents").selectAll().execute();
    expect(rows.map((row) => [row.provider, row.reference]).sort()).toEqual(
      [
        ["paypal", order.reference],
        ["stripe", session.reference],
      ].sort(),
    );
  });

  it("forgets an event whose handling was rolled back, so the provider's retry is applied", async () => {
    const event = { provider: "stripe" as const, eventId: "evt_rolled_back", reference: "cs_x" };
    await expect(
      handle.db.transaction().execute(async (trx) => {
        expect(await recordPaymentEvent(trx, event)).toBe(true);
        throw new Error("Bestellung konnte nicht aktualisiert werden");
      }),
    ).rejects.toThrow();
    expect(await recordPaymentEvent(handle.db, event)).toBe(true);
  });
});
