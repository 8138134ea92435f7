import { sql } from "kysely";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { runRollups } from "#app/features/statistics/rollups.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * The statistics (issue 19, decision 055): raw page views, events and orders become daily
 * rollups once a day is closed (once for visitors, again for orders that changed), today is
 * counted live, and `GET /api/statistics/{metric}` answers the known figures within the staff
 * member's branches; bad ranges get German 400s.
 */
type Body = { data?: any; errors?: { message: string; field?: string }[] };

const ZONE = "Europe/Berlin";

describe.each(databaseTargets())("the statistics (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let manager: StaffClient;
  let employee: StaffClient;
  let altstadt: number;
  let hafen: number;
  const today = DateTime.now().setZone(ZONE).toISODate()!;
  const day1 = DateTime.now().setZone(ZONE).minus({ days: 3 }).toISODate()!;
  const at = (day: string, time: string) =>
    DateTime.fromISO(`${day}T${time}`, { zone: ZONE }).toJSDate();
  const weekday1 = DateTime.fromISO(day1).weekday;
  let canceledLaterId: number;

  const json = async (response: Response) => (await response.json()) as Body;
  const get = async (client: StaffClient, metric: string, query: string) => {
    const response = await client.send(`/api/statistics/${metric}?${query}`);
    return { status: response.status, body: await json(response) };
  };
  const range = `from=${day1}&to=${today}`;
  const valueOn = (series: { date: string; value: number }[], date: string) =>
    series.find((point) => point.date === date)?.value;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    const db = handle.db;
    const branches = await db
      .insertInto("branches")
      .values([
        { identifier: "altstadt", name: "Altstadt", position: 1 },
        { identifier: "hafen", name: "Hafen", position: 2 },
      ])
      .returning("id")
      .execute();
    altstadt = branches[0]!.id;
    hafen = branches[1]!.id;
    const view = (when: Date, branchId: number | null, path: string, visitor: string) => ({
      viewedAt: when,
      branchId,
      path,
      visitor,
    });
    await db
      .insertInto("pageViews")
      .values([
        view(at(day1, "09:05"), altstadt, "/store/altstadt", "v1"),
        view(at(day1, "09:10"), altstadt, "/store/altstadt", "v1"),
        view(at(day1, "17:00"), altstadt, "/store/altstadt/checkout", "v2"),
        view(at(day1, "17:30"), hafen, "/store/hafen", "v1"),
        view(at(day1, "23:59:59"), null, "/", "v3"),
        view(at(today, "00:00:01"), altstadt, "/store/altstadt", "v4"),
        view(new Date(), altstadt, "/store/altstadt", "v4"),
      ])
      .execute();
    await db
      .insertInto("analyticsEvents")
      .values([
        { occurredAt: at(day1, "09:11"), branchId: altstadt, type: "add_to_cart", name: "Brot" },
        { occurredAt: at(day1, "09:12"), branchId: altstadt, type: "add_to_cart", name: "Brot" },
        { occurredAt: at(today, "00:01"), branchId: hafen, type: "purchase", name: "Torte" },
      ])
      .execute();
    const order = (day: string, time: string, fields: Record<string, unknown> = {}) => ({
      createdAt: at(day, time),
      updatedAt: at(day, time),
      businessDate: day,
      ...fields,
    });
    await insertTestOrder(db, order(day1, "10:15"));
    canceledLaterId = (await insertTestOrder(db, order(day1, "10:45"))).id;
    await insertTestOrder(db, order(day1, "11:00", { isCanceled: true }));
    await insertTestOrder(db, { branchIdentifier: "hafen", ...order(day1, "12:00") });
    await insertTestOrder(db, { isDelivery: true, ...order(today, "00:30") });

    server = await startAppServer(db);
    const adminUser = await createStaff(db, { roles: ["ROLE_ADMIN"] });
    admin = await new StaffClient(server).signInAs(server.context, adminUser.id);
    const managerUser = await createStaff(db, { roles: ["ROLE_MANAGER"], branchIds: [altstadt] });
    manager = await new StaffClient(server).signInAs(server.context, managerUser.id);
    const employeeUser = await createStaff(db, {
      roles: ["ROLE_EMPLOYEE"],
      branchIds: [altstadt],
    });
    employee = await new StaffClient(server).signInAs(server.context, employeeUser.id);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("counts the closed days live before the job ran", async () => {
    const { status, body } = await get(admin, "page-views", range);
    expect(status).toBe(200);
    expect(valueOn(body.data, day1)).toBe(5);
    expect(valueOn(body.data, today)).toBe(2);
  });

  it("rolls each closed day once and leaves today to the live count", async () => {
    const db = handle.db;
    const first = await runRollups(db, { zone: ZONE });
    expect(first.visitorDays).toBeGreaterThanOrEqual(3);
    expect(first.orderDays).toBeGreaterThanOrEqual(3);
    const rows = await db
      .selectFrom("analyticsDaily")
      .select(["branchId", "metric", "key", "value"])
      .where("day", "=", day1)
      .execute();
    const value = (metric: string, branchId: number, key = "") =>
      rows.find((row) => row.metric === metric && row.branchId === branchId && row.key === key)
        ?.value;
    expect(value("page-views", altstadt)).toBe(3);
    expect(value("page-views", 0)).toBe(1);
    expect(value("unique-visitors", altstadt)).toBe(2);
    expect(value("unique-visitors-total", 0)).toBe(3);
    expect(value("visits-hour", altstadt, "09")).toBe(2);
    expect(value("pages", altstadt, "/store/altstadt")).toBe(2);
    expect(value("events", altstadt, "add_to_cart\tBrot")).toBe(2);
    expect(value("orders", altstadt)).toBe(2);
    expect(value("revenue", altstadt)).toBe(8700);
    expect(value("canceled-orders", altstadt)).toBe(1);
    expect(value("items", altstadt)).toBe(4);
    expect(value("order-hour", altstadt, "10")).toBe(2);
    expect(value("popular-items", altstadt, "Bauernbrot")).toBe(2);
    expect(value("popular-items-gross", altstadt, "Geburtstagstorte")).toBe(7800);
    const rolled = await db.selectFrom("analyticsRolledDays").select("day").execute();
    expect(rolled.map((row) => row.day)).toContain(day1);
    expect(rolled.map((row) => row.day)).not.toContain(today);

    // A second round writes nothing again; a late raw row of a rolled day changes nothing.
    await db
      .insertInto("pageViews")
      .values({ viewedAt: at(day1, "12:00"), branchId: altstadt, path: "/spät", visitor: "v9" })
      .execute();
    const second = await runRollups(db, { zone: ZONE });
    expect(second.visitorDays).toBe(0);
    expect(second.orderDays).toBe(0);
    const { body } = await get(admin, "page-views", range);
    expect(valueOn(body.data, day1)).toBe(5);
    expect(valueOn(body.data, today)).toBe(2);
  });

  it("rolls an order day again when one of its orders changes later", async () => {
    const db = handle.db;
    await db
      .updateTable("orders")
      .set({ isCanceled: true, updatedAt: new Date() })
      .where("id", "=", canceledLaterId)
      .execute();
    const result = await runRollups(db, { zone: ZONE });
    expect(result.orderDays).toBe(1);
    const { body } = await get(admin, "revenue", `${range}&branch=${altstadt}`);
    expect(valueOn(body.data, day1)).toBe(4350);
    const canceled = await get(admin, "canceled-orders", `${range}&branch=${altstadt}`);
    expect(valueOn(canceled.body.data, day1)).toBe(2);
  });

  it("answers each figure for known data", async () => {
    const orders = await get(admin, "orders", range);
    expect(orders.status).toBe(200);
    expect(orders.body.data).toHaveLength(4);
    expect(valueOn(orders.body.data, day1)).toBe(2);
    expect(valueOn(orders.body.data, today)).toBe(1);
    const revenue = await get(admin, "revenue", range);
    expect(valueOn(revenue.body.data, today)).toBe(4700);
    expect(valueOn((await get(admin, "items", range)).body.data, today)).toBe(2);
    const visitors = await get(admin, "unique-visitors", range);
    expect(valueOn(visitors.body.data, day1)).toBe(3);
    expect(valueOn(visitors.body.data, today)).toBe(1);
    const pages = await get(admin, "pages", range);
    expect(pages.body.data[0]).toEqual({ path: "/store/altstadt", value: 4 });
    const events = await get(admin, "events", range);
    expect(events.body.data).toEqual([
      { type: "add_to_cart", name: "Brot", value: 2 },
      { type: "purchase", name: "Torte", value: 1 },
    ]);
    const popular = await get(admin, "popular-items", range);
    expect(popular.body.data).toContainEqual({ name: "Bauernbrot", count: 3, gross: 1350 });
    const times = await get(admin, "order-times", range);
    expect(times.body.data).toHaveLength(168);
    expect(times.body.data.find((c: any) => c.weekday === weekday1 && c.hour === 10).value).toBe(1);
    const visits = await get(admin, "visitor-times", range);
    expect(visits.body.data.find((c: any) => c.weekday === weekday1 && c.hour === 9).value).toBe(2);
    // Nobody clocked here: every day of the range at 0 minutes (decision 058).
    const worked = await get(admin, "working-activities", range);
    expect(worked.status).toBe(200);
    expect(worked.body.data.every((point: any) => point.value === 0)).toBe(true);
    expect(worked.body.data.length).toBeGreaterThan(0);
    // Planned shifts (decision 059): the minutes of each day, per branch the caller may see.
    const person = (await handle.db.selectFrom("users").select("id").executeTakeFirstOrThrow()).id;
    await handle.db
      .insertInto("workingSchedules")
      .values([
        { userId: person, branchId: altstadt, day: day1, startMinute: 360, endMinute: 840 },
        { userId: person, branchId: altstadt, day: day1, startMinute: 900, endMinute: 960 },
        { userId: person, branchId: hafen, day: day1, startMinute: 600, endMinute: 720 },
      ])
      .execute();
    const planned = await get(admin, "working-schedules", range);
    expect(planned.status).toBe(200);
    expect(valueOn(planned.body.data, day1)).toBe(480 + 60 + 120);
    expect(valueOn(planned.body.data, today)).toBe(0);
    const plannedHere = await get(manager, "working-schedules", range);
    expect(valueOn(plannedHere.body.data, day1)).toBe(540);
    const plannedHafen = await get(admin, "working-schedules", `${range}&branch=${hafen}`);
    expect(valueOn(plannedHafen.body.data, day1)).toBe(120);
  });

  it("keeps a manager to their branches and employees out", async () => {
    const views = await get(manager, "page-views", range);
    expect(views.status).toBe(200);
    expect(valueOn(views.body.data, day1)).toBe(3);
    const visitors = await get(manager, "unique-visitors", range);
    expect(valueOn(visitors.body.data, day1)).toBe(2);
    expect(valueOn(views.body.data, today)).toBe(2);
    const revenue = await get(manager, "revenue", range);
    expect(valueOn(revenue.body.data, day1)).toBe(4350);
    // Today's live figures are scoped too: the delivery order of today is Altstadt's.
    expect(valueOn(revenue.body.data, today)).toBe(4700);
    const hafenOnly = await get(admin, "revenue", `${range}&branch=${hafen}`);
    expect(valueOn(hafenOnly.body.data, today)).toBe(0);
    expect(valueOn(hafenOnly.body.data, day1)).toBe(4350);
    const hafenEvents = await get(admin, "events", `${range}&branch=${hafen}`);
    expect(hafenEvents.body.data).toEqual([{ type: "purchase", name: "Torte", value: 1 }]);
    expect((await get(manager, "orders", `${range}&branch=${hafen}`)).status).toBe(403);
    expect((await get(employee, "orders", range)).status).toBe(403);
    expect((await get(admin, "orders", `${range}&branch=999999`)).status).toBe(404);
    const anonymous = await new StaffClient(server).send(`/api/statistics/orders?${range}`);
    expect(anonymous.status).toBe(401);
  });

  it("answers bad input with German 400s", async () => {
    const cases: [string, string, string][] = [
      ["orders", "from=2026-03-02&to=2026-03-01", "Das Anfangsdatum liegt nach dem Enddatum."],
      ["orders", "from=2026-02-30&to=2026-03-01", "Das Anfangsdatum ist kein gültiges Datum"],
      ["orders", "from=2016-01-01&to=2026-01-01", "höchstens 731 Tage"],
      ["orders", "to=2026-01-01", "Bitte geben Sie einen Zeitraum"],
      ["revenue", `${range}&branch=abc`, "Die Filiale ist ungültig."],
      ["umsatz", range, "Diese Statistik gibt es nicht."],
    ];
    for (const [metric, query, message] of cases) {
      const { status, body } = await get(admin, metric, query);
      expect(status, `${metric}?${query}`).toBe(400);
      expect(body.errors?.[0]?.message).toContain(message);
    }
  });

  it("shows the figures on the back-office page and as CSV", async () => {
    const page = await admin.send(`/backend/statistics?von=${today}&bis=${today}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Bestellungen");
    expect(html).toContain("47,00\u00a0€");
    expect(html).toContain("<svg");
    const bad = await admin.send(`/backend/statistics?von=${today}&bis=2020-01-01`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Das Anfangsdatum liegt nach dem Enddatum.");
    const csv = await admin.send(`/backend/statistics/revenue.csv?von=${day1}&bis=${today}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain("Tag;Umsatz (brutto) (EUR)");
    expect(text).toContain(`${DateTime.fromISO(today).toFormat("dd.MM.yyyy")};47,00`);
    expect((await employee.send(`/backend/statistics`)).status).toBe(403);
  });

  it.runIf(target === "postgres")("rolls each day once with two processes at once", async () => {
    const db = handle.db;
    await db.deleteFrom("analyticsRolledDays").execute();
    await db.deleteFrom("statisticsOrderDays").execute();
    await sql`delete from analytics_daily`.execute(db);
    await Promise.all([runRollups(db, { zone: ZONE }), runRollups(db, { zone: ZONE })]);
    await runRollups(db, { zone: ZONE });
    const { body } = await get(admin, "page-views", range);
    expect(valueOn(body.data, day1)).toBe(6);
    const revenue = await get(admin, "revenue", range);
    expect(valueOn(revenue.body.data, day1)).toBe(4350 + 4350);
  });
});
