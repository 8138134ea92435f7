import { sql, type Kysely } from "kysely";

/**
 * Image templates (issue 16, decision 041): an image of a fixed size composed of layers (colour
 * areas, images, text in a chosen font), rendered on the server to PNG. The layers are one jsonb
 * list, checked by the app's schema; an image layer names an `images` row by id, which the render
 * reads at render time (a deleted image is refused on save and skipped when drawing).
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("image_templates")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("layers", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("image_templates_identifier_key", ["identifier"])
    .addCheckConstraint("image_templates_width_check", sql`width between 16 and 4096`)
    .addCheckConstraint("image_templates_height_check", sql`height between 16 and 4096`)
    .addCheckConstraint("image_templates_layers_check", sql`jsonb_typeof(layers) = 'array'`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("image_templates").execute();
}
