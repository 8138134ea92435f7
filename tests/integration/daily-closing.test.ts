import type { AppLoadContext } from "@remix-run/node";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Db } from "#app/db/schema";
import type { DailyClosingFigures } from "#app/domain/daily-closing";
import { closeDay, dayClosing } from "#app/features/daily-closing/daily-closing.server";
import {
  closingSections,
  dailyClosingPdf,
} from "#app/features/daily-closing/daily-closing-pdf.server";
import {
  parseOrderAction,
  performOrderAction,
} from "#app/features/orders/staff-order-actions.server";
import { statistics } from "#app/features/statistics/statistics.server";
import { deDailyClosing } from "#app/i18n/de-daily-closing";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import { createStaff } from "#tests/support/staff";

/**
 * The daily closing (issue 39 part 3, decision 117): a day's figures per tax rate, order type and
 * payment, cancellations and donations apart; the totals per tax rate equal the statistics'
 * revenue; a closed day never changes, a later cancellation or a late order is booked on the next
 * closing with its reference; simultaneous closings make one closing and numbers without gaps.
 *
 * Days are real days (yesterday and today in Berlin): the order services stamp `updated_at` with
 * the database's clock, and a correction counts on the day it happened.
 */
const ZONE = "Europe/Berlin";
const today = DateTime.now().setZone(ZONE).toISODate()!;
const yesterday = DateTime.now().setZone(ZONE).minus({ days: 1 }).toISODate()!;
const at = (day: string, clock: string) =>
  DateTime.fromISO(`${day}T${clock}`, { zone: ZONE }).toJSDate();

describe.each(databaseTargets())("the daily closing (%s)", (target) => {
  let handle: DatabaseHandle;
  let db: Db;
  let branchId: number;
  let otherBranchId: number;
  let manager: { id: number; name: string };
  const orderIds: Record<string, number> = {};

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    const branches = await db
      .insertInto("branches")
      .values([
        { identifier: "altstadt", name: "Altstadt", position: 1 },
        { identifier: "wiehre", name: "Wiehre", position: 2 },
        { identifier: "herdern", name: "Herdern", position: 3 },
      ])
      .returning("id")
      .execute();
    branchId = branches[0]!.id;
    otherBranchId = branches[1]!.id;
    const staff = await createStaff(db, {
      roles: ["ROLE_MANAGER"],
      branchIds: [branchId],
      name: "Marta Meister",
    });
    manager = { id: staff.id, name: "Marta Meister" };
    // Yesterday in the Altstadt: takeaway cash 43,50 € (7 %), delivery by Stripe 43,50 € + 3,50 €
    // (19 %) with a donation, dine-in by card, one cancelled, one a quotation; one order of
    // 00:30 today (tomorrow's day) and one of another branch do not count.
    const order = async (name: string, fields: Parameters<typeof insertTestOrder>[1]) => {
      orderIds[name] = (await insertTestOrder(db, fields)).id;
    };
    await order("takeaway", { createdAt: at(yesterday, "09:00") });
    await order("delivery", {
      createdAt: at(yesterday, "09:30"),
      isDelivery: true,
      paymentMethod: "stripe",
      isPaid: true,
      donationAmount: 7,
    });
    await order("dineIn", {
      createdAt: at(yesterday, "10:00"),
      isDineIn: true,
      paymentMethod: "atm-card",
    });
    await order("canceled", { createdAt: at(yesterday, "11:00"), isCanceled: true });
    await order("quotation", { createdAt: at(yesterday, "11:30"), isQuotation: true });
    await order("afterMidnight", { createdAt: at(today, "00:30") });
    await order("otherBranch", { createdAt: at(yesterday, "10:00"), branchIdentifier: "wiehre" });
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
  });

  const revenueOf = async (day: string, branches: number[]) => {
    const series = (await statistics(db, "revenue", {
      range: { from: day, to: day },
      branches,
      zone: ZONE,
    })) as { date: string; value: number }[];
    return series[0]!.value;
  };

  const context = {
    get db() {
      return db;
    },
    payments: {},
    config: { publicOrigin: "https://sonnenkorn.example", mode: "demo", dataDir: "" },
  } as unknown as AppLoadContext;

  let closedFigures: DailyClosingFigures;

  it("sums a day per tax rate, order type and payment; its tax rates equal the statistics' revenue", async () => {
    const open = await dayClosing(db, branchId, yesterday, at(yesterday, "15:00"));
    expect(open.closing).toBeNull();
    const figures = open.figures;
    expect(figures.orders).toMatchObject({
      total: 5,
      counted: 3,
      canceled: 1,
      quotation: 1,
      rejected: 0,
      failed: 0,
    });
    expect(figures.byTaxRate).toEqual([
      { rate: 7, net: 3 * 4065, tax: 3 * (4350 - 4065), gross: 3 * 4350 },
      { rate: 19, net: 294, tax: 56, gross: 350 },
    ]);
    expect(figures.revenue).toEqual({ net: 3 * 4065 + 294, tax: 3 * 285 + 56, gross: 13_400 });
    expect(figures.byType.map((entry) => [entry.type, entry.orders, entry.gross])).toEqual([
      ["takeaway", 1, 4350],
      ["delivery", 1, 4700],
      ["dine-in", 1, 4350],
    ]);
    const payments = Object.fromEntries(
      figures.byPayment.map((entry) => [entry.method, [entry.orders, entry.gross]]),
    );
    expect(payments).toMatchObject({
      cash: [1, 4350],
      stripe: [1, 4700],
      "atm-card": [1, 4350],
      voucher: [0, 0],
      paypal: [0, 0],
    });
    expect(figures.cancellations).toEqual([
      expect.objectContaining({ orderId: orderIds.canceled, status: "canceled", gross: 4350 }),
    ]);
    // Donations and tips are kept apart: not in the revenue.
    expect(figures.donations).toEqual({ orders: 1, amount: 7 });
    expect(figures.tips).toEqual({ amount: 0 });
    const rateSum = figures.byTaxRate.reduce((sum, rate) => sum + rate.gross, 0);
    expect(rateSum).toBe(await revenueOf(yesterday, [branchId]));
  });

  it("closes a day once, with its number, who and when; a second closing is refused", async () => {
    const closed = await closeDay(db, manager, branchId, yesterday, at(yesterday, "15:00"));
    expect(closed.ok).toBe(true);
    if (!closed.ok) return;
    expect(closed.value).toMatchObject({
      number: 1,
      closedBy: manager.id,
      closedByName: "Marta Meister",
    });
    closedFigures = closed.value.figures;
    const again = await closeDay(db, manager, branchId, yesterday, at(yesterday, "16:00"));
    expect(again).toMatchObject({
      ok: false,
      status: 409,
      errors: [
        {
          message: deDailyClosing.alreadyClosed(DateTime.fromISO(yesterday).toFormat("dd.MM.yyyy")),
        },
      ],
    });
    const tomorrow = DateTime.fromISO(today).plus({ days: 1 }).toISODate()!;
    expect(await closeDay(db, manager, branchId, tomorrow)).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it("keeps a closed day when an order of it is cancelled; the next day books the correction", async () => {
    const parsed = parseOrderAction({ intent: "cancel" });
    if (!parsed.ok) throw new Error(parsed.message);
    const scope = { userId: manager.id, branchIds: [branchId], ip: "127.0.0.1" };
    const cancelled = await performOrderAction(context, scope, orderIds.takeaway!, parsed.action);
    expect(cancelled.ok).toBe(true);
    // An order that came in yesterday after the closing (18:00; closed at 15:00).
    orderIds.late = (
      await insertTestOrder(db, { createdAt: at(yesterday, "18:00"), paymentMethod: "voucher" })
    ).id;

    const closedDay = await dayClosing(db, branchId, yesterday);
    expect(closedDay.closing?.number).toBe(1);
    expect(closedDay.figures).toEqual(closedFigures);
    expect(closedDay.figures.revenue.gross).toBe(13_400);

    // The statistics follow the order: 43,50 € less, 43,50 € more for the late order.
    expect(await revenueOf(yesterday, [branchId])).toBe(13_400);

    const preview = await dayClosing(db, branchId, today);
    expect(preview.closing).toBeNull();
    expect(preview.figures.corrections).toHaveLength(2);

    const next = await closeDay(db, manager, branchId, today);
    expect(next.ok).toBe(true);
    if (!next.ok) return;
    expect(next.value.number).toBe(2);
    const { corrections, correctionsByTaxRate, orders } = next.value.figures;
    expect(orders.counted).toBe(1); // the order of 00:30
    expect(corrections).toEqual([
      expect.objectContaining({
        orderId: orderIds.takeaway,
        originalDay: yesterday,
        reasons: ["canceled"],
        gross: -4350,
        byTaxRate: [{ rate: 7, net: -4065, tax: -285, gross: -4350 }],
      }),
      expect.objectContaining({
        orderId: orderIds.late,
        originalDay: yesterday,
        reasons: ["late"],
        gross: 4350,
      }),
    ]);
    expect(correctionsByTaxRate).toEqual([]);
    const stored = await db
      .selectFrom("dailyClosingCorrections")
      .select(["orderId", "originalDay", "ticketNumber"])
      .where("closingId", "=", next.value.id)
      .orderBy("id")
      .execute();
    expect(stored.map((row) => row.orderId)).toEqual([orderIds.takeaway, orderIds.late]);
    // The printout names the corrections with their references.
    const sections = closingSections(next.value.figures);
    const rows = sections.find((section) => section.heading === deDailyClosing.correctionsHeading);
    expect(rows?.rows[0]?.[0]).toBe(
      deDailyClosing.correctionRef(
        corrections[0]!.ticket,
        DateTime.fromISO(yesterday).toFormat("dd.MM.yyyy"),
      ),
    );
    const pdf = await dailyClosingPdf({
      title: "Tagesabschluss",
      state: "offen",
      printedAt: "jetzt",
      figures: next.value.figures,
    });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // Closed day plus its corrections equals the statistics' revenue of that day.
    const booked = corrections
      .filter((correction) => correction.originalDay === yesterday)
      .reduce((sum, correction) => sum + correction.gross, 0);
    expect(closedFigures.revenue.gross + booked).toBe(await revenueOf(yesterday, [branchId]));
    // Booked once: a later change of the same order is compared with its corrected state.
    await db
      .updateTable("orders")
      .set({ isCanceled: true, updatedAt: new Date() })
      .where("id", "=", orderIds.late!)
      .execute();
    const tomorrow = DateTime.fromISO(today).plus({ days: 1 }).toISODate()!;
    const afterwards = await dayClosing(db, branchId, tomorrow);
    expect(afterwards.figures.corrections).toEqual([
      expect.objectContaining({ orderId: orderIds.late, reasons: ["canceled"], gross: -4350 }),
    ]);
    // Another branch's day knows nothing of it.
    expect((await dayClosing(db, otherBranchId, today)).figures.corrections).toEqual([]);
  });

  it("makes one closing of simultaneous clicks, and numbers without gaps", async () => {
    const branch = (
      await db
        .selectFrom("branches")
        .select("id")
        .where("identifier", "=", "herdern")
        .executeTakeFirstOrThrow()
    ).id;
    const days = [0, 1, 2, 3, 4].map((back) =>
      DateTime.fromISO(today).minus({ days: back }).toISODate()!,
    );
    // Every day clicked three times at once.
    const results = await Promise.all(
      days.flatMap((day) => [1, 2, 3].map(() => closeDay(db, manager, branch, day))),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(days.length);
    expect(results.filter((result) => !result.ok && result.status === 409)).toHaveLength(
      days.length * 2,
    );
    const numbers = await db
      .selectFrom("dailyClosings")
      .select(["number", "day"])
      .where("branchId", "=", branch)
      .orderBy("number")
      .execute();
    expect(numbers.map((row) => row.number)).toEqual([1, 2, 3, 4, 5]);
  });
});
