import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database, Order } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { paymentReturnPath } from "#app/features/checkout/payment.server";
import {
  parseOrderAction,
  performOrderAction,
} from "#app/features/orders/staff-order-actions.server";
import type { StaffScope } from "#app/features/orders/staff-orders.server";
import type { PaymentProvider } from "#app/integrations/payments/provider";
import { paypalProvider } from "#app/integrations/payments/paypal.server";
import { stripeProvider } from "#app/integrations/payments/stripe.server";
import { loader as paymentReturn } from "#app/routes/payment-return";
import { shopMetrics } from "#app/server/metrics.server";
import { createTestDatabase } from "#tests/support/db";
import { startFakePayPal, type FakePayPal } from "#tests/support/fake-paypal";
import { startFakeStripe, type FakeStripe } from "#tests/support/fake-stripe";
import { insertTestOrder } from "#tests/support/orders";

/**
 * The provider's return address `/zahlung/{uid}/{hash}/erfolg|abbruch` (issue 35): its uid and
 * hash are the status page's, printed on every receipt, so anyone can open it for any order. A
 * GET there may only settle an order that waits for its online payment; a cash order, confirmed
 * or not, stays exactly as it was and staff can still complete it.
 */

const ORIGIN = "https://sonnenkorn.example";
const now = new Date("2026-11-21T11:00:00Z");

describe("the payment return", () => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let admin: StaffScope;
  let fake: FakeStripe;
  let stripe: PaymentProvider;
  let paypalFake: FakePayPal;
  let paypal: PaymentProvider;

  beforeAll(async () => {
    [handle, fake, paypalFake] = await Promise.all([
      createTestDatabase("pglite"),
      startFakeStripe(),
      startFakePayPal(),
    ]);
    db = handle.db;
    await seedDemoData(db, { now });
    const user = await db.selectFrom("users").select("id").executeTakeFirstOrThrow();
    admin = { userId: user.id, branchIds: null, ip: "127.0.0.1" };
    stripe = stripeProvider({ apiBase: fake.url, secretKey: fake.secretKey });
    paypal = paypalProvider({
      apiBase: paypalFake.url,
      clientId: paypalFake.clientId,
      clientSecret: paypalFake.clientSecret,
    });
  });
  afterAll(async () => {
    await Promise.all([handle?.close(), fake?.close(), paypalFake?.close()]);
  });

  const context = () =>
    ({
      db,
      payments: { stripe, paypal },
      config: { publicOrigin: ORIGIN, mode: "demo", dataDir: "" },
    }) as unknown as AppLoadContext;

  const stored = (id: number) =>
    db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  /** A plain GET of the return address, as a browser sends it; answers the response. */
  async function visit(order: Order, outcome: "erfolg" | "abbruch"): Promise<Response> {
    const path = paymentReturnPath(order, outcome);
    const [, , uid, hash] = path.split("/");
    try {
      return (await paymentReturn({
        request: new Request(`${ORIGIN}${path}`),
        context: context(),
        params: { uid, hash, outcome },
      } as never)) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  const statusPage = (order: Order) => `/status/${order.uid}/${order.hash}`;

  const act = async (orderId: number, intent: string) => {
    const parsed = parseOrderAction({ intent });
    if (!parsed.ok) throw new Error(parsed.message);
    return performOrderAction(context(), admin, orderId, parsed.action, now);
  };

  /** A Stripe order whose checkout was started and not paid yet, as the checkout leaves it. */
  async function stripeOrderAwaitingPayment() {
    const order = await insertTestOrder(db, { paymentMethod: "stripe" });
    const started = await stripe.startCheckout({
      orderUid: order.uid,
      description: "Bäckerei Sonnenkorn – Altstadt",
      amountCents: order.totalGross,
      currency: "EUR",
      successUrl: `${ORIGIN}${paymentReturnPath(order, "erfolg")}`,
      cancelUrl: `${ORIGIN}${paymentReturnPath(order, "abbruch")}`,
      idempotencyKey: `order-${order.uid}`,
    });
    await db
      .updateTable("orders")
      .set({ paymentReference: started.reference, paymentRedirectUrl: started.redirectUrl })
      .where("id", "=", order.id)
      .execute();
    return { order: await stored(order.id), reference: started.reference };
  }

  it.each([
    ["a new cash order", false],
    ["a confirmed cash order", true],
  ])("leaves %s exactly as it was, and staff can still complete it", async (_, confirmed) => {
    const order = await insertTestOrder(db, { paymentMethod: "cash", isConfirmed: confirmed });
    const before = await stored(order.id);
    for (const outcome of ["erfolg", "abbruch", "erfolg"] as const) {
      const response = await visit(order, outcome);
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(statusPage(order));
      expect(await stored(order.id)).toEqual(before);
    }
    if (!confirmed) expect(await act(order.id, "confirm")).toMatchObject({ ok: true });
    expect(await act(order.id, "completed")).toMatchObject({ ok: true });
    expect(await stored(order.id)).toMatchObject({ isCompleted: true, isFailed: false });
  });

  it("leaves orders paid at the counter by card or voucher alone as well", async () => {
    for (const paymentMethod of ["atm-card", "voucher"] as const) {
      const order = await insertTestOrder(db, { paymentMethod });
      const before = await stored(order.id);
      expect((await visit(order, "abbruch")).headers.get("location")).toBe(statusPage(order));
      expect(await stored(order.id)).toEqual(before);
    }
  });

  it("does not touch an online order that staff cancelled or whose checkout never started", async () => {
    const { order, reference } = await stripeOrderAwaitingPayment();
    expect(await act(order.id, "cancel")).toMatchObject({ ok: true });
    const cancelled = await stored(order.id);
    expect((await visit(order, "abbruch")).headers.get("location")).toBe(statusPage(order));
    expect(await stored(order.id)).toEqual(cancelled);
    // Not asked to expire: the session is still open at Stripe.
    expect(fake.sessions.get(reference)?.status).toBe("open");

    const unstarted = await insertTestOrder(db, { paymentMethod: "stripe" });
    const before = await stored(unstarted.id);
    expect((await visit(unstarted, "erfolg")).headers.get("location")).toBe(statusPage(unstarted));
    expect(await stored(unstarted.id)).toEqual(before);
  });

  it("still settles an online order waiting for its payment, as before", async () => {
    // Each outcome is counted once by provider (decision 109), not again on a repeated return.
    const outcomes = async () =>
      Object.fromEntries(
        (await shopMetrics().payments.get()).values
          .filter((entry) => entry.labels.provider === "stripe")
          .map((entry) => [entry.labels.outcome, entry.value]),
      );
    const before = await outcomes();
    const pending = await stripeOrderAwaitingPayment();
    let response = await visit(pending.order, "erfolg");
    expect(response.headers.get("location")).toBe(statusPage(pending.order));
    expect(await stored(pending.order.id)).toMatchObject({ isPaid: false, isFailed: false });

    fake.pay(pending.reference);
    response = await visit(pending.order, "erfolg");
    expect(response.headers.get("location")).toBe(statusPage(pending.order));
    expect(await stored(pending.order.id)).toMatchObject({ isPaid: true, isFailed: false });

    const given = await stripeOrderAwaitingPayment();
    response = await visit(given.order, "abbruch");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/store/altstadt/checkout/error");
    expect(await stored(given.order.id)).toMatchObject({ isPaid: false, isFailed: true });
    expect(fake.sessions.get(given.reference)?.status).toBe("expired");
    // Coming back again changes nothing more and still shows the checkout's error page.
    const failed = await stored(given.order.id);
    response = await visit(given.order, "erfolg");
    expect(response.headers.get("location")).toBe("/store/altstadt/checkout/error");
    expect(await stored(given.order.id)).toEqual(failed);
    expect(await outcomes()).toEqual({
      ...before,
      paid: (before.paid ?? 0) + 1,
      failed: (before.failed ?? 0) + 1,
    });
  });

  it("still captures an approved PayPal order on the customer's return", async () => {
    const order = await insertTestOrder(db, { paymentMethod: "paypal" });
    const started = await paypal.startCheckout({
      orderUid: order.uid,
      description: "Bäckerei Sonnenkorn – Altstadt",
      amountCents: order.totalGross,
      currency: "EUR",
      successUrl: `${ORIGIN}${paymentReturnPath(order, "erfolg")}`,
      cancelUrl: `${ORIGIN}${paymentReturnPath(order, "abbruch")}`,
      idempotencyKey: `order-${order.uid}`,
    });
    await db
      .updateTable("orders")
      .set({ paymentReference: started.reference })
      .where("id", "=", order.id)
      .execute();
    paypalFake.approve(started.reference);
    const response = await visit(order, "erfolg");
    expect(response.headers.get("location")).toBe(statusPage(order));
    expect(await stored(order.id)).toMatchObject({ isPaid: true, isFailed: false });
    expect(paypalFake.orders.get(started.reference)?.capture?.status).toBe("COMPLETED");
  });

  it("answers 404 for an unknown order or outcome", async () => {
    const order = await insertTestOrder(db, { paymentMethod: "cash" });
    expect((await visit({ ...order, hash: "x".repeat(24) }, "erfolg")).status).toBe(404);
    const path = paymentReturnPath(order, "erfolg").replace(/erfolg$/, "egal");
    const [, , uid, hash, outcome] = path.split("/");
    const response = await paymentReturn({
      request: new Request(`${ORIGIN}${path}`),
      context: context(),
      params: { uid, hash, outcome },
    } as never).catch((thrown: unknown) => thrown as Response);
    expect(response.status).toBe(404);
    expect(await stored(order.id)).toMatchObject({ isFailed: false });
  });
});
