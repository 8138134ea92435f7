import { sql, type Kysely } from "kysely";

/**
 * Time tracking, first half (issue 21, decision 058): working activities with their pauses, the
 * staff's personal clock credentials (PIN and card) and time-clock device keys.
 *
 * - `working_activities`: who worked where, from when to when. At most one open activity (no end)
 *   per person, enforced by a partial unique index, so two taps racing on the clock make exactly
 *   one. Records of working time must be kept (BAG 2022), so a person or branch with activities
 *   cannot be deleted (restrict). `project_id` and `task_id` are plain integers for now: the
 *   projects and tasks tables (and their foreign keys) come with the second half of issue 21.
 * - `working_activity_pauses`: the breaks inside an activity; at most one open pause each.
 * - `staff_clock_credentials`: a person's PIN (scrypt hash) and card number (SHA-256 digest,
 *   unique), and the PIN's failure count and lock for the clock (ten wrong PINs lock it).
 * - `branch_api_keys.purpose`: a key opens either the counter views ('orders') or the branch's
 *   time clock ('time_clock'), never both.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("working_activities")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("restrict"))
    .addColumn("branch_id", "integer", (c) =>
      c.notNull().references("branches.id").onDelete("restrict"),
    )
    .addColumn("department_id", "integer", (c) =>
      c.references("departments.id").onDelete("set null"),
    )
    .addColumn("project_id", "integer")
    .addColumn("task_id", "integer")
    .addColumn("started_at", "timestamptz", (c) => c.notNull())
    .addColumn("ended_at", "timestamptz")
    .addColumn("comment", "text", (c) => c.check(sql`length(comment) <= 1000`))
    .addColumn("source", "text", (c) =>
      c
        .notNull()
        .defaultTo("clock")
        .check(sql`source in ('clock', 'self', 'backoffice')`),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      "working_activities_end_after_start",
      sql`ended_at is null or ended_at > started_at`,
    )
    .execute();
  await sql`create unique index working_activities_one_open_idx on working_activities (user_id) where ended_at is null`.execute(
    db,
  );
  await sql`create index working_activities_user_started_idx on working_activities (user_id, started_at)`.execute(
    db,
  );
  await sql`create index working_activities_branch_started_idx on working_activities (branch_id, started_at)`.execute(
    db,
  );

  await db.schema
    .createTable("working_activity_pauses")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("working_activity_id", "integer", (c) =>
      c.notNull().references("working_activities.id").onDelete("cascade"),
    )
    .addColumn("started_at", "timestamptz", (c) => c.notNull())
    .addColumn("ended_at", "timestamptz")
    .addCheckConstraint(
      "working_activity_pauses_end_after_start",
      sql`ended_at is null or ended_at > started_at`,
    )
    .execute();
  await sql`create unique index working_activity_pauses_one_open_idx on working_activity_pauses (working_activity_id) where ended_at is null`.execute(
    db,
  );
  await sql`create index working_activity_pauses_activity_idx on working_activity_pauses (working_activity_id, started_at)`.execute(
    db,
  );

  await db.schema
    .createTable("staff_clock_credentials")
    .addColumn("user_id", "integer", (c) =>
      c.primaryKey().references("users.id").onDelete("cascade"),
    )
    .addColumn("pin_hash", "text")
    .addColumn("card_digest", "text", (c) => c.unique())
    .addColumn("pin_failures", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`pin_failures >= 0`),
    )
    .addColumn("pin_locked_until", "timestamptz")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable("branch_api_keys")
    .addColumn("purpose", "text", (c) =>
      c
        .notNull()
        .defaultTo("orders")
        .check(sql`purpose in ('orders', 'time_clock')`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("branch_api_keys").dropColumn("purpose").execute();
  await db.schema.dropTable("staff_clock_credentials").execute();
  await db.schema.dropTable("working_activity_pauses").execute();
  await db.schema.dropTable("working_activities").execute();
}
