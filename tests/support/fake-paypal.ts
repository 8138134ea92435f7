import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { crc32 } from "node:zlib";
import {
  amountLabel,
  checkoutPage,
  json,
  listen,
  notFound,
  readBody,
  redirect,
  type Listening,
} from "./fake-http";

/**
 * A local PayPal that answers exactly the Orders v2 requests the app makes (see
 * app/integrations/payments/paypal.server.ts) with PayPal's shapes: OAuth client credentials,
 * bearer tokens, PayPal-Request-Id honoured, orders that must be approved before capture, and the
 * webhook verification endpoint, and refunds of a capture (what is left of it, or an amount no
 * larger; a capture refunded in full says CAPTURE_FULLY_REFUNDED). Its hosted page `/pay/{id}`
 * approves ("Bezahlen") and returns to return_url with `token` and `PayerID`, or cancels
 * ("Abbrechen"). With `webhookUrl` it sends PAYMENT.CAPTURE.REFUNDED there after a refund that
 * leaves nothing of the capture, as PayPal would.
 *
 * Real PayPal signs webhooks with RSA and a certificate; this fake signs with an HMAC of the same
 * fields (transmission id, time, webhook id, CRC32 of the body) that only it can check, which is
 * all the app sees: the app asks PayPal (here: the fake) whether a webhook is genuine.
 */

export type FakePayPalOrderStatus =
  "CREATED" | "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED" | "VOIDED";

export interface FakePayPalCapture {
  id: string;
  status: "COMPLETED" | "DECLINED" | "PENDING" | "REFUNDED" | "PARTIALLY_REFUNDED";
  amount: { currency_code: string; value: string };
  custom_id: string | null;
  supplementary_data: { related_ids: { order_id: string } };
}

export interface FakePayPalRefund {
  id: string;
  status: "COMPLETED";
  amount: { currency_code: string; value: string };
  custom_id: string | null;
  captureId: string;
}

export interface FakePayPalOrder {
  id: string;
  intent: "CAPTURE";
  status: FakePayPalOrderStatus;
  purchaseUnit: {
    reference_id: string | null;
    custom_id: string | null;
    description: string | null;
    amount: { currency_code: string; value: string };
  };
  returnUrl: string;
  cancelUrl: string;
  capture: FakePayPalCapture | null;
  /** The next capture fails with INSTRUMENT_DECLINED. */
  declineCapture: boolean;
}

export type FakePayPalEventType =
  | "CHECKOUT.ORDER.APPROVED"
  | "PAYMENT.CAPTURE.COMPLETED"
  | "PAYMENT.CAPTURE.DENIED"
  | "PAYMENT.CAPTURE.REFUNDED";

export interface SignedWebhook {
  eventId: string;
  body: string;
  headers: Record<string, string>;
}

export interface FakePayPal extends Listening {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  orders: Map<string, FakePayPalOrder>;
  /** Refunds really made (API and `refund`), oldest first. */
  refunds: FakePayPalRefund[];
  /** Orders really created and captures really made (idempotent repeats excluded). */
  counts(): { orders: number; captures: number; tokens: number; refunds: number };
  /** The next `count` refund requests fail with a 500 (INTERNAL_SERVER_ERROR). */
  failRefunds(count: number): void;
  /** What the hosted page's "Bezahlen" does: the customer approves, nothing is captured yet. */
  approve(id: string): FakePayPalOrder;
  /** Captures as PayPal would on the shop's request. */
  capture(id: string): FakePayPalOrder;
  refund(id: string): FakePayPalOrder;
  /** The next capture of this order is declined. */
  decline(id: string): FakePayPalOrder;
  /** Tokens issued so far stop working (PayPal revoked them early). */
  revokeTokens(): void;
  webhook(type: FakePayPalEventType, id: string): SignedWebhook;
  deliver(url: string, webhook: SignedWebhook): Promise<Response>;
  sendWebhook(url: string, type: FakePayPalEventType, id: string): Promise<Response>;
}

export interface FakePayPalOptions {
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  webhookId?: string;
  /** Where to send PAYMENT.CAPTURE.REFUNDED after a full refund (the app's webhook), if anywhere. */
  webhookUrl?: string;
}

const randomId = (length = 17) =>
  randomBytes(length).toString("hex").toUpperCase().slice(0, length);

const paypalError = (
  response: ServerResponse,
  status: number,
  name: string,
  issue: string,
  message = issue,
) =>
  json(response, status, {
    name,
    message,
    debug_id: randomId(13).toLowerCase(),
    details: [{ issue, description: message }],
  });

export async function startFakePayPal(options: FakePayPalOptions = {}): Promise<FakePayPal> {
  const clientId = options.clientId ?? "fake-paypal-client";
  const clientSecret = options.clientSecret ?? "fake-paypal-secret";
  const webhookId = options.webhookId ?? "WH-FAKE-BACKSTUBE";
  const signingKey = randomBytes(32);
  const orders = new Map<string, FakePayPalOrder>();
  const tokens = new Set<string>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const counts = { orders: 0, captures: 0, tokens: 0, refunds: 0 };
  const refunds: FakePayPalRefund[] = [];
  let failingRefunds = 0;
  let base = "";

  const find = (id: string) => {
    const order = orders.get(id);
    if (!order) throw new Error(`Keine PayPal-Bestellung ${id}`);
    return order;
  };

  const orderJson = (order: FakePayPalOrder) => ({
    id: order.id,
    intent: order.intent,
    status: order.status,
    purchase_units: [
      {
        ...order.purchaseUnit,
        ...(order.capture ? { payments: { captures: [captureJson(order.capture)] } } : {}),
      },
    ],
    links: [
      { href: `${base}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" },
      ...(order.status === "PAYER_ACTION_REQUIRED" || order.status === "CREATED"
        ? [
            {
              href: `${base}/pay/${order.id}`,
              rel: order.status === "CREATED" ? "approve" : "payer-action",
              method: "GET",
            },
          ]
        : []),
      ...(order.status === "APPROVED"
        ? [
            {
              href: `${base}/v2/checkout/orders/${order.id}/capture`,
              rel: "capture",
              method: "POST",
            },
          ]
        : []),
    ],
  });

  const captureJson = (capture: FakePayPalCapture) => ({
    ...capture,
    final_capture: true,
    links: [
      { href: `${base}/v2/payments/captures/${capture.id}`, rel: "self", method: "GET" },
      {
        href: `${base}/v2/checkout/orders/${capture.supplementary_data.related_ids.order_id}`,
        rel: "up",
        method: "GET",
      },
    ],
  });

  function approve(id: string): FakePayPalOrder {
    const order = find(id);
    if (order.status !== "PAYER_ACTION_REQUIRED" && order.status !== "CREATED") {
      throw new Error(`Bestellung ${id} ist ${order.status}`);
    }
    order.status = "APPROVED";
    return order;
  }

  function capture(id: string): FakePayPalOrder {
    const order = find(id);
    if (order.status !== "APPROVED") throw new Error(`Bestellung ${id} ist ${order.status}`);
    order.status = "COMPLETED";
    order.capture = {
      id: randomId(),
      status: "COMPLETED",
      amount: order.purchaseUnit.amount,
      custom_id: order.purchaseUnit.custom_id,
      supplementary_data: { related_ids: { order_id: order.id } },
    };
    counts.captures += 1;
    return order;
  }

  const cents = (value: string) => Math.round(Number(value) * 100);
  const decimal = (amount: number) =>
    `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, "0")}`;
  const refundedOf = (capture: FakePayPalCapture) =>
    refunds
      .filter((each) => each.captureId === capture.id)
      .reduce((sum, each) => sum + cents(each.amount.value), 0);

  /** Books a refund of `amount` cents (what is left by default) on the order's capture. */
  function book(order: FakePayPalOrder, amount?: number, customId: string | null = null) {
    const capture = order.capture!;
    const left = cents(capture.amount.value) - refundedOf(capture);
    const booked: FakePayPalRefund = {
      id: randomId(),
      status: "COMPLETED",
      amount: { currency_code: capture.amount.currency_code, value: decimal(amount ?? left) },
      custom_id: customId,
      captureId: capture.id,
    };
    refunds.push(booked);
    counts.refunds += 1;
    capture.status = (amount ?? left) >= left ? "REFUNDED" : "PARTIALLY_REFUNDED";
    if (capture.status === "REFUNDED" && options.webhookUrl) {
      const signed = webhook("PAYMENT.CAPTURE.REFUNDED", order.id);
      setTimeout(() => void deliver(options.webhookUrl!, signed).catch(() => undefined), 10);
    }
    return booked;
  }

  function refund(id: string): FakePayPalOrder {
    const order = find(id);
    const status = order.capture?.status;
    if (status !== "COMPLETED" && status !== "PARTIALLY_REFUNDED") {
      throw new Error(`Bestellung ${id} nicht erfasst`);
    }
    book(order);
    return order;
  }

  function decline(id: string): FakePayPalOrder {
    const order = find(id);
    order.declineCapture = true;
    return order;
  }

  const sign = (transmissionId: string, time: string, body: string) =>
    createHmac("sha256", signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${crc32(body)}`)
      .digest("base64");

  function webhook(type: FakePayPalEventType, id: string): SignedWebhook {
    const order = find(id);
    const declined: FakePayPalCapture = {
      id: order.capture?.id ?? randomId(),
      status: "DECLINED",
      amount: order.purchaseUnit.amount,
      custom_id: order.purchaseUnit.custom_id,
      supplementary_data: { related_ids: { order_id: order.id } },
    };
    const resource = (() => {
      switch (type) {
        case "CHECKOUT.ORDER.APPROVED":
          return ["checkout-order", orderJson(order)] as const;
        case "PAYMENT.CAPTURE.DENIED":
          return ["capture", captureJson(declined)] as const;
        case "PAYMENT.CAPTURE.COMPLETED":
          if (!order.capture) throw new Error(`Bestellung ${id} ist nicht erfasst`);
          return ["capture", captureJson(order.capture)] as const;
        case "PAYMENT.CAPTURE.REFUNDED": {
          if (!order.capture) throw new Error(`Bestellung ${id} ist nicht erfasst`);
          const captureId = order.capture.id;
          const latest = refunds.filter((each) => each.captureId === captureId).at(-1);
          const refundId = latest?.id ?? randomId();
          return [
            "refund",
            {
              id: refundId,
              status: "COMPLETED",
              amount: latest?.amount ?? order.purchaseUnit.amount,
              links: [
                { href: `${base}/v2/payments/refunds/${refundId}`, rel: "self", method: "GET" },
                {
                  href: `${base}/v2/payments/captures/${order.capture.id}`,
                  rel: "up",
                  method: "GET",
                },
              ],
            },
          ] as const;
        }
      }
    })();
    const eventId = `WH-${randomId(8)}-${randomId(17)}`;
    const body = JSON.stringify({
      id: eventId,
      event_version: "1.0",
      create_time: new Date().toISOString(),
      resource_type: resource[0],
      resource_version: "2.0",
      event_type: type,
      summary: `Fake ${type}`,
      resource: resource[1],
    });
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    return {
      eventId,
      body,
      headers: {
        "Content-Type": "application/json",
        "PAYPAL-TRANSMISSION-ID": transmissionId,
        "PAYPAL-TRANSMISSION-TIME": time,
        "PAYPAL-TRANSMISSION-SIG": sign(transmissionId, time, body),
        "PAYPAL-CERT-URL": `${base}/v1/notifications/certs/CERT-FAKE`,
        "PAYPAL-AUTH-ALGO": "SHA256withRSA",
      },
    };
  }

  const deliver = (url: string, signed: SignedWebhook) =>
    fetch(url, { method: "POST", headers: signed.headers, body: signed.body });

  /** PayPal-Request-Id: a repeated request answers the first reply again, whatever its body. */
  function replay(request: IncomingMessage, path: string) {
    const requestId = request.headers["paypal-request-id"];
    const key = typeof requestId === "string" ? `${path}|${requestId}` : undefined;
    return {
      earlier: key ? replies.get(key) : undefined,
      remember: (status: number, body: unknown) => {
        if (key) replies.set(key, { status, body: structuredClone(body) });
      },
    };
  }

  async function token(request: IncomingMessage, response: ServerResponse) {
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
    const form = new URLSearchParams(await readBody(request));
    if (request.headers.authorization !== expected) {
      return json(response, 401, {
        error: "invalid_client",
        error_description: "Client Authentication failed",
      });
    }
    if (form.get("grant_type") !== "client_credentials") {
      return json(response, 400, { error: "unsupported_grant_type" });
    }
    const accessToken = `A21AA${randomBytes(24).toString("hex")}`;
    tokens.add(accessToken);
    counts.tokens += 1;
    json(response, 200, {
      scope: "https://uri.paypal.com/services/payments/payment",
      access_token: accessToken,
      token_type: "Bearer",
      app_id: "APP-FAKE",
      expires_in: 32400,
      nonce: randomId(20),
    });
  }

  async function createOrder(request: IncomingMessage, response: ServerResponse, raw: string) {
    const idempotent = replay(request, "/v2/checkout/orders");
    if (idempotent.earlier) {
      return json(response, 200, idempotent.earlier.body);
    }
    let body: {
      intent?: string;
      purchase_units?: {
        reference_id?: string;
        custom_id?: string;
        description?: string;
        amount?: { currency_code?: string; value?: string };
      }[];
      payment_source?: { paypal?: { experience_context?: Record<string, string> } };
      application_context?: Record<string, string>;
    };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return paypalError(response, 400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON");
    }
    const unit = body.purchase_units?.[0];
    const amount = unit?.amount;
    const context = body.payment_source?.paypal?.experience_context ?? body.application_context;
    if (body.intent !== "CAPTURE") {
      return paypalError(response, 400, "INVALID_REQUEST", "INVALID_PARAMETER_VALUE", "intent");
    }
    if (!amount?.currency_code || !/^\d+(\.\d{2})?$/.test(amount.value ?? "")) {
      return paypalError(response, 422, "UNPROCESSABLE_ENTITY", "DECIMAL_PRECISION", "amount");
    }
    if (!context?.return_url || !context.cancel_url) {
      return paypalError(response, 400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "url");
    }
    const order: FakePayPalOrder = {
      id: randomId(),
      intent: "CAPTURE",
      // With a payment_source PayPal answers PAYER_ACTION_REQUIRED and a payer-action link.
      status: body.payment_source ? "PAYER_ACTION_REQUIRED" : "CREATED",
      purchaseUnit: {
        reference_id: unit?.reference_id ?? "default",
        custom_id: unit?.custom_id ?? null,
        description: unit?.description ?? null,
        amount: { currency_code: amount.currency_code, value: amount.value! },
      },
      returnUrl: context.return_url,
      cancelUrl: context.cancel_url,
      capture: null,
      declineCapture: false,
    };
    orders.set(order.id, order);
    counts.orders += 1;
    const reply = orderJson(order);
    idempotent.remember(200, reply);
    json(response, 201, reply);
  }

  function captureOrder(
    request: IncomingMessage,
    response: ServerResponse,
    order: FakePayPalOrder,
  ) {
    const idempotent = replay(request, `/v2/checkout/orders/${order.id}/capture`);
    if (idempotent.earlier) return json(response, 200, idempotent.earlier.body);
    if (order.status === "COMPLETED") {
      return paypalError(response, 422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED");
    }
    if (order.status !== "APPROVED") {
      return paypalError(response, 422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED");
    }
    if (order.declineCapture) {
      order.declineCapture = false;
      return paypalError(response, 422, "UNPROCESSABLE_ENTITY", "INSTRUMENT_DECLINED");
    }
    const reply = orderJson(capture(order.id));
    idempotent.remember(201, reply);
    json(response, 201, reply);
  }

  const refundJson = (booked: FakePayPalRefund, representation: boolean) => ({
    id: booked.id,
    status: booked.status,
    ...(representation ? { amount: booked.amount, custom_id: booked.custom_id } : {}),
    links: [
      { href: `${base}/v2/payments/refunds/${booked.id}`, rel: "self", method: "GET" },
      { href: `${base}/v2/payments/captures/${booked.captureId}`, rel: "up", method: "GET" },
    ],
  });

  /** `POST /v2/payments/captures/{id}/refund`: all that is left, or `amount` of it. */
  function refundCapture(
    request: IncomingMessage,
    response: ServerResponse,
    order: FakePayPalOrder,
    raw: string,
  ) {
    const capture = order.capture!;
    const idempotent = replay(request, `/v2/payments/captures/${capture.id}/refund`);
    if (idempotent.earlier) {
      return json(response, idempotent.earlier.status, idempotent.earlier.body);
    }
    let body: { amount?: { value?: string; currency_code?: string }; custom_id?: string };
    try {
      body = raw.trim() ? (JSON.parse(raw) as typeof body) : {};
    } catch {
      return paypalError(response, 400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON");
    }
    if (failingRefunds > 0) {
      failingRefunds -= 1;
      return json(response, 500, {
        name: "INTERNAL_SERVER_ERROR",
        message: "An internal server error has occurred.",
        debug_id: randomId(13).toLowerCase(),
      });
    }
    if (capture.status === "REFUNDED") {
      return paypalError(
        response,
        422,
        "UNPROCESSABLE_ENTITY",
        "CAPTURE_FULLY_REFUNDED",
        "The capture has already been fully refunded",
      );
    }
    if (capture.status !== "COMPLETED" && capture.status !== "PARTIALLY_REFUNDED") {
      return paypalError(response, 422, "UNPROCESSABLE_ENTITY", "TRANSACTION_REFUSED");
    }
    let amount: number | undefined;
    if (body.amount) {
      if (!/^\d+(\.\d{1,2})?$/.test(body.amount.value ?? "")) {
        return paypalError(response, 422, "UNPROCESSABLE_ENTITY", "DECIMAL_PRECISION");
      }
      if (body.amount.currency_code !== capture.amount.currency_code) {
        return paypalError(
          response,
          422,
          "UNPROCESSABLE_ENTITY",
          "REFUND_CAPTURE_CURRENCY_MISMATCH",
          "Refund must be in the same currency as the capture.",
        );
      }
      amount = cents(body.amount.value!);
      if (amount <= 0) {
        return paypalError(response, 422, "UNPROCESSABLE_ENTITY", "CANNOT_BE_ZERO_OR_NEGATIVE");
      }
      if (amount > cents(capture.amount.value) - refundedOf(capture)) {
        return paypalError(
          response,
          422,
          "UNPROCESSABLE_ENTITY",
          "REFUND_AMOUNT_EXCEEDED",
          "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
        );
      }
    }
    const booked = book(order, amount, body.custom_id ?? null);
    const reply = refundJson(booked, request.headers.prefer === "return=representation");
    idempotent.remember(201, reply);
    json(response, 201, reply);
  }

  function verify(response: ServerResponse, raw: string) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return paypalError(response, 400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON");
    }
    const fields = [
      "auth_algo",
      "cert_url",
      "transmission_id",
      "transmission_sig",
      "transmission_time",
      "webhook_id",
    ] as const;
    const missing = fields.find((field) => typeof body[field] !== "string");
    if (missing || typeof body.webhook_event !== "object") {
      return paypalError(response, 400, "VALIDATION_ERROR", "MISSING_REQUIRED_PARAMETER");
    }
    const value = (field: (typeof fields)[number]) => body[field] as string;
    const genuine =
      value("webhook_id") === webhookId &&
      value("auth_algo") === "SHA256withRSA" &&
      value("cert_url").startsWith(`${base}/`) &&
      value("transmission_sig") ===
        sign(
          value("transmission_id"),
          value("transmission_time"),
          JSON.stringify(body.webhook_event),
        );
    json(response, 200, { verification_status: genuine ? "SUCCESS" : "FAILURE" });
  }

  async function api(request: IncomingMessage, response: ServerResponse, url: URL) {
    const path = url.pathname;
    const method = request.method ?? "GET";
    if (method === "POST" && path === "/v1/oauth2/token") return token(request, response);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!bearer || !tokens.has(bearer)) {
      return json(response, 401, {
        name: "AUTHENTICATION_FAILURE",
        message:
          "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
        details: [{ issue: "INVALID_TOKEN" }],
      });
    }
    const raw = method === "POST" ? await readBody(request) : "";
    if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      return verify(response, raw);
    }
    if (method === "POST" && path === "/v2/checkout/orders") {
      return createOrder(request, response, raw);
    }
    const captureMatch = /^\/v2\/payments\/captures\/([^/]+)(\/refund)?$/.exec(path);
    if (captureMatch) {
      const captureId = decodeURIComponent(captureMatch[1]!);
      const order = [...orders.values()].find((each) => each.capture?.id === captureId);
      if (!order?.capture) {
        return paypalError(response, 404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
      }
      if (method === "GET" && !captureMatch[2])
        return json(response, 200, captureJson(order.capture));
      if (method === "POST" && captureMatch[2]) return refundCapture(request, response, order, raw);
      return paypalError(response, 405, "METHOD_NOT_SUPPORTED", "METHOD_NOT_SUPPORTED");
    }
    const refundMatch = /^\/v2\/payments\/refunds\/([^/]+)$/.exec(path);
    if (method === "GET" && refundMatch) {
      const found = refunds.find((each) => each.id === decodeURIComponent(refundMatch[1]!));
      if (!found) return paypalError(response, 404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
      return json(response, 200, refundJson(found, true));
    }
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const order = orderMatch ? orders.get(decodeURIComponent(orderMatch[1]!)) : undefined;
    if (!orderMatch || !order) {
      return paypalError(response, 404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
    }
    if (method === "GET" && !orderMatch[2]) return json(response, 200, orderJson(order));
    if (method === "POST" && orderMatch[2]) return captureOrder(request, response, order);
    return paypalError(response, 405, "METHOD_NOT_SUPPORTED", "METHOD_NOT_SUPPORTED");
  }

  async function hostedPage(request: IncomingMessage, response: ServerResponse, url: URL) {
    const [, , rawId, action] = url.pathname.split("/");
    const order = orders.get(decodeURIComponent(rawId ?? ""));
    if (!order) return notFound(response, { message: "Unbekannte Zahlung" });
    const open = order.status === "PAYER_ACTION_REQUIRED" || order.status === "CREATED";
    if (request.method === "GET" && !action) {
      return checkoutPage(response, {
        provider: "PayPal",
        id: order.id,
        description: order.purchaseUnit.description ?? "",
        amount: amountLabel(
          Math.round(Number(order.purchaseUnit.amount.value) * 100),
          order.purchaseUnit.amount.currency_code,
        ),
        open,
      });
    }
    if (request.method === "POST" && action === "pay" && open) {
      approve(order.id);
      return redirect(response, withQuery(order.returnUrl, { token: order.id, PayerID: "FAKE" }));
    }
    if (request.method === "POST" && action === "cancel") {
      return redirect(response, withQuery(order.cancelUrl, { token: order.id }));
    }
    return json(response, 409, { message: `Bestellung ist ${order.status}` });
  }

  /** For another process: `GET /_fake/orders[/{id}]`, `POST /_fake/orders/{id}/{action}`. */
  async function control(request: IncomingMessage, response: ServerResponse, url: URL) {
    const [, , , rawId, action] = url.pathname.split("/");
    if (!rawId) return json(response, 200, [...orders.values()].map(orderJson));
    const id = decodeURIComponent(rawId);
    if (!orders.has(id)) return notFound(response, { message: "Unbekannte Bestellung" });
    if (request.method === "GET" && !action) return json(response, 200, orderJson(find(id)));
    if (request.method !== "POST") return json(response, 405, {});
    const actions: Record<string, (orderId: string) => FakePayPalOrder> = {
      approve,
      capture,
      refund,
      decline,
    };
    if (action === "fail-refunds") {
      const { count } = JSON.parse((await readBody(request)) || "{}") as { count?: number };
      failingRefunds = count ?? 1;
      return json(response, 200, { failing: failingRefunds });
    }
    const run = action ? actions[action] : undefined;
    if (run) return json(response, 200, orderJson(run(id)));
    if (action === "webhook") {
      const { url: target, type } = JSON.parse(await readBody(request)) as {
        url: string;
        type: FakePayPalEventType;
      };
      const signed = webhook(type, id);
      const answer = await deliver(target, signed);
      return json(response, 200, { eventId: signed.eventId, status: answer.status });
    }
    return notFound(response, {});
  }

  const server = await listen(
    async (request, response) => {
      const url = new URL(request.url ?? "/", base || "http://localhost");
      if (url.pathname.startsWith("/v1/") || url.pathname.startsWith("/v2/")) {
        return api(request, response, url);
      }
      if (url.pathname.startsWith("/pay/")) return hostedPage(request, response, url);
      if (url.pathname.startsWith("/_fake/orders")) return control(request, response, url);
      notFound(response, { message: "Unbekannter Pfad" });
    },
    { port: options.port, host: options.host },
  );
  base = server.url;

  return {
    ...server,
    clientId,
    clientSecret,
    webhookId,
    orders,
    refunds,
    counts: () => ({ ...counts }),
    failRefunds: (count) => {
      failingRefunds = count;
    },
    approve,
    capture,
    refund,
    decline,
    revokeTokens: () => tokens.clear(),
    webhook,
    deliver,
    sendWebhook: (url, type, id) => deliver(url, webhook(type, id)),
  };
}

function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}
