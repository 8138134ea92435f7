import { sql, type Kysely } from "kysely";
import { unwatchReferenceTable, watchReferenceTable } from "./helpers/reference-data";

/**
 * Digital signage (issue 22, decision 060): segments (Filmsequenzen), streams with their ordered
 * segments and time slots, TVs (devices) paired by a short code, and what each TV last reported.
 *
 * The content tables are watched like reference data (decision 032): every change is announced on
 * `reference_data`, which the TVs' event streams listen to, as they do to the catalogue's changes.
 * What the TVs report (heartbeats) lives in its own, unwatched table.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("signage_segments")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind in ('image', 'video', 'page', 'text', 'menu')`),
    )
    .addColumn("duration_seconds", "integer", (c) =>
      c
        .notNull()
        .defaultTo(10)
        .check(sql`duration_seconds between 1 and 3600`),
    )
    .addColumn("image_id", "integer", (c) => c.references("images.id"))
    .addColumn("video_path", "text")
    .addColumn("page_path", "text")
    .addColumn("body", "text")
    .addColumn("branch_id", "integer", (c) => c.references("branches.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable("signage_streams")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("transition", "text", (c) => c.notNull().defaultTo("none"))
    .addColumn("schedule", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable("signage_stream_segments")
    .addColumn("stream_id", "integer", (c) =>
      c.notNull().references("signage_streams.id").onDelete("cascade"),
    )
    .addColumn("segment_id", "integer", (c) =>
      c.notNull().references("signage_segments.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("signage_stream_segments_pkey", ["stream_id", "segment_id"])
    .execute();
  await db.schema
    .createTable("signage_devices")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("branch_id", "integer", (c) => c.notNull().references("branches.id"))
    .addColumn("stream_id", "integer", (c) => c.references("signage_streams.id"))
    .addColumn("paired_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A TV browser's token (by its hash) and the code it shows; pairing sets `device_id`. Kept
  // apart from the devices so the token's hash never appears in the API or the audit log.
  await db.schema
    .createTable("signage_pairings")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("device_id", "integer", (c) =>
      c.references("signage_devices.id").onDelete("cascade"),
    )
    .execute();
  // Wrong codes typed by staff, counted per person (guessing is locked after too many).
  await db.schema
    .createTable("signage_pairing_failures")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("signage_pairing_failures_user_at")
    .on("signage_pairing_failures")
    .columns(["user_id", "at"])
    .execute();
  await db.schema
    .createTable("signage_device_status")
    .addColumn("device_id", "integer", (c) =>
      c.primaryKey().references("signage_devices.id").onDelete("cascade"),
    )
    .addColumn("last_seen_at", "timestamptz", (c) => c.notNull())
    .addColumn("playing", "text")
    .addColumn("content_version", "text")
    .execute();
  for (const table of [
    "signage_segments",
    "signage_streams",
    "signage_stream_segments",
    "signage_devices",
  ]) {
    await watchReferenceTable(db, table);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "signage_segments",
    "signage_streams",
    "signage_stream_segments",
    "signage_devices",
  ]) {
    await unwatchReferenceTable(db, table);
  }
  await db.schema.dropTable("signage_device_status").execute();
  await db.schema.dropTable("signage_pairing_failures").execute();
  await db.schema.dropTable("signage_pairings").execute();
  await db.schema.dropTable("signage_devices").execute();
  await db.schema.dropTable("signage_stream_segments").execute();
  await db.schema.dropTable("signage_streams").execute();
  await db.schema.dropTable("signage_segments").execute();
}
