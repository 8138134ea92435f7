import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { createBranchApiKey } from "#app/features/devices/branch-api-keys.server";
import { createTestDatabase, databaseTargets, branchIdOf } from "#tests/support/db";
import { insertTestOrder, setOrderFlags } from "#tests/support/orders";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * The shared devices of issue 36 (items 13 and 15, decision 079): the counter views and the time
 * clock in a plain staff frame (no cookie banner, no shop navigation or footer, no app install),
 * the counter views with the items and the board's "Bestätigen"/"Abschließen", the order detail
 * naming its branch, a completed cash order paid, and the two print buttons told apart.
 */
describe.each(databaseTargets())("shared devices on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let server: AppServer;
  let branchId: number;
  let otherBranchId: number;
  let key: string;
  let clockKey: string;
  let managerId: number;

  const send = (path: string, body?: string) =>
    fetch(`${server.origin}${path}`, {
      method: body === undefined ? "GET" : "POST",
      redirect: "manual",
      headers:
        body === undefined
          ? {}
          : { Origin: server.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });

  const todaysOrder = async (name: string, branchIdentifier = "altstadt") => {
    const order = await insertTestOrder(db, {
      branchIdentifier,
      appointment: new Date(Date.now() + 30 * 60_000),
      name,
    });
    await db
      .updateTable("orders")
      .set({ businessDate: new Date().toISOString().slice(0, 10) })
      .where("id", "=", order.id)
      .execute();
    return order;
  };

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await seedDemoData(db, { now: new Date() });
    await db.updateTable("settings").set({ enablePluginFrontdesk: true }).execute();
    branchId = await branchIdOf(db, "altstadt");
    const other = await db
      .selectFrom("branches")
      .select(["id", "identifier"])
      .where("id", "!=", branchId)
      .executeTakeFirstOrThrow();
    otherBranchId = other.id;
    key = (await createBranchApiKey(db, { branchId, label: "Theke", createdBy: null })).key;
    clockKey = (
      await createBranchApiKey(db, {
        branchId,
        label: "Tablet",
        createdBy: null,
        purpose: "time_clock",
      })
    ).key;
    managerId = (await createStaff(db, { roles: ["ROLE_MANAGER"], branchIds: [branchId] })).id;
    server = await startAppServer(db);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("shows the counter views and the time clock without the shop's frame", async () => {
    for (const path of [
      `/orders/frontdesk/${branchId}/${key}`,
      `/orders/backoffice/${branchId}/${key}`,
      `/time-clock/${branchId}/${clockKey}`,
    ]) {
      const answer = await send(path);
      expect(answer.status, path).toBe(200);
      const html = await answer.text();
      expect(html, path).not.toContain('class="cookie-banner"');
      expect(html, path).not.toContain('class="site-header"');
      expect(html, path).not.toContain('class="site-footer"');
      expect(html, path).not.toContain('rel="manifest"');
      // A form posted without JavaScript keeps its Origin ("no-referrer" sent `Origin: null`).
      // (The last policy a browser understands is the one it follows.)
      expect(answer.headers.get("Referrer-Policy"), path).toMatch(/(^|, )same-origin$/);
    }
  });

  it("shows the items on the counter's view too, and confirms and completes there", async () => {
    const order = await todaysOrder("Tilda Theke");
    const page = `/orders/frontdesk/${branchId}/${key}`;
    const html = await (await send(page)).text();
    expect(html).toContain("Tilda Theke");
    expect(html).toContain("Bauernbrot");
    expect(html).toContain(`aria-label="Bestätigen: Bestellung ${order.ticketNumber}"`);

    const confirmed = await send(page, `order=${order.id}&intent=confirm`);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe(page);
    const afterConfirm = await db
      .selectFrom("orders")
      .select(["isConfirmed", "isCompleted", "isPaid"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(afterConfirm).toEqual({ isConfirmed: true, isCompleted: false, isPaid: false });
    const audit = await db
      .selectFrom("auditLog")
      .select(["action", "userId"])
      .where("entityType", "=", "order")
      .where("entityId", "=", String(order.id))
      .execute();
    expect(audit).toContainEqual({ action: "order.confirm", userId: null });
    expect(await (await send(page)).text()).toContain(
      `aria-label="Abschließen: Bestellung ${order.ticketNumber}"`,
    );
    expect((await send(page, `order=${order.id}&intent=completed`)).status).toBe(303);
    const done = await db
      .selectFrom("orders")
      .select("isCompleted")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(done.isCompleted).toBe(true);
  });

  it("refuses other actions, other branches' orders and wrong keys on the counter view", async () => {
    const page = `/orders/frontdesk/${branchId}/${key}`;
    const order = await todaysOrder("Rudi Rest");
    for (const body of [
      `order=${order.id}&intent=cancel`,
      `order=${order.id}&intent=reject`,
      `order=abc&intent=confirm`,
      `intent=confirm`,
    ]) {
      const refused = await send(page, body);
      expect(refused.status, body).toBe(400);
      expect(await refused.text(), body).toContain(
        "Diese Aktion gibt es hier nicht, oder die Bestellung ist unbekannt.",
      );
    }
    // A key of this branch never reaches another branch's order.
    const elsewhere = await todaysOrder("Olga Anderswo", "wiehre");
    expect((await send(page, `order=${elsewhere.id}&intent=confirm`)).status).toBe(404);
    expect(
      (await send(`/orders/frontdesk/${otherBranchId}/${key}`, `order=${order.id}&intent=confirm`))
        .status,
    ).toBe(404);
    expect((await send(`/orders/frontdesk/${branchId}/${key}/events`)).status).not.toBe(404);
    for (const path of [
      `/orders/frontdesk/${otherBranchId}/${key}/events`,
      `/orders/frontdesk/${branchId}/${clockKey}/events`,
      `/orders/kasse/${branchId}/${key}/events`,
    ]) {
      expect((await send(path)).status, path).toBe(404);
    }
    const untouched = await db
      .selectFrom("orders")
      .select(["isConfirmed", "isRejected", "isCanceled"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(untouched).toEqual({ isConfirmed: false, isRejected: false, isCanceled: false });
  });

  it("names the branch on the order's page and calls a completed cash order paid", async () => {
    const order = await todaysOrder("Carla Cash");
    await setOrderFlags(db, order.id, { isConfirmed: true, isCompleted: true });
    const manager = await new StaffClient(server).signInAs(server.context, managerId);
    const page = await (await manager.send(`/backend/orders/${order.id}`)).text();
    expect(page).toContain("<dt>Filiale</dt><dd>Sonnenkorn am Münsterplatz</dd>");
    expect(page).toContain("<dt>Zahlungsstatus</dt><dd>bezahlt</dd>");
    expect(page).toContain("Beleg im Browser drucken");
    const receipt = await (await manager.send(`/backend/orders/${order.id}/receipt`)).text();
    expect(receipt).toContain("<dt>Zahlungsstatus</dt><dd>bezahlt</dd>");
  });
});
