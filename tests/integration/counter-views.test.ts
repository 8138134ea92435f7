import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { createBranchApiKey } from "#app/features/devices/branch-api-keys.server";
import { LOCAL_SETTINGS_COOKIE } from "#app/features/devices/local-settings.server";
import { up as switchFrontdeskOn } from "#migrations/2026_11_25_0200_frontdesk_switch";
import { createTestDatabase, databaseTargets, branchIdOf } from "#tests/support/db";
import { insertTestOrder, setOrderFlags } from "#tests/support/orders";
import {
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";

/**
 * The counter views behind the shop's switch `enablePluginFrontdesk`, and the local settings of a
 * device (`showCustomerData`, `showProductData`) on the counter views and the order board
 * (decision 033).
 */
describe.each(databaseTargets())("counter views and local settings on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let server: AppServer;
  let branchId: number;
  let key: string;
  let employee: TestStaff;
  let managerId: number;

  const frontdeskSwitch = (on: boolean) =>
    db.updateTable("settings").set({ enablePluginFrontdesk: on }).execute();

  const get = (path: string, cookie?: string) =>
    fetch(`${server.origin}${path}`, {
      redirect: "manual",
      headers: cookie ? { Cookie: cookie } : {},
    });

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await seedDemoData(db, { now: new Date() });
    branchId = await branchIdOf(db, "altstadt");
    key = (await createBranchApiKey(db, { branchId, label: "Theke", createdBy: null })).key;
    const soon = new Date(Date.now() + 30 * 60_000);
    const order = await insertTestOrder(db, { appointment: soon, name: "Greta Geheim" });
    await setOrderFlags(db, order.id, { isConfirmed: true });
    await db
      .updateTable("orders")
      .set({ businessDate: new Date().toISOString().slice(0, 10) })
      .where("id", "=", order.id)
      .execute();
    employee = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchId] });
    managerId = (await createStaff(db, { roles: ["ROLE_MANAGER"], branchIds: [branchId] })).id;
    server = await startAppServer(db);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("answers 404 on every counter view while the switch is off", async () => {
    await frontdeskSwitch(false);
    for (const path of [
      `/orders/frontdesk/${branchId}/${key}`,
      `/orders/backoffice/${branchId}/${key}`,
      `/api/orders/frontdesk/${branchId}/${key}`,
      `/api/orders/backoffice/${branchId}/${key}`,
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
    // The managers' key page says why the keys open nothing.
    const manager = await new StaffClient(server).signInAs(server.context, managerId);
    const keysPage = await (await manager.send("/backend/device-keys")).text();
    expect(keysPage).toContain("Die Ansichten für Theke und Backstube sind ausgeschaltet");
    await frontdeskSwitch(true);
    const keysPageOn = await (await manager.send("/backend/device-keys")).text();
    expect(keysPageOn).not.toContain("Die Ansichten für Theke und Backstube sind ausgeschaltet");
    for (const path of [
      `/orders/frontdesk/${branchId}/${key}`,
      `/api/orders/backoffice/${branchId}/${key}`,
    ]) {
      expect((await get(path)).status, path).toBe(200);
    }
  });

  it("hides customer data and items on a device that chose so", async () => {
    await frontdeskSwitch(true);
    const api = `/api/orders/backoffice/${branchId}/${key}`;
    const shown = (await (await get(api)).json()) as {
      data: { orders: { name: string | null; items: unknown[] }[] };
    };
    const greta = shown.data.orders.find((order) => order.name === "Greta Geheim");
    expect(greta?.items.length).toBeGreaterThan(0);

    // The device's form sets its cookie; the page then shows neither name nor items.
    const page = `/orders/backoffice/${branchId}/${key}`;
    const saved = await fetch(`${server.origin}${page}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(saved.status).toBe(303);
    const cookie = saved.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(cookie).toBe(`${LOCAL_SETTINGS_COOKIE}=k0p0`);
    const html = await (await get(page, cookie)).text();
    expect(html).not.toContain("Greta Geheim");
    expect(html).not.toContain("Bauernbrot");
    const hidden = (await (await get(api, cookie)).json()) as {
      data: { orders: { name: string | null; items: unknown[] }[] };
    };
    expect(hidden.data.orders.length).toBe(shown.data.orders.length);
    expect(
      hidden.data.orders.every((order) => order.name === null && order.items.length === 0),
    ).toBe(true);
    // Without the cookie (any other device) everything shows.
    expect(await (await get(page)).text()).toContain("Greta Geheim");
    // Product data only.
    const productsOnly = await (await get(page, `${LOCAL_SETTINGS_COOKIE}=k0p1`)).text();
    expect(productsOnly).not.toContain("Greta Geheim");
    expect(productsOnly).toContain("Bauernbrot");
  });

  it("hides customer data on the order board of that device", async () => {
    const client = await new StaffClient(server).signInAs(server.context, employee.id);
    expect(await (await client.send("/backend/orders")).text()).toContain("Greta Geheim");
    const saved = await client.send("/backend/display", { form: { showProductData: "on" } });
    expect(saved.status).toBe(303);
    const cookie = saved.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(cookie).toBe(`${LOCAL_SETTINGS_COOKIE}=k0p1`);
    // The client sends its cookies as one header: the session and now the device's choice.
    client.cookie = `${client.cookie}; ${cookie}`;
    const board = await client.send("/backend/orders");
    const html = await board.text();
    expect(board.status).toBe(200);
    expect(html).not.toContain("Greta Geheim");
    expect(html).not.toContain("+49 761 555 0101");
    const refused = await client.send("/backend/display", { form: { showProductData: "ja" } });
    expect(refused.status).toBe(400);
  });

  it("keeps the counter views of a shop that already has device keys on after the upgrade", async () => {
    await frontdeskSwitch(false);
    await switchFrontdeskOn(db);
    const after = await db
      .selectFrom("settings")
      .select("enablePluginFrontdesk")
      .executeTakeFirstOrThrow();
    expect(after.enablePluginFrontdesk).toBe(true);
    await db.deleteFrom("branchApiKeys").execute();
    await frontdeskSwitch(false);
    await switchFrontdeskOn(db);
    const without = await db
      .selectFrom("settings")
      .select("enablePluginFrontdesk")
      .executeTakeFirstOrThrow();
    expect(without.enablePluginFrontdesk).toBe(false);
  });
});
