import { sql, type Kysely } from "kysely";

/**
 * Visitor analytics and the statistics (issue 19), in PostgreSQL, without cookies for counting.
 *
 * - `analytics_salts`: one secret random salt per business day. A page view's visitor is
 *   sha256(salt, day, address, browser), so unique visitors per day can be counted; the salt of a
 *   past day is deleted (forgotten), after which nobody can recompute a hash from an address.
 * - `page_views` and `analytics_events`: the raw rows, kept for `analytics_retention_days`
 *   (settings), deleted only for days already rolled up.
 * - `analytics_daily`: the rollups, kept for ever: one row per business day, branch (0 = none),
 *   metric and key (a path, an event type, an hour of the day ...). A visitor hash never leaves a
 *   day, so unique visitors of a range are the sum of the days' uniques.
 * - `analytics_rolled_days`: the days whose rollups are complete (a closed day is rolled once).
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("analytics_salts")
    .addColumn("day", "date", (c) => c.primaryKey())
    .addColumn("salt", "bytea", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("page_views")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("viewed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("branch_id", "integer", (c) => c.references("branches.id").onDelete("set null"))
    .addColumn("path", "text", (c) => c.notNull().check(sql`length(path) <= 300`))
    .addColumn("visitor", "text", (c) => c.notNull().check(sql`length(visitor) <= 64`))
    .execute();
  await db.schema
    .createIndex("page_views_viewed_at_idx")
    .on("page_views")
    .column("viewed_at")
    .execute();

  await db.schema
    .createTable("analytics_events")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("occurred_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("branch_id", "integer", (c) => c.references("branches.id").onDelete("set null"))
    .addColumn("visitor", "text", (c) => c.check(sql`length(visitor) <= 64`))
    .addColumn("type", "text", (c) => c.notNull().check(sql`length(type) between 1 and 60`))
    .addColumn("action", "text", (c) => c.check(sql`length(action) <= 60`))
    .addColumn("category", "text", (c) => c.check(sql`length(category) <= 60`))
    .addColumn("name", "text", (c) => c.check(sql`length(name) <= 120`))
    .addColumn("data", "jsonb", (c) => c.check(sql`pg_column_size(data) <= 4096`))
    .execute();
  await db.schema
    .createIndex("analytics_events_occurred_at_idx")
    .on("analytics_events")
    .column("occurred_at")
    .execute();

  await db.schema
    .createTable("analytics_daily")
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("branch_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("metric", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("value", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("analytics_daily_pkey", ["day", "branch_id", "metric", "key"])
    .execute();
  await db.schema
    .createIndex("analytics_daily_metric_day_idx")
    .on("analytics_daily")
    .columns(["metric", "day"])
    .execute();

  await db.schema
    .createTable("analytics_rolled_days")
    .addColumn("day", "date", (c) => c.primaryKey())
    .addColumn("rolled_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable("settings")
    .addColumn("analytics_retention_days", "integer", (c) =>
      c
        .notNull()
        .defaultTo(90)
        .check(sql`analytics_retention_days between 1 and 3650`),
    )
    .addColumn("social_pixel_id", "text", (c) => c.check(sql`length(social_pixel_id) <= 40`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("settings")
    .dropColumn("analytics_retention_days")
    .dropColumn("social_pixel_id")
    .execute();
  await db.schema.dropTable("analytics_rolled_days").execute();
  await db.schema.dropTable("analytics_daily").execute();
  await db.schema.dropTable("analytics_events").execute();
  await db.schema.dropTable("page_views").execute();
  await db.schema.dropTable("analytics_salts").execute();
}
