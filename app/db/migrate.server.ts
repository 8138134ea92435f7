import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { migrations } from "./migration-list";

/**
 * The migrations are listed statically so that the bundled server, kysely-ctl and the tests run
 * exactly the same set under the same names (they share the `kysely_migration` table).
 */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations as Record<string, Migration>,
};

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : "";
    const reason = error instanceof Error ? error.message : String(error ?? "unbekannt");
    throw new Error(`Migration fehlgeschlagen${name}: ${reason}`);
  }
  return (results ?? []).map((result) => result.migrationName);
}
