import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * The user management on the back office's pattern (decision 035): a list with search, sorting
 * and paging, and saves that name the version they read, so the second of two editors is told
 * instead of silently overwriting the first (HTML form and `PUT /api/users/{id}`).
 */
describe.each(databaseTargets())("users on the resource pattern (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let branchId: number;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    branchId = (
      await handle.db
        .insertInto("branches")
        .values({ identifier: "altstadt", name: "Altstadt", position: 1 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    server = await startAppServer(handle.db);
    const adminUser = await createStaff(handle.db, { roles: ["ROLE_ADMIN"], name: "Anna Admin" });
    admin = await new StaffClient(server).signInAs(server.context, adminUser.id);
    for (let index = 1; index <= 27; index += 1) {
      await handle.db
        .insertInto("users")
        .values({
          email: `verkauf-${index}@example.org`,
          name: `Verkauf ${String(index).padStart(2, "0")}`,
          passwordHash: "-",
        })
        .execute();
    }
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("lists users with search, sorting and paging", async () => {
    const first = await (await admin.send("/backend/users?sort=name")).text();
    expect(first).toContain("Seite 1 von 2");
    expect(first).toContain("Anna Admin");
    expect(first).not.toContain("Verkauf 27");
    const last = await (await admin.send("/backend/users?sort=name&dir=desc")).text();
    expect(last.indexOf("Verkauf 27")).toBeLessThan(last.indexOf("Verkauf 26"));
    const searched = await (await admin.send("/backend/users?suche=verkauf-7%40")).text();
    expect(searched).toContain("Verkauf 07");
    expect(searched).not.toContain("Verkauf 08");
    expect(searched).toContain("1 Eintrag<");
  });

  it("refuses the stale one of two saves of a user, in the form and the API", async () => {
    const target = await createStaff(handle.db, {
      roles: ["ROLE_EMPLOYEE"],
      branchIds: [branchId],
      name: "Berta Backstube",
      email: "berta@example.org",
    });
    const page = await (await admin.send(`/backend/users/${target.id}`)).text();
    const version = /name="version" value="([^"]+)"/.exec(page)![1]!;
    const form = {
      intent: "save",
      email: "berta@example.org",
      roles: "ROLE_EMPLOYEE",
      branchIds: String(branchId),
      version,
    };
    const firstSave = await admin.send(`/backend/users/${target.id}`, {
      form: { ...form, name: "Berta Brot" },
    });
    expect(firstSave.status).toBe(303);
    const secondSave = await admin.send(`/backend/users/${target.id}`, {
      form: { ...form, name: "Berta Kuchen" },
    });
    expect(secondSave.status).toBe(409);
    expect(await secondSave.text()).toContain("inzwischen geändert");
    const stored = await handle.db
      .selectFrom("users")
      .select("name")
      .where("id", "=", target.id)
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe("Berta Brot");

    const read = await admin.send(`/api/users/${target.id}`);
    const etag = read.headers.get("ETag")!;
    expect(etag).toMatch(/^"\d+"$/);
    const apiFirst = await admin.send(`/api/users/${target.id}`, {
      method: "PUT",
      json: { name: "Berta Semmel" },
      headers: { "If-Match": etag },
    });
    expect(apiFirst.status).toBe(200);
    const apiSecond = await admin.send(`/api/users/${target.id}`, {
      method: "PUT",
      json: { name: "Berta Breze" },
      headers: { "If-Match": etag },
    });
    expect(apiSecond.status).toBe(409);
    const after = (await (await admin.send(`/api/users/${target.id}`)).json()) as {
      data: { name: string };
    };
    expect(after.data.name).toBe("Berta Semmel");
  });
});
