import { sql, type Kysely } from "kysely";

/**
 * Product labels (issue 20, decision 057): the list of ingredients the German food labelling
 * rules (LMIV) ask for on prepacked food, and how many days a product keeps (its best-before date
 * on a label is the day it is printed plus these days, unless the label form names a date).
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("ingredients", "text")
    .addColumn("best_before_days", "integer", (c) =>
      c.check(sql`best_before_days is null or best_before_days between 0 and 3650`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("products")
    .dropColumn("ingredients")
    .dropColumn("best_before_days")
    .execute();
}
