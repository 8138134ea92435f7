import { sql, type Kysely } from "kysely";

/**
 * Order notifiers' Web Push (issue 20, decision 057): the browsers subscribed on a notifier
 * device's page, and one push per subscription and new order, written in the order's transaction
 * and sent by a worker that retries with back-off (as the outbox does for mail and SMS).
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("notifier_subscriptions")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("device_id", "integer", (c) =>
      c.notNull().references("devices.id").onDelete("cascade"),
    )
    .addColumn("endpoint", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`length(endpoint) <= 2000`),
    )
    .addColumn("p256dh", "text", (c) => c.notNull().check(sql`length(p256dh) <= 200`))
    .addColumn("auth", "text", (c) => c.notNull().check(sql`length(auth) <= 100`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("notifier_subscriptions_device_id_idx")
    .on("notifier_subscriptions")
    .column("device_id")
    .execute();
  await db.schema
    .createTable("notifier_pushes")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("subscription_id", "integer", (c) =>
      c.notNull().references("notifier_subscriptions.id").onDelete("cascade"),
    )
    .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("cascade"))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_error", "text")
    .addColumn("sent_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index notifier_pushes_due_idx on notifier_pushes (next_attempt_at) where status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("notifier_pushes").execute();
  await db.schema.dropTable("notifier_subscriptions").execute();
}
