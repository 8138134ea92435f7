import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * The log (spec section 7: `GET /api/logs`, `GET /api/logs/{id}`; decision 035): every audited
 * change with who, what and when, filters, newest first with a cursor, before and after in the
 * detail; a manager reads only their branches' entries, an employee nothing.
 */
type Body = { data?: any; errors?: { message: string }[]; meta?: { next: string | null } };

describe.each(databaseTargets())("the log (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let manager: StaffClient;
  let employee: StaffClient;
  let adminId: number;
  let altstadt: number;
  let hafen: number;

  const json = async (response: Response) => (await response.json()) as Body;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    const branches = await handle.db
      .insertInto("branches")
      .values([
        { identifier: "altstadt", name: "Altstadt", position: 1 },
        { identifier: "hafen", name: "Hafen", position: 2 },
      ])
      .returning("id")
      .execute();
    altstadt = branches[0]!.id;
    hafen = branches[1]!.id;
    server = await startAppServer(handle.db);
    const adminUser = await createStaff(handle.db, { roles: ["ROLE_ADMIN"], name: "Anna Admin" });
    adminId = adminUser.id;
    admin = await new StaffClient(server).signInAs(server.context, adminUser.id);
    const managerUser = await createStaff(handle.db, {
      roles: ["ROLE_MANAGER"],
      branchIds: [altstadt],
    });
    manager = await new StaffClient(server).signInAs(server.context, managerUser.id);
    const employeeUser = await createStaff(handle.db, {
      roles: ["ROLE_EMPLOYEE"],
      branchIds: [altstadt],
    });
    employee = await new StaffClient(server).signInAs(server.context, employeeUser.id);

    await admin.send("/api/tags", { json: { name: "Vegan", identifier: "vegan" } });
    await admin.send("/api/tables", {
      json: { branchId: altstadt, name: "Fenster", identifier: "F1" },
    });
    await admin.send("/api/tables", { json: { branchId: hafen, name: "Kai", identifier: "K1" } });
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("lists every change newest first with who and what, filtered and paged", async () => {
    const all = await json(await admin.send("/api/logs"));
    expect(all.data.map((entry: { action: string }) => entry.action)).toEqual([
      "table.created",
      "table.created",
      "tag.created",
    ]);
    expect(all.data[2]).toMatchObject({
      userId: adminId,
      userName: "Anna Admin",
      entityType: "tag",
    });

    const tables = await json(await admin.send("/api/logs?entityType=table"));
    expect(tables.data).toHaveLength(2);
    const hafenOnly = await json(await admin.send(`/api/logs?branchId=${hafen}`));
    expect(hafenOnly.data).toHaveLength(1);
    expect(hafenOnly.data[0].branchId).toBe(hafen);
    // Two UTC days on: later than today in the shop's zone at any hour (one day on was today in
    // Berlin between 23:00 and 24:00 UTC, and the test failed then).
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await json(await admin.send(`/api/logs?from=${later}`))).data).toHaveLength(0);

    // 60 more entries: the first page holds 50, the cursor leads to the rest without repeats.
    for (let index = 0; index < 60; index += 1) {
      await admin.send("/api/tags", { json: { name: `Tag ${index}`, identifier: `tag-${index}` } });
    }
    const first = await json(await admin.send("/api/logs"));
    expect(first.data).toHaveLength(50);
    expect(first.meta?.next).toBeTruthy();
    const second = await json(await admin.send(`/api/logs?before=${first.meta!.next}`));
    expect(second.data).toHaveLength(13);
    expect(second.meta?.next).toBeNull();
    const ids = [...first.data, ...second.data].map((entry: { id: number }) => entry.id);
    expect(new Set(ids).size).toBe(63);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it("shows one entry with what changed, before and after", async () => {
    const tag = (await json(await admin.send("/api/tags?search=Vegan"))).data[0];
    await admin.send(`/api/tags/${tag.id}`, { method: "PUT", json: { name: "Pflanzlich" } });
    const [entry] = (await json(await admin.send("/api/logs?action=tag.updated"))).data;
    const detail = await json(await admin.send(`/api/logs/${entry.id}`));
    expect(detail.data.data).toMatchObject({
      before: { name: "Vegan" },
      after: { name: "Pflanzlich" },
    });
    const page = await (await admin.send(`/backend/logs/${entry.id}`)).text();
    expect(page).toContain("Tag geändert");
    expect(page).toMatch(
      /<th scope="row">name<\/th><td class="log-value">Vegan<\/td><td class="log-value">Pflanzlich<\/td>/,
    );

    const list = await (await admin.send("/backend/logs?was=tag")).text();
    expect(list).toContain("Anna Admin");
    expect(list).toContain("Tag angelegt");
    expect(list).not.toContain("Tisch angelegt");
  });

  it("gives a manager only their branches' entries and an employee none", async () => {
    const seen = await json(await manager.send("/api/logs"));
    expect(seen.data.length).toBeGreaterThan(0);
    expect(seen.data.every((entry: { branchId: number }) => entry.branchId === altstadt)).toBe(
      true,
    );
    const foreign = (await json(await admin.send(`/api/logs?branchId=${hafen}`))).data[0];
    expect((await manager.send(`/api/logs/${foreign.id}`)).status).toBe(404);
    expect((await employee.send("/api/logs")).status).toBe(403);
    expect((await employee.send("/backend/logs")).status).toBe(403);
  });

  it("names in a manager's 'wer' filter only the accounts of their branches (issue 35)", async () => {
    const sailor = await createStaff(handle.db, {
      roles: ["ROLE_MANAGER"],
      branchIds: [hafen],
      name: "Hanna Hafenmeisterin",
    });
    await createStaff(handle.db, {
      roles: ["ROLE_EMPLOYEE"],
      branchIds: [altstadt],
      name: "Otto Altstadtbäcker",
    });
    const hafenManager = await new StaffClient(server).signInAs(server.context, sailor.id);
    const made = await hafenManager.send("/api/tables", {
      json: { branchId: hafen, name: "Mole", identifier: "M1" },
    });
    expect(made.status).toBe(201);
    const page = await (await manager.send("/backend/logs")).text();
    expect(page).toContain("Otto Altstadtbäcker");
    expect(page).not.toContain("Hanna Hafenmeisterin");
    expect(await (await admin.send("/backend/logs")).text()).toContain("Hanna Hafenmeisterin");
    // Her entries stay hidden from the manager, asked for by her id too, in the page and the API.
    const hers = await json(await manager.send(`/api/logs?userId=${sailor.id}`));
    expect(hers.data).toEqual([]);
    const byName = await (await manager.send(`/backend/logs?wer=${sailor.id}`)).text();
    expect(byName).not.toContain("Hanna Hafenmeisterin");
    expect((await json(await admin.send(`/api/logs?userId=${sailor.id}`))).data).toHaveLength(1);
  });

  it("ignores unreadable filters instead of failing", async () => {
    for (const query of [
      "before=abc",
      "from=2026-13-45",
      "userId=-1",
      "entityType=%3Cx%3E",
      "branchId=9999999999999",
    ]) {
      const response = await admin.send(`/api/logs?${query}`);
      expect(response.status, query).toBe(200);
    }
    expect((await admin.send("/api/logs/abc")).status).toBe(404);
  });
});
