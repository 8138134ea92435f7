import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { startPrintWorker } from "#app/features/devices/print-jobs.server";
import { createTestDatabase, databaseTargets, branchIdOf } from "#tests/support/db";
import { startFakeTcpPrinter, type FakeTcpPrinter } from "#tests/support/fake-tcp-printer";
import { placeTestOrder } from "#tests/support/place-test-order";
import { prepareCheckoutDatabase, testBranches } from "#tests/support/prepare-checkout-database";

/**
 * A placed order wakes this process's print worker (issue 20: a ticket at a connected TCP printer
 * in < 1 s p99): a worker whose next round is an hour away still prints the order's ticket, and
 * a stopped worker is not woken any more.
 */
describe.each(databaseTargets())("the print worker woken by a placed order (%s)", (target) => {
  let handle: DatabaseHandle;
  let printer: FakeTcpPrinter;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    await prepareCheckoutDatabase(handle.db);
    printer = await startFakeTcpPrinter({ kind: "accept" });
    await handle.db
      .insertInto("devices")
      .values({
        branchId: await branchIdOf(handle.db, testBranches.open.identifier),
        identifier: "theke",
        name: "Thekendrucker",
        kind: "printer",
        connection: "escpos_tcp",
        host: "127.0.0.1",
        port: printer.port,
        paperWidth: 80,
        printsNewOrders: true,
      })
      .execute();
  });

  afterAll(async () => {
    await printer?.close();
    await handle?.close();
  });

  const place = () =>
    placeTestOrder(handle.db, {
      branch: testBranches.open.identifier,
      products: [{ name: "Laugenbrezel", amount: "1" }],
    });

  const jobOf = async (orderId: number) =>
    (
      await handle.db
        .selectFrom("printJobs")
        .select(["id", "status"])
        .where("orderId", "=", orderId)
        .executeTakeFirstOrThrow()
    ).id;

  it("prints a new order's ticket long before the worker's next round", async () => {
    const worker = startPrintWorker(handle.db, () => undefined, 60 * 60 * 1000);
    try {
      // The worker's first round runs at start; the order comes after it.
      await worker.runNow();
      const order = await place();
      const jobId = await jobOf(order.id);
      await expect.poll(() => printer.printed.includes(jobId), { timeout: 20_000 }).toBe(true);
      expect(printer.printed.filter((id) => id === jobId)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  it("leaves the ticket to the next round once the worker has stopped", async () => {
    const worker = startPrintWorker(handle.db, () => undefined, 60 * 60 * 1000);
    await worker.runNow();
    await worker.stop();
    const order = await place();
    const jobId = await jobOf(order.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(printer.printed).not.toContain(jobId);
    const status = await handle.db
      .selectFrom("printJobs")
      .select("status")
      .where("id", "=", jobId)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe("pending");
  });
});
