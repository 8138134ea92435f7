import { sql, type Kysely } from "kysely";

/**
 * Time tracking, second half (issue 21, decision 059): planned shifts, contracts, absences,
 * holiday entitlements and closed months.
 *
 * - `working_schedules`: a planned shift of one person at one branch (and department) on one
 *   business day, from `start_minute` to `end_minute` (minutes after midnight, same day).
 * - `working_contracts`: a person's target minutes per weekday (Monday first).
 * - `holiday_entitlements`: a person's holiday days per year and the carry-over from the year
 *   before, both in half days (a half day is the smallest unit).
 * - `absences`: a person's holiday, sickness or other absence on one day, whole or half.
 * - `closed_months`: months (first day) nobody may change any more.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("working_schedules")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("branch_id", "integer", (c) =>
      c.notNull().references("branches.id").onDelete("cascade"),
    )
    .addColumn("department_id", "integer", (c) =>
      c.references("departments.id").onDelete("set null"),
    )
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("start_minute", "integer", (c) => c.notNull())
    .addColumn("end_minute", "integer", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      "working_schedules_minutes",
      sql`start_minute >= 0 and end_minute <= 1440 and end_minute > start_minute`,
    )
    .execute();
  await sql`create index working_schedules_user_day_idx on working_schedules (user_id, day)`.execute(
    db,
  );
  await sql`create index working_schedules_branch_day_idx on working_schedules (branch_id, day)`.execute(
    db,
  );

  await db.schema
    .createTable("working_contracts")
    .addColumn("user_id", "integer", (c) =>
      c.primaryKey().references("users.id").onDelete("cascade"),
    )
    .addColumn("weekday_minutes", sql`integer[]`, (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("working_contracts_seven_days", sql`cardinality(weekday_minutes) = 7`)
    .execute();

  await db.schema
    .createTable("holiday_entitlements")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("year", "integer", (c) => c.notNull().check(sql`year between 1900 and 2999`))
    .addColumn("half_days", "integer", (c) => c.notNull().check(sql`half_days between 0 and 732`))
    .addColumn("carry_over_half_days", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`carry_over_half_days between 0 and 732`),
    )
    .addPrimaryKeyConstraint("holiday_entitlements_pkey", ["user_id", "year"])
    .execute();

  await db.schema
    .createTable("absences")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind in ('holiday', 'sickness', 'other')`),
    )
    .addColumn("half", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("absences_user_day_key", ["user_id", "day"])
    .execute();

  await db.schema
    .createTable("closed_months")
    .addColumn("month", "date", (c) => c.primaryKey().check(sql`extract(day from month) = 1`))
    .addColumn("closed_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("closed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("closed_months").execute();
  await db.schema.dropTable("absences").execute();
  await db.schema.dropTable("holiday_entitlements").execute();
  await db.schema.dropTable("working_contracts").execute();
  await db.schema.dropTable("working_schedules").execute();
}
