import { sql, type Kysely } from "kysely";

/**
 * The daily closing ("Tagesabschluss", issue 39 part 3, decision 117): per branch and business
 * day one closing with a consecutive number per branch, who closed it and when, and the figures
 * as they were then (JSON, never changed afterwards). What each order contributed when it was
 * booked is kept per order (`daily_closing_orders`), so a later change of an order of a closed day
 * is found by comparison and booked on a later closing as a correction
 * (`daily_closing_corrections`) with a reference to the order and its day.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("daily_closings")
    .addColumn("id", "integer", (c) => c.generatedAlwaysAsIdentity())
    .addColumn("branch_id", "integer", (c) => c.notNull())
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("closed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("closed_by", "integer")
    // The closing person's name as it was, for the printout once the account is gone.
    .addColumn("closed_by_name", "text", (c) => c.notNull())
    .addColumn("figures", "jsonb", (c) => c.notNull())
    .addPrimaryKeyConstraint("daily_closings_pkey", ["id"])
    .addForeignKeyConstraint(
      "daily_closings_branch_id_fkey",
      ["branch_id"],
      "branches",
      ["id"],
      (fk) => fk.onDelete("cascade"),
    )
    .addForeignKeyConstraint(
      "daily_closings_closed_by_fkey",
      ["closed_by"],
      "users",
      ["id"],
      (fk) => fk.onDelete("set null"),
    )
    .addUniqueConstraint("daily_closings_branch_id_day_key", ["branch_id", "day"])
    .addUniqueConstraint("daily_closings_branch_id_number_key", ["branch_id", "number"])
    .addCheckConstraint("daily_closings_number_check", sql`number >= 1`)
    .addCheckConstraint("daily_closings_figures_check", sql`jsonb_typeof(figures) = 'object'`)
    .execute();

  // What each order of a closed day contributed when it was last booked (no foreign key to the
  // order: a deleted order's last state is what its correction takes back).
  await db.schema
    .createTable("daily_closing_orders")
    .addColumn("order_id", "integer", (c) => c.notNull())
    .addColumn("branch_id", "integer", (c) => c.notNull())
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("closing_id", "integer", (c) => c.notNull())
    .addColumn("booked_at", "timestamptz", (c) => c.notNull())
    .addColumn("booked", "jsonb", (c) => c.notNull())
    .addPrimaryKeyConstraint("daily_closing_orders_pkey", ["order_id"])
    .addForeignKeyConstraint(
      "daily_closing_orders_closing_id_fkey",
      ["closing_id"],
      "daily_closings",
      ["id"],
      (fk) => fk.onDelete("cascade"),
    )
    .execute();
  await db.schema
    .createIndex("daily_closing_orders_branch_idx")
    .on("daily_closing_orders")
    .columns(["branch_id", "booked_at"])
    .execute();

  // A change of an order of a closed day, booked on a later closing of the same branch.
  await db.schema
    .createTable("daily_closing_corrections")
    .addColumn("id", "integer", (c) => c.generatedAlwaysAsIdentity())
    .addColumn("closing_id", "integer", (c) => c.notNull())
    .addColumn("order_id", "integer", (c) => c.notNull())
    .addColumn("ticket_number", "integer", (c) => c.notNull())
    .addColumn("original_day", "date", (c) => c.notNull())
    .addColumn("original_closing_id", "integer", (c) => c.notNull())
    .addColumn("before", "jsonb")
    .addColumn("after", "jsonb")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("daily_closing_corrections_pkey", ["id"])
    .addForeignKeyConstraint(
      "daily_closing_corrections_closing_id_fkey",
      ["closing_id"],
      "daily_closings",
      ["id"],
      (fk) => fk.onDelete("cascade"),
    )
    .addForeignKeyConstraint(
      "daily_closing_corrections_original_closing_id_fkey",
      ["original_closing_id"],
      "daily_closings",
      ["id"],
      (fk) => fk.onDelete("cascade"),
    )
    .execute();
  await db.schema
    .createIndex("daily_closing_corrections_closing_idx")
    .on("daily_closing_corrections")
    .column("closing_id")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("daily_closing_corrections").execute();
  await db.schema.dropTable("daily_closing_orders").execute();
  await db.schema.dropTable("daily_closings").execute();
}
