import { sql, type Kysely } from "kysely";

/**
 * The staff login (docs/decisions/011):
 * - `users.session_version`: the session cookie carries it; raising it ends every session of that
 *   user at once (password changed or reset, account locked).
 * - `login_throttles`: failed attempts per account (keyed by the e-mail typed, so an unknown
 *   address is throttled exactly like a known one) and per client address. The key is a SHA-256
 *   hash, so a password typed into the e-mail field is never stored. This replaces the unused
 *   `failed_login_count` and `locked_until` columns of `users`, which could not hold unknown
 *   addresses.
 * - `login_links`: one-time e-mailed login links, stored as the SHA-256 of the token.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("session_version", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`session_version >= 1`),
    )
    .execute();
  await db.schema.alterTable("users").dropColumn("failed_login_count").execute();
  await db.schema.alterTable("users").dropColumn("locked_until").execute();

  await db.schema
    .createTable("login_throttles")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("window_started_at", "timestamptz")
    .addColumn("blocked_until", "timestamptz")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("login_throttles_failures_check", sql`failures >= 0`)
    .addCheckConstraint("login_throttles_key_check", sql`key ~ '^[a-z]+:[0-9a-f]{64}$'`)
    .execute();
  // Old rows are pruned by age.
  await db.schema
    .createIndex("login_throttles_updated_at_idx")
    .on("login_throttles")
    .column("updated_at")
    .execute();

  await db.schema
    .createTable("login_links")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("requested_from", "text")
    .addUniqueConstraint("login_links_token_hash_key", ["token_hash"])
    .addCheckConstraint("login_links_token_hash_check", sql`token_hash ~ '^[0-9a-f]{64}$'`)
    .execute();
  await db.schema
    .createIndex("login_links_user_id_idx")
    .on("login_links")
    .columns(["user_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("login_links").execute();
  await db.schema.dropTable("login_throttles").execute();
  await db.schema
    .alterTable("users")
    .addColumn("failed_login_count", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`failed_login_count >= 0`),
    )
    .execute();
  await db.schema.alterTable("users").addColumn("locked_until", "timestamptz").execute();
  await db.schema.alterTable("users").dropColumn("session_version").execute();
}
