import { sql, type Migration } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { migrateToLatest, newerThanThisRelease } from "#app/db/migrate.server";
import { migrations } from "#app/db/migration-list";
import { createTestDatabase, databaseTargets } from "#tests/support/db";

/**
 * Decision 114: during an upgrade the next release migrates the database while this one serves.
 * An instance of this release that starts again then (a restarted container, a rollback) finds
 * migrations it does not know; they came after its own, so it starts without migrating instead of
 * stopping at Kysely's "corrupted migrations".
 */
const all = migrations as Record<string, Migration>;
const names = Object.keys(all);
/** The release before the newest two migrations: the same list without them. */
const older = Object.fromEntries(names.slice(0, -2).map((name) => [name, all[name]!]));
/** A list with a hole: one of the migrations the database ran is not in it. */
const withHole = Object.fromEntries(
  names.filter((_, index) => index !== 3).map((name) => [name, all[name]!]),
);

describe.each(databaseTargets())("an older release on a newer schema (%s)", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(target);
  });
  afterAll(async () => handle?.close());

  it("starts without migrating when the unknown migrations all came after its own", async () => {
    expect(await newerThanThisRelease(handle.db, Object.keys(older))).toEqual(names.slice(-2));
    expect(await migrateToLatest(handle.db, older)).toEqual([]);
    const { rows } = await sql<{ n: string }>`select count(*) as n from kysely_migration`.execute(
      handle.db,
    );
    expect(Number(rows[0]!.n)).toBe(names.length);
  });

  it("still refuses a list with a hole, as Kysely does", async () => {
    expect(await newerThanThisRelease(handle.db, Object.keys(withHole))).toEqual([]);
    await expect(migrateToLatest(handle.db, withHole)).rejects.toThrow(
      /Migration fehlgeschlagen: corrupted migrations/,
    );
  });

  it("migrates as before when it knows every migration", async () => {
    expect(await newerThanThisRelease(handle.db, names)).toEqual([]);
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });
});
