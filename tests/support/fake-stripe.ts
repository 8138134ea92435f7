import { createHash, createHmac, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
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
 * A local Stripe that answers exactly the Checkout and Refund requests the app makes (see
 * app/integrations/payments/stripe.server.ts) with Stripe's shapes: bearer key checked,
 * Idempotency-Key honoured as Stripe does (the first answer is saved and replayed for the same
 * key, an error included, and the same key with other parameters is refused), refunds checked
 * against what is left of the charge, state in memory. Its hosted page `/pay/{id}` has the
 * buttons "Bezahlen" and "Abbrechen". Tests drive it directly (`pay`, `sendWebhook`); another
 * process (the end-to-end tests) through `/_fake/…`. With `webhookUrl` it sends `charge.refunded`
 * there after every refund, as Stripe would.
 */

export interface FakeStripeSession {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  /** Not Stripe's: the product name, the amount refunded so far. */
  name: string;
  amount_refunded: number;
}

export interface FakeStripeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  metadata: Record<string, string>;
  reason: string | null;
  status: "succeeded";
  created: number;
}

export type FakeStripeEventType =
  | "checkout.session.completed"
  | "checkout.session.async_payment_succeeded"
  | "checkout.session.async_payment_failed"
  | "checkout.session.expired"
  | "charge.refunded";

export interface SignedWebhook {
  eventId: string;
  body: string;
  headers: Record<string, string>;
}

export interface FakeStripe extends Listening {
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeStripeSession>;
  /** Refunds really made (`POST /v1/refunds` and `refund`), oldest first. */
  refunds: FakeStripeRefund[];
  /** Sessions really created: a request repeated with its Idempotency-Key does not count. */
  created(): number;
  /**
   * Every API request as received, oldest first, with its `Stripe-Version` header (null when
   * absent: real Stripe then answers in the account's default version).
   */
  apiRequests: FakeStripeApiRequest[];
  /**
   * The next `count` refund requests fail inside Stripe with a 500 (`api_error`), which Stripe
   * saves under the request's Idempotency-Key like any other answer.
   */
  failRefunds(count: number): void;
  /** What the hosted page's "Bezahlen" does. */
  pay(id: string): FakeStripeSession;
  expire(id: string): FakeStripeSession;
  /** Refunds the whole amount, or part of it. */
  refund(id: string, amount?: number): FakeStripeSession;
  /** An event about this session, signed as Stripe signs it (at `at`, default now). */
  webhook(type: FakeStripeEventType, id: string, options?: { at?: Date }): SignedWebhook;
  deliver(url: string, webhook: SignedWebhook): Promise<Response>;
  sendWebhook(
    url: string,
    type: FakeStripeEventType,
    id: string,
    options?: { at?: Date },
  ): Promise<Response>;
}

export interface FakeStripeApiRequest {
  method: string;
  path: string;
  stripeVersion: string | null;
}

export interface FakeStripeOptions {
  port?: number;
  host?: string;
  secretKey?: string;
  webhookSecret?: string;
  /** Where to send `charge.refunded` after each refund (the app's webhook), if anywhere. */
  webhookUrl?: string;
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

const stripeError = (
  response: ServerResponse,
  status: number,
  message: string,
  extra: Record<string, string> = {},
) => json(response, status, { error: { type: "invalid_request_error", message, ...extra } });

const REQUIRED = [
  "mode",
  "success_url",
  "line_items[0][quantity]",
  "line_items[0][price_data][currency]",
  "line_items[0][price_data][unit_amount]",
  "line_items[0][price_data][product_data][name]",
] as const;

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? "sk_test_fake_backstube";
  const webhookSecret = options.webhookSecret ?? "whsec_fake_backstube";
  const sessions = new Map<string, FakeStripeSession>();
  const refunds: FakeStripeRefund[] = [];
  const apiRequests: FakeStripeApiRequest[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  let createdCount = 0;
  let failingRefunds = 0;
  /** Failures for one session's refunds only (parallel end-to-end tests share the fake). */
  const failingRefundsOf = new Map<string, number>();
  let base = "";

  const find = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`Keine Stripe-Sitzung ${id}`);
    return session;
  };

  function pay(id: string): FakeStripeSession {
    const session = find(id);
    if (session.status !== "open") throw new Error(`Sitzung ${id} ist ${session.status}`);
    Object.assign(session, {
      status: "complete",
      payment_status: "paid",
      payment_intent: randomId("pi"),
      url: null,
    });
    return session;
  }

  function expire(id: string): FakeStripeSession {
    const session = find(id);
    if (session.status !== "open") throw new Error(`Sitzung ${id} ist ${session.status}`);
    Object.assign(session, { status: "expired", url: null });
    return session;
  }

  /** Books a refund of `amount` (what is left by default) on a paid session's charge. */
  function book(session: FakeStripeSession, amount: number, form?: URLSearchParams) {
    const metadata: Record<string, string> = {};
    for (const [name, value] of form ?? []) {
      const field = /^metadata\[(.+)\]$/.exec(name)?.[1];
      if (field) metadata[field] = value;
    }
    const booked: FakeStripeRefund = {
      id: randomId("re"),
      object: "refund",
      amount,
      currency: session.currency,
      charge: `ch_${session.payment_intent!.slice(3)}`,
      payment_intent: session.payment_intent!,
      metadata,
      reason: form?.get("reason") ?? null,
      status: "succeeded",
      created: Math.floor(Date.now() / 1000),
    };
    session.amount_refunded += amount;
    refunds.push(booked);
    if (options.webhookUrl) {
      // Stripe tells the shop afterwards; a shop that is away gets it later (here: never).
      const signed = webhook("charge.refunded", session.id);
      setTimeout(() => void deliver(options.webhookUrl!, signed).catch(() => undefined), 10);
    }
    return booked;
  }

  function refund(id: string, amount?: number): FakeStripeSession {
    const session = find(id);
    if (session.payment_status !== "paid") throw new Error(`Sitzung ${id} ist nicht bezahlt`);
    const left = session.amount_total - session.amount_refunded;
    if (left > 0) book(session, Math.min(left, amount ?? left));
    return session;
  }

  const chargeOf = (session: FakeStripeSession) => ({
    id: `ch_${session.payment_intent?.slice(3)}`,
    object: "charge",
    amount: session.amount_total,
    amount_refunded: session.amount_refunded,
    currency: session.currency,
    payment_intent: session.payment_intent,
    paid: true,
    refunded: session.amount_refunded >= session.amount_total,
    status: "succeeded",
  });

  function webhook(
    type: FakeStripeEventType,
    id: string,
    webhookOptions: { at?: Date } = {},
  ): SignedWebhook {
    const session = find(id);
    const at = webhookOptions.at ?? new Date();
    const eventId = randomId("evt");
    const body = JSON.stringify({
      id: eventId,
      object: "event",
      api_version: "2024-06-20",
      created: Math.floor(at.getTime() / 1000),
      livemode: false,
      type,
      data: { object: type === "charge.refunded" ? chargeOf(session) : { ...session } },
    });
    const timestamp = Math.floor(at.getTime() / 1000);
    const signature = createHmac("sha256", webhookSecret)
      .update(`${timestamp}.${body}`)
      .digest("hex");
    return {
      eventId,
      body,
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Stripe-Signature": `t=${timestamp},v1=${signature}`,
      },
    };
  }

  const deliver = (url: string, signed: SignedWebhook) =>
    fetch(url, { method: "POST", headers: signed.headers, body: signed.body });

  /**
   * An answer of the API. `saved`: Stripe had begun to execute the request, so the answer is kept
   * under its Idempotency-Key (a 500 as well); a request refused by validation is not.
   */
  interface Answer {
    status: number;
    body: unknown;
    saved: boolean;
  }

  const refused = (status: number, message: string, extra: Record<string, string> = {}) => ({
    status,
    body: { error: { type: "invalid_request_error", message, ...extra } },
  });

  /** Stripe's idempotency: a key seen before replays its answer, or refuses other parameters. */
  async function idempotentPost(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    handle: (form: URLSearchParams) => Answer,
  ) {
    const raw = await readBody(request);
    const key = request.headers["idempotency-key"];
    const fingerprint = createHash("sha256").update(`${path}?${raw}`).digest("hex");
    if (typeof key === "string") {
      const earlier = idempotent.get(key);
      if (earlier && earlier.fingerprint !== fingerprint) {
        return stripeError(
          response,
          400,
          "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          { type: "idempotency_error" },
        );
      }
      if (earlier) {
        return json(response, earlier.status, earlier.body, { "Idempotent-Replayed": "true" });
      }
    }
    const answer = handle(new URLSearchParams(raw));
    if (typeof key === "string" && answer.saved) {
      idempotent.set(key, {
        fingerprint,
        status: answer.status,
        body: structuredClone(answer.body),
      });
    }
    json(response, answer.status, answer.body);
  }

  /** `POST /v1/refunds`: the charge of a payment intent (or a charge), what is left or `amount`. */
  function createRefund(form: URLSearchParams): Answer {
    const paymentIntent = form.get("payment_intent");
    const charge = form.get("charge");
    if (!paymentIntent && !charge) {
      return {
        ...refused(
          400,
          "One of the following params should be provided for this request: payment_intent or charge.",
          { code: "parameter_missing" },
        ),
        saved: false,
      };
    }
    const amountText = form.get("amount");
    if (amountText !== null && (!/^\d+$/.test(amountText) || Number(amountText) < 1)) {
      return {
        ...refused(400, "Invalid positive integer", {
          code: "parameter_invalid_integer",
          param: "amount",
        }),
        saved: false,
      };
    }
    const session = [...sessions.values()].find(
      (each) =>
        each.payment_intent !== null &&
        (paymentIntent
          ? each.payment_intent === paymentIntent
          : `ch_${each.payment_intent.slice(3)}` === charge),
    );
    if (!session) {
      const [param, id] = paymentIntent ? ["payment_intent", paymentIntent] : ["charge", charge!];
      return {
        ...refused(400, `No such ${param}: '${id}'`, { code: "resource_missing", param }),
        saved: false,
      };
    }
    // From here on Stripe executes the request: whatever it answers is saved under the key.
    const failingHere = failingRefundsOf.get(session.id) ?? 0;
    if (failingRefunds > 0 || failingHere > 0) {
      if (failingHere > 0) failingRefundsOf.set(session.id, failingHere - 1);
      else failingRefunds -= 1;
      return {
        status: 500,
        body: { error: { type: "api_error", message: "An unknown error occurred" } },
        saved: true,
      };
    }
    const left = session.amount_total - session.amount_refunded;
    const chargeId = `ch_${session.payment_intent!.slice(3)}`;
    if (left <= 0) {
      return {
        ...refused(400, `Charge ${chargeId} has already been refunded.`, {
          code: "charge_already_refunded",
          charge: chargeId,
        }),
        saved: true,
      };
    }
    const amount = amountText === null ? left : Number(amountText);
    if (amount > left) {
      const money = (cents: number) => amountLabel(cents, session.currency);
      return {
        ...refused(
          400,
          `Refund amount (${money(amount)}) is greater than unrefunded amount on charge (${money(left)})`,
          { param: "amount" },
        ),
        saved: true,
      };
    }
    return { status: 200, body: book(session, amount, form), saved: true };
  }

  /** `POST /v1/checkout/sessions`: one line item, paid in one go. */
  function createSession(form: URLSearchParams): Answer {
    const missing = REQUIRED.find((name) => !form.get(name));
    if (missing) {
      return {
        ...refused(400, `Missing required param: ${missing}.`, {
          code: "parameter_missing",
          param: missing,
        }),
        saved: false,
      };
    }
    const unitAmount = form.get("line_items[0][price_data][unit_amount]")!;
    const quantity = form.get("line_items[0][quantity]")!;
    if (form.get("mode") !== "payment" || !/^\d+$/.test(unitAmount) || !/^\d+$/.test(quantity)) {
      return {
        ...refused(400, "Invalid mode, unit_amount or quantity.", {
          code: "parameter_invalid_integer",
        }),
        saved: false,
      };
    }
    const id = randomId("cs_test");
    const metadata: Record<string, string> = {};
    for (const [name, value] of form) {
      const field = /^metadata\[(.+)\]$/.exec(name)?.[1];
      if (field) metadata[field] = value;
    }
    const session: FakeStripeSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: Number(unitAmount) * Number(quantity),
      currency: form.get("line_items[0][price_data][currency]")!,
      client_reference_id: form.get("client_reference_id"),
      metadata,
      payment_intent: null,
      success_url: form.get("success_url")!,
      cancel_url: form.get("cancel_url") ?? form.get("success_url")!,
      url: `${base}/pay/${id}`,
      name: form.get("line_items[0][price_data][product_data][name]")!,
      amount_refunded: 0,
    };
    sessions.set(id, session);
    createdCount += 1;
    return { status: 200, body: session, saved: true };
  }

  const list = (data: unknown[]) => ({ object: "list", data, has_more: false, url: "" });

  async function api(request: IncomingMessage, response: ServerResponse, url: URL) {
    const version = request.headers["stripe-version"];
    apiRequests.push({
      method: request.method ?? "GET",
      path: url.pathname,
      stripeVersion: typeof version === "string" ? version : null,
    });
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(response, 401, "Invalid API Key provided.");
    }
    const path = url.pathname;
    const method = request.method ?? "GET";
    if (method === "POST" && path === "/v1/checkout/sessions") {
      return idempotentPost(request, response, path, createSession);
    }
    if (method === "POST" && path === "/v1/refunds") {
      return idempotentPost(request, response, path, createRefund);
    }
    if (method === "GET" && path === "/v1/refunds") {
      const paymentIntent = url.searchParams.get("payment_intent");
      return json(
        response,
        200,
        list(refunds.filter((each) => !paymentIntent || each.payment_intent === paymentIntent)),
      );
    }
    const refundMatch = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === "GET" && refundMatch) {
      const found = refunds.find((each) => each.id === decodeURIComponent(refundMatch[1]!));
      if (found) return json(response, 200, found);
      return notFound(response, {
        error: {
          type: "invalid_request_error",
          code: "resource_missing",
          message: `No such refund: '${refundMatch[1]}'`,
        },
      });
    }
    if (method === "GET" && path === "/v1/checkout/sessions") {
      const paymentIntent = url.searchParams.get("payment_intent");
      const found = [...sessions.values()].filter(
        (session) => !paymentIntent || session.payment_intent === paymentIntent,
      );
      return json(response, 200, list(found));
    }
    if (method === "GET" && path === "/v1/charges") {
      const paymentIntent = url.searchParams.get("payment_intent");
      const paid = [...sessions.values()].filter(
        (session) =>
          session.payment_intent && (!paymentIntent || session.payment_intent === paymentIntent),
      );
      return json(response, 200, list(paid.map(chargeOf)));
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const session = match ? sessions.get(decodeURIComponent(match[1]!)) : undefined;
    if (!match || !session) {
      return notFound(response, {
        error: {
          type: "invalid_request_error",
          code: "resource_missing",
          message: `No such checkout.session: '${match?.[1] ?? path}'`,
        },
      });
    }
    if (method === "GET" && !match[2]) return json(response, 200, session);
    if (method === "POST" && match[2]) {
      if (session.status !== "open") {
        return stripeError(
          response,
          400,
          'Only Checkout Sessions with a status in ["open"] can be expired.',
        );
      }
      return json(response, 200, expire(session.id));
    }
    return stripeError(response, 405, "Method not allowed.");
  }

  async function hostedPage(request: IncomingMessage, response: ServerResponse, url: URL) {
    const [, , rawId, action] = url.pathname.split("/");
    const session = sessions.get(decodeURIComponent(rawId ?? ""));
    if (!session) return notFound(response, { error: { message: "Unbekannte Zahlung" } });
    if (request.method === "GET" && !action) {
      return checkoutPage(response, {
        provider: "Stripe",
        id: session.id,
        description: session.name,
        amount: amountLabel(session.amount_total, session.currency),
        open: session.status === "open",
      });
    }
    if (request.method === "POST" && action === "pay" && session.status === "open") {
      pay(session.id);
      return redirect(response, session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
    }
    if (request.method === "POST" && action === "cancel") {
      // Stripe leaves the session open until it expires; the shop may expire it.
      return redirect(response, session.cancel_url);
    }
    return json(response, 409, { error: { message: `Zahlung ist ${session.status}` } });
  }

  /** For another process: `GET /_fake/sessions[/{id}]`, `POST /_fake/sessions/{id}/{action}`. */
  async function control(request: IncomingMessage, response: ServerResponse, url: URL) {
    const [, , , rawId, action] = url.pathname.split("/");
    if (!rawId) return json(response, 200, [...sessions.values()]);
    const id = decodeURIComponent(rawId);
    if (!sessions.has(id)) return notFound(response, { error: { message: "Unbekannte Sitzung" } });
    if (request.method === "GET" && !action) return json(response, 200, sessions.get(id));
    if (request.method !== "POST") return json(response, 405, {});
    if (action === "pay") return json(response, 200, pay(id));
    if (action === "expire") return json(response, 200, expire(id));
    if (action === "refund") return json(response, 200, refund(id));
    if (action === "fail-refunds") {
      const { count } = JSON.parse((await readBody(request)) || "{}") as { count?: number };
      failingRefundsOf.set(id, count ?? 1);
      return json(response, 200, { failing: count ?? 1 });
    }
    if (action === "webhook") {
      const { url: target, type } = JSON.parse(await readBody(request)) as {
        url: string;
        type: FakeStripeEventType;
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
      if (url.pathname.startsWith("/v1/")) return api(request, response, url);
      if (url.pathname.startsWith("/pay/")) return hostedPage(request, response, url);
      if (url.pathname.startsWith("/_fake/sessions")) return control(request, response, url);
      notFound(response, { error: { message: "Unbekannter Pfad" } });
    },
    { port: options.port, host: options.host },
  );
  base = server.url;

  return {
    ...server,
    secretKey,
    webhookSecret,
    sessions,
    refunds,
    created: () => createdCount,
    apiRequests,
    failRefunds: (count) => {
      failingRefunds = count;
    },
    pay,
    expire,
    refund,
    webhook,
    deliver,
    sendWebhook: (url, type, id, webhookOptions) => deliver(url, webhook(type, id, webhookOptions)),
  };
}
