import { sql, type Kysely } from "kysely";

/**
 * Staff files beside the customers' uploads (docs/decisions/037):
 * - `uploads.uploaded_by_user_id`: the staff member who uploaded a file in the back office's
 *   "Dateien"; null for a customer's upload (and once that user is removed).
 * - `uploads.is_staff_file`: kept until staff delete it; the clean-up of abandoned carts only
 *   removes customers' uploads that no cart and no order names.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("uploads")
    .addColumn("uploaded_by_user_id", "integer")
    .addColumn("is_staff_file", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable("uploads")
    .addForeignKeyConstraint(
      "uploads_uploaded_by_user_id_fkey",
      ["uploaded_by_user_id"],
      "users",
      ["id"],
      (c) => c.onDelete("set null"),
    )
    .execute();
  // The back office lists files newest first.
  await db.schema
    .createIndex("uploads_created_at_idx")
    .on("uploads")
    .columns(["created_at", "id"])
    .execute();
  await sql`comment on column uploads.is_staff_file is 'Staff file: never removed by the clean-up'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("uploads_created_at_idx").execute();
  await db.schema
    .alterTable("uploads")
    .dropConstraint("uploads_uploaded_by_user_id_fkey")
    .execute();
  await db.schema
    .alterTable("uploads")
    .dropColumn("is_staff_file")
    .dropColumn("uploaded_by_user_id")
    .execute();
}
