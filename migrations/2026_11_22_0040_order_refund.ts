import { sql, type Kysely } from "kysely";

/**
 * What the shop remembers of a refund (decision 022): the provider's refund id, and which
 * attempt the next refund request is. The attempt goes into the idempotency key
 * (`refund-{uid}-{attempt}`): a retry after a lost answer reuses the key, so the provider
 * refunds once; a retry after a definite error answer takes the next one, because Stripe replays
 * a saved error (even a 500) for the same key for a day.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("refund_attempt", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("refund_reference", "text")
    .execute();
  await db.schema
    .alterTable("orders")
    .addCheckConstraint("orders_refund_attempt_check", sql`refund_attempt >= 0`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropConstraint("orders_refund_attempt_check").execute();
  await db.schema
    .alterTable("orders")
    .dropColumn("refund_reference")
    .dropColumn("refund_attempt")
    .execute();
}
