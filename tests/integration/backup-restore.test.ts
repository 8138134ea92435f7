import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { insertTestOrder } from "#tests/support/orders";
import { databaseUrlFor, withAdminClient } from "#tests/support/postgres";
import { ensureBuild, freePort, startShopProcess } from "#tests/support/shop-process";
import { StaffClient } from "#tests/support/staff";

/**
 * Issue 41 part 3 (decision 110): `npm run backup` and `npm run restore` on a shop with orders,
 * pictures and settings, restored into an empty database and folder, where the shop finds them
 * all: the orders, the pictures served, the administrator's login, the shop's name.
 */
const ADMIN = { email: "admin@sonnenkorn.example", password: "sicherung-admin-1" };
const cleanups: Array<() => Promise<unknown> | unknown> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function tempDir(label: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), `backstube-${label}-`));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** Runs one of the scripts as an operator runs it: its exit code and what it printed. */
function script(
  name: "backup" | "restore",
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], {
      env: { ...process.env, DATABASE_URL: "", ...env },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ code, output }));
  });
}

/** The one backup folder a run made under `backups`. */
function onlyBackup(backups: string): string {
  const made = readdirSync(backups);
  expect(made).toHaveLength(1);
  expect(made[0]).toMatch(/^backstube-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
  return path.join(backups, made[0]!);
}

async function shopFacts(db: Kysely<Database>) {
  const orders = await db
    .selectFrom("orders")
    .select(["uid", "totalGross"])
    .orderBy("id")
    .execute();
  const { shopName: name } = await db
    .selectFrom("settings")
    .select("shopName")
    .executeTakeFirstOrThrow();
  const image = await db
    .selectFrom("images")
    .select(["id", "version", "extension"])
    .orderBy("id")
    .executeTakeFirstOrThrow();
  return { orders, name, image: `/image/${image.id}-${image.version}.${image.extension}` };
}

/** What a restored shop must do: serve the picture and let the administrator in. */
async function expectWorkingShop(origin: string, picture: string) {
  const served = await fetch(`${origin}${picture}`);
  expect(served.status, picture).toBe(200);
  expect(served.headers.get("Content-Type")).toMatch(/^image\//);
  const staff = new StaffClient({ origin });
  expect((await staff.login(ADMIN.email, ADMIN.password)).status).toBe(303);
}

describe("backup and restore with the embedded database", { timeout: 240_000 }, () => {
  it("restores a stopped shop's database and files into an empty folder", async () => {
    ensureBuild();
    const original = tempDir("original");
    const port = await freePort();
    const shop = await startShopProcess(
      { DATA_DIR: original, DEMO_ADMIN_PASSWORD: ADMIN.password, DATABASE_URL: "" },
      { port },
    );
    const backups = tempDir("backups");
    // While the shop runs, its database belongs to it: no copy.
    const refused = await script("backup", {
      DATA_DIR: original,
      BACKUP_DIR: backups,
      PORT: String(port),
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("Der Shop läuft noch");
    await shop.stop();

    const before = await openDatabase({ dataDir: original });
    await insertTestOrder(before.db, { branchIdentifier: "altstadt" });
    await before.db.updateTable("settings").set({ shopName: "Sicherungsbäckerei" }).execute();
    const facts = await shopFacts(before.db);
    await before.close();
    expect(facts.orders).toHaveLength(1);

    const made = await script("backup", {
      DATA_DIR: original,
      BACKUP_DIR: backups,
      PORT: String(port),
    });
    expect(made.code, made.output).toBe(0);
    const folder = onlyBackup(backups);
    expect(JSON.parse(readFileSync(path.join(folder, "manifest.json"), "utf8"))).toMatchObject({
      database: "pglite",
      orders: 1,
    });

    const restored = tempDir("restored");
    const back = await script("restore", { DATA_DIR: restored }, [folder]);
    expect(back.code, back.output).toBe(0);
    // Never over a shop that is there.
    const again = await script("restore", { DATA_DIR: restored }, [folder]);
    expect(again.code).toBe(1);
    expect(again.output).toContain("ist nicht leer");

    const revived = await startShopProcess({
      DATA_DIR: restored,
      SEED_DEMO_DATA: "false",
      DATABASE_URL: "",
    });
    await expectWorkingShop(revived.origin, facts.image);
    await revived.stop();
    const after = await openDatabase({ dataDir: restored });
    expect(await shopFacts(after.db)).toEqual(facts);
    await after.close();
  });
});

const postgresUrl = inject("postgresUrl");
const template = inject("postgresTemplate");

describe.runIf(template)("backup and restore on PostgreSQL", { timeout: 240_000 }, () => {
  async function database(fromTemplate: boolean): Promise<string> {
    const name = `bt_test_${randomBytes(6).toString("hex")}`;
    await withAdminClient(postgresUrl!, (client) =>
      client.query(`create database ${name}${fromTemplate ? ` template ${template}` : ""}`),
    );
    cleanups.push(() =>
      withAdminClient(postgresUrl!, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      ),
    );
    return databaseUrlFor(postgresUrl!, name);
  }

  it("restores a running shop's dump and files into an empty database and folder", async () => {
    ensureBuild();
    const url = await database(true);
    const original = tempDir("pg-original");
    const shop = await startShopProcess({
      DATABASE_URL: url,
      DATA_DIR: original,
      DEMO_ADMIN_PASSWORD: ADMIN.password,
    });
    const handle = await openDatabase({ databaseUrl: url, dataDir: "", maxConnections: 1 });
    cleanups.push(() => handle.close());
    await insertTestOrder(handle.db, { branchIdentifier: "altstadt" });
    await insertTestOrder(handle.db, { branchIdentifier: "altstadt" });
    await handle.db.updateTable("settings").set({ shopName: "Sicherungsbäckerei" }).execute();
    const facts = await shopFacts(handle.db);

    // PostgreSQL is copied while the shop runs (pg_dump reads one consistent snapshot).
    const backups = tempDir("pg-backups");
    const made = await script("backup", {
      DATABASE_URL: url,
      DATA_DIR: original,
      BACKUP_DIR: backups,
    });
    expect(made.code, made.output).toBe(0);
    await shop.stop();
    const folder = onlyBackup(backups);
    expect(readdirSync(folder).sort()).toEqual(["database.dump", "files", "manifest.json"]);
    expect(readdirSync(path.join(folder, "files"))).not.toContain("image-sizes");

    const empty = await database(false);
    const restored = tempDir("pg-restored");
    // A backup of PostgreSQL goes back into PostgreSQL only.
    const wrong = await script("restore", { DATA_DIR: restored }, [folder]);
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain("bitte DATABASE_URL setzen");
    const back = await script("restore", { DATABASE_URL: empty, DATA_DIR: restored }, [folder]);
    expect(back.code, back.output).toBe(0);
    const twice = await script("restore", { DATABASE_URL: empty, DATA_DIR: tempDir("x") }, [
      folder,
    ]);
    expect(twice.code).toBe(1);
    expect(twice.output).toContain("Die Datenbank in DATABASE_URL ist nicht leer");

    const revived = await startShopProcess({
      DATABASE_URL: empty,
      DATA_DIR: restored,
      SEED_DEMO_DATA: "false",
    });
    await expectWorkingShop(revived.origin, facts.image);
    await revived.stop();
    const after = await openDatabase({ databaseUrl: empty, dataDir: "", maxConnections: 1 });
    expect(await shopFacts(after.db)).toEqual(facts);
    const count = await sql<{ n: string }>`select count(*) as n from orders`.execute(after.db);
    expect(Number(count.rows[0]!.n)).toBe(2);
    await after.close();
  });
});
