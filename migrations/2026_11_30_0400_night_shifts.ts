import { sql, type Kysely } from "kysely";

/**
 * Night shifts (decision 065): a planned shift may end the next morning. `end_minute` counts on
 * from midnight of the shift's day (22:00–06:00 is 1320–1800), at most 24 hours after the start.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table working_schedules drop constraint working_schedules_minutes`.execute(db);
  await sql`alter table working_schedules add constraint working_schedules_minutes
    check (start_minute >= 0 and start_minute < 1440 and end_minute > start_minute
      and end_minute <= start_minute + 1440)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from working_schedules where end_minute > 1440`.execute(db);
  await sql`alter table working_schedules drop constraint working_schedules_minutes`.execute(db);
  await sql`alter table working_schedules add constraint working_schedules_minutes
    check (start_minute >= 0 and end_minute <= 1440 and end_minute > start_minute)`.execute(db);
}
