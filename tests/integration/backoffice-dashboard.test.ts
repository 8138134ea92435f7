import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { loadDashboard } from "#app/features/backoffice/dashboard.server";
import type { StaffScope } from "#app/features/orders/staff-orders.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";

const now = new Date("2026-11-21T11:00:00Z");
const zone = "Europe/Berlin";

type Dashboard = Awaited<ReturnType<typeof loadDashboard>>;
const countOf = (dashboard: Dashboard, branchId: number, state: string) =>
  dashboard.today.find((branch) => branch.id === branchId)?.states.find((s) => s.state === state)
    ?.count ?? 0;

describe.each(databaseTargets())("the back office's dashboard on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let admin: StaffScope;
  let altstadtOnly: StaffScope;
  let altstadtId: number;
  let wiehreId: number;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await seedDemoData(db, { now });
    const user = await db.selectFrom("users").select("id").executeTakeFirstOrThrow();
    const branches = await db.selectFrom("branches").select(["id", "identifier"]).execute();
    altstadtId = branches.find((branch) => branch.identifier === "altstadt")!.id;
    wiehreId = branches.find((branch) => branch.identifier === "wiehre")!.id;
    admin = { userId: user.id, branchIds: null, ip: null };
    altstadtOnly = { userId: user.id, branchIds: [altstadtId], ip: null };
  });
  afterAll(async () => handle?.close());

  it("counts today's orders per branch and state, and lists the ones waiting", async () => {
    const before = await loadDashboard(db, admin, { now, zone });
    await insertTestOrder(db, { name: "Wartet Heute" });
    await insertTestOrder(db, { isConfirmed: true });
    await insertTestOrder(db, { isCanceled: true });
    await insertTestOrder(db, { branchIdentifier: "wiehre", name: "Wartet Wiehre" });
    await insertTestOrder(db, { businessDate: "2026-11-20", name: "Wartet Gestern" });
    const after = await loadDashboard(db, admin, { now, zone });

    expect(countOf(after, altstadtId, "new") - countOf(before, altstadtId, "new")).toBe(1);
    expect(countOf(after, altstadtId, "confirmed") - countOf(before, altstadtId, "confirmed")).toBe(
      1,
    );
    expect(countOf(after, altstadtId, "canceled") - countOf(before, altstadtId, "canceled")).toBe(
      1,
    );
    expect(countOf(after, wiehreId, "new") - countOf(before, wiehreId, "new")).toBe(1);
    const altstadt = after.today.find((branch) => branch.id === altstadtId)!;
    expect(altstadt.total).toBe(altstadt.states.reduce((sum, state) => sum + state.count, 0));
    expect(altstadt.states.find((state) => state.state === "new")?.label).toBe("Neu");
    // Waiting: every unconfirmed order, yesterday's too; today's cancelled one is not.
    expect(after.waitingTotal - before.waitingTotal).toBe(3);
    expect(after.waiting.length).toBeLessThanOrEqual(8);
    expect(after.waiting.every((order) => order.state === "new")).toBe(true);
  });

  it("shows a branch employee only their branches", async () => {
    await insertTestOrder(db, { branchIdentifier: "wiehre", name: "Nur Wiehre" });
    const mine = await loadDashboard(db, altstadtOnly, { now, zone });
    expect(mine.today.map((branch) => branch.id)).toEqual([altstadtId]);
    const all = await loadDashboard(db, admin, { now, zone });
    expect(all.today.map((branch) => branch.id)).toContain(wiehreId);
    expect(mine.waitingTotal).toBeLessThan(all.waitingTotal);
  });
});
