import { sql, type Kysely } from "kysely";

/**
 * Content pages and navigations in the back office (issue 16, decision 039):
 * - a site's SEO fields as columns (the title and description search engines see, and whether
 *   they may list the page at all);
 * - navigations get `created_at` like every other resource.
 * The site's body stays in `content.body` (the spec's "values by layout key").
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("sites")
    .addColumn("seo_title", "text")
    .addColumn("seo_description", "text")
    .addColumn("noindex", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable("navigations")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("navigations").dropColumn("created_at").execute();
  await db.schema
    .alterTable("sites")
    .dropColumn("seo_title")
    .dropColumn("seo_description")
    .dropColumn("noindex")
    .execute();
}
