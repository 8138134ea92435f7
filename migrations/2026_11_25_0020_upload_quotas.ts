import { sql, type Kysely } from "kysely";

/**
 * Upload quotas and the clean-up of abandoned carts (docs/decisions/027):
 * - `uploads.cart_id`: the cart a file was uploaded into. The per-cart quota counts by it; when
 *   the clean-up removes the cart it turns null, and the file goes too unless an order names it.
 * - `uploads.client_key`: a keyed hash of the uploader's address (never the address itself); the
 *   per-address quota counts the last hour's uploads by it.
 * Existing uploads take their cart from the cart items that name them.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("uploads")
    .addColumn("cart_id", "uuid")
    .addColumn("client_key", "text")
    .execute();
  await db.schema
    .alterTable("uploads")
    .addForeignKeyConstraint("uploads_cart_id_fkey", ["cart_id"], "carts", ["id"], (c) =>
      c.onDelete("set null"),
    )
    .execute();
  await db.schema.createIndex("uploads_cart_id_idx").on("uploads").column("cart_id").execute();
  await db.schema
    .createIndex("uploads_client_key_created_at_idx")
    .on("uploads")
    .columns(["client_key", "created_at"])
    .where(sql.ref("client_key"), "is not", null)
    .execute();
  // The clean-up looks for old uploads without a cart.
  await db.schema
    .createIndex("uploads_created_at_without_cart_idx")
    .on("uploads")
    .column("created_at")
    .where(sql.ref("cart_id"), "is", null)
    .execute();
  // … and for carts no order names.
  await db.schema.createIndex("orders_cart_id_idx").on("orders").column("cart_id").execute();
  await sql`
    update uploads set cart_id = named.cart_id
    from (
      select distinct on (upload_id::integer) upload_id::integer as upload_id, item.cart_id
      from cart_items item
      cross join jsonb_array_elements(item.parts) part
      cross join jsonb_array_elements_text(
        case jsonb_typeof(part -> 'uploadIds') when 'array' then part -> 'uploadIds' else '[]' end
      ) upload_id
      order by upload_id::integer, item.id desc
    ) named
    where uploads.id = named.upload_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("orders_cart_id_idx").execute();
  await db.schema.dropIndex("uploads_created_at_without_cart_idx").execute();
  await db.schema.dropIndex("uploads_client_key_created_at_idx").execute();
  await db.schema.dropIndex("uploads_cart_id_idx").execute();
  await db.schema.alterTable("uploads").dropConstraint("uploads_cart_id_fkey").execute();
  await db.schema.alterTable("uploads").dropColumn("client_key").dropColumn("cart_id").execute();
}
