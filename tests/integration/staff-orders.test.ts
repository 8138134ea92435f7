import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import type { AppLoadContext } from "@remix-run/node";
import {
  parseOrderAction,
  performOrderAction,
} from "#app/features/orders/staff-order-actions.server";
import {
  changeOrderStatus,
  findStaffOrder,
  listStaffOrders,
  orderAuditTrail,
  type StaffScope,
} from "#app/features/orders/staff-orders.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";

const now = new Date("2026-11-21T11:00:00Z"); // 12:00 in Freiburg
const zone = "Europe/Berlin";
const minutes = (count: number) => new Date(now.getTime() + count * 60_000);

describe.each(databaseTargets())("the back office's orders on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let admin: StaffScope;
  let altstadtOnly: StaffScope;
  let wiehreOnly: StaffScope;
  let altstadtId: number;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    const seeded = await seedDemoData(db, { now });
    void seeded;
    const user = await db.selectFrom("users").select("id").executeTakeFirstOrThrow();
    const branches = await db.selectFrom("branches").select(["id", "identifier"]).execute();
    altstadtId = branches.find((branch) => branch.identifier === "altstadt")!.id;
    const wiehreId = branches.find((branch) => branch.identifier === "wiehre")!.id;
    admin = { userId: user.id, branchIds: null, ip: "127.0.0.1" };
    altstadtOnly = { userId: user.id, branchIds: [altstadtId], ip: "127.0.0.1" };
    wiehreOnly = { userId: user.id, branchIds: [wiehreId], ip: "127.0.0.1" };
  });
  afterAll(async () => handle?.close());

  it("lists today's open orders as current and overdue ones as missed", async () => {
    const soon = await insertTestOrder(db, { appointment: minutes(30), name: "Bald Abholer" });
    const overdue = await insertTestOrder(db, { appointment: minutes(-45), name: "Zu Spät" });
    const yesterday = await insertTestOrder(db, {
      appointment: minutes(-24 * 60),
      name: "Gestern Vergessen",
    });
    const done = await insertTestOrder(db, {
      appointment: minutes(10),
      isConfirmed: true,
      isCompleted: true,
    });
    const unpaid = await insertTestOrder(db, { appointment: minutes(20), paymentMethod: "stripe" });

    const current = await listStaffOrders(db, admin, { view: "current" }, { now, zone });
    const currentIds = current.rows.map((row) => row.id);
    expect(currentIds).toContain(soon.id);
    expect(currentIds).toContain(overdue.id);
    expect(currentIds).not.toContain(yesterday.id);
    expect(currentIds).not.toContain(done.id);
    expect(currentIds).not.toContain(unpaid.id);
    // Soonest first.
    expect(currentIds.indexOf(overdue.id)).toBeLessThan(currentIds.indexOf(soon.id));

    const missed = await listStaffOrders(db, admin, { view: "missed" }, { now, zone });
    expect(missed.rows.map((row) => row.id)).toEqual(
      expect.arrayContaining([overdue.id, yesterday.id]),
    );
    expect(missed.rows.map((row) => row.id)).not.toContain(soon.id);
  });

  it("shows an employee only their branches' orders, in lists and by id", async () => {
    const wiehre = await insertTestOrder(db, {
      branchIdentifier: "wiehre",
      appointment: minutes(15),
    });
    const mine = await listStaffOrders(db, altstadtOnly, { view: "current" }, { now, zone });
    expect(mine.rows.every((row) => row.branchId === altstadtId)).toBe(true);
    expect(mine.rows.map((row) => row.id)).not.toContain(wiehre.id);
    expect(await findStaffOrder(db, altstadtOnly, wiehre.id)).toBeUndefined();
    expect((await findStaffOrder(db, wiehreOnly, wiehre.id))?.id).toBe(wiehre.id);
    // Asking for the other branch by filter changes nothing.
    const forced = await listStaffOrders(
      db,
      altstadtOnly,
      { view: "history", branchId: wiehre.branchId },
      { now, zone },
    );
    expect(forced.rows).toEqual([]);
  });

  it("filters the history by status, payment, text and ticket number, and pages it", async () => {
    const rejected = await insertTestOrder(db, {
      name: "Ronja Räubertochter",
      phone: "+49 761 999 1234",
      isRejected: true,
      paymentMethod: "atm-card",
    });
    const byStatus = await listStaffOrders(
      db,
      admin,
      { view: "history", status: "rejected" },
      { now, zone },
    );
    expect(byStatus.rows.map((row) => row.id)).toEqual([rejected.id]);
    const byName = await listStaffOrders(
      db,
      admin,
      { view: "history", search: "räuber" },
      { now, zone },
    );
    expect(byName.rows.map((row) => row.id)).toEqual([rejected.id]);
    const byPhone = await listStaffOrders(
      db,
      admin,
      { view: "history", search: "999 1234" },
      { now, zone },
    );
    expect(byPhone.rows.map((row) => row.id)).toEqual([rejected.id]);
    const byTicket = await listStaffOrders(
      db,
      admin,
      { view: "history", search: String(rejected.ticketNumber), branchId: rejected.branchId },
      { now, zone },
    );
    expect(byTicket.rows.map((row) => row.id)).toContain(rejected.id);
    const byPayment = await listStaffOrders(
      db,
      admin,
      { view: "history", paymentMethod: "atm-card" },
      { now, zone },
    );
    expect(byPayment.rows.map((row) => row.id)).toEqual([rejected.id]);
    // A LIKE wildcard in the search is taken literally.
    const wildcard = await listStaffOrders(
      db,
      admin,
      { view: "history", search: "%" },
      { now, zone },
    );
    expect(wildcard.total).toBe(0);

    for (let index = 0; index < 55; index += 1)
      await insertTestOrder(db, { name: `Kunde ${index}` });
    const first = await listStaffOrders(
      db,
      admin,
      { view: "history", sort: "ticket", direction: "asc" },
      { now, zone },
    );
    expect(first.rows).toHaveLength(50);
    expect(first.pageCount).toBe(Math.ceil(first.total / 50));
    const second = await listStaffOrders(
      db,
      admin,
      { view: "history", sort: "ticket", direction: "asc", page: 2 },
      { now, zone },
    );
    expect(second.rows[0]?.id).not.toBe(first.rows[0]?.id);
    const tickets = first.rows.map((row) => row.ticketNumber);
    expect(tickets).toEqual([...tickets].sort((a, b) => a - b));
  });

  it("confirms, marks ready and completes, writing who did what", async () => {
    const order = await insertTestOrder(db, { appointment: minutes(60) });
    expect(await changeOrderStatus(db, admin, order.id, { action: "confirm" }, now)).toMatchObject({
      ok: true,
      isNoop: false,
      order: { isConfirmed: true },
    });
    expect(await changeOrderStatus(db, admin, order.id, { action: "confirm" }, now)).toMatchObject({
      ok: true,
      isNoop: true,
    });
    await changeOrderStatus(db, admin, order.id, { action: "in-delivery" }, now);
    const completed = await changeOrderStatus(db, admin, order.id, { action: "completed" }, now);
    expect(completed).toMatchObject({ ok: true, order: { isCompleted: true, isInDelivery: true } });
    const refused = await changeOrderStatus(
      db,
      admin,
      order.id,
      { action: "reject", message: "zu spät" },
      now,
    );
    expect(refused).toEqual({
      ok: false,
      status: 409,
      message: "Die Bestellung ist bereits abgeschlossen und kann nicht mehr geändert werden.",
    });
    const stored = await db
      .selectFrom("orders")
      .select(["isRejected", "rejectionMessage"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ isRejected: false, rejectionMessage: null });
    const trail = await orderAuditTrail(db, order.id);
    expect(trail.map((entry) => entry.action)).toEqual([
      "order.reject",
      "order.completed",
      "order.in-delivery",
      "order.confirm",
      "order.confirm",
    ]);
    expect(trail[0]?.data).toMatchObject({ refused: expect.stringContaining("abgeschlossen") });
    expect(trail[3]?.data).toMatchObject({ repeated: true });
  });

  it("rejects with a message the customer will read and refuses other branches' orders", async () => {
    const order = await insertTestOrder(db, { branchIdentifier: "wiehre" });
    expect(
      await changeOrderStatus(
        db,
        altstadtOnly,
        order.id,
        { action: "reject", message: "Nein" },
        now,
      ),
    ).toEqual({ ok: false, status: 404, message: "Diese Bestellung wurde nicht gefunden." });
    const rejected = await changeOrderStatus(
      db,
      wiehreOnly,
      order.id,
      { action: "reject", message: "  Heute leider ausverkauft.  " },
      now,
    );
    expect(rejected).toMatchObject({
      ok: true,
      order: { isRejected: true, rejectionMessage: "Heute leider ausverkauft." },
    });
    expect(
      await changeOrderStatus(db, admin, 2_147_483_647, { action: "confirm" }, now),
    ).toMatchObject({ ok: false, status: 404 });
  });

  it("changes an order once when two PCs press the same button together", async () => {
    const order = await insertTestOrder(db, { appointment: minutes(45) });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        changeOrderStatus(db, admin, order.id, { action: "confirm" }, now),
      ),
    );
    expect(results.filter((result) => result.ok && !result.isNoop)).toHaveLength(1);
    expect(results.filter((result) => result.ok && result.isNoop)).toHaveLength(7);
  });

  it("proposes a counter appointment on an unconfirmed order", async () => {
    const order = await insertTestOrder(db, { appointment: minutes(20) });
    const proposal = minutes(120);
    expect(
      await changeOrderStatus(
        db,
        admin,
        order.id,
        { action: "counter-appointment", at: proposal },
        now,
      ),
    ).toMatchObject({ ok: true, order: { counterAppointment: proposal } });
    expect(
      await changeOrderStatus(
        db,
        admin,
        order.id,
        { action: "counter-appointment", at: minutes(-5) },
        now,
      ),
    ).toMatchObject({ ok: false, status: 409 });
  });

  describe("actions as the pages and the API take them", () => {
    const context = () =>
      ({
        db,
        payments: {},
        config: { publicOrigin: "https://sonnenkorn.example", mode: "demo", dataDir: "" },
      }) as unknown as AppLoadContext;
    const act = async (orderId: number, fields: Record<string, unknown>) => {
      const parsed = parseOrderAction(fields);
      if (!parsed.ok) return { ok: false as const, status: 400, message: parsed.message };
      return performOrderAction(context(), admin, orderId, parsed.action, now);
    };

    it("reads a counter appointment in the business's time zone", async () => {
      const order = await insertTestOrder(db, { appointment: minutes(30) });
      expect(
        await act(order.id, { intent: "counter-appointment", date: "2026-11-21", time: "14:30" }),
      ).toEqual({ ok: true, message: "Der Terminvorschlag wurde an den Kunden geschickt." });
      const stored = await db
        .selectFrom("orders")
        .select("counterAppointment")
        .where("id", "=", order.id)
        .executeTakeFirstOrThrow();
      expect(new Date(stored.counterAppointment!).toISOString()).toBe("2026-11-21T13:30:00.000Z");
      expect(await act(order.id, { intent: "counter-appointment", date: "morgen" })).toMatchObject({
        ok: false,
        status: 400,
      });
    });

    it("puts the section 8 message first and the reason after it", async () => {
      const order = await insertTestOrder(db, { isConfirmed: true, isCompleted: true });
      expect(await act(order.id, { intent: "cancel" })).toEqual({
        ok: false,
        status: 409,
        message:
          "Bestellung konnte nicht storniert werden. Die Bestellung ist bereits abgeschlossen und kann nicht mehr geändert werden.",
      });
      expect(await act(order.id, { intent: "update-payment-status" })).toEqual({
        ok: false,
        status: 409,
        message:
          "Zahlungsstatus konnte nicht überprüft werden. Diese Bestellung wird nicht online bezahlt.",
      });
      expect(await act(2_000_000_000, { intent: "confirm" })).toEqual({
        ok: false,
        status: 404,
        message:
          "Bestellstatus konnte nicht geändert werden. Diese Bestellung wurde nicht gefunden.",
      });
      expect(await act(order.id, { intent: "explode" })).toEqual({
        ok: false,
        status: 400,
        message: "Diese Aktion gibt es nicht.",
      });
    });

    it("queues the new-order mail again and notes the print, both in the audit trail", async () => {
      const order = await insertTestOrder(db, { email: "kundin@example.org" });
      const before = await db.selectFrom("outbox").select("id").execute();
      expect(await act(order.id, { intent: "resend-email" })).toEqual({
        ok: true,
        message: "Die Bestellbestätigung wird erneut per E-Mail gesendet.",
      });
      const mails = await db
        .selectFrom("outbox")
        .select(["kind", "payload"])
        .where("id", "not in", before.length > 0 ? before.map((row) => row.id) : [0])
        .execute();
      expect(mails).toEqual([
        { kind: "email", payload: expect.objectContaining({ to: "kundin@example.org" }) },
      ]);
      expect(await act(order.id, { intent: "print" })).toMatchObject({ ok: true });
      const trail = await orderAuditTrail(db, order.id);
      expect(trail.map((entry) => entry.action)).toEqual(["order.print", "order.resend-email"]);
    });
  });
});
