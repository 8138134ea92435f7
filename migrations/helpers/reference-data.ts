import { sql, type Kysely } from "kysely";

/**
 * For migrations that create a table the storefront reads (a new kind of reference data, such as
 * departments): every statement that changes it moves the reference-data stamp and tells every
 * app instance, which then drops its kept pages and in-memory copies (docs/decisions/017 and
 * 032). Call it in `up` after creating the table, and `unwatchReferenceTable` in `down`.
 *
 *     await db.schema.createTable("departments")…execute();
 *     await watchReferenceTable(db, "departments");
 *
 * Old migrations call these helpers too, so what they do must never change: a new mechanism gets
 * new helpers (and a migration that moves the existing tables over).
 */
export async function watchReferenceTable(db: Kysely<any>, table: string): Promise<void> {
  await sql`
    create trigger ${sql.raw(triggerName(table))}
    after insert or update or delete or truncate on ${sql.table(table)}
    for each statement execute function bump_reference_data_version()`.execute(db);
}

export async function unwatchReferenceTable(db: Kysely<any>, table: string): Promise<void> {
  await sql`drop trigger if exists ${sql.raw(triggerName(table))} on ${sql.table(table)}`.execute(
    db,
  );
}

/** The name migration 2026_11_22_0003 gave the first tables' triggers. */
function triggerName(table: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`Ungültiger Tabellenname: ${table}`);
  return `${table}_reference_version`;
}
