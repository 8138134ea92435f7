import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Db } from "#app/db/schema";
import {
  deliverDueJobs,
  queueOrderPrintJobs,
  queueReprint,
} from "#app/features/devices/print-jobs.server";
import { createTestDatabase, databaseTargets, branchIdOf } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import { placeTestOrder } from "#tests/support/place-test-order";
import { startFakeTcpPrinter, type FakeTcpPrinter } from "#tests/support/fake-tcp-printer";
import { prepareCheckoutDatabase, testBranches } from "#tests/support/prepare-checkout-database";

/**
 * Print jobs to a TCP receipt printer (issue 20, decision 056), against a fake printer that
 * speaks raw ESC/POS with the `GS r 1` status answer: jobs are created with the order, each
 * ticket is printed once, refusals and drops are retried, stale jobs are not printed.
 */
/**
 * Short timeouts, and a clock a few milliseconds ahead: a job queued in the same millisecond is
 * due at the database's microsecond `now()`, later than JavaScript's millisecond `Date` (the
 * stalled-printer test once found its job not yet due).
 */
const FAST = {
  connectTimeoutMs: 1_000,
  answerTimeoutMs: 1_000,
  now: () => new Date(Date.now() + 5),
};

describe.each(databaseTargets())("printing to a TCP printer (%s)", (target) => {
  let handle: DatabaseHandle;
  let db: Db;
  let printer: FakeTcpPrinter;
  let deviceId: number;
  let branchId: number;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await prepareCheckoutDatabase(db);
    printer = await startFakeTcpPrinter();
    branchId = await branchIdOf(db, testBranches.open.identifier);
    const device = await db
      .insertInto("devices")
      .values({
        branchId,
        identifier: "theke",
        name: "Thekendrucker",
        kind: "printer",
        connection: "escpos_tcp",
        host: "127.0.0.1",
        port: printer.port,
        paperWidth: 80,
        printsNewOrders: true,
        printsConfirmedOrders: true,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    deviceId = device.id;
  });

  afterEach(async () => {
    await printer.setMode({ kind: "accept" });
    // Every test starts without due jobs of earlier ones.
    await db
      .updateTable("printJobs")
      .set({ status: "failed" })
      .where("status", "=", "pending")
      .execute();
  });

  afterAll(async () => {
    await printer?.close();
    await handle?.close();
  });

  const jobsOf = (orderId: number) =>
    db.selectFrom("printJobs").selectAll().where("orderId", "=", orderId).orderBy("id").execute();

  it("creates the job in the order's own statement and prints it once, umlauts and € intact", async () => {
    const placed = await placeTestOrder(db, {
      branch: testBranches.open.identifier,
      products: [{ name: "Laugenbrezel", amount: "2" }],
      fields: { comment: "Bitte Größe prüfen – 5 €" },
    });
    const jobs = await jobsOf(placed.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ deviceId, reason: "new", status: "pending" });

    const before = printer.printed.length;
    const round = await deliverDueJobs(db, FAST);
    expect(round.printed).toBe(1);
    expect(printer.printed.slice(before)).toEqual([jobs[0]!.id]);
    const ticket = printer.tickets.at(-1)!;
    // Initialise, code page PC858 (ESC t 19), then empty lines before the first printed line.
    expect([...ticket.subarray(0, 8)]).toEqual([0x1b, 0x40, 0x1b, 0x74, 19, 0x0a, 0x0a, 0x0a]);
    // 'ö' is 0x94 and '€' 0xD5 in PC858.
    expect(ticket.includes(Buffer.from([0x94]))).toBe(true);
    expect(ticket.includes(Buffer.from([0xd5]))).toBe(true);
    expect((await jobsOf(placed.id))[0]).toMatchObject({ status: "printed", attempts: 1 });

    // A second round prints nothing again.
    expect((await deliverDueJobs(db, FAST)).printed).toBe(0);
    expect(printer.printed.filter((id) => id === jobs[0]!.id)).toHaveLength(1);
  });

  it("retries after the printer refused, with back-off, and prints once it is back", async () => {
    const order = await insertTestOrder(db, { branchIdentifier: testBranches.open.identifier });
    await queueOrderPrintJobs(db, order.id, "new");
    const [job] = await jobsOf(order.id);
    await printer.setMode({ kind: "refuse" });
    const failed = await deliverDueJobs(db, FAST);
    expect(failed.failed).toBe(1);
    const afterFailure = (await jobsOf(order.id))[0]!;
    expect(afterFailure).toMatchObject({ status: "pending", attempts: 1 });
    expect(afterFailure.lastError).toContain("abgelehnt");
    expect(afterFailure.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is tried.
    await printer.setMode({ kind: "accept" });
    expect((await deliverDueJobs(db, FAST)).printed).toBe(0);
    const later = new Date(Date.now() + 5_000);
    expect((await deliverDueJobs(db, { ...FAST, now: () => later })).printed).toBe(1);
    expect(printer.printed.filter((id) => id === job!.id)).toHaveLength(1);
    const logs = await db
      .selectFrom("deviceLogs")
      .selectAll()
      .where("printJobId", "=", job!.id)
      .execute();
    expect(logs.map((log) => log.event)).toEqual(["error", "printed"]);
  });

  it("does not count a stalled printer's ticket as printed", async () => {
    const order = await insertTestOrder(db, { branchIdentifier: testBranches.open.identifier });
    await queueOrderPrintJobs(db, order.id, "new");
    await printer.setMode({ kind: "stall" });
    const round = await deliverDueJobs(db, FAST);
    expect(round).toMatchObject({ printed: 0, failed: 1 });
    expect((await jobsOf(order.id))[0]!.lastError).toContain("nicht rechtzeitig");
  });

  it("marks jobs older than the setting stale instead of printing them; a reprint is a 'Kopie'", async () => {
    const order = await insertTestOrder(db, { branchIdentifier: testBranches.open.identifier });
    await queueOrderPrintJobs(db, order.id, "new");
    await sql`update print_jobs set created_at = now() - interval '31 minutes' where order_id = ${order.id}`.execute(
      db,
    );
    const before = printer.printed.length;
    expect(await deliverDueJobs(db, FAST)).toMatchObject({ stale: 1, printed: 0 });
    expect(printer.printed.length).toBe(before);
    expect((await jobsOf(order.id))[0]!.status).toBe("stale");

    await queueReprint(db, order.id, [deviceId]);
    expect((await deliverDueJobs(db, FAST)).printed).toBe(1);
    expect(printer.tickets.at(-1)!.toString("latin1")).toContain("KOPIE");
  });

  it("queues a confirmed-order ticket in the confirmation's transaction only for printers that want it", async () => {
    const order = await insertTestOrder(db, { branchIdentifier: testBranches.open.identifier });
    await db
      .transaction()
      .execute(async (trx) => {
        expect(await queueOrderPrintJobs(trx, order.id, "confirmed")).toBe(1);
        throw new Error("rollback");
      })
      .catch(() => undefined);
    expect(await jobsOf(order.id)).toHaveLength(0);
    await db
      .updateTable("devices")
      .set({ orderTypes: ["delivery"] })
      .where("id", "=", deviceId)
      .execute();
    expect(await queueOrderPrintJobs(db, order.id, "confirmed")).toBe(0);
    await db
      .updateTable("devices")
      .set({ orderTypes: ["takeaway", "delivery", "dine-in"] })
      .where("id", "=", deviceId)
      .execute();
  });

  describe("a printer that does not answer GS r (decision 063)", () => {
    const setNoStatus = (noStatusAnswer: boolean) =>
      db.updateTable("devices").set({ noStatusAnswer }).where("id", "=", deviceId).execute();
    afterEach(() => setNoStatus(false));

    it("with the default setting, is not counted printed and the log says why and what to do", async () => {
      const order = await insertTestOrder(db, { branchIdentifier: testBranches.open.identifier });
      await queueOrderPrintJobs(db, order.id, "new");
      const [job] = await jobsOf(order.id);
      await printer.setMode({ kind: "no-status" });
      const before = printer.printed.length;
      expect(await deliverDueJobs(db, FAST)).toMatchObject({ printed: 0, failed: 1 });
      // The paper shows the ticket, the server cannot know: each retry would print it again.
      expect(printer.printed.slice(before)).toEqual([job!.id]);
      const stored = (await jobsOf(order.id))[0]!;
      expect(stored.status).toBe("pending");
      expect(stored.lastError).toContain("nicht rechtzeitig");
      expect(stored.lastError).toContain(
        "„Drucker antwortet nicht auf die Statusabfrage (GS r)“ ein",
      );
    });

    it("when marked so, counts a ticket printed once all bytes went out and the printer closed, once", async () => {
      await setNoStatus(true);
      await printer.setMode({ kind: "no-status" });
      const placed = await placeTestOrder(db, {
        branch: testBranches.open.identifier,
        products: [{ name: "Laugenbrezel", amount: "1" }],
      });
      const [job] = await jobsOf(placed.id);
      const before = printer.printed.length;
      const round = await deliverDueJobs(db, FAST);
      expect(round).toMatchObject({ printed: 1, failed: 0, printedNewOrders: [placed.id] });
      expect(printer.printed.slice(before)).toEqual([job!.id]);
      // No status request is sent to a printer that would print it as garbage.
      expect(printer.tickets.at(-1)!.includes(Buffer.from([0x1d, 0x72, 1]))).toBe(false);
      expect((await jobsOf(placed.id))[0]).toMatchObject({ status: "printed", attempts: 1 });
      expect((await deliverDueJobs(db, FAST)).printed).toBe(0);
      expect(printer.printed.filter((id) => id === job!.id)).toHaveLength(1);
    });

    it("when marked so, still retries a ticket whose connection was reset mid-ticket", async () => {
      await setNoStatus(true);
      const order = await insertTestOrder(db, { branchIdentifier: testBranches.open.identifier });
      await queueOrderPrintJobs(db, order.id, "new");
      const [job] = await jobsOf(order.id);
      await printer.setMode({ kind: "drop", afterBytes: 100 });
      expect(await deliverDueJobs(db, FAST)).toMatchObject({ printed: 0, failed: 1 });
      expect((await jobsOf(order.id))[0]!.lastError).toContain("abgebrochen");
      await printer.setMode({ kind: "no-status" });
      const later = new Date(Date.now() + 5_000);
      expect((await deliverDueJobs(db, { ...FAST, now: () => later })).printed).toBe(1);
      expect(printer.printed.filter((id) => id === job!.id)).toHaveLength(1);
    });

    it("when marked so, counts nothing printed when the printer refuses", async () => {
      await setNoStatus(true);
      const order = await insertTestOrder(db, { branchIdentifier: testBranches.open.identifier });
      await queueOrderPrintJobs(db, order.id, "new");
      await printer.setMode({ kind: "refuse" });
      expect(await deliverDueJobs(db, FAST)).toMatchObject({ printed: 0, failed: 1 });
    });
  });

  it(
    "prints 100 tickets exactly once while every tenth connection drops mid-ticket",
    { timeout: 120_000 },
    async () => {
      const ids: number[] = [];
      for (let i = 0; i < 100; i += 1) {
        const order = await insertTestOrder(db, { branchIdentifier: testBranches.open.identifier });
        await queueOrderPrintJobs(db, order.id, "new");
        ids.push((await jobsOf(order.id))[0]!.id);
      }
      await printer.setMode({ kind: "drop", afterBytes: 200, every: 10 });
      const before = printer.printed.length;
      let now = Date.now();
      for (let round = 0; round < 20; round += 1) {
        await deliverDueJobs(db, { ...FAST, now: () => new Date(now) });
        now += 120_000;
        const pending = await db
          .selectFrom("printJobs")
          .select("id")
          .where("id", "in", ids)
          .where("status", "!=", "printed")
          .execute();
        if (pending.length === 0) break;
      }
      const printed = printer.printed.slice(before);
      expect([...printed].sort((a, b) => a - b)).toEqual(ids);
      expect(new Set(printed).size).toBe(printed.length);
      const retried = await db
        .selectFrom("printJobs")
        .select("id")
        .where("id", "in", ids)
        .where("attempts", ">", 1)
        .execute();
      expect(retried.length).toBeGreaterThanOrEqual(9);
    },
  );
});
