import { sql, type Kysely } from "kysely";
import { unwatchReferenceTable, watchReferenceTable } from "./helpers/reference-data";

/**
 * Digital signage, second step (issue 22, decision 060): a menu board may show only chosen
 * categories (a link table; none chosen: the whole menu), and each entry of a stream may play
 * for its own duration instead of its segment's (null: the segment's).
 *
 * The new table is watched like the other signage tables, so a change reaches the TVs at once.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("signage_stream_segments")
    .addColumn("duration_seconds", "integer")
    .execute();
  await db.schema
    .alterTable("signage_stream_segments")
    .addCheckConstraint(
      "signage_stream_segments_duration_check",
      sql`duration_seconds is null or duration_seconds between 1 and 3600`,
    )
    .execute();
  await db.schema
    .createTable("signage_segment_categories")
    .addColumn("segment_id", "integer", (c) =>
      c.notNull().references("signage_segments.id").onDelete("cascade"),
    )
    .addColumn("category_id", "integer", (c) =>
      c.notNull().references("categories.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("signage_segment_categories_pkey", ["segment_id", "category_id"])
    .execute();
  await db.schema
    .createIndex("signage_segment_categories_category_idx")
    .on("signage_segment_categories")
    .column("category_id")
    .execute();
  await watchReferenceTable(db, "signage_segment_categories");
}

export async function down(db: Kysely<any>): Promise<void> {
  await unwatchReferenceTable(db, "signage_segment_categories");
  await db.schema.dropTable("signage_segment_categories").execute();
  await db.schema
    .alterTable("signage_stream_segments")
    .dropConstraint("signage_stream_segments_duration_check")
    .execute();
  await db.schema.alterTable("signage_stream_segments").dropColumn("duration_seconds").execute();
}
