import { sql, type Kysely } from "kysely";

/**
 * Personal data that expires (issue 41 part 7, decision 112):
 *
 * - `settings.customer_data_retention_days`: days after an order was completed, canceled or
 *   rejected before its customer's contact data goes; null keeps it (30 to 3650);
 * - `orders.closed_at`: when the order was first completed, canceled or rejected, set by a
 *   trigger (the status actions need not know); orders closed before this migration take their
 *   last change, which is never earlier than the closing;
 * - `orders.anonymised_at`: when the contact data was removed (by the retention or an erasure).
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("settings")
    .addColumn("customer_data_retention_days", "integer", (c) =>
      c.check(sql`customer_data_retention_days between 30 and 3650`),
    )
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("closed_at", "timestamptz")
    .addColumn("anonymised_at", "timestamptz")
    .execute();
  // The backfill is no change of the orders: their updated_at (and the rollups) stay.
  await sql`alter table orders disable trigger orders_touch_updated_at`.execute(db);
  await sql`
    update orders set closed_at = updated_at
     where is_completed or is_canceled or is_rejected`.execute(db);
  await sql`alter table orders enable trigger orders_touch_updated_at`.execute(db);
  await sql`
    create function orders_closed_at() returns trigger language plpgsql as $$
    begin
      if new.closed_at is null and (new.is_completed or new.is_canceled or new.is_rejected) then
        new.closed_at := clock_timestamp();
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger orders_closed_at
    before insert or update of is_completed, is_canceled, is_rejected
    on orders for each row execute function orders_closed_at()`.execute(db);
  // The retention's candidates: closed, not yet anonymised.
  await sql`
    create index orders_retention_idx on orders (closed_at)
     where anonymised_at is null and closed_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists orders_retention_idx`.execute(db);
  await sql`drop trigger if exists orders_closed_at on orders`.execute(db);
  await sql`drop function if exists orders_closed_at()`.execute(db);
  await db.schema
    .alterTable("orders")
    .dropColumn("closed_at")
    .dropColumn("anonymised_at")
    .execute();
  await db.schema.alterTable("settings").dropColumn("customer_data_retention_days").execute();
}
