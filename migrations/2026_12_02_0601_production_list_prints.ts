import { sql, type Kysely } from "kysely";

/**
 * Prints of the production list ("Backliste", issue 39 part 1, decision 103): which day and
 * branch (null: every branch) was printed when and by whom, with the rows as printed, so that the
 * list shows the night shift what was added or canceled since.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("production_list_prints")
    .addColumn("id", "integer", (c) => c.generatedAlwaysAsIdentity())
    .addColumn("branch_id", "integer")
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("printed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("printed_by", "integer")
    .addColumn("rows", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addPrimaryKeyConstraint("production_list_prints_pkey", ["id"])
    .addForeignKeyConstraint(
      "production_list_prints_branch_id_fkey",
      ["branch_id"],
      "branches",
      ["id"],
      (fk) => fk.onDelete("cascade"),
    )
    .addForeignKeyConstraint(
      "production_list_prints_printed_by_fkey",
      ["printed_by"],
      "users",
      ["id"],
      (fk) => fk.onDelete("set null"),
    )
    .addCheckConstraint("production_list_prints_rows_check", sql`jsonb_typeof(rows) = 'array'`)
    .execute();
  // The last print of a day and branch is what the list compares itself with.
  await db.schema
    .createIndex("production_list_prints_day_idx")
    .on("production_list_prints")
    .columns(["day", "branch_id", "printed_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("production_list_prints").execute();
}
