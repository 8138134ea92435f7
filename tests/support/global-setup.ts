import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#app/db/connection.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { databaseUrlFor, withAdminClient } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | undefined;
    postgresUrl: string | undefined;
  }
}

/** Migrates one template per target once, so that each test file only copies it. */
export default async function setup(project: TestProject) {
  const folder = await mkdtemp(path.join(os.tmpdir(), "backstube-test-"));
  const pgliteTemplate = path.join(folder, "template.tar.gz");
  const embedded = await openDatabase({ dataDir: "memory://" });
  await migrateToLatest(embedded.db);
  if (!embedded.pglite) throw new Error("Die eingebettete Datenbank hat keinen PGlite-Client.");
  const dump = await embedded.pglite.dumpDataDir("gzip");
  await writeFile(pgliteTemplate, Buffer.from(await dump.arrayBuffer()));
  await embedded.close();
  project.provide("pgliteTemplate", pgliteTemplate);

  const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
  let postgresTemplate: string | undefined;
  if (postgresUrl) {
    postgresTemplate = `bt_template_${process.pid}`;
    const name = postgresTemplate;
    await withAdminClient(postgresUrl, async (client) => {
      await dropStaleTestDatabases(client);
      await client.query(`create database ${name}`);
    });
    const server = await openDatabase({
      databaseUrl: databaseUrlFor(postgresUrl, name),
      dataDir: "",
    });
    await migrateToLatest(server.db);
    await server.close();
  }
  project.provide("postgresTemplate", postgresTemplate);
  project.provide("postgresUrl", postgresUrl);

  return async () => {
    await rm(folder, { recursive: true, force: true });
    if (postgresUrl && postgresTemplate) {
      const name = postgresTemplate;
      await withAdminClient(postgresUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    }
  };
}

/** Leftovers of an earlier run that was killed would otherwise pile up on the server. */
async function dropStaleTestDatabases(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(
    // `_` is LIKE's any-character: escaped, so that a database named e.g. bt_templates is left alone.
    "select datname from pg_database where datname like 'bt\\_test\\_%' or datname like 'bt\\_template\\_%'",
  );
  for (const { datname } of rows) {
    const pid = /^bt_template_(\d+)$/.exec(datname)?.[1];
    if (!pid) continue; // a bt_test_ database may belong to a running suite
    if (isAlive(Number(pid))) continue;
    await client.query(`drop database if exists ${datname} with (force)`);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
