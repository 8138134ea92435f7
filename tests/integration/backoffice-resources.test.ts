import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
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
 * The back office's resource pattern (decision 035) through its JSON API and its HTML forms:
 * tags, tables, donation recipients, organisations and departments. Each is described once; these
 * tests prove the shared behaviour on each (list, read, create, update with a version check,
 * delete or a refusal that says why, audit with before and after, branch scope, bad input).
 */
type Body = { data?: any; errors?: { message: string; field?: string }[]; meta?: any };

describe.each(databaseTargets())("back-office resources (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let manager: StaffClient;
  let employee: StaffClient;
  let altstadt: number;
  let hafen: number;
  let adminUser: TestStaff;

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
    adminUser = await createStaff(handle.db, { roles: ["ROLE_ADMIN"] });
    const managerUser = await createStaff(handle.db, {
      roles: ["ROLE_MANAGER"],
      branchIds: [altstadt],
    });
    const employeeUser = await createStaff(handle.db, {
      roles: ["ROLE_EMPLOYEE"],
      branchIds: [altstadt],
    });
    admin = await new StaffClient(server).signInAs(server.context, adminUser.id);
    manager = await new StaffClient(server).signInAs(server.context, managerUser.id);
    employee = await new StaffClient(server).signInAs(server.context, employeeUser.id);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("creates, lists, reads, updates and deletes a tag, each audited with before and after", async () => {
    const created = await admin.send("/api/tags", {
      json: { name: "Vegan", identifier: "vegan", position: 2 },
    });
    expect(created.status).toBe(201);
    const tag = (await json(created)).data;
    expect(tag).toMatchObject({ name: "Vegan", identifier: "vegan", position: 2 });
    expect(created.headers.get("ETag")).toBe(`"${tag.version}"`);

    await admin.send("/api/tags", { json: { name: "Glutenfrei", identifier: "glutenfrei" } });
    const listed = await json(await admin.send("/api/tags?search=vega"));
    expect(listed.data.map((row: { name: string }) => row.name)).toEqual(["Vegan"]);
    expect(listed.meta).toMatchObject({ total: 1, page: 1 });
    const sorted = await json(await admin.send("/api/tags?sort=name&dir=desc"));
    expect(sorted.data.map((row: { name: string }) => row.name)).toEqual(["Vegan", "Glutenfrei"]);

    const updated = await admin.send(`/api/tags/${tag.id}`, {
      method: "PUT",
      json: { name: "Vegan & lecker", version: tag.version },
    });
    expect(updated.status).toBe(200);
    const after = (await json(updated)).data;
    expect(after).toMatchObject({ name: "Vegan & lecker", identifier: "vegan", position: 2 });
    expect(after.version).not.toBe(tag.version);

    const deleted = await admin.send(`/api/tags/${tag.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect((await admin.send(`/api/tags/${tag.id}`)).status).toBe(404);

    const log = await handle.db
      .selectFrom("auditLog")
      .select(["action", "data", "userId"])
      .where("entityType", "=", "tag")
      .where("entityId", "=", String(tag.id))
      .orderBy("id")
      .execute();
    expect(log.map((entry) => entry.action)).toEqual(["tag.created", "tag.updated", "tag.deleted"]);
    expect(log[1]!.data).toMatchObject({
      before: { name: "Vegan" },
      after: { name: "Vegan & lecker" },
    });
    expect(log[2]!.data).toMatchObject({ before: { name: "Vegan & lecker" }, after: null });
    expect(log.every((entry) => entry.userId === adminUser.id)).toBe(true);
  });

  it("refuses the second of two saves of the same version (409) and keeps the first", async () => {
    const tag = (
      await json(await admin.send("/api/tags", { json: { name: "Saison", identifier: "saison" } }))
    ).data;
    const [first, second] = await Promise.all([
      admin.send(`/api/tags/${tag.id}`, {
        method: "PUT",
        json: { name: "Saison A" },
        headers: { "If-Match": `"${tag.version}"` },
      }),
      admin.send(`/api/tags/${tag.id}`, {
        method: "PUT",
        json: { name: "Saison B" },
        headers: { "If-Match": `"${tag.version}"` },
      }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = first.status === 200 ? "Saison A" : "Saison B";
    const loser = first.status === 409 ? first : second;
    expect((await json(loser)).errors?.[0]?.message).toMatch(/inzwischen geändert/);
    const stored = (await json(await admin.send(`/api/tags/${tag.id}`))).data;
    expect(stored.name).toBe(winner);
  });

  it("answers bad input with 400 and German messages beside the fields, writing nothing", async () => {
    await admin.send("/api/tags", { json: { name: "Original", identifier: "original" } });
    const before = await handle.db
      .selectFrom("tags")
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirstOrThrow();
    const cases: [unknown, string][] = [
      [{ identifier: "ohne-name" }, "name"],
      [{ name: "x".repeat(100_000), identifier: "lang" }, "name"],
      [{ name: "<script>alert(1)</script>", identifier: "html" }, "name"],
      [{ name: "Leer", identifier: "Nicht Erlaubt!" }, "identifier"],
      [{ name: "Zahl", identifier: "zahl", position: "viele" }, "position"],
      [{ name: 42, identifier: "typ" }, "name"],
    ];
    for (const [body, field] of cases) {
      const response = await admin.send("/api/tags", { json: body });
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      const { errors } = await json(response);
      expect(errors?.[0]?.message).toBe("Tag konnte nicht erstellt werden.");
      expect(errors?.some((error) => error.field === field)).toBe(true);
    }
    const duplicate = await admin.send("/api/tags", {
      json: { name: "Kopie", identifier: "original" },
    });
    expect(duplicate.status).toBe(400);
    expect((await json(duplicate)).errors?.[1]).toMatchObject({
      message: "Dieser Wert ist schon vergeben.",
    });
    const unreadable = await admin.send("/api/tags", {
      method: "POST",
      body: "{kein json",
      headers: { "Content-Type": "application/json" },
    });
    expect(unreadable.status).toBe(400);
    const after = await handle.db
      .selectFrom("tags")
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
  });

  it("refuses to delete a tag still in use and says why", async () => {
    const tag = (
      await json(await admin.send("/api/tags", { json: { name: "Bio", identifier: "bio" } }))
    ).data;
    await handle.db
      .insertInto("branchTags")
      .values({ branchId: altstadt, tagId: tag.id })
      .execute();
    const refused = await admin.send(`/api/tags/${tag.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect((await json(refused)).errors?.[0]?.message).toBe(
      "Kann nicht gelöscht werden: Der Tag ist einer Filiale zugeordnet.",
    );
    expect((await admin.send(`/api/tags/${tag.id}`)).status).toBe(200);
  });

  it("keeps a manager to the tables of their branches and shop-wide areas to administrators", async () => {
    const own = await manager.send("/api/tables", {
      json: { branchId: altstadt, name: "Fenster", identifier: "T1" },
    });
    expect(own.status).toBe(201);
    const foreign = await manager.send("/api/tables", {
      json: { branchId: hafen, name: "Kai", identifier: "K1" },
    });
    expect(foreign.status).toBe(403);
    const hafenTable = (
      await json(
        await admin.send("/api/tables", {
          json: { branchId: hafen, name: "Kai", identifier: "K1" },
        }),
      )
    ).data;
    expect((await manager.send(`/api/tables/${hafenTable.id}`)).status).toBe(403);
    const moved = await manager.send(`/api/tables/${(await json(own)).data.id}`, {
      method: "PUT",
      json: { branchId: hafen },
    });
    expect(moved.status).toBe(403);
    const listed = await json(await manager.send("/api/tables"));
    expect(listed.data.map((row: { name: string }) => row.name)).toEqual(["Fenster"]);

    for (const path of ["/api/tags", "/api/donatees", "/api/divisions", "/api/departments"]) {
      expect((await manager.send(path)).status, path).toBe(403);
    }
    for (const path of ["/api/tables", "/api/tags", "/backend/tables", "/backend/tags/new"]) {
      expect((await employee.send(path)).status, path).toBe(403);
    }
    const unknownBranch = await admin.send("/api/tables", {
      json: { branchId: 999_999, name: "Nirgends", identifier: "N1" },
    });
    expect(unknownBranch.status).toBe(400);
    expect((await json(unknownBranch)).errors?.some((e) => e.field === "branchId")).toBe(true);
  });

  it("refuses to delete a donation recipient that received donations", async () => {
    const donatee = (
      await json(
        await admin.send("/api/donatees", {
          json: { name: "Tafel", identifier: "tafel", description: "Die Tafel", isEnabled: true },
        }),
      )
    ).data;
    expect(donatee).toMatchObject({ isEnabled: true, description: "Die Tafel" });
    const order = await insertTestOrder(handle.db);
    await handle.db
      .updateTable("orders")
      .set({ donateeId: donatee.id })
      .where("id", "=", order.id)
      .execute();
    const refused = await admin.send(`/api/donatees/${donatee.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect((await json(refused)).errors?.[0]?.message).toMatch(/gespendet/);
  });

  it("edits through the HTML form without JavaScript: create, save, stale save, confirm delete", async () => {
    const page = await admin.send("/backend/divisions/new");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Neue Organisation");

    const created = await admin.send("/backend/divisions/new", {
      form: { name: "Bäckerei Korn", identifier: "korn", isPublic: "on", position: "1" },
    });
    expect(created.status).toBe(302);
    const location = created.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/backend\/divisions\/\d+\?hinweis=angelegt$/);
    const id = Number(/divisions\/(\d+)/.exec(location)![1]);

    const edit = await (await admin.send(`/backend/divisions/${id}`)).text();
    const version = /name="version" value="([^"]+)"/.exec(edit)![1]!;
    const saved = await admin.send(`/backend/divisions/${id}`, {
      form: { name: "Bäckerei Korn GmbH", identifier: "korn", position: "1", version },
    });
    expect(saved.status).toBe(302);
    const stored = await handle.db
      .selectFrom("divisions")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: "Bäckerei Korn GmbH", isPublic: false });

    // A second editor still holding the old version is told, and nothing is overwritten.
    const stale = await admin.send(`/backend/divisions/${id}`, {
      form: { name: "Alter Stand", identifier: "korn", position: "1", version },
    });
    expect(stale.status).toBe(409);
    const staleText = await stale.text();
    expect(staleText).toContain("Jemand anderes hat diesen Eintrag inzwischen geändert.");
    expect(staleText).toContain("Bäckerei Korn GmbH");

    const invalid = await admin.send(`/backend/divisions/${id}`, {
      form: { name: "", identifier: "korn", position: "-3", version },
    });
    expect(invalid.status).toBe(400);
    const invalidText = await invalid.text();
    expect(invalidText).toContain("Bitte füllen Sie dieses Feld aus.");
    expect(invalidText).toContain("Mindestens 0.");

    const confirm = await (
      await admin.send(`/backend/divisions/${id}?bestaetigen=loeschen`)
    ).text();
    expect(confirm).toContain("„Bäckerei Korn GmbH“ wirklich löschen?");
    const deleted = await admin.send(`/backend/divisions/${id}`, { form: { intent: "delete" } });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/backend/divisions?hinweis=geloescht");
    const list = await (await admin.send("/backend/divisions?hinweis=geloescht")).text();
    expect(list).toContain("Die Organisation wurde gelöscht.");
  });

  it("lists with search, sorting and paging on the HTML page", async () => {
    for (let index = 1; index <= 30; index += 1) {
      const created = await admin.send("/api/departments", {
        json: { name: `Abteilung ${String(index).padStart(2, "0")}`, identifier: `abt-${index}` },
      });
      expect(created.status, JSON.stringify(await created.clone().json())).toBe(201);
    }
    const first = await (await admin.send("/backend/departments?sort=name")).text();
    expect(first).toContain("Seite 1 von 2");
    expect(first).toContain("Abteilung 01");
    expect(first).not.toContain("Abteilung 30");
    const second = await (await admin.send("/backend/departments?sort=name&seite=2")).text();
    expect(second).toContain("Abteilung 30");
    const searched = await (await admin.send("/backend/departments?suche=Abteilung%2007")).text();
    expect(searched).toContain("Abteilung 07");
    expect(searched).not.toContain("Abteilung 08");
    const none = await (await admin.send("/backend/departments?suche=Konditorei")).text();
    expect(none).toContain("Leider wurden keine Ergebnisse gefunden.");
  });
});
