import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#app/db/connection.server";
import { countActiveSessions, insertStaffSession } from "#app/db/queries/staff-sessions";
import { findUserBySession } from "#app/db/queries/users";
import type { Database } from "#app/db/schema";
import { verifyPassword } from "#app/features/staff/password.server";
import { resetStaffPassword } from "#app/features/staff/reset-password.server";
import { sessionTokenHash } from "#app/features/staff/staff-session.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, sessionCookie, staffContext } from "#tests/support/staff";

/**
 * `npm run reset-password -- <email>` (decision 033): the function on both databases, and the
 * script as an operator runs it, as a process on a copy of an embedded database in a folder.
 */
const run = promisify(execFile);

async function passwordHash(db: Kysely<Database>, userId: number): Promise<string> {
  const row = await db
    .selectFrom("users")
    .select("passwordHash")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.passwordHash!;
}

describe.each(databaseTargets())("resetting a password from the command line on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
  });
  afterAll(async () => handle?.close());

  it("sets a new random password, ends the sessions and records it", async () => {
    const admin = await createStaff(db, { roles: ["ROLE_ADMIN"], email: "chefin@example.org" });
    const context = staffContext(db);
    await sessionCookie(context, admin.id);
    await sessionCookie(context, admin.id);
    expect((await countActiveSessions(db, [admin.id], new Date())).get(admin.id)).toBe(2);

    const result = await resetStaffPassword(db, { email: "CHEFIN@example.org" });
    if (!result.ok) throw new Error(result.message);
    expect(result.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(result.endedSessions).toBe(2);
    const stored = await passwordHash(db, admin.id);
    expect(await verifyPassword(result.password, stored)).toBe(true);
    expect(await verifyPassword(admin.password, stored)).toBe(false);
    expect((await countActiveSessions(db, [admin.id], new Date())).get(admin.id)).toBeUndefined();
    const entry = await db
      .selectFrom("auditLog")
      .select(["action", "userId", "data"])
      .where("entityType", "=", "user")
      .where("entityId", "=", String(admin.id))
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      action: "user.password-reset",
      userId: null,
      data: { via: "command-line", endedSessions: 2 },
    });
  });

  it("takes a chosen password, refuses a short one and an unknown address", async () => {
    const admin = await createStaff(db, { roles: ["ROLE_ADMIN"] });
    const chosen = await resetStaffPassword(db, {
      email: admin.email,
      password: "ein-langes-passwort",
    });
    expect(chosen.ok).toBe(true);
    expect(await verifyPassword("ein-langes-passwort", await passwordHash(db, admin.id))).toBe(
      true,
    );
    const short = await resetStaffPassword(db, { email: admin.email, password: "kurz" });
    expect(short).toEqual({ ok: false, message: expect.stringContaining("10") });
    const unknown = await resetStaffPassword(db, { email: "niemand@example.org" });
    expect(unknown).toEqual({ ok: false, message: expect.stringContaining("niemand@example.org") });
    expect(await verifyPassword("ein-langes-passwort", await passwordHash(db, admin.id))).toBe(
      true,
    );
  });
});

describe("npm run reset-password as a process on an embedded database in a folder", () => {
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "bt-reset-"));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it(
    "prints a new password that signs in, and keeps every other row",
    { timeout: 120_000 },
    async () => {
      const dataDir = path.join(folder, "data");
      const dump = await readFile(inject("pgliteTemplate"));
      const first = await openDatabase({ dataDir, loadDataDir: new Blob([dump]) });
      const admin = await createStaff(first.db, {
        roles: ["ROLE_ADMIN"],
        email: "demo@example.org",
      });
      const other = await createStaff(first.db, { roles: ["ROLE_EMPLOYEE"] });
      const tokenHash = sessionTokenHash("t".repeat(43));
      const now = new Date();
      await insertStaffSession(first.db, {
        userId: admin.id,
        tokenHash,
        now,
        expiresAt: new Date(now.getTime() + 3_600_000),
        createdFrom: "203.0.113.10",
      });
      const otherHash = await passwordHash(first.db, other.id);
      await first.close();

      const { stdout } = await run(
        process.execPath,
        ["--import", "tsx", "scripts/reset-password.ts", "demo@example.org"],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", RESET_PASSWORD: "" } },
      );
      const printed = /Neues Passwort: (\S+)/.exec(stdout)?.[1];
      expect(printed, stdout).toBeDefined();
      expect(stdout).toContain("1 Sitzung wurde beendet");

      const again = await openDatabase({ dataDir });
      try {
        expect(await verifyPassword(printed!, await passwordHash(again.db, admin.id))).toBe(true);
        expect(await passwordHash(again.db, other.id)).toBe(otherHash);
        expect(await findUserBySession(again.db, tokenHash, new Date())).toBeUndefined();
      } finally {
        await again.close();
      }

      // An unknown address: exit code 1 and a German reason, nothing changed.
      const failed = await run(
        process.execPath,
        ["--import", "tsx", "scripts/reset-password.ts", "niemand@example.org"],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } },
      ).catch((error: { code: number; stderr: string }) => error);
      expect("code" in failed && failed.code).toBe(1);
      expect("stderr" in failed && failed.stderr).toContain("Es gibt kein Konto");
    },
  );
});
