import { sql, type Kysely } from "kysely";

/**
 * Known devices of staff accounts (docs/decisions/028, addendum "How the lockout spares the
 * owner"; issue 35, finding 3). A browser in which an account signed in successfully keeps a
 * signed, long-lived cookie with a random token; the table keeps the token's SHA-256, listed per
 * user. With it, the right password gets through while the account is blocked for unknown
 * devices, so guessers elsewhere cannot lock the owner out.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("staff_devices")
    .addColumn("id", "integer", (c) => c.generatedAlwaysAsIdentity())
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_used_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_from", "text")
    .addPrimaryKeyConstraint("staff_devices_pkey", ["id"])
    .addUniqueConstraint("staff_devices_token_hash_key", ["token_hash"])
    .addForeignKeyConstraint("staff_devices_user_id_fkey", ["user_id"], "users", ["id"], (fk) =>
      fk.onDelete("cascade"),
    )
    .addCheckConstraint("staff_devices_token_hash_check", sql`token_hash ~ '^[0-9a-f]{64}$'`)
    .addCheckConstraint("staff_devices_expires_at_check", sql`expires_at > created_at`)
    .execute();
  // A user's devices, newest use first (the list is kept short), and expired rows by age.
  await db.schema
    .createIndex("staff_devices_user_id_idx")
    .on("staff_devices")
    .columns(["user_id", "last_used_at"])
    .execute();
  await db.schema
    .createIndex("staff_devices_expires_at_idx")
    .on("staff_devices")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("staff_devices").execute();
}
