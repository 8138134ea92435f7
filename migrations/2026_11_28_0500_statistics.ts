import { type Kysely } from "kysely";

/**
 * The statistics (issue 19, decision 055): the orders' daily rollups live in `analytics_daily`
 * beside the visitors' (metrics `orders`, `revenue`, ... ), and this table marks the days whose
 * order rollups are written. Unlike page views, an order can still change after its day (a late
 * cancellation, an edited item): the job rolls a day again when one of its orders moved
 * `updated_at` after the day's `rolled_at`, found by the index on `orders.updated_at`.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("statistics_order_days")
    .addColumn("day", "date", (c) => c.primaryKey())
    .addColumn("rolled_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("orders_updated_at_idx").on("orders").column("updated_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("orders_updated_at_idx").execute();
  await db.schema.dropTable("statistics_order_days").execute();
}
