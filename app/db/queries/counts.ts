import type { Kysely } from "kysely";
import type { Database, Db } from "#app/db/schema";

/** How many rows a table holds (health pages, seed checks, tests). */
export async function countRows(db: Db, table: keyof Database): Promise<number> {
  // The table name is a union here; counting needs no column types, so a loose handle will do.
  const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const row = await loose
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
