// `npm run backup`: the shop's database and files into a new folder under BACKUP_DIR (default
// ./backups), one folder per run, `backstube-<date>T<time>` (decision 110):
//   database.dump  with DATABASE_URL: a pg_dump custom archive (pg_restore reads it)
//   files/         DATA_DIR as it is (uploads, images, videos, the session secret, the push keys;
//                  with the embedded database also the database itself), without the image sizes,
//                  which are made again on demand
//   manifest.json  when, from where, which schema version, how many orders
// With the embedded database (no DATABASE_URL) stop the shop first: the database belongs to one
// process, and a copy taken while it writes may not open. Exit code 0 on success, 1 otherwise.
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { openDatabase } from "../app/db/connection.server";
import { BACKUP_SKIPPED, backupName, describeError, shopAnswersOn } from "./backup-common";

const run = promisify(execFile);

async function main(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || "data");
  const target = path.resolve(process.env.BACKUP_DIR || "backups", backupName(new Date()));
  if (!databaseUrl && !existsSync(path.join(dataDir, "PG_VERSION"))) {
    console.error(`Sicherung abgebrochen: ${dataDir} enthält keine Datenbank.`);
    return 1;
  }
  if (!databaseUrl && (await shopAnswersOn(Number(process.env.PORT || 3000)))) {
    console.error(
      "Sicherung abgebrochen: Der Shop läuft noch. Die eingebettete Datenbank gehört einem " +
        "Prozess; bitte den Shop erst beenden.",
    );
    return 1;
  }
  mkdirSync(target, { recursive: true });

  // The figures for the manifest, read before the copy.
  const handle = await openDatabase({ databaseUrl, dataDir, maxConnections: 1 });
  let orders: number;
  let migration: string | null;
  try {
    orders = Number(
      (await sql<{ n: string }>`select count(*) as n from orders`.execute(handle.db)).rows[0]!.n,
    );
    migration =
      (
        await sql<{
          name: string;
        }>`select name from kysely_migration order by name desc limit 1`.execute(handle.db)
      ).rows[0]?.name ?? null;
  } finally {
    await handle.close();
  }

  if (databaseUrl) {
    await run("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-acl",
      `--file=${path.join(target, "database.dump")}`,
      databaseUrl,
    ]);
  }
  if (existsSync(dataDir)) {
    cpSync(dataDir, path.join(target, "files"), {
      recursive: true,
      filter: (source) => !BACKUP_SKIPPED.has(path.relative(dataDir, source)),
    });
  }
  const storage = process.env.STORAGE === "s3" ? "s3" : "local";
  writeFileSync(
    path.join(target, "manifest.json"),
    `${JSON.stringify(
      {
        createdAt: new Date().toISOString(),
        database: databaseUrl ? "postgres" : "pglite",
        migration,
        orders,
        storage,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`Sicherung angelegt: ${target} (${orders} Bestellungen).`);
  if (storage === "s3") {
    console.log(
      "Die Dateien liegen mit STORAGE=s3 im Bucket und sind nicht in dieser Sicherung: " +
        "Versionierung oder Replikation des Buckets sichert sie.",
    );
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Sicherung fehlgeschlagen: ${describeError(error)}`);
    process.exit(1);
  },
);
