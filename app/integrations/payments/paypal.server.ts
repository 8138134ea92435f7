import { endpoint, list, object, parseJsonObject, requestJson, text } from "./http.server";
import { eventFor, PaymentProviderError, PaymentSignatureError, readRefund } from "./provider";
import type {
  PaymentProvider,
  PaymentStatus,
  ProviderRuntime,
  RefundDone,
  RefundRequest,
} from "./provider";

/**
 * PayPal Checkout through the Orders v2 REST API. The customer approves the order on PayPal's
 * page; the money moves only when the shop captures it. Capturing is done by `fetchStatus` (on
 * the customer's return, on the staff's re-check, on the approval webhook) with a PayPal-Request-Id
 * derived from the order, so however often and from however many instances it runs, PayPal
 * captures once and answers every caller with the same result.
 */

export interface PayPalSettings {
  /** https://api-m.paypal.com (live), https://api-m.sandbox.paypal.com, or the local fake. */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave the webhook endpoint; without it webhooks are refused. */
  webhookId?: string;
}

/** PayPal limits a purchase unit's description to 127 characters. */
const MAX_DESCRIPTION_LENGTH = 127;
/** Renew the access token this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

const TRANSMISSION_HEADERS = {
  transmission_id: "paypal-transmission-id",
  transmission_time: "paypal-transmission-time",
  transmission_sig: "paypal-transmission-sig",
  cert_url: "paypal-cert-url",
  auth_algo: "paypal-auth-algo",
} as const;

type Json = Record<string, unknown>;

export function paypalProvider(
  settings: PayPalSettings,
  runtime: ProviderRuntime = {},
): PaymentProvider {
  let token: { value: string; expiresAt: number } | undefined;
  let pendingToken: Promise<string> | undefined;
  const clock = () => (runtime.now?.() ?? new Date()).getTime();

  const readError = (body: Json) => ({
    code: text(list(body, "details")[0], "issue") ?? text(body, "name") ?? text(body, "error"),
    message: text(body, "message") ?? text(body, "error_description"),
  });

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > clock()) return token.value;
    pendingToken ??= (async () => {
      const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString("base64");
      const answer = await requestJson(
        "paypal",
        runtime,
        endpoint(settings.apiBase, "/v1/oauth2/token"),
        {
          method: "POST",
          headers: {
            Authorization: `Basic ${basic}`,
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: "grant_type=client_credentials",
        },
        readError,
      );
      const value = text(answer, "access_token");
      if (!value) throw new PaymentProviderError("paypal", "Token-Antwort ohne access_token");
      const seconds = typeof answer.expires_in === "number" ? answer.expires_in : 300;
      token = { value, expiresAt: clock() + seconds * 1000 - TOKEN_MARGIN_MS };
      return value;
    })().finally(() => {
      pendingToken = undefined;
    });
    return pendingToken;
  }

  /** An API call with the bearer token; a token revoked early is renewed once. */
  async function call(path: string, init: RequestInit = {}, retry = true): Promise<Json> {
    const bearer = await accessToken();
    try {
      return await requestJson(
        "paypal",
        runtime,
        endpoint(settings.apiBase, path),
        {
          ...init,
          headers: {
            Authorization: `Bearer ${bearer}`,
            "Content-Type": "application/json",
            ...(init.headers as Record<string, string> | undefined),
          },
        },
        readError,
      );
    } catch (error) {
      if (retry && error instanceof PaymentProviderError && error.status === 401) {
        token = undefined;
        return call(path, init, false);
      }
      throw error;
    }
  }

  const orderPath = (orderId: string) => `/v2/checkout/orders/${encodeURIComponent(orderId)}`;

  async function capture(orderId: string): Promise<PaymentStatus> {
    try {
      const order = await call(`${orderPath(orderId)}/capture`, {
        method: "POST",
        headers: { "PayPal-Request-Id": `capture-${orderId}` },
        body: "{}",
      });
      return statusOfOrder(order);
    } catch (error) {
      if (!(error instanceof PaymentProviderError) || error.status !== 422) throw error;
      switch (error.code) {
        case "ORDER_ALREADY_CAPTURED":
          return statusOfOrder(await call(orderPath(orderId)));
        case "INSTRUMENT_DECLINED":
          // PayPal refused the chosen funding source: this attempt failed, nothing was captured.
          return "failed";
        case "PAYER_ACTION_REQUIRED":
        case "ORDER_NOT_APPROVED":
          return "pending";
        default:
          throw error;
      }
    }
  }

  async function fetchStatus(orderId: string): Promise<PaymentStatus> {
    const order = await call(orderPath(orderId));
    if (order.status === "APPROVED") return capture(orderId);
    return statusOfOrder(order);
  }

  /**
   * Refunds the order's capture. PayPal knows the capture by its own id, which the order lists:
   * the shop stores only the order id, so the order is read first (one more call, and no second
   * place where the truth could go stale).
   */
  async function refund(request: RefundRequest): Promise<RefundDone> {
    const order = await call(orderPath(request.reference));
    const captures = list(object(list(order, "purchase_units")[0], "payments"), "captures");
    const captured = captures.find((capture) =>
      ["COMPLETED", "PARTIALLY_REFUNDED", "REFUNDED"].includes(text(capture, "status") ?? ""),
    );
    const captureId = text(captured, "id");
    if (!captureId) {
      throw new PaymentProviderError("paypal", "Zahlung nicht erfasst", 409, "NOT_CAPTURED");
    }
    if (text(captured, "status") === "REFUNDED") {
      return { refundId: null, status: "succeeded", amountCents: null };
    }
    try {
      const refunded = await call(`/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
        method: "POST",
        // The whole refund in the answer (with its amount), not only id and status.
        headers: { "PayPal-Request-Id": request.idempotencyKey, Prefer: "return=representation" },
        // Without an amount PayPal refunds what is left of the capture.
        body: JSON.stringify({ custom_id: request.orderUid }),
      });
      const refundId = text(refunded, "id") ?? null;
      const amountCents = centsOf(text(object(refunded, "amount"), "value"));
      return readRefund(
        "paypal",
        { refundId, amountCents, state: text(refunded, "status") },
        { succeeded: ["COMPLETED"], pending: ["PENDING"], failedCode: "REFUND_FAILED" },
      );
    } catch (error) {
      // Refunded in full meanwhile (another server's request, or by hand at PayPal).
      if (error instanceof PaymentProviderError && error.code === "CAPTURE_FULLY_REFUNDED") {
        return { refundId: null, status: "succeeded", amountCents: null };
      }
      throw error;
    }
  }

  /** A refund names its capture only by link; the capture names the order. */
  async function orderOfRefund(refund: Json): Promise<string | undefined> {
    const up = list(refund, "links").find((link) => text(link, "rel") === "up");
    const captureId = /\/v2\/payments\/captures\/([^/?#]+)/.exec(text(up, "href") ?? "")?.[1];
    if (!captureId) return undefined;
    // The id only: the host named in a webhook body is never called.
    const captured = await call(`/v2/payments/captures/${encodeURIComponent(captureId)}`);
    if (captured.status !== "REFUNDED") return undefined; // partly refunded: still paid
    return orderOfCapture(captured);
  }

  async function verify(rawBody: string, headers: Headers): Promise<void> {
    if (!settings.webhookId) {
      throw new PaymentSignatureError("paypal: PAYPAL_WEBHOOK_ID ist nicht gesetzt");
    }
    const fields: Record<string, string> = {};
    for (const [field, header] of Object.entries(TRANSMISSION_HEADERS)) {
      const value = headers.get(header);
      if (!value) throw new PaymentSignatureError(`paypal: ${header} fehlt`);
      fields[field] = value;
    }
    fields.webhook_id = settings.webhookId;
    // The event goes back byte for byte: PayPal checks its CRC32 over the body it sent, and a
    // re-serialised event (other key order, other number format) would fail verification.
    const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawBody}}`;
    const answer = await call("/v1/notifications/verify-webhook-signature", {
      method: "POST",
      body,
    });
    if (answer.verification_status !== "SUCCESS") {
      throw new PaymentSignatureError("paypal: Signatur nicht bestätigt");
    }
  }

  return {
    name: "paypal",

    async startCheckout(request) {
      const order = await call("/v2/checkout/orders", {
        method: "POST",
        headers: { "PayPal-Request-Id": request.idempotencyKey },
        body: JSON.stringify({
          intent: "CAPTURE",
          purchase_units: [
            {
              reference_id: request.orderUid,
              custom_id: request.orderUid,
              description: request.description.slice(0, MAX_DESCRIPTION_LENGTH),
              amount: {
                currency_code: request.currency.toUpperCase(),
                value: decimalAmount(request.amountCents),
              },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: request.successUrl,
                cancel_url: request.cancelUrl,
                user_action: "PAY_NOW",
                shipping_preference: "NO_SHIPPING",
                locale: "de-DE",
              },
            },
          },
        }),
      });
      const reference = text(order, "id");
      const approve = list(order, "links").find((link) =>
        ["payer-action", "approve"].includes(text(link, "rel") ?? ""),
      );
      const redirectUrl = text(approve, "href");
      if (!reference || !redirectUrl) {
        throw new PaymentProviderError("paypal", "Bestellung ohne id oder Freigabe-Link");
      }
      return { reference, redirectUrl };
    },

    fetchStatus,
    refund,

    async cancelCheckout(orderId) {
      // An order that is never captured simply lapses: there is nothing to close at PayPal.
      const order = await call(orderPath(orderId));
      return order.status === "COMPLETED" ? statusOfOrder(order) : "failed";
    },

    async parseWebhook(rawBody, headers) {
      const event = parseJsonObject(rawBody);
      if (!event) throw new PaymentSignatureError("paypal: kein Ereignis");
      await verify(rawBody, headers);
      const eventId = text(event, "id");
      const resource = object(event, "resource");
      if (!eventId || !resource) return null;

      switch (text(event, "event_type")) {
        case "CHECKOUT.ORDER.APPROVED": {
          // Settle now: the customer may never come back to the return URL.
          const reference = text(resource, "id");
          if (!reference) return null;
          const status = await fetchStatus(reference);
          return status === "pending" ? null : { eventId, reference, status };
        }
        case "PAYMENT.CAPTURE.COMPLETED":
          return eventFor(eventId, orderOfCapture(resource), "paid");
        case "PAYMENT.CAPTURE.DENIED":
          return eventFor(eventId, orderOfCapture(resource), "failed");
        case "PAYMENT.CAPTURE.REFUNDED":
          return eventFor(eventId, await orderOfRefund(resource), "refunded");
        default:
          return null;
      }
    },
  };
}

/** What an order (as GET or capture answers it) means for the shop. */
function statusOfOrder(order: Json): PaymentStatus {
  switch (order.status) {
    case "COMPLETED": {
      const captures = list(object(list(order, "purchase_units")[0], "payments"), "captures");
      return statusOfCapture(text(captures[captures.length - 1], "status"));
    }
    case "VOIDED":
      return "failed";
    default:
      // CREATED, SAVED, PAYER_ACTION_REQUIRED: the customer has not approved yet.
      return "pending";
  }
}

function statusOfCapture(status: string | undefined): PaymentStatus {
  switch (status) {
    case "COMPLETED":
    case "PARTIALLY_REFUNDED":
      return "paid";
    case "REFUNDED":
      return "refunded";
    case "DECLINED":
    case "FAILED":
      return "failed";
    default:
      return "pending";
  }
}

function orderOfCapture(capture: Json): string | undefined {
  return text(object(object(capture, "supplementary_data"), "related_ids"), "order_id");
}

/** "12.34" → 1234; anything that is not such a decimal → null. */
function centsOf(value: string | undefined): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value ?? "");
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** 1234 → "12.34": PayPal wants a decimal string (two decimals for EUR and most currencies). */
export function decimalAmount(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new PaymentProviderError("paypal", `ungültiger Betrag ${amountCents}`);
  }
  return `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, "0")}`;
}
