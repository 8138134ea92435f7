import { sql, type Kysely } from "kysely";

/**
 * Keys for the counter devices that show a branch's orders without a login (the frontdesk and
 * backoffice views, spec section 7). Only a SHA-256 digest of each key is stored: the key itself
 * is shown once, when it is made. A revoked key stays on record (who made it, when it was last
 * used) but opens nothing.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("branch_api_keys")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("branch_id", "integer", (c) =>
      c.notNull().references("branches.id").onDelete("cascade"),
    )
    .addColumn("label", "text", (c) => c.notNull().check(sql`length(label) between 1 and 100`))
    .addColumn("key_digest", "text", (c) => c.notNull().unique())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_used_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("branch_api_keys_branch_id_idx")
    .on("branch_api_keys")
    .column("branch_id")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("branch_api_keys").execute();
}
