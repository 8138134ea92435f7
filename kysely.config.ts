import { defineConfig } from "kysely-ctl";
import { openDatabase } from "./app/db/connection.server";
import { migrationProvider } from "./app/db/migrate.server";

// `npx kysely migrate:latest` uses the same connection rules and migration list as the server:
// DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data).
export default defineConfig({
  kysely: async () => {
    const { db } = await openDatabase({
      databaseUrl: process.env.DATABASE_URL || undefined,
      dataDir: process.env.DATA_DIR || "data",
    });
    return db;
  },
  migrations: { provider: migrationProvider },
});
