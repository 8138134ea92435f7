import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import {
  checkBranchApiKey,
  createBranchApiKey,
  listBranchApiKeys,
  revokeBranchApiKey,
} from "#app/features/devices/branch-api-keys.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";

describe.each(databaseTargets())("counter device keys on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let altstadt: number;
  let wiehre: number;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await seedDemoData(db, { now: new Date("2026-11-21T09:30:00Z") });
    const branches = await db.selectFrom("branches").select(["id", "identifier"]).execute();
    altstadt = branches.find((branch) => branch.identifier === "altstadt")!.id;
    wiehre = branches.find((branch) => branch.identifier === "wiehre")!.id;
  });
  afterAll(async () => handle?.close());

  it("opens its own branch only, until it is revoked", async () => {
    const { id, key } = await createBranchApiKey(db, {
      branchId: altstadt,
      label: "Theke",
      createdBy: null,
    });
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await checkBranchApiKey(db, altstadt, key)).toBe(true);
    expect(await checkBranchApiKey(db, wiehre, key)).toBe(false);
    // One character off, too short, or not a key at all.
    const flipped = `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`;
    expect(await checkBranchApiKey(db, altstadt, flipped)).toBe(false);
    expect(await checkBranchApiKey(db, altstadt, key.slice(1))).toBe(false);
    expect(await checkBranchApiKey(db, altstadt, "' or 1=1 --")).toBe(false);

    // Only a digest is kept.
    const stored = await db.selectFrom("branchApiKeys").selectAll().where("id", "=", id).execute();
    expect(JSON.stringify(stored)).not.toContain(key);
    expect((await listBranchApiKeys(db, altstadt))[0]).toMatchObject({ label: "Theke" });
    expect((await listBranchApiKeys(db, altstadt))[0]?.lastUsedAt).not.toBeNull();

    expect(await revokeBranchApiKey(db, wiehre, id)).toBe(false);
    expect(await revokeBranchApiKey(db, altstadt, id)).toBe(true);
    expect(await revokeBranchApiKey(db, altstadt, id)).toBe(false);
    expect(await checkBranchApiKey(db, altstadt, key)).toBe(false);
  });
});
