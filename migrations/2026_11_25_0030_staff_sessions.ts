import { sql, type Kysely } from "kysely";

/**
 * Staff sessions that end on the server (docs/decisions/028): the signed cookie carries a random
 * token, the table its SHA-256. Every staff request looks the row up, so signing out, a new
 * password, a lock or "Überall abmelden" ends a session at once in every instance. This replaces
 * `users.session_version`, which could only end all of a user's sessions, never one.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("staff_sessions")
    .addColumn("id", "integer", (c) => c.generatedAlwaysAsIdentity())
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_seen_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("revoked_at", "timestamptz")
    .addColumn("created_from", "text")
    .addPrimaryKeyConstraint("staff_sessions_pkey", ["id"])
    .addUniqueConstraint("staff_sessions_token_hash_key", ["token_hash"])
    .addForeignKeyConstraint("staff_sessions_user_id_fkey", ["user_id"], "users", ["id"], (fk) =>
      fk.onDelete("cascade"),
    )
    .addCheckConstraint("staff_sessions_token_hash_check", sql`token_hash ~ '^[0-9a-f]{64}$'`)
    .addCheckConstraint("staff_sessions_expires_at_check", sql`expires_at > created_at`)
    .execute();
  // "End every session of this user" and "how many are open" look sessions up by user.
  await db.schema
    .createIndex("staff_sessions_user_id_idx")
    .on("staff_sessions")
    .columns(["user_id", "expires_at"])
    .execute();
  // Old rows are pruned by age.
  await db.schema
    .createIndex("staff_sessions_expires_at_idx")
    .on("staff_sessions")
    .column("expires_at")
    .execute();

  await db.schema.alterTable("users").dropColumn("session_version").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("session_version", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`session_version >= 1`),
    )
    .execute();
  await db.schema.dropTable("staff_sessions").execute();
}
