import { sql, type Kysely } from "kysely";

/**
 * Capacities (issue 39 part 2, decision 113): how much a branch takes on. One row per limit:
 * a product per day or per week, a category per day (counted in ordered amounts), or the orders
 * due in one time slot of `slot_minutes`. Orders count as the production list counts them.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("capacities")
    .addColumn("id", "integer", (c) => c.generatedAlwaysAsIdentity())
    .addColumn("branch_id", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("product_id", "integer")
    .addColumn("category_id", "integer")
    .addColumn("slot_minutes", "integer")
    .addColumn("max_count", "integer", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("capacities_pkey", ["id"])
    .addForeignKeyConstraint("capacities_branch_id_fkey", ["branch_id"], "branches", ["id"], (fk) =>
      fk.onDelete("cascade"),
    )
    .addForeignKeyConstraint(
      "capacities_product_id_fkey",
      ["product_id"],
      "products",
      ["id"],
      (fk) => fk.onDelete("cascade"),
    )
    .addForeignKeyConstraint(
      "capacities_category_id_fkey",
      ["category_id"],
      "categories",
      ["id"],
      (fk) => fk.onDelete("cascade"),
    )
    .addCheckConstraint(
      "capacities_kind_check",
      sql`kind in ('product-day', 'product-week', 'category-day', 'slot')`,
    )
    .addCheckConstraint("capacities_max_count_check", sql`max_count between 1 and 100000`)
    // Each kind names exactly what it limits; slot lengths divide an hour (slots start on the hour).
    .addCheckConstraint(
      "capacities_target_check",
      sql`(kind in ('product-day', 'product-week') and product_id is not null
            and category_id is null and slot_minutes is null)
        or (kind = 'category-day' and category_id is not null
            and product_id is null and slot_minutes is null)
        or (kind = 'slot' and slot_minutes in (5, 10, 15, 20, 30, 60)
            and product_id is null and category_id is null)`,
    )
    .execute();
  // One limit per branch and thing: a second "Christstollen pro Tag" would be ambiguous.
  await sql`create unique index capacities_target_key on capacities
    (branch_id, kind, coalesce(product_id, 0), coalesce(category_id, 0))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("capacities").execute();
}
