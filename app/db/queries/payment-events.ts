import type { Db, PaymentProviderName } from "#app/db/schema";

/**
 * Remembers a payment webhook event. Answers true the first time, false for a replay (providers
 * deliver at least once, and an attacker may resend a captured one). Call it in the transaction
 * that applies the event, so that a failure after it forgets the event again.
 */
export async function recordPaymentEvent(
  db: Db,
  event: { provider: PaymentProviderName; eventId: string; reference: string | null },
): Promise<boolean> {
  const inserted = await db
    .insertInto("paymentEvents")
    .values({ provider: event.provider, eventId: event.eventId, reference: event.reference })
    .onConflict((conflict) => conflict.columns(["provider", "eventId"]).doNothing())
    .returning("eventId")
    .executeTakeFirst();
  return inserted !== undefined;
}
