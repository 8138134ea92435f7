import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * The branch edit page says what is true (issue 36, item 15): a non-public branch is listed as
 * unavailable, not hidden; with "Eigene Lieferzeiten" off an empty delivery list does not claim
 * that every day is closed.
 */
describe.each(databaseTargets())("branch edit page texts (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;

  const branchWith = async (identifier: string, isDeliveryHoursEnabled: boolean) => {
    const { id } = await handle.db
      .insertInto("branches")
      .values({ identifier, name: identifier, position: 1, isDeliveryHoursEnabled })
      .returning("id")
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto("branchHours")
      .values({
        branchId: id,
        kind: "opening",
        position: 0,
        type: "daily",
        fromTime: "07:00",
        toTime: "18:00",
      })
      .execute();
    return id;
  };

  const page = async (id: number) => {
    const response = await admin.send(`/backend/branches/${id}`);
    expect(response.status).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    server = await startAppServer(handle.db);
    const user = await createStaff(handle.db, { roles: ["ROLE_ADMIN"] });
    admin = await new StaffClient(server).signInAs(server.context, user.id);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("says the opening hours apply while the branch's own delivery hours are off", async () => {
    const html = await page(await branchWith("ohne-lieferzeiten", false));
    expect(html).toContain("Eigene Lieferzeiten sind aus: Geliefert wird zu den Öffnungszeiten.");
    expect(html).not.toContain("Noch keine Regeln – jeder Tag ist geschlossen.");
  });

  it("keeps 'every day closed' for an empty list of delivery hours that are on", async () => {
    const html = await page(await branchWith("eigene-lieferzeiten", true));
    expect(html).toContain("Noch keine Regeln – jeder Tag ist geschlossen.");
    expect(html).not.toContain("Eigene Lieferzeiten sind aus");
  });

  it("describes a non-public branch as the home page shows it", async () => {
    const html = await page(await branchWith("nicht-oeffentlich", true));
    expect(html).toContain("als „Derzeit nicht verfügbar“");
    expect(html).not.toContain("Nicht öffentliche Filialen sehen Kunden nicht.");
  });
});
