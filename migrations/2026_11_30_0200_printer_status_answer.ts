import type { Kysely } from "kysely";

/**
 * Printers without `GS r` (decision 063): for a TCP printer marked so, a ticket counts as printed
 * once every byte was written and the connection closed cleanly. Default off: the status answer
 * stays the proof of printing (decision 056).
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("devices")
    .addColumn("no_status_answer", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("devices").dropColumn("no_status_answer").execute();
}
