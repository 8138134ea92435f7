import { sql, type Kysely } from "kysely";

/**
 * The back office's foundation (decision 035): departments (spec section 7's `/api/departments`;
 * a division's working units, used by time tracking later), and an audit log that can be filtered
 * by branch and paged newest first over hundreds of thousands of entries.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("departments")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("identifier", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`identifier ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("division_id", "integer", (c) => c.references("divisions.id").onDelete("set null"))
    .addColumn("description", "text")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // A delivery area may name the postcodes it serves (shown to customers choosing their area).
  await db.schema
    .alterTable("delivery_areas")
    .addColumn("postcodes", "text", (c) => c.notNull().defaultTo(""))
    .execute();

  await db.schema
    .alterTable("audit_log")
    .addColumn("branch_id", "integer", (c) => c.references("branches.id").onDelete("set null"))
    .execute();
  // The log page reads newest first, optionally for one branch, one user or one kind of record.
  await db.schema.dropIndex("audit_log_at_idx").execute();
  await sql`create index audit_log_at_idx on audit_log (at desc, id desc)`.execute(db);
  await sql`create index audit_log_branch_at_idx on audit_log (branch_id, at desc, id desc)`.execute(
    db,
  );
  await sql`create index audit_log_type_at_idx on audit_log (entity_type, at desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("audit_log_type_at_idx").execute();
  await db.schema.dropIndex("audit_log_branch_at_idx").execute();
  await db.schema.dropIndex("audit_log_at_idx").execute();
  await db.schema.createIndex("audit_log_at_idx").on("audit_log").column("at").execute();
  await db.schema.alterTable("audit_log").dropColumn("branch_id").execute();
  await db.schema.alterTable("delivery_areas").dropColumn("postcodes").execute();
  await db.schema.dropTable("departments").execute();
}
