import { sql, type Kysely } from "kysely";

/**
 * Images get a focal point (issue 16, decision 038): where the picture's subject lies, as
 * fractions of its width and height (0 left/top … 1 right/bottom), so that the square sizes
 * (icon, product, category) are cropped around it. The middle until someone says otherwise.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("images")
    .addColumn("focal_x", "real", (c) => c.notNull().defaultTo(0.5))
    .addColumn("focal_y", "real", (c) => c.notNull().defaultTo(0.5))
    .execute();
  await sql`alter table images add constraint images_focal_point_check
    check (focal_x between 0 and 1 and focal_y between 0 and 1)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("images").dropColumn("focal_x").dropColumn("focal_y").execute();
}
