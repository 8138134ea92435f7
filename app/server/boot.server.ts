import { sql } from "kysely";
import { openDatabase, type DatabaseHandle } from "#app/db/connection.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { seedDemoData } from "#app/db/seed.server";
import type { AppConfig } from "#app/config/env.server";
import { storageFor } from "#app/integrations/storage/storage.server";

/** A start-up failure whose message is the one line the operator needs. */
export class BootError extends Error {}

export async function openAppDatabase(config: AppConfig): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      maxConnections: config.databasePoolSize,
    });
    await sql`select 1`.execute(handle.db);
  } catch (error) {
    const where = config.databaseUrl
      ? `DATABASE_URL (${redact(config.databaseUrl)})`
      : `DATA_DIR ${config.dataDir}`;
    throw new BootError(`Datenbank nicht erreichbar über ${where}: ${describe(error)}`);
  }
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw new BootError(describe(error));
  }
  return handle;
}

/** Seeds the demo shop, with its pictures in the images storage (decision 042), into an empty database. */
export async function seedIfEmpty(
  handle: DatabaseHandle,
  log: (line: string) => void,
  config: Pick<AppConfig, "dataDir" | "storage" | "demoAdminPassword">,
): Promise<void> {
  const adminPassword = config.demoAdminPassword;
  const result = await seedDemoData(handle.db, {
    now: new Date(),
    log,
    adminPassword,
    pictures: storageFor(config, "images"),
  });
  if (result.seeded && result.admin) {
    const password = adminPassword ? "(aus DEMO_ADMIN_PASSWORD)" : result.admin.password;
    log(`Demo-Daten angelegt. Backoffice-Login: ${result.admin.email} / ${password}`);
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0]);
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
