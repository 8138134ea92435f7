import type { Route } from "#app/server/route-types";
import {
  isPaymentSignatureError,
  type PaymentProviderName,
} from "#app/integrations/payments/provider";
import { settlePayment } from "#app/features/checkout/payment.server";
import { NO_STAFF, refundOrderPayment } from "#app/features/orders/refund.server";

const MAX_WEBHOOK_BYTES = 256 * 1024;

const answer = (status: number, body: unknown) => Response.json(body, { status });

/**
 * The providers' notifications (`POST /api/payments/stripe|paypal/webhook`): verified by their
 * signature, applied once per event id, and answered 200 for events about orders we do not know
 * (so the provider stops retrying them).
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const name = params.provider as PaymentProviderName;
  const provider = name === "stripe" || name === "paypal" ? context.payments[name] : undefined;
  if (!provider) return answer(404, { errors: [{ message: "Unbekannter Zahlungsanbieter." }] });
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_WEBHOOK_BYTES) {
    return answer(413, { errors: [{ message: "Zu groß." }] });
  }
  const raw = await request.text();
  let event;
  try {
    event = await provider.parseWebhook(raw, request.headers);
  } catch (error) {
    if (isPaymentSignatureError(error)) {
      return answer(400, { errors: [{ message: "Ungültige Signatur." }] });
    }
    throw error;
  }
  if (!event) return answer(200, { data: { ignored: true } });
  const order = await context.db
    .selectFrom("orders")
    .select("id")
    .where("paymentMethod", "=", name)
    .where("paymentReference", "=", event.reference)
    .executeTakeFirst();
  if (!order) return answer(200, { data: { ignored: true } });
  const result = await settlePayment(context.db, order.id, event.status, { provider: name, event });
  // Paid for an order that was rejected or cancelled meanwhile: the money goes back (decision 022).
  if (event.status === "paid" && result.applied) {
    await refundOrderPayment(context, order.id, NO_STAFF, "paid-after-close");
  }
  return answer(200, { data: { applied: result.applied } });
}

export function loader() {
  return answer(405, { errors: [{ message: "Nur POST." }] });
}
