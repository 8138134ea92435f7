import { sql, type Kysely } from "kysely";

/**
 * Orders after the checkout arrived:
 * - `cart_id`: the cart an online payment keeps until the money arrives; the provider's return or
 *   its webhook then empties exactly this cart (the webhook has no cookie to find it by).
 * - `updated_at` moves on every change by a trigger, and always forward: the status page's ETag
 *   is built from it, so no code path may forget it.
 * - "ready for pickup" is `is_in_delivery` on a takeaway or dine-in order (docs/decisions/007),
 *   so only `is_delivered` stays reserved for delivery.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("cart_id", "uuid", (c) => c.references("carts.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("orders_payment_reference_idx")
    .on("orders")
    .column("payment_reference")
    .execute();
  await db.schema.alterTable("orders").dropConstraint("orders_delivery_state_check").execute();
  await db.schema
    .alterTable("orders")
    .addCheckConstraint("orders_delivery_state_check", sql`is_delivery or not is_delivered`)
    .execute();
  await sql`
    create function orders_touch_updated_at() returns trigger language plpgsql as $$
    begin
      new.updated_at := greatest(clock_timestamp(), old.updated_at + interval '1 microsecond');
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger orders_touch_updated_at before update on orders
    for each row execute function orders_touch_updated_at()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger orders_touch_updated_at on orders`.execute(db);
  await sql`drop function orders_touch_updated_at()`.execute(db);
  await db.schema.alterTable("orders").dropConstraint("orders_delivery_state_check").execute();
  await db.schema
    .alterTable("orders")
    .addCheckConstraint(
      "orders_delivery_state_check",
      sql`is_delivery or not (is_in_delivery or is_delivered)`,
    )
    .execute();
  await db.schema.dropIndex("orders_payment_reference_idx").execute();
  await db.schema.alterTable("orders").dropColumn("cart_id").execute();
}
