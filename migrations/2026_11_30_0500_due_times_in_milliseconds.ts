import { sql, type Kysely } from "kysely";

/**
 * A queued mail, print job or push is due from the millisecond it was queued in, not from its
 * microsecond: the senders compare with a JavaScript time, which has no microseconds, so a round in
 * the same millisecond as the queueing found the new row not yet due and left it to the next round
 * (CI, stop 38: a push queued and sent at once in a test found nothing to send).
 *
 * Frozen in time: no app imports.
 */
const TABLES = ["outbox", "print_jobs", "notifier_pushes"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .alterColumn("next_attempt_at", (c) => c.setDefault(sql`date_trunc('milliseconds', now())`))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .alterColumn("next_attempt_at", (c) => c.setDefault(sql`now()`))
      .execute();
  }
}
