import { sql, type Kysely } from "kysely";

/**
 * Carts (server-side, versioned for optimistic concurrency) and orders with their items, the
 * totals by tax rate and the uploads attached to items.
 *
 * Frozen in time: no app imports.
 */

const UNITS = [
  "piece",
  "serving",
  "pair",
  "person",
  "package",
  "gram",
  "decagram",
  "kilogram",
  "ml",
  "cl",
  "dl",
  "l",
  "mm",
  "cm",
  "dm",
  "m",
  "km",
  "mm2",
  "cm2",
  "dm2",
  "m2",
  "mm3",
  "cm3",
  "dm3",
  "m3",
]
  .map((unit) => `'${unit}'`)
  .join(", ");

const rating = (column: string) => sql.raw(`${column} between 1 and 5`);
const cents = (column: string) => sql.raw(`${column} >= 0`);

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("carts")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("branch_id", "integer", (c) =>
      c.notNull().references("branches.id").onDelete("cascade"),
    )
    .addColumn("is_delivery", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_dine_in", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("delivery_area_id", "integer", (c) =>
      c.references("delivery_areas.id").onDelete("set null"),
    )
    .addColumn("appointment", "timestamptz")
    .addColumn("comment", "text")
    .addColumn("version", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`version >= 1`),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("carts_order_type_check", sql`not (is_delivery and is_dine_in)`)
    .execute();
  // Abandoned carts are swept by age.
  await db.schema.createIndex("carts_updated_at_idx").on("carts").column("updated_at").execute();
  await db.schema.createIndex("carts_branch_id_idx").on("carts").column("branch_id").execute();

  await db.schema
    .createTable("cart_items")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("cart_id", "uuid", (c) => c.notNull().references("carts.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references("products.id").onDelete("cascade"),
    )
    .addColumn("amount", "numeric(12, 3)", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("unit", "text", (c) => c.notNull().check(sql.raw(`unit in (${UNITS})`)))
    .addColumn("parts", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // What the customer saw when adding: the menu-migration check compares it with the catalogue.
    .addColumn("product_name", "text", (c) => c.notNull())
    .addColumn("product_description", "text")
    .addColumn("product_price", "integer", (c) => c.notNull().check(cents("product_price")))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("cart_items_parts_check", sql`jsonb_typeof(parts) = 'array'`)
    .execute();
  await db.schema
    .createIndex("cart_items_cart_id_position_idx")
    .on("cart_items")
    .columns(["cart_id", "position"])
    .execute();
  await db.schema
    .createIndex("cart_items_product_id_idx")
    .on("cart_items")
    .column("product_id")
    .execute();

  await db.schema
    .createTable("orders")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("uid", "text", (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`gen_random_uuid()::text`),
    )
    .addColumn("hash", "text", (c) => c.notNull().check(sql`length(hash) >= 16`))
    .addColumn("branch_id", "integer", (c) =>
      c.notNull().references("branches.id").onDelete("restrict"),
    )
    .addColumn("business_date", "date", (c) => c.notNull())
    .addColumn("ticket_number", "integer", (c) => c.notNull().check(sql`ticket_number > 0`))
    .addColumn("table_id", "integer", (c) => c.references("tables.id").onDelete("set null"))
    .addColumn("table_identifier", "text")
    .addColumn("is_delivery", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_dine_in", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_preorder", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_quotation", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_confirmed", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_in_delivery", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_delivered", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_completed", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_rejected", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_canceled", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_failed", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_paid", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_refunded", "boolean", (c) => c.notNull().defaultTo(false))
    // Contact details as the order form names them.
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("company", "text")
    .addColumn("street", "text")
    .addColumn("city", "text")
    .addColumn("delivery_area_id", "integer", (c) =>
      c.references("delivery_areas.id").onDelete("set null"),
    )
    .addColumn("delivery_area_name", "text")
    .addColumn("floor", "text")
    .addColumn("stairway", "text")
    .addColumn("door", "text")
    .addColumn("phone", "text")
    .addColumn("email", "text")
    .addColumn("appointment", "timestamptz")
    .addColumn("counter_appointment", "timestamptz")
    .addColumn("rejection_message", "text")
    .addColumn("comment", "text")
    .addColumn("payment_method", "text", (c) =>
      c.notNull().check(sql`payment_method in ('cash', 'atm-card', 'voucher', 'stripe', 'paypal')`),
    )
    .addColumn("payment_reference", "text")
    .addColumn("payment_redirect_url", "text")
    .addColumn("idempotency_key", "text", (c) => c.unique())
    .addColumn("donatee_id", "integer", (c) => c.references("donatees.id").onDelete("set null"))
    .addColumn("donation_amount", "integer", (c) =>
      c.notNull().defaultTo(0).check(cents("donation_amount")),
    )
    .addColumn("net", "integer", (c) => c.notNull().check(cents("net")))
    .addColumn("tax", "integer", (c) => c.notNull().check(cents("tax")))
    .addColumn("gross", "integer", (c) => c.notNull().check(cents("gross")))
    .addColumn("delivery_net", "integer", (c) =>
      c.notNull().defaultTo(0).check(cents("delivery_net")),
    )
    .addColumn("delivery_tax", "integer", (c) =>
      c.notNull().defaultTo(0).check(cents("delivery_tax")),
    )
    .addColumn("delivery_gross", "integer", (c) =>
      c.notNull().defaultTo(0).check(cents("delivery_gross")),
    )
    .addColumn("total_net", "integer", (c) => c.notNull().check(cents("total_net")))
    .addColumn("total_tax", "integer", (c) => c.notNull().check(cents("total_tax")))
    .addColumn("total_gross", "integer", (c) => c.notNull().check(cents("total_gross")))
    .addColumn("rating", "smallint", (c) => c.check(rating("rating")))
    .addColumn("food_rating", "smallint", (c) => c.check(rating("food_rating")))
    .addColumn("service_rating", "smallint", (c) => c.check(rating("service_rating")))
    .addColumn("process_rating", "smallint", (c) => c.check(rating("process_rating")))
    .addColumn("questionnaire_comment", "text")
    .addColumn("questionnaire_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("orders_branch_id_business_date_ticket_number_key", [
      "branch_id",
      "business_date",
      "ticket_number",
    ])
    .addCheckConstraint("orders_order_type_check", sql`not (is_delivery and is_dine_in)`)
    .addCheckConstraint(
      "orders_delivery_state_check",
      sql`is_delivery or not (is_in_delivery or is_delivered)`,
    )
    .addCheckConstraint(
      "orders_totals_check",
      sql`gross = net + tax and delivery_gross = delivery_net + delivery_tax
        and total_net = net + delivery_net and total_tax = tax + delivery_tax
        and total_gross = gross + delivery_gross`,
    )
    .addCheckConstraint(
      "orders_questionnaire_check",
      sql`num_nulls(rating, food_rating, service_rating, process_rating, questionnaire_at) in (0, 5)
        and (questionnaire_comment is null or rating is not null)`,
    )
    .execute();
  // Ticket numbers count per branch and business day; an upsert on this row hands them out
  // without gaps or races (`insert … on conflict do update … returning`).
  await db.schema
    .createTable("ticket_counters")
    .addColumn("branch_id", "integer", (c) =>
      c.notNull().references("branches.id").onDelete("cascade"),
    )
    .addColumn("business_date", "date", (c) => c.notNull())
    .addColumn("last_number", "integer", (c) => c.notNull().check(sql`last_number > 0`))
    .addPrimaryKeyConstraint("ticket_counters_pkey", ["branch_id", "business_date"])
    .execute();
  await db.schema
    .createIndex("orders_branch_id_created_at_idx")
    .on("orders")
    .columns(["branch_id", "created_at"])
    .execute();
  // The order board: a branch's orders that still need work, by the time they are due.
  await db.schema
    .createIndex("orders_open_idx")
    .on("orders")
    .columns(["branch_id", "appointment"])
    .where(sql<boolean>`not (is_completed or is_rejected or is_canceled or is_failed)`)
    .execute();
  await db.schema.createIndex("orders_created_at_idx").on("orders").column("created_at").execute();

  await db.schema
    .createTable("order_items")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("order_id", "integer", (c) =>
      c.notNull().references("orders.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull().check(sql`position >= 0`))
    .addColumn("product_id", "integer", (c) => c.references("products.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("amount", "numeric(12, 3)", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("unit", "text", (c) => c.notNull().check(sql.raw(`unit in (${UNITS})`)))
    .addColumn("unit_price", "integer", (c) => c.notNull().check(cents("unit_price")))
    .addColumn("gross", "integer", (c) => c.notNull().check(cents("gross")))
    .addColumn("tax_rate", "numeric(5, 2)", (c) =>
      c.notNull().check(sql`tax_rate >= 0 and tax_rate <= 100`),
    )
    .addColumn("calculation_model", "text", (c) =>
      c
        .notNull()
        .defaultTo("fixed")
        .check(sql`calculation_model in ('fixed', 'approximate', 'minimum')`),
    )
    .addColumn("is_price_hidden", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("parts", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addCheckConstraint("order_items_parts_check", sql`jsonb_typeof(parts) = 'array'`)
    .addUniqueConstraint("order_items_order_id_position_key", ["order_id", "position"])
    .execute();
  await db.schema
    .createIndex("order_items_product_id_idx")
    .on("order_items")
    .column("product_id")
    .execute();

  await db.schema
    .createTable("order_item_uploads")
    .addColumn("order_item_id", "integer", (c) =>
      c.notNull().references("order_items.id").onDelete("cascade"),
    )
    .addColumn("upload_id", "integer", (c) =>
      c.notNull().references("uploads.id").onDelete("restrict"),
    )
    .addColumn("part_position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("order_item_uploads_pkey", ["order_item_id", "upload_id"])
    .execute();
  await db.schema
    .createIndex("order_item_uploads_upload_id_idx")
    .on("order_item_uploads")
    .column("upload_id")
    .execute();

  await db.schema
    .createTable("order_taxes")
    .addColumn("order_id", "integer", (c) =>
      c.notNull().references("orders.id").onDelete("cascade"),
    )
    .addColumn("tax_rate", "numeric(5, 2)", (c) =>
      c.notNull().check(sql`tax_rate >= 0 and tax_rate <= 100`),
    )
    .addColumn("net", "integer", (c) => c.notNull().check(cents("net")))
    .addColumn("tax", "integer", (c) => c.notNull().check(cents("tax")))
    .addColumn("gross", "integer", (c) => c.notNull().check(cents("gross")))
    .addPrimaryKeyConstraint("order_taxes_pkey", ["order_id", "tax_rate"])
    .addCheckConstraint("order_taxes_amounts_check", sql`gross = net + tax`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "order_taxes",
    "order_item_uploads",
    "order_items",
    "ticket_counters",
    "orders",
    "cart_items",
    "carts",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
