import { sql, type Kysely } from "kysely";

/**
 * Staff accounts with roles and branches, the website content (sites, blocks, navigations) and
 * the audit log.
 *
 * Frozen in time: no app imports.
 */

const IDENTIFIER = sql`~ '^[a-z0-9]+(-[a-z0-9]+)*$'`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("email", "text", (c) => c.notNull().check(sql`email ~ '^[^@\\s]+@[^@\\s]+$'`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("is_locked", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("failed_login_count", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`failed_login_count >= 0`),
    )
    .addColumn("locked_until", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_login_at", "timestamptz")
    .execute();
  // Unique regardless of case: "Admin@…" and "admin@…" are one account.
  await db.schema
    .createIndex("users_email_key")
    .on("users")
    .expression(sql`lower(email)`)
    .unique()
    .execute();

  await db.schema
    .createTable("user_roles")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) =>
      c.notNull().check(sql`role in ('ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_EMPLOYEE')`),
    )
    .addPrimaryKeyConstraint("user_roles_pkey", ["user_id", "role"])
    .execute();

  await db.schema
    .createTable("user_branches")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("branch_id", "integer", (c) =>
      c.notNull().references("branches.id").onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("user_branches_pkey", ["user_id", "branch_id"])
    .execute();
  await db.schema
    .createIndex("user_branches_branch_id_idx")
    .on("user_branches")
    .column("branch_id")
    .execute();

  await db.schema
    .createTable("sites")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("path", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`path ~ '^[a-z0-9][a-z0-9_-]*(/[a-z0-9][a-z0-9_-]*)*$'`),
    )
    .addColumn("type", "text", (c) =>
      c
        .notNull()
        .defaultTo("default")
        .check(sql`type ~ '^[a-z0-9-]+$'`),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("title", "text")
    .addColumn("description", "text")
    .addColumn("is_public", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("content", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("sites_content_check", sql`jsonb_typeof(content) = 'object'`)
    .execute();

  await db.schema
    .createTable("blocks")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("identifier", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`identifier ${IDENTIFIER}`),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("is_public", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("content", "jsonb", (c) => c.notNull().defaultTo(sql`'{"data": []}'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("blocks_content_check", sql`jsonb_typeof(content) = 'object'`)
    .execute();

  await db.schema
    .createTable("navigations")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("identifier", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`identifier ${IDENTIFIER}`),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("items", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("navigations_items_check", sql`jsonb_typeof(items) = 'array'`)
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "text")
    .addColumn("data", "jsonb")
    .addColumn("ip", "text")
    .execute();
  await db.schema.createIndex("audit_log_at_idx").on("audit_log").column("at").execute();
  await db.schema
    .createIndex("audit_log_entity_idx")
    .on("audit_log")
    .columns(["entity_type", "entity_id"])
    .execute();
  await db.schema.createIndex("audit_log_user_id_idx").on("audit_log").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "audit_log",
    "navigations",
    "blocks",
    "sites",
    "user_branches",
    "user_roles",
    "users",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
