import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sql } from "kysely";
import { openDatabase, type DatabaseHandle } from "#app/db/connection.server";
import type { Db } from "#app/db/schema";
import { deliverDueJobs } from "#app/features/devices/print-jobs.server";
import { testPrint } from "#app/features/devices/device-tests.server";
import { branchIdOf, createTestDatabase, databaseTargets } from "#tests/support/db";
import { startFakeTcpPrinter, type FakeTcpPrinter } from "#tests/support/fake-tcp-printer";
import { placeTestOrder } from "#tests/support/place-test-order";
import { databaseUrlFor } from "#tests/support/postgres";
import { prepareCheckoutDatabase, testBranches } from "#tests/support/prepare-checkout-database";

/**
 * One sender at a time per printer (issue 35, finding 12d; decision 056): two print workers on
 * their own connections drain the jobs of one slow port-9100 printer. A job's claim used to lock
 * only its row, so the second worker took the next job of the same printer and opened a second
 * connection to it while the first ticket was still on the wire, and tickets could come out of
 * order. The fake printer counts the connections open at once and records the tickets in the
 * order they arrive. PostgreSQL only: PGlite has one connection, so it has no second worker.
 */
const FAST = {
  connectTimeoutMs: 2_000,
  answerTimeoutMs: 5_000,
  now: () => new Date(Date.now() + 5),
};
/** The slow printer's pause before its status byte: long enough for a second sender to try. */
const ANSWER_AFTER_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databaseTargets())("print jobs, one sender per printer (%s)", (target) => {
  describe.skipIf(target !== "postgres")("two workers, one printer", () => {
    let handle: DatabaseHandle;
    let second: DatabaseHandle;
    let db: Db;
    let printer: FakeTcpPrinter;
    let deviceId: number;

    beforeAll(async () => {
      handle = await createTestDatabase(target);
      db = handle.db;
      await prepareCheckoutDatabase(db);
      printer = await startFakeTcpPrinter({ kind: "accept", answerAfterMs: ANSWER_AFTER_MS });
      const branchId = await branchIdOf(db, testBranches.open.identifier);
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
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      deviceId = device.id;
      // The second worker: its own pool on the same database, as another server process has.
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
      second = await openDatabase({
        databaseUrl: databaseUrlFor(inject("postgresUrl")!, rows[0]!.name),
        dataDir: "",
        maxConnections: 2,
      });
    });

    afterAll(async () => {
      await printer?.close();
      await second?.close();
      await handle?.close();
    });

    /** Places `count` orders; each makes one job for the printer. Their job ids, in order. */
    async function placeOrders(count: number): Promise<number[]> {
      const ids: number[] = [];
      for (let index = 0; index < count; index += 1) {
        const order = await placeTestOrder(db, {
          branch: testBranches.open.identifier,
          products: [{ name: "Laugenbrezel", amount: "1" }],
        });
        const jobs = await db
          .selectFrom("printJobs")
          .select("id")
          .where("orderId", "=", order.id)
          .execute();
        expect(jobs).toHaveLength(1);
        ids.push(jobs[0]!.id);
      }
      return ids;
    }

    const pending = async () =>
      Number(
        (
          await db
            .selectFrom("printJobs")
            .select((eb) => eb.fn.countAll().as("count"))
            .where("deviceId", "=", deviceId)
            .where("status", "=", "pending")
            .executeTakeFirstOrThrow()
        ).count,
      );

    /** A print worker: rounds until no job of the printer is pending. */
    async function worker(database: Db) {
      while ((await pending()) > 0) {
        await deliverDueJobs(database, FAST);
        await sleep(2);
      }
    }

    it("never holds two connections to the printer, and its tickets arrive in job order", async () => {
      const jobIds = await placeOrders(8);
      printer.maxOpen = 0;
      const before = printer.printed.length;
      await Promise.all([worker(db), worker(second.db)]);
      expect(printer.maxOpen).toBe(1);
      expect(printer.printed.slice(before)).toEqual(jobIds);
      const statuses = await db
        .selectFrom("printJobs")
        .select("status")
        .where("id", "in", jobIds)
        .execute();
      expect(statuses.every((row) => row.status === "printed")).toBe(true);
    });

    it("a test print waits for the ticket a worker is sending", async () => {
      const jobIds = await placeOrders(4);
      printer.maxOpen = 0;
      const before = printer.printed.length;
      const device = await db
        .selectFrom("devices")
        .selectAll()
        .where("id", "=", deviceId)
        .executeTakeFirstOrThrow();
      const draining = worker(db);
      // Once the worker's first ticket is at the printer, staff press "Testdruck".
      while (printer.printed.length === before) await sleep(2);
      const test = await testPrint(second.db, device);
      await draining;
      expect(test.key).toBe("ok");
      expect(printer.maxOpen).toBe(1);
      const printed = printer.printed.slice(before);
      expect(printed.filter((id) => jobIds.includes(id))).toEqual(jobIds);
      expect(printed).toHaveLength(jobIds.length + 1);
    });
  });
});
