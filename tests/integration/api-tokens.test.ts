import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#app/db/connection.server";
import { findUserById, setUserAccess } from "#app/db/queries/users";
import type { Database, Role } from "#app/db/schema";
import { isAdmin } from "#app/domain/staff-permissions";
import { createApiToken, hashApiToken } from "#app/features/staff/api-tokens.server";
import { deApiTokens } from "#app/i18n/de-api-tokens";
import { de } from "#app/i18n/de-staff";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import {
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";

/**
 * Personal API tokens (issue 38, part 2; decisions 095 and 096). Two app servers run against the
 * same database, as two instances behind a load balancer (on PostgreSQL each with its own pool):
 * a token revoked on one is refused by the other at its next call.
 */
describe.each(databaseTargets())("personal API tokens on %s", (target) => {
  let handle: DatabaseHandle;
  let second: DatabaseHandle | undefined;
  let db: Kysely<Database>;
  let one: AppServer;
  let two: AppServer;
  let branchA: number;
  let branchB: number;
  let orderA: number;
  let orderB: number;
  let admin: TestStaff;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    const branches = await db
      .insertInto("branches")
      .values([
        { identifier: "filiale-a", name: "Filiale A", position: 1 },
        { identifier: "filiale-b", name: "Filiale B", position: 2 },
      ])
      .returning("id")
      .execute();
    [branchA, branchB] = branches.map((branch) => branch.id) as [number, number];
    orderA = (await insertTestOrder(db, { branchIdentifier: "filiale-a" })).id;
    orderB = (await insertTestOrder(db, { branchIdentifier: "filiale-b" })).id;
    await db
      .insertInto("products")
      .values({ identifier: "brezel", name: "Brezel", price: 90 })
      .execute();
    admin = await createStaff(db, { roles: ["ROLE_ADMIN"], name: "Anna Admin" });
    if (handle.databaseUrl) {
      second = await openDatabase({ databaseUrl: handle.databaseUrl, dataDir: "" });
    }
    one = await startAppServer(db);
    two = await startAppServer(second?.db ?? db);
  });

  afterAll(async () => {
    await two?.close();
    await one?.close();
    await second?.close();
    await handle?.close();
  });

  const inDays = (days: number) => {
    const day = new Date(Date.now() + days * 86_400_000);
    return day.toISOString().slice(0, 10);
  };

  /** A token made through the service, as the back office does, for `owner`. */
  async function tokenOf(
    owner: TestStaff,
    grant: { roles: Role[]; branchIds?: number[]; name?: string },
  ): Promise<{ id: number; token: string }> {
    const row = (await findUserById(db, owner.id))!;
    const made = await createApiToken(
      db,
      {
        user: { id: row.id, roles: row.roles, branchIds: row.branchIds, isAdmin: isAdmin(row) },
        clientAddress: "203.0.113.5",
      },
      {
        name: grant.name ?? "Kasse",
        roles: grant.roles,
        branchIds: grant.branchIds ?? [],
        expiresOn: inDays(30),
      },
      { zone: "Europe/Berlin" },
    );
    if (!made.ok) throw new Error(JSON.stringify(made.errors));
    return made.value;
  }

  /** A call as another system makes it: no cookie, no Origin, the token in the header. */
  const call = (server: AppServer, path: string, token: string, init: RequestInit = {}) =>
    fetch(`${server.origin}${path}`, {
      ...init,
      redirect: "manual",
      headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
    });

  async function expectRefused(response: Response) {
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect(await response.json()).toEqual({ errors: [{ message: deApiTokens.api.invalid }] });
  }

  it("lets an administrator make a token in the back office, shown once and stored hashed", async () => {
    const browser = await new StaffClient(one).signInAs(one.context, admin.id);
    const page = await browser.send("/backend/api-tokens");
    expect(page.status).toBe(200);
    const made = await browser.send("/backend/api-tokens", {
      form: {
        intent: "create",
        name: "Warenwirtschaft",
        roles: ["ROLE_ADMIN"],
        expiresOn: inDays(90),
      },
    });
    expect(made.status).toBe(200);
    const html = await made.text();
    const token = /bt_[A-Za-z0-9_-]{43}/.exec(html)?.[0];
    expect(token, "der Schlüssel wird einmal angezeigt").toBeDefined();
    const row = await db
      .selectFrom("staffApiTokens")
      .selectAll()
      .where("name", "=", "Warenwirtschaft")
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(hashApiToken(token!));
    expect(JSON.stringify(row)).not.toContain(token!.slice(3));
    // Listed afterwards, never shown again.
    const again = await (await browser.send("/backend/api-tokens")).text();
    expect(again).toContain("Warenwirtschaft");
    expect(again).not.toContain(token!);
    const audit = await db
      .selectFrom("auditLog")
      .select(["action", "userId", "data"])
      .where("entityType", "=", "api-token")
      .where("entityId", "=", String(row.id))
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ action: "api-token.created", userId: admin.id }),
    ]);
    expect(JSON.stringify(audit)).not.toContain(token!.slice(3));

    // Used from another instance: 200, last use noted.
    const products = await call(two, "/api/products", token!);
    expect(products.status).toBe(200);
    expect(JSON.stringify(await products.json())).toContain("Brezel");
    const used = await db
      .selectFrom("staffApiTokens")
      .select("lastUsedAt")
      .where("id", "=", row.id)
      .executeTakeFirstOrThrow();
    expect(used.lastUsedAt).not.toBeNull();
  });

  it("refuses a bad form with German messages beside the fields and writes nothing", async () => {
    const browser = await new StaffClient(one).signInAs(one.context, admin.id);
    const before = await db.selectFrom("staffApiTokens").select("id").execute();
    const refused = await browser.send("/backend/api-tokens", {
      form: {
        intent: "create",
        name: "Filiale A mit Admin",
        roles: ["ROLE_ADMIN"],
        branchIds: [String(branchA)],
        expiresOn: inDays(400),
      },
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(deApiTokens.errors.adminWithBranches.slice(0, 40));
    expect(html).toContain(deApiTokens.errors.expiryTooFar(365));
    const empty = await browser.send("/backend/api-tokens", {
      form: { intent: "create", name: "", expiresOn: "gestern" },
    });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(deApiTokens.errors.nameMissing);
    expect(await db.selectFrom("staffApiTokens").select("id").execute()).toHaveLength(
      before.length,
    );
    // Only administrators reach the page.
    const manager = await createStaff(db, { roles: ["ROLE_MANAGER"], branchIds: [branchA] });
    const managerBrowser = await new StaffClient(one).signInAs(one.context, manager.id);
    expect((await managerBrowser.send("/backend/api-tokens")).status).toBe(403);
  });

  it("answers hostile forms on the token page with a German 400 and stores nothing", async () => {
    const browser = await new StaffClient(one).signInAs(one.context, admin.id);
    const count = async () => (await db.selectFrom("staffApiTokens").select("id").execute()).length;
    const before = await count();
    const good = { intent: "create", name: "Gut", roles: ["ROLE_EMPLOYEE"], expiresOn: inDays(10) };
    const hostile: Record<string, string | string[]>[] = [
      { ...good, name: "\u0000\u0001 \u007f" },
      { ...good, name: "x".repeat(20_000) },
      { ...good, roles: ["ROLE_ROOT"] },
      { ...good, roles: [] },
      { ...good, branchIds: ["99999999999999999999"] },
      { ...good, branchIds: ["2147483647"] },
      { ...good, branchIds: ["-1"] },
      { ...good, expiresOn: "2026-02-30" },
      { ...good, expiresOn: "0000-01-01" },
      { ...good, expiresOn: "9999-12-31" },
      { ...good, expiresOn: "\u0000" },
      { intent: "revoke", tokenId: "99999999999999999999" },
      { intent: "revoke", tokenId: "abc" },
      { intent: "gibt-es-nicht" },
      {},
    ];
    for (const form of hostile) {
      const answer = await browser.send("/backend/api-tokens", { form });
      expect([400, 404], JSON.stringify(form).slice(0, 80)).toContain(answer.status);
      const html = await answer.text();
      expect(html).not.toMatch(/Unexpected|Invalid input|expected/);
    }
    const json = await browser.send("/backend/api-tokens", { json: { intent: "create" } });
    expect(json.status).toBeLessThan(500);
    expect(await count()).toBe(before);
  });

  it("lets a branch-scoped token see its own branch only", async () => {
    const { token } = await tokenOf(admin, { roles: ["ROLE_MANAGER"], branchIds: [branchA] });
    const list = await call(one, "/api/orders", token);
    expect(list.status).toBe(200);
    const ids = JSON.stringify(await list.json());
    expect(ids).toContain(`"id":${orderA}`);
    expect(ids).not.toContain(`"id":${orderB}`);
    expect((await call(one, `/api/orders/${orderA}`, token)).status).toBe(200);
    expect([403, 404]).toContain((await call(one, `/api/orders/${orderB}`, token)).status);
    // A manager's resource of branch B, and a shop-wide one (administrators only).
    const table = await db
      .insertInto("tables")
      .values({ branchId: branchB, identifier: "B1", name: "Tisch B1" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect([403, 404]).toContain((await call(one, `/api/tables/${table.id}`, token)).status);
    expect((await call(one, "/api/tags", token)).status).toBe(403);
    const me = await call(one, "/api/users/me", token);
    expect(me.status).toBe(200);
  });

  it("refuses a revoked token at once on the other instance, audited", async () => {
    const { id, token } = await tokenOf(admin, { roles: ["ROLE_ADMIN"], name: "Auswertung" });
    expect((await call(two, "/api/products", token)).status).toBe(200);
    const browser = await new StaffClient(one).signInAs(one.context, admin.id);
    const revoked = await browser.send("/backend/api-tokens", {
      form: { intent: "revoke", tokenId: String(id) },
    });
    expect(revoked.status).toBe(200);
    expect(await revoked.text()).toContain(deApiTokens.revoked("Auswertung"));
    await expectRefused(await call(two, "/api/products", token));
    await expectRefused(await call(one, "/api/products", token));
    const audit = await db
      .selectFrom("auditLog")
      .select("action")
      .where("entityType", "=", "api-token")
      .where("entityId", "=", String(id))
      .orderBy("id")
      .execute();
    expect(audit.map((row) => row.action)).toEqual(["api-token.created", "api-token.revoked"]);
    // Revoking twice says so, and writes nothing.
    const twice = await browser.send("/backend/api-tokens", {
      form: { intent: "revoke", tokenId: String(id) },
    });
    expect(twice.status).toBe(404);
  });

  it("answers /api/users/me with what the token may do, not the owner's account (decision 104)", async () => {
    const owner = await createStaff(db, {
      roles: ["ROLE_MANAGER", "ROLE_EMPLOYEE"],
      branchIds: [branchA, branchB],
      name: "Mona Manager",
    });
    const { id, token } = await tokenOf(owner, {
      roles: ["ROLE_EMPLOYEE"],
      branchIds: [branchB],
      name: "Kasse Filiale B",
    });
    const answer = await call(two, "/api/users/me", token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toContain("no-store");
    const { data } = (await answer.json()) as { data: Record<string, unknown> };
    const narrowed = {
      id: owner.id,
      name: "Mona Manager",
      email: owner.email,
      roles: ["ROLE_EMPLOYEE"],
      branches: [{ id: branchB, name: "Filiale B" }],
    };
    expect(data).toEqual({
      ...narrowed,
      user: narrowed,
      token: {
        id,
        name: "Kasse Filiale B",
        roles: ["ROLE_EMPLOYEE"],
        branchIds: [branchB],
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        lastUsedAt: expect.any(String),
      },
    });
    expect(
      new Date(String((data.token as { expiresAt: string }).expiresAt)).getTime(),
    ).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    // The owner's own session still answers the whole account with both branches.
    const browser = await new StaffClient(one).signInAs(one.context, owner.id);
    const own = (await (await browser.send("/api/users/me")).json()) as {
      data: { roles: string[]; branches: { id: number }[]; token?: unknown };
    };
    expect([...own.data.roles].sort()).toEqual(["ROLE_EMPLOYEE", "ROLE_MANAGER"]);
    expect(own.data.branches.map((branch) => branch.id).sort()).toEqual([branchA, branchB].sort());
    expect(own.data.token).toBeUndefined();
    // The owner loses branch B: the token's answer follows at once.
    await setUserAccess(db, owner.id, {
      roles: ["ROLE_MANAGER", "ROLE_EMPLOYEE"],
      branchIds: [branchA],
    });
    const after = (await (await call(one, "/api/users/me", token)).json()) as {
      data: { branches: unknown[]; roles: string[] };
    };
    expect(after.data.branches).toEqual([]);
  });

  it("refuses an expired token", async () => {
    const { id, token } = await tokenOf(admin, { roles: ["ROLE_ADMIN"] });
    expect((await call(one, "/api/products", token)).status).toBe(200);
    await db
      .updateTable("staffApiTokens")
      .set({ createdAt: new Date(Date.now() - 10_000), expiresAt: new Date(Date.now() - 1000) })
      .where("id", "=", id)
      .execute();
    await expectRefused(await call(two, "/api/products", token));
  });

  it("takes away from a token what its owner loses: a lock, a role, the account", async () => {
    const owner = await createStaff(db, { roles: ["ROLE_ADMIN"], name: "Olaf Owner" });
    const { token } = await tokenOf(owner, { roles: ["ROLE_ADMIN"] });
    const scoped = await tokenOf(owner, { roles: ["ROLE_MANAGER"], branchIds: [branchA] });
    expect((await call(one, "/api/tags", token)).status).toBe(200);
    // Demoted to a manager of branch A: the administrator token loses its role (403), the
    // manager token of branch A keeps working.
    await setUserAccess(db, owner.id, { roles: ["ROLE_MANAGER"], branchIds: [branchA] });
    expect((await call(two, "/api/tags", token)).status).toBe(403);
    expect((await call(two, "/api/orders", scoped.token)).status).toBe(200);
    // Moved to branch B: the branch A token reaches nothing any more.
    await setUserAccess(db, owner.id, { roles: ["ROLE_MANAGER"], branchIds: [branchB] });
    expect([403, 404]).toContain((await call(two, `/api/orders/${orderA}`, scoped.token)).status);
    // Locked: 401 at once.
    await db.updateTable("users").set({ isLocked: true }).where("id", "=", owner.id).execute();
    await expectRefused(await call(two, "/api/users/me", scoped.token));
    // Deleted: the tokens go with the account.
    await db.deleteFrom("users").where("id", "=", owner.id).execute();
    await expectRefused(await call(one, "/api/users/me", token));
    expect(
      await db.selectFrom("staffApiTokens").select("id").where("userId", "=", owner.id).execute(),
    ).toEqual([]);
  });

  it("takes writes from another origin with a token, and still refuses cookie writes without Origin", async () => {
    const { token } = await tokenOf(admin, { roles: ["ROLE_ADMIN"] });
    const json = (body: unknown, headers: Record<string, string> = {}) => ({
      method: "POST",
      body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", ...headers },
    });
    const foreign = await call(
      one,
      "/api/tags",
      token,
      json({ identifier: "von-aussen", name: "Von außen" }, { Origin: "https://kasse.example" }),
    );
    expect(foreign.status).toBe(201);
    const plain = await call(one, "/api/tags", token, json({ identifier: "ohne", name: "Ohne" }));
    expect(plain.status).toBe(201);
    // The same write with the administrator's cookie and no Origin: refused as before.
    const browser = await new StaffClient(one).signInAs(one.context, admin.id);
    const cookieWrite = await browser.send("/api/tags", {
      json: { identifier: "keks", name: "Keks" },
      noOrigin: true,
    });
    expect(cookieWrite.status).toBe(403);
    expect(await cookieWrite.json()).toEqual({ errors: [{ message: de.staffAuth.crossSite }] });
    // A bad token with a good cookie: 401, never the cookie's session instead.
    const both = await browser.send("/api/users/me", {
      headers: { Authorization: "Bearer bt_" + "x".repeat(43) },
    });
    expect(both.status).toBe(401);
    // On a back-office page the header counts for nothing: no session, the sign-in.
    const page = await call(one, "/backend/orders", token);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/backend\/login/);
  });

  it("never lets a token manage users or credentials", async () => {
    const { token } = await tokenOf(admin, { roles: ["ROLE_ADMIN"] });
    const employee = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchA] });
    const post = (path: string, body: unknown, method = "POST") =>
      call(one, path, token, {
        method,
        body: JSON.stringify(body),
        headers: { "Content-Type": "application/json" },
      });
    for (const response of [
      await post("/api/users", {
        email: "neu@example.org",
        name: "Neu",
        password: "geheim-geheim-1",
        roles: ["ROLE_ADMIN"],
      }),
      await call(one, "/api/users", token),
      await post(`/api/users/${employee.id}`, { name: "Anders" }, "PUT"),
      await post(`/api/users/${employee.id}/logout-everywhere`, {}),
      await post(`/api/clock-credentials/${employee.id}`, { pin: "1234" }, "PUT"),
    ]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        errors: [{ message: deApiTokens.api.noUserManagement }],
      });
    }
    expect(
      await db.selectFrom("users").select("id").where("email", "=", "neu@example.org").execute(),
    ).toEqual([]);
  });

  it("limits the calls per token with 429, a Retry-After and a German message", async () => {
    const limited = await startAppServer(db, {
      config: {
        publicOrigin: "http://localhost:3000",
        mode: "demo",
        dataDir: "/nicht-benutzt",
        apiTokenRequestsPerMinute: 3,
      },
    });
    try {
      const { token } = await tokenOf(admin, { roles: ["ROLE_ADMIN"] });
      const other = await tokenOf(admin, { roles: ["ROLE_ADMIN"] });
      for (let i = 0; i < 3; i += 1) {
        expect((await call(limited, "/api/users/me", token)).status).toBe(200);
      }
      const over = await call(limited, "/api/users/me", token);
      expect(over.status).toBe(429);
      const wait = Number(over.headers.get("Retry-After"));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expect(await over.json()).toEqual({ errors: [{ message: deApiTokens.api.tooMany(wait) }] });
      // Another token has its own count.
      expect((await call(limited, "/api/users/me", other.token)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("counts a token's calls on all instances together, exactly under concurrency (decision 105)", async () => {
    const config = {
      publicOrigin: "http://localhost:3000",
      mode: "demo" as const,
      dataDir: "/nicht-benutzt",
      apiTokenRequestsPerMinute: 6,
    };
    // Two instances, on PostgreSQL each with its own pool, as behind a load balancer.
    const first = await startAppServer(db, { config });
    const other = await startAppServer(second?.db ?? db, { config });
    try {
      // Not across a minute's end: the count starts again with each minute.
      const second_ = new Date().getUTCSeconds();
      if (second_ > 48) await new Promise((done) => setTimeout(done, (61 - second_) * 1000));
      const { token } = await tokenOf(admin, { roles: ["ROLE_ADMIN"] });
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          call(index % 2 ? other : first, "/api/tags", token).then(async (answer) => {
            await answer.arrayBuffer();
            return answer.status;
          }),
        ),
      );
      // Six in all, not six per instance (per process it was up to twelve).
      expect(answers.filter((status) => status === 200)).toHaveLength(6);
      expect(answers.filter((status) => status === 429)).toHaveLength(10);
      const row = await db
        .selectFrom("staffApiTokens")
        .select(["rateCount", "rateWindow"])
        .where("tokenHash", "=", hashApiToken(token))
        .executeTakeFirstOrThrow();
      expect(row.rateCount).toBe(16);
      expect(row.rateWindow?.getUTCSeconds()).toBe(0);
      // What another process counted is counted here too: six calls elsewhere this minute.
      const fresh = await tokenOf(admin, { roles: ["ROLE_ADMIN"] });
      expect((await call(first, "/api/tags", fresh.token)).status).toBe(200);
      await sql`update staff_api_tokens set rate_count = 6 where id = ${fresh.id}`.execute(db);
      expect((await call(first, "/api/tags", fresh.token)).status).toBe(429);
      expect((await call(other, "/api/tags", fresh.token)).status).toBe(429);
    } finally {
      await other.close();
      await first.close();
    }
  }, 30_000);
});
