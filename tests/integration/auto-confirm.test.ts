import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "kysely";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Db } from "#app/db/schema";
import { deliverDueJobs } from "#app/features/devices/print-jobs.server";
import {
  autoConfirmAfterRound,
  confirmAfterPrint,
  confirmPrintedOrders,
} from "#app/features/devices/auto-confirm.server";
import { createTestDatabase, databaseTargets, branchIdOf } from "#tests/support/db";
import { placeTestOrder } from "#tests/support/place-test-order";
import { startFakeTcpPrinter, type FakeTcpPrinter } from "#tests/support/fake-tcp-printer";
import { fakeEpsonSdpPrinter } from "#tests/support/fake-epson-sdp";
import { prepareCheckoutDatabase, testBranches } from "#tests/support/prepare-checkout-database";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

// The fake printers listen on 127.0.0.1 (decision 056). Stubbed for this file only: the worker
// runs other files after it in the same process (isolate: false).
beforeAll(() => {
  vi.stubEnv("PRINTER_ALLOW_LOOPBACK", "1");
});
afterAll(() => {
  vi.unstubAllEnvs();
});

/**
 * "Neue Bestellungen automatisch bestätigen" (decision 063): an order is confirmed by the shop
 * once its new-order ticket printed on an auto-confirming printer, with the confirmation staff
 * would make (confirmed-order tickets, audit, the customer's status page); never before, so an
 * order whose ticket does not print stays unconfirmed.
 */
const FAST = { connectTimeoutMs: 1_000, answerTimeoutMs: 1_000 };

describe.each(databaseTargets())("auto-confirm (%s)", (target) => {
  let handle: DatabaseHandle;
  let db: Db;
  let server: AppServer;
  let printer: FakeTcpPrinter;
  let branchId: number;
  let tcp: number;
  let kitchen: number;
  const origin = { publicOrigin: "https://baeckerei.example" };

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await prepareCheckoutDatabase(db);
    server = await startAppServer(db);
    printer = await startFakeTcpPrinter();
    branchId = await branchIdOf(db, testBranches.open.identifier);
    // The counter printer confirms; the kitchen printer prints confirmed orders only.
    const [counter, kitchenPrinter] = await db
      .insertInto("devices")
      .values([
        {
          branchId,
          identifier: "theke",
          name: "Theke",
          kind: "printer",
          connection: "escpos_tcp",
          host: "127.0.0.1",
          port: printer.port,
          printsNewOrders: true,
          autoConfirm: true,
        },
        {
          branchId,
          identifier: "kueche",
          name: "Küche",
          kind: "printer",
          connection: "epson_sdp",
          printsNewOrders: false,
          printsConfirmedOrders: true,
        },
      ])
      .returning("id")
      .execute();
    tcp = counter!.id;
    kitchen = kitchenPrinter!.id;
  });

  afterEach(async () => {
    await printer.setMode({ kind: "accept" });
    await db
      .updateTable("printJobs")
      .set({ status: "failed" })
      .where("status", "in", ["pending", "sending"])
      .execute();
    await db
      .updateTable("devices")
      .set({ autoConfirm: true, printsNewOrders: true })
      .where("id", "=", tcp)
      .execute();
  });

  afterAll(async () => {
    await printer?.close();
    await server?.close();
    await handle?.close();
  });

  const order = (id: number) =>
    db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const jobs = (orderId: number) =>
    db
      .selectFrom("printJobs")
      .select(["deviceId", "reason", "status"])
      .where("orderId", "=", orderId)
      .orderBy("id")
      .execute();
  const place = () =>
    placeTestOrder(db, {
      branch: testBranches.open.identifier,
      products: [{ name: "Laugenbrezel", amount: "2" }],
    });
  const statusPage = async (placed: { uid: string; hash: string }) =>
    (await fetch(`${server.origin}/status/${placed.uid}/${placed.hash}`)).text();
  const confirmations = async (orderId: number) =>
    db
      .selectFrom("auditLog")
      .select(["userId", "data"])
      .where("entityType", "=", "order")
      .where("entityId", "=", String(orderId))
      .where("action", "=", "order.confirm")
      .execute();

  it("does not confirm at placing time, and confirms once the ticket printed, as staff would", async () => {
    const placed = await place();
    expect((await order(placed.id)).isConfirmed).toBe(false);
    expect(await statusPage(placed)).toContain("Wir bestätigen sie");

    const round = await deliverDueJobs(db, FAST);
    expect(round.printedNewOrders).toEqual([placed.id]);
    // The worker's hook, as server.ts wires it.
    await autoConfirmAfterRound(db, origin)(round);

    expect((await order(placed.id)).isConfirmed).toBe(true);
    expect(await statusPage(placed)).toMatch(/Ihre Bestellung wurde bestätigt/);
    // The confirmed-order ticket for the kitchen, as a manual confirmation makes it.
    expect(await jobs(placed.id)).toEqual([
      { deviceId: tcp, reason: "new", status: "printed" },
      { deviceId: kitchen, reason: "confirmed", status: "pending" },
    ]);
    const audit = await confirmations(placed.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.userId).toBeNull();
    expect(audit[0]!.data).toMatchObject({ automatic: "printed", printJobs: 1 });
    const log = await db
      .selectFrom("deviceLogs")
      .select("message")
      .where("deviceId", "=", tcp)
      .where("event", "=", "auto-confirmed")
      .execute();
    expect(log.map((entry) => entry.message)).toContain(
      `Bestellung ${placed.id} automatisch bestätigt (Bon aus Auftrag ${
        (
          await db
            .selectFrom("printJobs")
            .select("id")
            .where("orderId", "=", placed.id)
            .where("reason", "=", "new")
            .executeTakeFirstOrThrow()
        ).id
      } gedruckt).`,
    );

    // Nothing twice: the sweep and a second call change nothing.
    expect(await confirmPrintedOrders(db, origin)).toBe(0);
    expect(await confirmAfterPrint(db, [placed.id], origin)).toBe(0);
    expect(await confirmations(placed.id)).toHaveLength(1);
    expect((await jobs(placed.id)).filter((job) => job.reason === "confirmed")).toHaveLength(1);
  });

  it("leaves the order unconfirmed while its ticket does not print, and when it goes stale", async () => {
    const placed = await place();
    await printer.setMode({ kind: "refuse" });
    const round = await deliverDueJobs(db, FAST);
    expect(round).toMatchObject({ printed: 0, failed: 1, printedNewOrders: [] });
    await confirmPrintedOrders(db, origin);
    expect((await order(placed.id)).isConfirmed).toBe(false);
    expect(await statusPage(placed)).toContain("Wir bestätigen sie");

    await sql`update print_jobs set created_at = now() - interval '31 minutes', next_attempt_at = now() - interval '1 second' where order_id = ${placed.id}`.execute(
      db,
    );
    await printer.setMode({ kind: "accept" });
    expect(await deliverDueJobs(db, FAST)).toMatchObject({ stale: 1, printed: 0 });
    await confirmPrintedOrders(db, origin);
    expect((await order(placed.id)).isConfirmed).toBe(false);
  });

  it("does nothing for printers without the setting, and never overrides staff's rejection", async () => {
    await db.updateTable("devices").set({ autoConfirm: false }).where("id", "=", tcp).execute();
    const plain = await place();
    await autoConfirmAfterRound(db, origin)(await deliverDueJobs(db, FAST));
    expect((await order(plain.id)).isConfirmed).toBe(false);

    await db.updateTable("devices").set({ autoConfirm: true }).where("id", "=", tcp).execute();
    const rejected = await place();
    const admin = await new StaffClient(server).signInAs(
      server.context,
      (await createStaff(db, { roles: ["ROLE_ADMIN"] })).id,
    );
    const reject = await admin.send(`/api/orders/${rejected.id}/status/reject`, {
      json: { message: "Heute leider ausverkauft." },
    });
    expect(reject.status).toBeLessThan(300);
    await autoConfirmAfterRound(db, origin)(await deliverDueJobs(db, FAST));
    const stored = await order(rejected.id);
    expect(stored).toMatchObject({ isRejected: true, isConfirmed: false });
    expect(await confirmations(rejected.id)).toHaveLength(0);
  });

  it("confirms through a polling printer's confirmation (Epson SDP), over HTTP", async () => {
    await db.updateTable("devices").set({ autoConfirm: false }).where("id", "=", tcp).execute();
    const sdp = await db
      .insertInto("devices")
      .values({
        branchId,
        identifier: "epson-theke",
        name: "Epson Theke",
        kind: "printer",
        connection: "epson_sdp",
        autoConfirm: true,
      })
      .returning(["id", "token"])
      .executeTakeFirstOrThrow();
    try {
      const placed = await place();
      const fake = fakeEpsonSdpPrinter(`${server.origin}/api/epson-sdp/${sdp.token}`);
      // Fetched but not confirmed yet: not confirmed.
      const ticket = await fake.poll("never");
      expect(ticket).not.toBeNull();
      expect((await order(placed.id)).isConfirmed).toBe(false);
      expect(await fake.setResponse(ticket!.printJobId, true)).toBe(200);
      expect((await order(placed.id)).isConfirmed).toBe(true);
      expect(await statusPage(placed)).toMatch(/Ihre Bestellung wurde bestätigt/);
    } finally {
      await db
        .updateTable("devices")
        .set({ autoConfirm: false })
        .where("id", "=", sdp.id)
        .execute();
    }
  });

  it("catches up on an order whose ticket printed when the process died before confirming", async () => {
    const placed = await place();
    // The print was recorded, the confirmation never ran (the process stopped in between).
    await db
      .updateTable("printJobs")
      .set({ status: "printed", printedAt: new Date() })
      .where("orderId", "=", placed.id)
      .where("deviceId", "=", tcp)
      .execute();
    expect((await order(placed.id)).isConfirmed).toBe(false);
    expect(await confirmPrintedOrders(db, origin)).toBeGreaterThanOrEqual(1);
    expect((await order(placed.id)).isConfirmed).toBe(true);
    expect(await confirmations(placed.id)).toHaveLength(1);
  });

  it("refuses the setting on a notifier or a printer that does not print new orders", async () => {
    const admin = await new StaffClient(server).signInAs(
      server.context,
      (await createStaff(db, { roles: ["ROLE_ADMIN"] })).id,
    );
    for (const body of [
      { kind: "notifier", identifier: "melder-auto" },
      {
        kind: "printer",
        identifier: "drucker-auto",
        connection: "epson_sdp",
        printsNewOrders: false,
      },
    ]) {
      const response = await admin.send("/api/devices", {
        json: { name: "Gerät", branchId, autoConfirm: true, ...body },
      });
      expect(response.status).toBe(400);
      const errors = ((await response.json()) as { errors: { field?: string; message: string }[] })
        .errors;
      expect(errors.find((error) => error.field === "autoConfirm")?.message).toBe(
        "Automatisch bestätigen geht nur bei einem Bondrucker, der neue Bestellungen druckt.",
      );
    }
  });
});
