import { sql, type Kysely } from "kysely";

/**
 * The work queues announce their work (issue 41 part 6, decision 119): a new pending row, or one
 * set back to pending and due now (a resend), is announced on the channel `queues` with the table's
 * name, so the worker of whichever instance hears it first starts at once instead of at its next
 * poll. Sent on commit only; PostgreSQL folds equal payloads of one transaction into one.
 * Retries scheduled for later announce nothing: the workers sleep until the next row is due.
 *
 * Frozen in time: no app imports.
 */
const QUEUES = ["outbox", "print_jobs", "notifier_pushes", "webhook_deliveries"];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function announce_queue_work() returns trigger language plpgsql as $$
    begin
      perform pg_notify('queues', tg_table_name);
      return null;
    end
    $$`.execute(db);
  for (const table of QUEUES) {
    // Every new pending row, due now or later: the worker looks, and sleeps until it is due.
    await sql`
      create trigger ${sql.raw(`${table}_announce_new`)}
        after insert on ${sql.table(table)}
        for each row when (new.status = 'pending')
        execute function announce_queue_work()`.execute(db);
    // A row set back to pending and due (a resend); a retry the worker puts off announces nothing.
    await sql`
      create trigger ${sql.raw(`${table}_announce_due`)}
        after update of status, next_attempt_at on ${sql.table(table)}
        for each row when (new.status = 'pending' and old.status is distinct from 'pending'
          and new.next_attempt_at <= now() + interval '1 second')
        execute function announce_queue_work()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of QUEUES) {
    await sql`drop trigger ${sql.raw(`${table}_announce_due`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger ${sql.raw(`${table}_announce_new`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function announce_queue_work()`.execute(db);
}
