import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database, EmailPayload, Order } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { paypalProvider } from "#app/integrations/payments/paypal.server";
import type { PaymentProvider } from "#app/integrations/payments/provider";
import { stripeProvider } from "#app/integrations/payments/stripe.server";
import { action as webhookAction } from "#app/routes/api/payment-webhook";
import { declineCounterAppointmentWithRefund } from "#app/features/orders/refund.server";
import {
  parseOrderAction,
  performOrderAction,
} from "#app/features/orders/staff-order-actions.server";
import { orderAuditTrail, type StaffScope } from "#app/features/orders/staff-orders.server";
import { createTestDatabase, databaseTargets, branchIdOf } from "#tests/support/db";
import { startFakePayPal, type FakePayPal } from "#tests/support/fake-paypal";
import { startFakeStripe, type FakeStripe } from "#tests/support/fake-stripe";
import { insertTestOrder } from "#tests/support/orders";
import { createStaff, startAppServer, StaffClient } from "#tests/support/staff";

/**
 * Refunds (decision 022) against the fake Stripe and PayPal: the providers' refund calls, then
 * the back office's reject, cancel and "Zahlung erstatten" as the page and the API take them, a
 * provider that fails or is away, two rejections at once, the provider's refund webhook, and the
 * customer who declines a proposed time.
 */

const ORIGIN = "https://sonnenkorn.example";
const now = new Date("2026-11-21T11:00:00Z");

/** A closed port: nothing answers there. */
async function awayBase(): Promise<string> {
  const fake = await startFakeStripe();
  await fake.close();
  return fake.url;
}

describe("the providers' refunds against the fakes", () => {
  let stripeFake: FakeStripe;
  let paypalFake: FakePayPal;
  let stripe: PaymentProvider;
  let paypal: PaymentProvider;
  let counter = 0;

  beforeAll(async () => {
    [stripeFake, paypalFake] = await Promise.all([startFakeStripe(), startFakePayPal()]);
    stripe = stripeProvider({ apiBase: stripeFake.url, secretKey: stripeFake.secretKey });
    paypal = paypalProvider({
      apiBase: paypalFake.url,
      clientId: paypalFake.clientId,
      clientSecret: paypalFake.clientSecret,
    });
  });
  afterAll(async () => {
    await Promise.all([stripeFake.close(), paypalFake.close()]);
  });

  const started = async (provider: PaymentProvider, amountCents = 1250) => {
    counter += 1;
    const orderUid = `refund-test-${counter}-${Date.now()}`;
    const checkout = await provider.startCheckout({
      orderUid,
      description: "Bestellung",
      amountCents,
      currency: "EUR",
      successUrl: "http://shop.test/ok?session={CHECKOUT_SESSION_ID}",
      cancelUrl: "http://shop.test/abbruch",
      idempotencyKey: `order-${orderUid}`,
    });
    return { orderUid, reference: checkout.reference };
  };

  const stripeApi = (path: string, form: Record<string, string>, key?: string) =>
    fetch(`${stripeFake.url}${path}`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${stripeFake.secretKey}`,
        "Content-Type": "application/x-www-form-urlencoded",
        ...(key ? { "Idempotency-Key": key } : {}),
      },
      body: new URLSearchParams(form).toString(),
    });

  it("Stripe: refunds the whole payment once per key, and says so on later status fetches", async () => {
    const { orderUid, reference } = await started(stripe);
    stripeFake.pay(reference);
    const request = { reference, orderUid, idempotencyKey: `refund-${orderUid}-0` };
    const first = await stripe.refund(request);
    expect(first).toEqual({
      refundId: expect.stringMatching(/^re_/),
      status: "succeeded",
      amountCents: 1250,
    });
    expect(await stripe.refund(request)).toEqual(first);
    const mine = stripeFake.refunds.filter((refund) => refund.metadata.order_uid === orderUid);
    expect(mine).toHaveLength(1);
    expect(await stripe.fetchStatus(reference)).toBe("refunded");
    // A new key later on finds the charge refunded in full: success, nothing more given back.
    expect(await stripe.refund({ ...request, idempotencyKey: `refund-${orderUid}-1` })).toEqual({
      refundId: null,
      status: "succeeded",
      amountCents: null,
    });
    expect(stripeFake.refunds.filter((r) => r.metadata.order_uid === orderUid)).toHaveLength(1);
  });

  it("Stripe: replays a saved 500 for the same key, as Stripe does, and a new key then works", async () => {
    const { orderUid, reference } = await started(stripe);
    stripeFake.pay(reference);
    stripeFake.failRefunds(1);
    const request = { reference, orderUid, idempotencyKey: `refund-${orderUid}-0` };
    await expect(stripe.refund(request)).rejects.toMatchObject({ status: 500 });
    await expect(stripe.refund(request)).rejects.toMatchObject({ status: 500 });
    expect(await stripe.fetchStatus(reference)).toBe("paid");
    const retried = await stripe.refund({ ...request, idempotencyKey: `refund-${orderUid}-1` });
    expect(retried.status).toBe("succeeded");
    expect(await stripe.fetchStatus(reference)).toBe("refunded");
  });

  it("Stripe: refuses an unpaid session, and an unreachable Stripe is an error without status", async () => {
    const { orderUid, reference } = await started(stripe);
    await expect(
      stripe.refund({ reference, orderUid, idempotencyKey: `refund-${orderUid}-0` }),
    ).rejects.toMatchObject({ status: 409, code: "not_paid" });
    const away = stripeProvider({ apiBase: await awayBase(), secretKey: "sk_test_x" });
    await expect(away.refund({ reference, orderUid, idempotencyKey: "k" })).rejects.toMatchObject({
      status: undefined,
      message: expect.stringMatching(/nicht erreichbar/),
    });
  });

  it("the fake Stripe checks amounts and keys as Stripe does", async () => {
    const { reference } = await started(stripe, 1000);
    const session = stripeFake.pay(reference);
    const paymentIntent = session.payment_intent!;
    const partly = await stripeApi("/v1/refunds", { payment_intent: paymentIntent, amount: "300" });
    expect(partly.status).toBe(200);
    expect(await partly.json()).toMatchObject({
      object: "refund",
      amount: 300,
      status: "succeeded",
    });
    expect(await stripe.fetchStatus(reference)).toBe("paid");

    const tooMuch = await stripeApi("/v1/refunds", {
      payment_intent: paymentIntent,
      amount: "701",
    });
    expect(tooMuch.status).toBe(400);
    expect(((await tooMuch.json()) as { error: { message: string } }).error.message).toBe(
      "Refund amount (7,01 EUR) is greater than unrefunded amount on charge (7,00 EUR)",
    );
    const zero = await stripeApi("/v1/refunds", { payment_intent: paymentIntent, amount: "0" });
    expect(await zero.json()).toMatchObject({ error: { code: "parameter_invalid_integer" } });
    const unknown = await stripeApi("/v1/refunds", { payment_intent: "pi_unknown" });
    expect(await unknown.json()).toMatchObject({ error: { code: "resource_missing" } });

    const rest = await stripeApi("/v1/refunds", { payment_intent: paymentIntent }, "key-a");
    expect(await rest.json()).toMatchObject({ amount: 700 });
    const otherParameters = await stripeApi(
      "/v1/refunds",
      { payment_intent: paymentIntent, amount: "1" },
      "key-a",
    );
    expect(await otherParameters.json()).toMatchObject({ error: { type: "idempotency_error" } });
    const again = await stripeApi("/v1/refunds", { payment_intent: paymentIntent });
    expect(await again.json()).toMatchObject({ error: { code: "charge_already_refunded" } });
    expect(await stripe.fetchStatus(reference)).toBe("refunded");
  });

  it("PayPal: refunds the capture once per request id, and the order reads refunded", async () => {
    const { orderUid, reference } = await started(paypal);
    paypalFake.approve(reference);
    expect(await paypal.fetchStatus(reference)).toBe("paid");
    const request = { reference, orderUid, idempotencyKey: `refund-${orderUid}-0` };
    const first = await paypal.refund(request);
    expect(first).toEqual({ refundId: expect.any(String), status: "succeeded", amountCents: 1250 });
    // Asked again, the capture reads refunded already: nothing more is requested.
    expect(await paypal.refund(request)).toEqual({
      refundId: null,
      status: "succeeded",
      amountCents: null,
    });
    expect(paypalFake.refunds.filter((refund) => refund.custom_id === orderUid)).toHaveLength(1);
    expect(await paypal.fetchStatus(reference)).toBe("refunded");
    expect(await paypal.refund({ ...request, idempotencyKey: `refund-${orderUid}-1` })).toEqual({
      refundId: null,
      status: "succeeded",
      amountCents: null,
    });
    expect(paypalFake.refunds.filter((refund) => refund.custom_id === orderUid)).toHaveLength(1);
  });

  it("PayPal: refuses an order that was never captured, and retries after a 500", async () => {
    const { orderUid, reference } = await started(paypal);
    const request = { reference, orderUid, idempotencyKey: `refund-${orderUid}-0` };
    await expect(paypal.refund(request)).rejects.toMatchObject({
      status: 409,
      code: "NOT_CAPTURED",
    });
    paypalFake.approve(reference);
    await paypal.fetchStatus(reference);
    paypalFake.failRefunds(1);
    await expect(paypal.refund(request)).rejects.toMatchObject({ status: 500 });
    expect(await paypal.fetchStatus(reference)).toBe("paid");
    expect((await paypal.refund(request)).status).toBe("succeeded");
    expect(await paypal.fetchStatus(reference)).toBe("refunded");
  });

  it("the fake PayPal checks the amount, the currency and a capture refunded in full", async () => {
    const { reference } = await started(paypal, 1000);
    paypalFake.approve(reference);
    paypalFake.capture(reference);
    const captureId = paypalFake.orders.get(reference)!.capture!.id;
    const token = (await (
      await fetch(`${paypalFake.url}/v1/oauth2/token`, {
        method: "POST",
        headers: {
          Authorization: `Basic ${Buffer.from(`${paypalFake.clientId}:${paypalFake.clientSecret}`).toString("base64")}`,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "grant_type=client_credentials",
      })
    ).json()) as { access_token: string };
    const refund = (body: unknown, requestId?: string) =>
      fetch(`${paypalFake.url}/v2/payments/captures/${captureId}/refund`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${token.access_token}`,
          "Content-Type": "application/json",
          ...(requestId ? { "PayPal-Request-Id": requestId } : {}),
        },
        body: JSON.stringify(body),
      });
    const issue = async (response: Response) =>
      ((await response.json()) as { details?: { issue: string }[] }).details?.[0]?.issue;

    const partly = await refund({ amount: { value: "3.00", currency_code: "EUR" } }, "teil-1");
    expect(partly.status).toBe(201);
    const replayed = await refund({ amount: { value: "3.00", currency_code: "EUR" } }, "teil-1");
    expect(((await replayed.json()) as { id: string }).id).toBe(
      ((await partly.json()) as { id: string }).id,
    );
    expect(paypalFake.refunds.filter((each) => each.captureId === captureId)).toHaveLength(1);
    expect(paypalFake.orders.get(reference)!.capture!.status).toBe("PARTIALLY_REFUNDED");
    expect(await paypal.fetchStatus(reference)).toBe("paid");
    expect(await issue(await refund({ amount: { value: "7.01", currency_code: "EUR" } }))).toBe(
      "REFUND_AMOUNT_EXCEEDED",
    );
    expect(await issue(await refund({ amount: { value: "1.00", currency_code: "USD" } }))).toBe(
      "REFUND_CAPTURE_CURRENCY_MISMATCH",
    );
    expect((await refund({})).status).toBe(201);
    expect(await issue(await refund({}))).toBe("CAPTURE_FULLY_REFUNDED");
    expect(await paypal.fetchStatus(reference)).toBe("refunded");
  });
});

describe.each(databaseTargets())("refunds from the back office on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let admin: StaffScope;
  let stripeFake: FakeStripe;
  let paypalFake: FakePayPal;
  let stripe: PaymentProvider;
  let paypal: PaymentProvider;

  beforeAll(async () => {
    [handle, stripeFake, paypalFake] = await Promise.all([
      createTestDatabase(target),
      startFakeStripe(),
      startFakePayPal(),
    ]);
    db = handle.db;
    await seedDemoData(db, { now });
    const user = await db.selectFrom("users").select("id").executeTakeFirstOrThrow();
    admin = { userId: user.id, branchIds: null, ip: "127.0.0.1" };
    stripe = stripeProvider({
      apiBase: stripeFake.url,
      secretKey: stripeFake.secretKey,
      webhookSecret: stripeFake.webhookSecret,
    });
    paypal = paypalProvider({
      apiBase: paypalFake.url,
      clientId: paypalFake.clientId,
      clientSecret: paypalFake.clientSecret,
      webhookId: paypalFake.webhookId,
    });
  });
  afterAll(async () => {
    await Promise.all([handle?.close(), stripeFake?.close(), paypalFake?.close()]);
  });
  beforeEach(async () => {
    await db.deleteFrom("outbox").execute();
  });

  const context = (payments: Record<string, PaymentProvider> = { stripe, paypal }) =>
    ({
      db,
      payments,
      config: { publicOrigin: ORIGIN, mode: "demo", dataDir: "" },
    }) as unknown as AppLoadContext;

  const act = async (
    orderId: number,
    fields: Record<string, unknown>,
    ctx: AppLoadContext = context(),
  ) => {
    const parsed = parseOrderAction(fields);
    if (!parsed.ok) throw new Error(parsed.message);
    return performOrderAction(ctx, admin, orderId, parsed.action, now);
  };

  const stored = (id: number) =>
    db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  /** An order paid online through the fake, as the checkout and the provider's return leave it. */
  async function paidOrder(method: "stripe" | "paypal", options: { paid?: boolean } = {}) {
    const order = await insertTestOrder(db, { paymentMethod: method });
    const provider = method === "stripe" ? stripe : paypal;
    const checkout = await provider.startCheckout({
      orderUid: order.uid,
      description: "Bäckerei Sonnenkorn – Altstadt",
      amountCents: order.totalGross,
      currency: "EUR",
      successUrl: `${ORIGIN}/zahlung/ok?session={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ORIGIN}/zahlung/abbruch`,
      idempotencyKey: `order-${order.uid}`,
    });
    await db
      .updateTable("orders")
      .set({ paymentReference: checkout.reference })
      .where("id", "=", order.id)
      .execute();
    if (options.paid !== false) {
      if (method === "stripe") stripeFake.pay(checkout.reference);
      else paypalFake.approve(checkout.reference);
      expect(await provider.fetchStatus(checkout.reference)).toBe("paid");
      await db.updateTable("orders").set({ isPaid: true }).where("id", "=", order.id).execute();
    }
    return { order: await stored(order.id), reference: checkout.reference };
  }

  /** The refunds the fake made on this order's payment, by the app or by hand. */
  const stripeRefundsOf = (order: Order) => {
    const paymentIntent = stripeFake.sessions.get(order.paymentReference!)?.payment_intent;
    return stripeFake.refunds.filter((refund) => refund.payment_intent === paymentIntent);
  };
  const paypalRefundsOf = (order: Order) => {
    const captureId = paypalFake.orders.get(order.paymentReference!)?.capture?.id;
    return paypalFake.refunds.filter((refund) => refund.captureId === captureId);
  };
  const refundTrail = async (order: Order) =>
    (await orderAuditTrail(db, order.id)).filter((entry) => entry.action === "order.refund");

  async function postWebhook(provider: "stripe" | "paypal", body: string, headers: HeadersInit) {
    const request = new Request(`${ORIGIN}/api/payments/${provider}/webhook`, {
      method: "POST",
      headers,
      body,
    });
    const response = (await webhookAction({
      request,
      context: context(),
      params: { provider },
    } as never)) as Response;
    return { status: response.status, body: (await response.json()) as { data: unknown } };
  }

  it("rejecting a paid Stripe order refunds it through Stripe and tells the customer", async () => {
    const { order, reference } = await paidOrder("stripe");
    const result = await act(order.id, { intent: "reject", message: "Heute ausverkauft." });
    expect(result).toEqual({
      ok: true,
      message: "Die Bestellung wurde abgelehnt. Die Online-Zahlung wurde erstattet.",
    });
    const after = await stored(order.id);
    expect(after).toMatchObject({ isRejected: true, isPaid: true, isRefunded: true });
    const refunds = stripeRefundsOf(order);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: order.totalGross, status: "succeeded" });
    expect(after.refundReference).toBe(refunds[0]!.id);
    expect(await stripe.fetchStatus(reference)).toBe("refunded");
    const trail = await orderAuditTrail(db, order.id);
    expect(trail.map((entry) => entry.action)).toEqual(["order.refund", "order.reject"]);
    expect(trail[0]!.data).toMatchObject({
      cause: "reject",
      provider: "stripe",
      idempotencyKey: `refund-${order.uid}-0`,
      refundId: refunds[0]!.id,
      status: "succeeded",
      amountCents: order.totalGross,
    });
    const mails = await db.selectFrom("outbox").select(["kind", "payload"]).execute();
    expect(mails.map((row) => row.kind)).toEqual(["email"]);
    const mail = mails[0]!.payload as EmailPayload;
    expect(mail.subject).toBe(
      `Ihre Bestellung bei Bäckerei Sonnenkorn wurde storniert – Ticket ${order.ticketNumber}`,
    );
    expect(mail.text).toContain("leider können wir Ihre Bestellung nicht ausführen");
    expect(mail.text).toContain("Begründung: Heute ausverkauft.");
    expect(mail.text).toContain("Den bezahlten Betrag von 43,50\u00a0€ erstatten wir Ihnen");
    expect(mail.text).toContain(`${ORIGIN}/status/${order.uid}/${order.hash}`);
  });

  it("cancelling a paid PayPal order refunds the capture", async () => {
    const { order, reference } = await paidOrder("paypal");
    expect(await act(order.id, { intent: "cancel" })).toEqual({
      ok: true,
      message: "Die Bestellung wurde storniert. Die Online-Zahlung wurde erstattet.",
    });
    expect(await stored(order.id)).toMatchObject({ isCanceled: true, isRefunded: true });
    expect(paypalRefundsOf(order)).toEqual([
      expect.objectContaining({ amount: { currency_code: "EUR", value: "43.50" } }),
    ]);
    expect(await paypal.fetchStatus(reference)).toBe("refunded");
  });

  it("refunds once when the order is rejected twice, one after the other or at once", async () => {
    const { order } = await paidOrder("stripe");
    await act(order.id, { intent: "reject" });
    expect(await act(order.id, { intent: "reject" })).toEqual({
      ok: true,
      message: "Die Bestellung wurde abgelehnt.",
    });
    expect(stripeRefundsOf(order)).toHaveLength(1);

    const { order: other } = await paidOrder("paypal");
    const results = await Promise.all([
      act(other.id, { intent: "reject" }),
      act(other.id, { intent: "reject" }),
      act(other.id, { intent: "reject" }),
    ]);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(paypalRefundsOf(other)).toHaveLength(1);
    expect(await refundTrail(other)).toHaveLength(1);
    expect(await stored(other.id)).toMatchObject({ isRefunded: true });
  });

  it("keeps the rejection when Stripe fails, and 'Zahlung erstatten' refunds later with a new key", async () => {
    const { order, reference } = await paidOrder("stripe");
    stripeFake.failRefunds(1);
    const rejected = await act(order.id, { intent: "reject" });
    expect(rejected).toEqual({
      ok: true,
      message: "Die Bestellung wurde abgelehnt.",
      warning:
        "Die Bestellung wurde abgelehnt. Die Online-Zahlung konnte aber nicht erstattet werden: Der Zahlungsanbieter ist gerade nicht erreichbar. Bitte versuchen Sie es später mit „Zahlung erstatten“ erneut.",
    });
    expect(await stored(order.id)).toMatchObject({
      isRejected: true,
      isPaid: true,
      isRefunded: false,
      refundAttempt: 1,
    });
    expect(await stripe.fetchStatus(reference)).toBe("paid");
    // The key of the failed try is spent at Stripe: it answers its saved 500 again.
    await expect(
      stripe.refund({ reference, orderUid: order.uid, idempotencyKey: `refund-${order.uid}-0` }),
    ).rejects.toMatchObject({ status: 500 });

    expect(await act(order.id, { intent: "refund" })).toEqual({
      ok: true,
      message: "Die Zahlung wurde erstattet.",
    });
    expect(await stored(order.id)).toMatchObject({ isRefunded: true, refundAttempt: 1 });
    expect(stripeRefundsOf(order)).toHaveLength(1);
    const trail = await refundTrail(order);
    expect(trail.map((entry) => entry.data)).toEqual([
      expect.objectContaining({ cause: "refund", idempotencyKey: `refund-${order.uid}-1` }),
      expect.objectContaining({
        cause: "reject",
        idempotencyKey: `refund-${order.uid}-0`,
        refused: "unreachable",
        httpStatus: 500,
      }),
    ]);
    expect(await act(order.id, { intent: "refund" })).toEqual({
      ok: true,
      message: "Die Zahlung wurde bereits erstattet.",
    });
    expect(stripeRefundsOf(order)).toHaveLength(1);
  });

  it("keeps the key after a provider that could not be reached, so the retry cannot refund twice", async () => {
    const { order } = await paidOrder("stripe");
    const away = stripeProvider({ apiBase: await awayBase(), secretKey: stripeFake.secretKey });
    const cancelled = await act(order.id, { intent: "cancel" }, context({ stripe: away }));
    expect(cancelled).toMatchObject({ ok: true, warning: expect.stringContaining("erneut") });
    expect(await stored(order.id)).toMatchObject({
      isCanceled: true,
      isRefunded: false,
      refundAttempt: 0,
    });
    const failed = await act(order.id, { intent: "refund" }, context({ stripe: away }));
    expect(failed).toEqual({
      ok: false,
      status: 502,
      message:
        "Zahlung konnte nicht erstattet werden. Der Zahlungsanbieter ist gerade nicht erreichbar.",
    });
    expect(await act(order.id, { intent: "refund" })).toMatchObject({ ok: true });
    expect((await refundTrail(order))[0]!.data).toMatchObject({
      idempotencyKey: `refund-${order.uid}-0`,
      status: "succeeded",
    });
    expect(stripeRefundsOf(order)).toHaveLength(1);
  });

  it("refuses to refund what is not owed, with the reason", async () => {
    const cash = await insertTestOrder(db, { isRejected: true, isPaid: true });
    expect(await act(cash.id, { intent: "refund" })).toEqual({
      ok: false,
      status: 409,
      message:
        "Zahlung konnte nicht erstattet werden. Diese Bestellung wurde nicht online bezahlt.",
    });
    const { order: open } = await paidOrder("stripe");
    expect(await act(open.id, { intent: "refund" })).toEqual({
      ok: false,
      status: 409,
      message:
        "Zahlung konnte nicht erstattet werden. Erstattet wird nur die Zahlung einer abgelehnten oder stornierten Bestellung.",
    });
    const { order: unpaid } = await paidOrder("paypal", { paid: false });
    await act(unpaid.id, { intent: "reject" });
    expect(await act(unpaid.id, { intent: "refund" })).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringContaining("nicht eingegangen"),
    });
    expect(stripeRefundsOf(open)).toEqual([]);
    expect(paypalRefundsOf(unpaid)).toEqual([]);
    // Without the provider's keys nothing can be refunded, and staff are told why.
    await act(open.id, { intent: "reject" }, context({}));
    expect(await act(open.id, { intent: "refund" }, context({}))).toEqual({
      ok: false,
      status: 502,
      message:
        "Zahlung konnte nicht erstattet werden. Der Zahlungsanbieter ist nicht eingerichtet.",
    });
  });

  it("settles a refund webhook once, before or after the shop's own refund", async () => {
    // After: the shop refunded; Stripe's charge.refunded changes nothing, however often it comes.
    const { order, reference } = await paidOrder("stripe");
    await act(order.id, { intent: "reject" });
    const event = stripeFake.webhook("charge.refunded", reference);
    for (let delivery = 0; delivery < 2; delivery += 1) {
      expect(await postWebhook("stripe", event.body, event.headers)).toEqual({
        status: 200,
        body: { data: { applied: false } },
      });
    }
    expect(stripeRefundsOf(order)).toHaveLength(1);

    // Before: refunded by hand at Stripe; the webhook marks it, and the button has nothing to do.
    const { order: byHand, reference: handReference } = await paidOrder("stripe");
    stripeFake.refund(handReference);
    const handEvent = stripeFake.webhook("charge.refunded", handReference);
    expect((await postWebhook("stripe", handEvent.body, handEvent.headers)).body).toEqual({
      data: { applied: true },
    });
    expect(await stored(byHand.id)).toMatchObject({ isRefunded: true });
    await act(byHand.id, { intent: "reject" });
    expect(stripeRefundsOf(byHand)).toHaveLength(1);
    expect(await refundTrail(byHand)).toEqual([]);

    // Refunded at the provider while the webhook is still on its way: Stripe says so, done.
    const { order: racing, reference: racingReference } = await paidOrder("stripe");
    stripeFake.refund(racingReference);
    expect(await act(racing.id, { intent: "cancel" })).toMatchObject({ ok: true });
    expect(await stored(racing.id)).toMatchObject({ isRefunded: true, refundReference: null });
    expect(stripeRefundsOf(racing)).toHaveLength(1);

    // PayPal's PAYMENT.CAPTURE.REFUNDED after the shop's refund: applied once, not twice.
    const { order: viaPaypal, reference: paypalReference } = await paidOrder("paypal");
    await act(viaPaypal.id, { intent: "reject" });
    const paypalEvent = paypalFake.webhook("PAYMENT.CAPTURE.REFUNDED", paypalReference);
    for (let delivery = 0; delivery < 2; delivery += 1) {
      expect((await postWebhook("paypal", paypalEvent.body, paypalEvent.headers)).body).toEqual({
        data: { applied: false },
      });
    }
    expect(paypalRefundsOf(viaPaypal)).toHaveLength(1);
  });

  it("refunds a payment that arrives after the order was rejected", async () => {
    const { order, reference } = await paidOrder("stripe", { paid: false });
    expect(await act(order.id, { intent: "reject" })).toEqual({
      ok: true,
      message: "Die Bestellung wurde abgelehnt.",
    });
    const mail = (await db.selectFrom("outbox").select("payload").executeTakeFirstOrThrow())
      .payload as EmailPayload;
    expect(mail.text).not.toContain("erstatten");
    stripeFake.pay(reference);
    const paid = stripeFake.webhook("checkout.session.completed", reference);
    expect((await postWebhook("stripe", paid.body, paid.headers)).body).toEqual({
      data: { applied: true },
    });
    expect(await stored(order.id)).toMatchObject({ isPaid: true, isRefunded: true });
    expect(stripeRefundsOf(order)).toHaveLength(1);
    expect((await refundTrail(order))[0]!.data).toMatchObject({ cause: "paid-after-close" });
  });

  it("offers 'Zahlung erstatten' on the order's page and as POST /api/orders/{id}/refund-payment", async () => {
    const server = await startAppServer(db, { payments: { stripe } });
    try {
      const employee = await createStaff(db, {
        roles: ["ROLE_EMPLOYEE"],
        branchIds: [await branchIdOf(db, "altstadt")],
      });
      const browser = await new StaffClient(server).signInAs(server.context, employee.id);

      // The JSON API: the rejection stands, the failed refund comes back as a warning.
      const { order } = await paidOrder("stripe");
      stripeFake.failRefunds(1);
      const rejected = await browser.send(`/api/orders/${order.id}/status/reject`, {
        json: { message: "Zu spät bestellt." },
      });
      expect(rejected.status).toBe(200);
      expect(await rejected.json()).toMatchObject({
        data: { isRejected: true, isPaid: true, isRefunded: false, refundAttempt: 1 },
        message: "Die Bestellung wurde abgelehnt.",
        warning: expect.stringContaining("nicht erstattet werden"),
      });
      const page = await (await browser.send(`/backend/orders/${order.id}`)).text();
      expect(page).toContain("Die Online-Zahlung über 43,50\u00a0€ ist noch nicht erstattet.");
      expect(page).toContain('value="refund"');
      const refunded = await browser.send(`/api/orders/${order.id}/refund-payment`, { json: {} });
      expect(refunded.status).toBe(200);
      expect(await refunded.json()).toMatchObject({
        data: { isRefunded: true },
        message: "Die Zahlung wurde erstattet.",
      });
      expect(stripeRefundsOf(order)).toHaveLength(1);

      // The page's form: cancel, refund failed, retry with the button (no JavaScript needed).
      const { order: other } = await paidOrder("stripe");
      stripeFake.failRefunds(1);
      const cancelled = await browser.send(`/backend/orders/${other.id}`, {
        form: { intent: "cancel" },
      });
      expect(cancelled.status).toBe(200);
      const warned = await cancelled.text();
      expect(warned).toContain(
        "Die Bestellung wurde storniert. Die Online-Zahlung konnte aber nicht erstattet werden",
      );
      expect(warned).toContain("Zahlung erstatten");
      const retried = await browser.send(`/backend/orders/${other.id}`, {
        form: { intent: "refund" },
      });
      expect(retried.status).toBe(303);
      expect(retried.headers.get("Location")).toBe(`/backend/orders/${other.id}?done=refund`);
      const done = await (await browser.send(`/backend/orders/${other.id}?done=refund`)).text();
      expect(done).toContain("Die Zahlung wurde erstattet.");
      expect(done).not.toContain('value="refund"');
      expect(stripeRefundsOf(other)).toHaveLength(1);

      // Another branch's employee cannot refund (nor learn that the order exists).
      const stranger = await createStaff(db, {
        roles: ["ROLE_EMPLOYEE"],
        branchIds: [await branchIdOf(db, "wiehre")],
      });
      const outsider = await new StaffClient(server).signInAs(server.context, stranger.id);
      expect(
        (await outsider.send(`/api/orders/${order.id}/refund-payment`, { json: {} })).status,
      ).toBe(404);
    } finally {
      await server.close();
    }
  });

  it("refunds when the customer declines the proposed time, which cancels the order", async () => {
    const { order } = await paidOrder("paypal");
    await act(order.id, { intent: "counter-appointment", date: "2026-11-22", time: "09:30" });
    const declined = await declineCounterAppointmentWithRefund(context(), order);
    expect(declined).toMatchObject({
      ok: true,
      record: { order: { isCanceled: true, isRefunded: true } },
    });
    expect(paypalRefundsOf(order)).toHaveLength(1);
    expect((await refundTrail(order))[0]).toMatchObject({
      name: null,
      data: expect.objectContaining({ cause: "decline-counter-appointment" }),
    });
  });
});
