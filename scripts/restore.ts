// `npm run restore -- <folder>`: puts a backup made by `npm run backup` back (decision 110), into
// an empty database (DATABASE_URL: no tables yet; else the embedded one in DATA_DIR, which must
// not hold a database yet) and an empty DATA_DIR. It never overwrites: a shop is restored next to
// the broken one, checked, and then switched to. The next start of the shop migrates the schema
// if the backup is from an older release. Exit code 0 on success, 1 otherwise.
import { execFile } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { describeError } from "./backup-common";

const run = promisify(execFile);

interface Manifest {
  database: "postgres" | "pglite";
  orders: number;
}

async function tablesIn(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      "select count(*) as n from information_schema.tables where table_schema = 'public'",
    );
    return Number(result.rows[0]!.n);
  } finally {
    await client.end();
  }
}

async function main(args: string[]): Promise<number> {
  const source = args.find((arg) => !arg.startsWith("-"));
  if (!source) {
    console.error("Aufruf: npm run restore -- <Ordner der Sicherung>");
    return 1;
  }
  const folder = path.resolve(source);
  const manifestFile = path.join(folder, "manifest.json");
  if (!existsSync(manifestFile)) {
    console.error(
      `Wiederherstellung abgebrochen: ${folder} ist keine Sicherung (manifest.json fehlt).`,
    );
    return 1;
  }
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || "data");

  if ((manifest.database === "postgres") !== Boolean(databaseUrl)) {
    console.error(
      manifest.database === "postgres"
        ? "Wiederherstellung abgebrochen: Die Sicherung ist aus PostgreSQL; bitte DATABASE_URL setzen."
        : "Wiederherstellung abgebrochen: Die Sicherung ist aus der eingebetteten Datenbank; " +
            "bitte ohne DATABASE_URL wiederherstellen.",
    );
    return 1;
  }
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    console.error(`Wiederherstellung abgebrochen: ${dataDir} ist nicht leer.`);
    return 1;
  }
  if (databaseUrl && (await tablesIn(databaseUrl)) > 0) {
    console.error("Wiederherstellung abgebrochen: Die Datenbank in DATABASE_URL ist nicht leer.");
    return 1;
  }

  if (databaseUrl) {
    await run("pg_restore", [
      "--no-owner",
      "--no-acl",
      "--exit-on-error",
      `--dbname=${databaseUrl}`,
      path.join(folder, "database.dump"),
    ]);
  }
  const files = path.join(folder, "files");
  if (existsSync(files)) cpSync(files, dataDir, { recursive: true });
  console.log(
    `Wiederhergestellt: ${manifest.orders} Bestellungen, Dateien in ${dataDir}. ` +
      "Der nächste Start des Shops bringt das Schema auf den neuesten Stand.",
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Wiederherstellung fehlgeschlagen: ${describeError(error)}`);
    process.exit(1);
  },
);
