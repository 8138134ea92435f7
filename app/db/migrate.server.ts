import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { migrations } from "./migration-list";

/**
 * The migrations are listed statically so that the bundled server, kysely-ctl and the tests run
 * exactly the same set under the same names (they share the `kysely_migration` table).
 */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations as Record<string, Migration>,
};

export async function migrateToLatest(
  db: Kysely<any>,
  list: Record<string, Migration> = migrations as Record<string, Migration>,
): Promise<string[]> {
  // An older release on a newer schema (decision 114): it starts without migrating.
  if ((await newerThanThisRelease(db, Object.keys(list))).length > 0) return [];
  const migrator = new Migrator({ db, provider: { getMigrations: async () => list } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : "";
    const reason = error instanceof Error ? error.message : String(error ?? "unbekannt");
    throw new Error(`Migration fehlgeschlagen${name}: ${reason}`);
  }
  return (results ?? []).map((result) => result.migrationName);
}

/**
 * The migrations the database has that this release does not know, when they all came after its
 * own (which are all there): the next release migrated the database while this one served, and
 * this one starts again (a restarted instance during the upgrade, a rollback). Under the
 * expand/contract rule (decision 114) it works on that schema, where Kysely's Migrator would call
 * the list corrupted and the start would fail. Anything else (an unknown migration between known
 * ones, a known one missing) stays Kysely's to refuse: empty.
 */
export async function newerThanThisRelease(db: Kysely<any>, known: string[]): Promise<string[]> {
  const table = await sql<{ present: boolean }>`
    select to_regclass('kysely_migration') is not null as present
  `.execute(db);
  if (!table.rows[0]?.present) return [];
  const executed = (
    await sql<{ name: string }>`select name from kysely_migration`.execute(db)
  ).rows.map((row) => row.name);
  const ran = new Set(executed);
  const last = [...known].sort().at(-1) ?? "";
  const unknown = executed.filter((name) => !known.includes(name)).sort();
  const allOwnRan = known.every((name) => ran.has(name));
  return allOwnRan && unknown.every((name) => name > last) ? unknown : [];
}
