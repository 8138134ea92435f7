import { sql, type Kysely } from "kysely";

/**
 * The per-token rate limit counted in PostgreSQL (docs/decisions/105): the token's current minute
 * and the calls made in it, on the token's row. One update per token call moves them, so every
 * instance counts against the same number and N instances no longer allow N times the limit.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("staff_api_tokens")
    .addColumn("rate_window", "timestamptz")
    .addColumn("rate_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("staff_api_tokens")
    .addCheckConstraint("staff_api_tokens_rate_count_check", sql`rate_count >= 0`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("staff_api_tokens")
    .dropColumn("rate_window")
    .dropColumn("rate_count")
    .execute();
}
