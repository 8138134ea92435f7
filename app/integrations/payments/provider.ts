/**
 * One online payment provider (Stripe Checkout, PayPal Orders v2) behind one small interface, so
 * that placing an order, the customer's return, the staff's "re-check payment" and the webhooks
 * all speak the same words. Amounts are integer cents; every call is safe to repeat.
 */

export type PaymentProviderName = "stripe" | "paypal";

/** What the shop needs to know about a payment. */
export type PaymentStatus = "paid" | "pending" | "failed" | "refunded";

export interface CheckoutRequest {
  orderUid: string;
  /** Shown to the customer on the provider's page (shortened where the provider demands it). */
  description: string;
  amountCents: number;
  /** ISO 4217, e.g. "EUR". */
  currency: string;
  /**
   * Where the provider sends the customer after paying. Stripe replaces `{CHECKOUT_SESSION_ID}`;
   * PayPal appends `token` (the order id) and `PayerID`. Either way the page can also look the
   * reference up by the order it belongs to.
   */
  successUrl: string;
  cancelUrl: string;
  /** The same key twice returns the same checkout instead of creating a second one. */
  idempotencyKey: string;
}

export interface CheckoutStarted {
  /** The provider's id of this payment (Stripe session id, PayPal order id): store it. */
  reference: string;
  /** Send the customer here (303). */
  redirectUrl: string;
}

/**
 * Give a paid order's money back (the order was rejected or cancelled): always the whole payment,
 * or what is left of it, so that a second refund has nothing left to take.
 */
export interface RefundRequest {
  /** The payment's reference, as `startCheckout` answered it. */
  reference: string;
  /** Recorded with the refund at the provider (Stripe metadata, PayPal custom_id). */
  orderUid: string;
  /**
   * Derived from the order: however often and from however many app servers it is asked, the
   * provider refunds once and answers every caller with that refund.
   */
  idempotencyKey: string;
}

export interface RefundDone {
  /** The provider's refund id; null when the payment had already been refunded in full. */
  refundId: string | null;
  /**
   * "succeeded": the money is on its way back; "pending": the provider accepted the refund and
   * finishes it later (some payment methods). Either way it is the provider's job now.
   */
  status: "succeeded" | "pending";
  /** What this refund gave back, in cents, as the provider says; null when unknown. */
  amountCents: number | null;
}

/** A verified webhook that changes a payment. */
export interface PaymentEvent {
  /** The provider's event id: record it to recognise a replayed event (`recordPaymentEvent`). */
  eventId: string;
  reference: string;
  status: "paid" | "failed" | "refunded";
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  startCheckout(request: CheckoutRequest): Promise<CheckoutStarted>;
  /**
   * The payment's state now. For PayPal this settles an approved order (captures it, with a
   * request id derived from the order, so concurrent or repeated calls capture once): call it
   * when the customer returns and when staff re-check.
   */
  fetchStatus(reference: string): Promise<PaymentStatus>;
  /**
   * The customer gave up (came back through the cancel URL): closes the checkout where the
   * provider allows it, so it cannot be paid later. Answers the final state: "failed", or "paid"
   * when the payment went through after all.
   */
  cancelCheckout(reference: string): Promise<PaymentStatus>;
  /**
   * Refunds the whole payment. Repeating it (same idempotency key, or after the payment was
   * refunded in full) refunds nothing more and answers success; a payment that was never
   * completed, or a refund the provider refuses, throws `PaymentProviderError`.
   */
  refund(request: RefundRequest): Promise<RefundDone>;
  /**
   * Verifies and reads a webhook. `rawBody` must be the exact bytes received (as text). Answers
   * null for events that do not change a payment; throws `PaymentSignatureError` when the
   * signature does not hold.
   */
  parseWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent | null>;
}

/** A webhook's event for the payment it names, or null when it names none the shop knows. */
export function eventFor(
  eventId: string,
  reference: string | undefined,
  status: PaymentEvent["status"],
): PaymentEvent | null {
  return reference ? { eventId, reference, status } : null;
}

/**
 * A refund as the provider answered it: `succeeded` and `pending` name the provider's states for
 * each; any other state is a refused refund (HTTP 402 with the provider's `failedCode`).
 */
export function readRefund(
  provider: PaymentProviderName,
  refund: { refundId: string | null; amountCents: number | null; state: string | undefined },
  states: { succeeded: readonly string[]; pending: readonly string[]; failedCode: string },
): RefundDone {
  const { refundId, amountCents, state = "" } = refund;
  if (states.succeeded.includes(state)) return { refundId, status: "succeeded", amountCents };
  if (states.pending.includes(state)) return { refundId, status: "pending", amountCents };
  throw new PaymentProviderError(
    provider,
    `Erstattung ${refundId ?? "ohne id"} ist ${refund.state ?? "unbekannt"}`,
    402,
    states.failedCode,
  );
}

/** The webhook is not from the provider (or was altered, or is too old): answer 400. */
export class PaymentSignatureError extends Error {
  override name = "PaymentSignatureError";
}

/** The provider answered with an error or could not be reached. */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
  constructor(
    readonly provider: PaymentProviderName,
    message: string,
    /** The HTTP status, or undefined when the provider was not reached at all. */
    readonly status?: number,
    /** The provider's own error code (`resource_missing`, `ORDER_NOT_APPROVED`, …). */
    readonly code?: string,
  ) {
    super(`${provider}: ${message}`);
  }
}

/**
 * By name rather than `instanceof`: the production server is two bundles (server.ts builds the
 * providers, the Remix build catches their errors), each with its own copy of these classes.
 */
export function isPaymentProviderError(error: unknown): error is PaymentProviderError {
  return error instanceof Error && error.name === "PaymentProviderError";
}

export function isPaymentSignatureError(error: unknown): error is PaymentSignatureError {
  return error instanceof Error && error.name === "PaymentSignatureError";
}

/** What the providers need from outside: injectable for tests. */
export interface ProviderRuntime {
  fetch?: typeof fetch;
  /** The current time, for the webhook timestamp tolerance. */
  now?: () => Date;
  /** Per request; a hanging provider must not hold a checkout forever. */
  timeoutMs?: number;
}

export const DEFAULT_PROVIDER_TIMEOUT_MS = 15_000;
