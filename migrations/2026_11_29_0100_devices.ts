import { sql, type Kysely } from "kysely";

/**
 * Devices of a branch (issue 20, decision 056): receipt printers and order notifiers. Printers
 * are reached over raw ESC/POS on TCP (the server connects to host:port) or poll the server
 * (Star CloudPRNT, Epson Server Direct Print) with their `token`. Print jobs are the only way
 * anything is printed: created in the transaction that causes them, delivered by a worker or
 * fetched by the printer, each with its own token for the confirmation. Device logs keep every
 * attempt, poll, confirmation and error with its time.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("devices")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("identifier", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("branch_id", "integer", (c) =>
      c.notNull().references("branches.id").onDelete("cascade"),
    )
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('printer', 'notifier')`))
    .addColumn("connection", "text", (c) =>
      c.check(sql`connection in ('escpos_tcp', 'star_cloudprnt', 'epson_sdp')`),
    )
    .addColumn("host", "text")
    .addColumn("port", "integer", (c) => c.check(sql`port between 1 and 65535`))
    .addColumn("paper_width", "integer", (c) =>
      c
        .notNull()
        .defaultTo(80)
        .check(sql`paper_width in (58, 80)`),
    )
    .addColumn("prints_new_orders", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("prints_confirmed_orders", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("order_types", sql`text[]`, (c) =>
      c.notNull().defaultTo(sql`'{takeaway,delivery,dine-in}'::text[]`),
    )
    .addColumn("auto_confirm", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("token", "text", (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    )
    .addColumn("last_seen_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      "devices_tcp_address_check",
      sql`connection is distinct from 'escpos_tcp' or (host is not null and port is not null)`,
    )
    .execute();
  await db.schema.createIndex("devices_branch_id_idx").on("devices").column("branch_id").execute();

  await db.schema
    .createTable("print_jobs")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("device_id", "integer", (c) =>
      c.notNull().references("devices.id").onDelete("cascade"),
    )
    .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) =>
      c.notNull().check(sql`reason in ('new', 'confirmed', 'reprint', 'test')`),
    )
    // Rendered from the order at the first delivery and kept, so every try sends the same bytes.
    .addColumn("content", "bytea")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'sending', 'printed', 'stale', 'failed')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_error", "text")
    .addColumn("job_token", "text", (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`replace(gen_random_uuid()::text, '-', '')`),
    )
    .addColumn("fetched_at", "timestamptz")
    .addColumn("printed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index print_jobs_due_idx on print_jobs (next_attempt_at) where status = 'pending'`.execute(
    db,
  );
  await db.schema
    .createIndex("print_jobs_device_idx")
    .on("print_jobs")
    .columns(["device_id", "status", "id"])
    .execute();
  await db.schema.createIndex("print_jobs_order_idx").on("print_jobs").column("order_id").execute();

  await db.schema
    .createTable("device_logs")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("device_id", "integer", (c) =>
      c.notNull().references("devices.id").onDelete("cascade"),
    )
    .addColumn("print_job_id", "integer", (c) => c.references("print_jobs.id").onDelete("set null"))
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("device_logs_device_idx")
    .on("device_logs")
    .columns(["device_id", "id"])
    .execute();

  await db.schema
    .alterTable("settings")
    .addColumn("print_stale_minutes", "integer", (c) =>
      c
        .notNull()
        .defaultTo(30)
        .check(sql`print_stale_minutes between 1 and 10080`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("settings").dropColumn("print_stale_minutes").execute();
  await db.schema.dropTable("device_logs").execute();
  await db.schema.dropTable("print_jobs").execute();
  await db.schema.dropTable("devices").execute();
}
