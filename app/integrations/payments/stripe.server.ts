import { createHmac, timingSafeEqual } from "node:crypto";
import { endpoint, list, object, parseJsonObject, requestJson, text } from "./http.server";
import { eventFor, PaymentProviderError, PaymentSignatureError, readRefund } from "./provider";
import type { PaymentProvider, PaymentStatus, ProviderRuntime, RefundDone } from "./provider";

/**
 * Stripe Checkout over its REST API (form-encoded requests, JSON answers): no SDK, so the fake in
 * tests/support speaks to exactly the requests made here.
 */

export interface StripeSettings {
  /** https://api.stripe.com, or the local fake. */
  apiBase: string;
  /** `sk_…` or a restricted `rk_…` key with Checkout Sessions and Charges read/write
   * and Refunds write. */
  secretKey: string;
  /** `whsec_…` of the webhook endpoint; without it webhooks are refused. */
  webhookSecret?: string;
}

/** Stripe's own libraries accept a signature up to five minutes old. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The API version these requests and the answers' reading are written for, sent as
 * `Stripe-Version` on every request: without it Stripe answers in the account's default version,
 * which anyone with dashboard access can upgrade (issue 35). Webhook events follow the version of
 * their endpoint, set when the endpoint is created; see docs/decisions/073.
 */
export const STRIPE_API_VERSION = "2025-03-31.basil";

/** Stripe limits a product name; a longer description would fail the whole checkout. */
const MAX_NAME_LENGTH = 250;

export function stripeProvider(
  settings: StripeSettings,
  runtime: ProviderRuntime = {},
): PaymentProvider {
  const call = (path: string, init: RequestInit = {}) =>
    requestJson(
      "stripe",
      runtime,
      endpoint(settings.apiBase, path),
      {
        ...init,
        headers: {
          Authorization: `Bearer ${settings.secretKey}`,
          ...(init.headers as Record<string, string> | undefined),
          "Stripe-Version": STRIPE_API_VERSION,
        },
      },
      (body) => ({ code: text(body.error, "code"), message: text(body.error, "message") }),
    );

  async function fetchStatus(reference: string): Promise<PaymentStatus> {
    const session = await call(`/v1/checkout/sessions/${encodeURIComponent(reference)}`);
    if (session.status === "expired") return "failed";
    if (session.payment_status !== "paid" && session.payment_status !== "no_payment_required") {
      // Open, or complete with an asynchronous payment (SEPA debit) still on its way.
      return "pending";
    }
    const paymentIntent = text(session, "payment_intent");
    if (paymentIntent && (await isRefunded(paymentIntent))) return "refunded";
    return "paid";
  }

  /** Only a full refund counts: after a partial one the order stays paid. */
  async function isRefunded(paymentIntent: string): Promise<boolean> {
    const charges = await call(
      `/v1/charges?${new URLSearchParams({ payment_intent: paymentIntent })}`,
    );
    return list(charges, "data").some(
      (charge) => (charge as { refunded?: unknown } | null)?.refunded === true,
    );
  }

  async function sessionForPaymentIntent(paymentIntent: string): Promise<string | undefined> {
    const query = new URLSearchParams({ payment_intent: paymentIntent, limit: "1" });
    const sessions = await call(`/v1/checkout/sessions?${query}`);
    return text(list(sessions, "data")[0], "id");
  }

  return {
    name: "stripe",

    async startCheckout(request) {
      assertAmount(request.amountCents);
      const form = new URLSearchParams({
        mode: "payment",
        locale: "de",
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.orderUid,
        "metadata[order_uid]": request.orderUid,
        "payment_intent_data[metadata][order_uid]": request.orderUid,
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][currency]": request.currency.toLowerCase(),
        "line_items[0][price_data][unit_amount]": String(request.amountCents),
        "line_items[0][price_data][product_data][name]": request.description.slice(
          0,
          MAX_NAME_LENGTH,
        ),
      });
      const session = await call("/v1/checkout/sessions", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Idempotency-Key": request.idempotencyKey,
        },
        body: form.toString(),
      });
      const reference = text(session, "id");
      const redirectUrl = text(session, "url");
      if (!reference || !redirectUrl) {
        throw new PaymentProviderError("stripe", "Checkout-Sitzung ohne id oder url");
      }
      return { reference, redirectUrl };
    },

    fetchStatus,

    async cancelCheckout(reference) {
      try {
        await call(`/v1/checkout/sessions/${encodeURIComponent(reference)}/expire`, {
          method: "POST",
        });
        return "failed";
      } catch (error) {
        // Only an open session can expire: a completed one was paid (or is being paid).
        if (error instanceof PaymentProviderError && error.status === 400) {
          return fetchStatus(reference);
        }
        throw error;
      }
    },

    async refund(request) {
      const session = await call(`/v1/checkout/sessions/${encodeURIComponent(request.reference)}`);
      const paymentIntent = text(session, "payment_intent");
      if (!paymentIntent || session.payment_status !== "paid") {
        throw new PaymentProviderError("stripe", "Zahlung nicht abgeschlossen", 409, "not_paid");
      }
      // Without an amount Stripe refunds what is left of the payment.
      const form = new URLSearchParams({
        payment_intent: paymentIntent,
        "metadata[order_uid]": request.orderUid,
      });
      try {
        const refund = await call("/v1/refunds", {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "Idempotency-Key": request.idempotencyKey,
          },
          body: form.toString(),
        });
        return refundDone(refund);
      } catch (error) {
        // Stripe keeps idempotency keys for 24 hours; later, a charge refunded in full says so.
        if (error instanceof PaymentProviderError && error.code === "charge_already_refunded") {
          return { refundId: null, status: "succeeded", amountCents: null };
        }
        throw error;
      }
    },

    async parseWebhook(rawBody, headers) {
      if (!settings.webhookSecret) {
        throw new PaymentSignatureError("stripe: STRIPE_WEBHOOK_SECRET ist nicht gesetzt");
      }
      verifyStripeSignature(
        rawBody,
        headers.get("stripe-signature"),
        settings.webhookSecret,
        runtime.now?.() ?? new Date(),
      );
      const event = parseJsonObject(rawBody);
      const eventId = text(event, "id");
      const type = text(event, "type");
      const subject = object(object(event, "data"), "object");
      if (!eventId || !type || !subject) throw new PaymentSignatureError("stripe: kein Ereignis");
      const session = text(subject, "id");

      switch (type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded":
          // `completed` with payment_status "unpaid" is a delayed payment: wait for its outcome.
          if (!session) return null;
          return subject.payment_status === "paid" ||
            subject.payment_status === "no_payment_required"
            ? { eventId, reference: session, status: "paid" }
            : null;
        case "checkout.session.expired":
        case "checkout.session.async_payment_failed":
          return eventFor(eventId, session, "failed");
        case "charge.refunded": {
          // `refunded` is true only once the whole amount went back.
          const paymentIntent = text(subject, "payment_intent");
          if (subject.refunded !== true || !paymentIntent) return null;
          return eventFor(eventId, await sessionForPaymentIntent(paymentIntent), "refunded");
        }
        default:
          return null;
      }
    },
  };
}

/**
 * Checks `Stripe-Signature: t=<unix>,v1=<hex>[,v1=<hex>…]`: an HMAC-SHA256 of `${t}.${rawBody}`
 * with the endpoint's secret, compared in constant time, and no older than the tolerance.
 */
export function verifyStripeSignature(
  rawBody: string,
  header: string | null,
  secret: string,
  now: Date,
  toleranceSeconds = STRIPE_SIGNATURE_TOLERANCE_SECONDS,
): void {
  if (!header) throw new PaymentSignatureError("stripe: Stripe-Signature fehlt");
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const item of header.split(",")) {
    const [key, value] = item.trim().split("=", 2);
    if (key === "t" && value && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === "v1" && value && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new PaymentSignatureError("stripe: Stripe-Signature unvollständig");
  }
  const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest();
  const matches = signatures.some((signature) =>
    timingSafeEqual(expected, Buffer.from(signature, "hex")),
  );
  if (!matches) throw new PaymentSignatureError("stripe: Signatur stimmt nicht");
  if (Math.floor(now.getTime() / 1000) - timestamp > toleranceSeconds) {
    throw new PaymentSignatureError("stripe: Zeitstempel zu alt");
  }
}

/** The header Stripe would send for this body: used by the fake and the tests. */
export function stripeSignatureHeader(rawBody: string, secret: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** Stripe's refund object: `pending` and `requires_action` finish later, the rest is final. */
function refundDone(refund: Record<string, unknown>): RefundDone {
  return readRefund(
    "stripe",
    {
      refundId: text(refund, "id") ?? null,
      amountCents: Number.isSafeInteger(refund.amount) ? (refund.amount as number) : null,
      state: text(refund, "status"),
    },
    {
      succeeded: ["succeeded"],
      pending: ["pending", "requires_action"],
      failedCode: "refund_failed",
    },
  );
}

function assertAmount(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new PaymentProviderError("stripe", `ungültiger Betrag ${amountCents}`);
  }
}
