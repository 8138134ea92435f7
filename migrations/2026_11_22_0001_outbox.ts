import { sql, type Kysely } from "kysely";

/**
 * The outbox (e-mail and SMS written in the same transaction as the order, sent later by a worker
 * with retries) and the payment webhook events already handled (providers deliver them at least
 * once, so a repeat must be recognised).
 *
 * Frozen in time: no app imports.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("outbox")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("sent_at", "timestamptz")
    .addCheckConstraint("outbox_kind_check", sql`kind in ('email', 'sms')`)
    .addCheckConstraint("outbox_status_check", sql`status in ('pending', 'sent', 'failed')`)
    .addCheckConstraint("outbox_attempts_check", sql`attempts >= 0`)
    .addCheckConstraint("outbox_payload_check", sql`jsonb_typeof(payload) = 'object'`)
    .addCheckConstraint("outbox_sent_at_check", sql`(status = 'sent') = (sent_at is not null)`)
    .execute();
  // The worker's question: which pending messages are due?
  await db.schema
    .createIndex("outbox_status_next_attempt_at_idx")
    .on("outbox")
    .columns(["status", "next_attempt_at"])
    .execute();

  await db.schema
    .createTable("payment_events")
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("reference", "text")
    .addColumn("received_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("payment_events_pkey", ["provider", "event_id"])
    .addCheckConstraint("payment_events_provider_check", sql`provider in ('stripe', 'paypal')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("payment_events").execute();
  await db.schema.dropTable("outbox").execute();
}
