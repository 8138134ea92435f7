import { sql, type Kysely } from "kysely";

/**
 * Personal API tokens (issue 38, part 2; docs/decisions/095): what another system sends as
 * `Authorization: Bearer bt_…` to the staff API. Only the SHA-256 of the token is kept. A token
 * carries a narrowed copy of its owner's reach: its roles and branches (none: all the owner has),
 * intersected with the owner's current ones on every request. It ends when it expires or is
 * revoked, and with its owner (cascade on delete; a locked owner is refused by the lookup).
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("staff_api_tokens")
    .addColumn("id", "integer", (c) => c.generatedAlwaysAsIdentity())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("roles", sql`text[]`, (c) => c.notNull())
    .addColumn("branch_ids", sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("last_used_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .addPrimaryKeyConstraint("staff_api_tokens_pkey", ["id"])
    .addUniqueConstraint("staff_api_tokens_token_hash_key", ["token_hash"])
    .addForeignKeyConstraint("staff_api_tokens_user_id_fkey", ["user_id"], "users", ["id"], (fk) =>
      fk.onDelete("cascade"),
    )
    .addCheckConstraint("staff_api_tokens_token_hash_check", sql`token_hash ~ '^[0-9a-f]{64}$'`)
    .addCheckConstraint("staff_api_tokens_name_check", sql`char_length(name) between 1 and 100`)
    .addCheckConstraint(
      "staff_api_tokens_roles_check",
      sql`cardinality(roles) >= 1 and roles <@ array['ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_EMPLOYEE']::text[]`,
    )
    .addCheckConstraint("staff_api_tokens_expires_at_check", sql`expires_at > created_at`)
    .execute();
  // The back office lists a user's tokens; the lookup goes by the unique hash.
  await db.schema
    .createIndex("staff_api_tokens_user_id_idx")
    .on("staff_api_tokens")
    .columns(["user_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("staff_api_tokens").execute();
}
