import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "#app/db/connection.server";
import { adminUrl, databaseUrlFor, withAdminClient } from "./postgres";

export type DatabaseTarget = "pglite" | "postgres";

/** PGlite always; the PostgreSQL server too when TEST_DATABASE_URL is set (it finds races). */
export function databaseTargets(): DatabaseTarget[] {
  return inject("postgresTemplate") ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * A fresh, migrated database of its own for one test file: a copy of the template that the global
 * setup migrated once, so files run in parallel and never see each other's rows.
 */
export async function createTestDatabase(
  target: DatabaseTarget = "pglite",
): Promise<DatabaseHandle> {
  return target === "postgres" ? copyPostgresTemplate() : copyPgliteTemplate();
}

async function copyPgliteTemplate(): Promise<DatabaseHandle> {
  const dump = await readFile(inject("pgliteTemplate"));
  return openDatabase({ dataDir: "memory://", loadDataDir: new Blob([dump]) });
}

async function copyPostgresTemplate(): Promise<DatabaseHandle> {
  const template = inject("postgresTemplate");
  const base = inject("postgresUrl");
  if (!template || !base) throw new Error("TEST_DATABASE_URL ist nicht gesetzt.");
  const name = `bt_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(adminUrl(base), (client) =>
    client.query(`create database ${name} template ${template}`),
  );
  const handle = await openDatabase({
    databaseUrl: databaseUrlFor(base, name),
    dataDir: "",
    maxConnections: 20,
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdminClient(adminUrl(base), async (client) => {
        // The pool's end() resolves before its sockets are gone; a forced drop would then cut
        // them and the pool would report a lost connection after the tests passed.
        for (let attempt = 0; attempt < 100; attempt += 1) {
          const open = await client.query(
            "select count(*)::int as n from pg_stat_activity where datname = $1",
            [name],
          );
          if (open.rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}

/** A branch's id by its identifier (the seeded or prepared ones); throws when there is none. */
export async function branchIdOf(db: DatabaseHandle["db"], identifier: string): Promise<number> {
  const branch = await db
    .selectFrom("branches")
    .select("id")
    .where("identifier", "=", identifier)
    .executeTakeFirstOrThrow();
  return branch.id;
}
