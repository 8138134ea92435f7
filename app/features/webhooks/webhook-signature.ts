import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The signature of a webhook delivery (decision 094), as Stripe signs its own:
 *
 *     Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>
 *
 * The key is the endpoint's secret as shown (`whsec_…`, its UTF-8 bytes); `<body>` is the raw
 * request body, byte for byte. A receiver recomputes the HMAC over the timestamp, a dot and the
 * body it received, compares in constant time, and refuses timestamps too far from its clock (we
 * suggest five minutes) so that a recorded request cannot be replayed later.
 */
export const SIGNATURE_HEADER = "Webhook-Signature";
export const ID_HEADER = "Webhook-Id";
export const EVENT_HEADER = "Webhook-Event";

/** A new endpoint secret: 32 random bytes, base64url, behind `whsec_` so it is recognised. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
}

/** The header's value for a body sent at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;
}

/**
 * A receiver's check, here so tests and the documentation use the same code: true when one `v1`
 * matches and `t` is within `toleranceSeconds` of `nowSeconds`.
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const parts = header.split(",").map((part) => part.trim().split("="));
  const timestamp = Number(parts.find(([key]) => key === "t")?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) {
    return false;
  }
  const expected = Buffer.from(signatureOf(secret, timestamp, body), "hex");
  return parts
    .filter(([key, value]) => key === "v1" && value && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value!, "hex"), expected));
}
