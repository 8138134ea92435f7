import { sql, type Kysely } from "kysely";

/**
 * Webhooks (issue 38 part 3, decisions 093 and 094): the endpoints an administrator registers and
 * the outbox of their deliveries. The events are written by triggers on `orders` and
 * `product_sold_out`, so every change that commits, by whichever path (checkout, staff, devices,
 * payments, SQL by hand), leaves its events in the same transaction, and none that rolls back
 * does. One row per event and subscribed endpoint; `event_id` is the event's stable id, the same
 * for every endpoint and every retry. `subject` (`order:<id>`, `product:<id>`) is what the worker
 * keeps in order per endpoint.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("webhook_endpoints")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("events", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("enabled", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      "webhook_endpoints_url_check",
      sql`url ~ '^https?://' and length(url) <= 2000`,
    )
    .addCheckConstraint("webhook_endpoints_description_check", sql`length(description) <= 200`)
    .addCheckConstraint(
      "webhook_endpoints_events_check",
      sql`events <@ array['order.created', 'order.confirmed', 'order.canceled', 'order.completed',
        'payment.received', 'product.sold_out']::text[]`,
    )
    .execute();

  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("event_id", "uuid", (c) => c.notNull())
    .addColumn("endpoint_id", "integer", (c) =>
      c.notNull().references("webhook_endpoints.id").onDelete("cascade"),
    )
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("data", "jsonb", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("retry_until", "timestamptz", (c) =>
      c.notNull().defaultTo(sql`now() + interval '3 days'`),
    )
    .addColumn("last_attempt_at", "timestamptz")
    .addColumn("last_status_code", "integer")
    .addColumn("last_response", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("delivered_at", "timestamptz")
    .addUniqueConstraint("webhook_deliveries_endpoint_event_key", ["endpoint_id", "event_id"])
    .addCheckConstraint(
      "webhook_deliveries_status_check",
      sql`status in ('pending', 'delivered', 'failed')`,
    )
    .addCheckConstraint(
      "webhook_deliveries_delivered_check",
      sql`(status = 'delivered') = (delivered_at is not null)`,
    )
    .addCheckConstraint(
      "webhook_deliveries_response_check",
      sql`length(last_response) <= 2048 and length(last_error) <= 500`,
    )
    .execute();
  // The worker's questions: which endpoints have due rows, and is an earlier event of the same
  // subject still pending for this endpoint?
  await sql`create index webhook_deliveries_pending_idx on webhook_deliveries
    (endpoint_id, subject, id) where status = 'pending'`.execute(db);
  await sql`create index webhook_deliveries_due_idx on webhook_deliveries
    (next_attempt_at) where status = 'pending'`.execute(db);
  // The delivery log, newest first, per endpoint.
  await db.schema
    .createIndex("webhook_deliveries_endpoint_id_idx")
    .on("webhook_deliveries")
    .columns(["endpoint_id", "id"])
    .execute();

  // One event: a row for each enabled endpoint that subscribed to its type, in one statement.
  await sql`
    create function enqueue_webhook_event(event_type text, subject text, data jsonb)
    returns void language plpgsql as $$
    declare
      event_id uuid := gen_random_uuid();
    begin
      insert into webhook_deliveries (event_id, endpoint_id, event_type, subject, data)
      select event_id, e.id, enqueue_webhook_event.event_type, enqueue_webhook_event.subject,
        enqueue_webhook_event.data
      from webhook_endpoints e
      where e.enabled and enqueue_webhook_event.event_type = any(e.events);
    end $$`.execute(db);

  // What an order's event says: its identity and state, no customer's personal data (decision 093).
  await sql`
    create function webhook_order_data(o orders) returns jsonb language sql stable as $$
      select jsonb_build_object(
        'orderId', o.id,
        'uid', o.uid,
        'branchId', o.branch_id,
        'businessDate', o.business_date,
        'ticketNumber', o.ticket_number,
        'paymentMethod', o.payment_method,
        'totalGross', o.total_gross,
        'isDelivery', o.is_delivery,
        'isDineIn', o.is_dine_in,
        'isPreorder', o.is_preorder,
        'appointment', o.appointment,
        'isConfirmed', o.is_confirmed,
        'isCompleted', o.is_completed,
        'isCanceled', o.is_canceled,
        'isRejected', o.is_rejected,
        'isPaid', o.is_paid
      )
    $$`.execute(db);

  await sql`
    create function orders_webhook_events() returns trigger language plpgsql as $$
    declare
      subject text := 'order:' || new.id;
    begin
      -- Nothing to do (and nothing to build) while no endpoint listens: the common case.
      if not exists (select 1 from webhook_endpoints where enabled) then
        return null;
      end if;
      if tg_op = 'INSERT' then
        perform enqueue_webhook_event('order.created', subject, webhook_order_data(new));
      end if;
      if new.is_paid and (tg_op = 'INSERT' or not old.is_paid) then
        perform enqueue_webhook_event('payment.received', subject, webhook_order_data(new));
      end if;
      if new.is_confirmed and (tg_op = 'INSERT' or not old.is_confirmed) then
        perform enqueue_webhook_event('order.confirmed', subject, webhook_order_data(new));
      end if;
      if (new.is_canceled and (tg_op = 'INSERT' or not old.is_canceled))
        or (new.is_rejected and (tg_op = 'INSERT' or not old.is_rejected)) then
        perform enqueue_webhook_event('order.canceled', subject, webhook_order_data(new));
      end if;
      if new.is_completed and (tg_op = 'INSERT' or not old.is_completed) then
        perform enqueue_webhook_event('order.completed', subject, webhook_order_data(new));
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger orders_webhook_events
    after insert or update of is_paid, is_confirmed, is_canceled, is_rejected, is_completed
    on orders for each row execute function orders_webhook_events()`.execute(db);

  await sql`
    create function product_sold_out_webhook_events() returns trigger language plpgsql as $$
    begin
      if not exists (select 1 from webhook_endpoints where enabled) then
        return null;
      end if;
      -- Marking again what is still sold out (the upsert moves 'until') is no new event.
      if tg_op = 'UPDATE' and old.until > now() then
        return null;
      end if;
      perform enqueue_webhook_event(
        'product.sold_out',
        'product:' || new.product_id,
        jsonb_build_object(
          'productId', new.product_id,
          'name', (select p.name from products p where p.id = new.product_id),
          'branchId', new.branch_id,
          'until', new.until
        )
      );
      return null;
    end $$`.execute(db);
  await sql`
    create trigger product_sold_out_webhook_events
    after insert or update of until on product_sold_out
    for each row execute function product_sold_out_webhook_events()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists product_sold_out_webhook_events on product_sold_out`.execute(db);
  await sql`drop function if exists product_sold_out_webhook_events()`.execute(db);
  await sql`drop trigger if exists orders_webhook_events on orders`.execute(db);
  await sql`drop function if exists orders_webhook_events()`.execute(db);
  await sql`drop function if exists webhook_order_data(orders)`.execute(db);
  await sql`drop function if exists enqueue_webhook_event(text, text, jsonb)`.execute(db);
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.dropTable("webhook_endpoints").execute();
}
