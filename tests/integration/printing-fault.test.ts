import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { sql } from "kysely";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Db } from "#app/db/schema";
import { deliverDueJobs } from "#app/features/devices/print-jobs.server";
import { startPeriodicJob } from "#app/server/periodic-job.server";
import {
  createTestDatabase,
  databaseTargets,
  type DatabaseTarget,
  branchIdOf,
} from "#tests/support/db";
import { startFakeTcpPrinter, type FakeTcpPrinter } from "#tests/support/fake-tcp-printer";
import { placeTestOrder } from "#tests/support/place-test-order";
import { databaseUrlFor } from "#tests/support/postgres";
import { prepareCheckoutDatabase, testBranches } from "#tests/support/prepare-checkout-database";
import { startAppServer, type AppServer } from "#tests/support/staff";

/**
 * The fault runs of issue 20 (decision 056): orders placed through the checkout's own service
 * (so each print job is made by the order's placing statement) while the printer misbehaves.
 * The fake TCP printer counts a ticket by the "Auftrag <job id>" printed in it, once its bytes up
 * to the status request arrived, so a ticket printed twice shows as a repeated id.
 *
 * (a) 1,000 orders, every tenth connection reset mid-ticket, the printer switched off and on
 *     twice, the real worker of the server process: every ticket printed once, none twice, none
 *     lost.
 * (b) The worker's process killed (SIGKILL) in the middle of deliveries and started again, on
 *     PostgreSQL: none lost; the one ticket that was on paper but not yet answered when its
 *     process died is printed once more (the documented window), no other ticket twice.
 * (c) A Star CloudPRNT printer that polls concurrently, sometimes never confirms a fetched job
 *     (it restarted before printing), sometimes confirms twice: each job printed once.
 */

type Placed = { orderId: number; jobId: number };

async function setUp(target: DatabaseTarget) {
  const handle = await createTestDatabase(target);
  await prepareCheckoutDatabase(handle.db);
  return {
    handle,
    db: handle.db,
    branchId: await branchIdOf(handle.db, testBranches.open.identifier),
  };
}

async function addTcpPrinter(db: Db, branchId: number, port: number) {
  const device = await db
    .insertInto("devices")
    .values({
      branchId,
      identifier: "theke",
      name: "Thekendrucker",
      kind: "printer",
      connection: "escpos_tcp",
      host: "127.0.0.1",
      port,
      paperWidth: 80,
      printsNewOrders: true,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return device.id;
}

/** Places `count` orders through the checkout service, `parallel` at a time. */
async function placeOrders(
  db: Db,
  count: number,
  parallel: number,
  afterEach?: (placed: number) => void,
): Promise<Placed[]> {
  const placed: Placed[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        next += 1;
        const order = await placeTestOrder(db, {
          branch: testBranches.open.identifier,
          products: [{ name: "Laugenbrezel", amount: "1" }],
        });
        const jobs = await db
          .selectFrom("printJobs")
          .select("id")
          .where("orderId", "=", order.id)
          .execute();
        // The placing statement made exactly one job for the one printer.
        if (jobs.length !== 1) throw new Error(`Bestellung ${order.id}: ${jobs.length} Aufträge`);
        placed.push({ orderId: order.id, jobId: jobs[0]!.id });
        afterEach?.(placed.length);
      }
    }),
  );
  return placed;
}

/** Waits (polling the table, no timed assertion) until none of the jobs is left to print. */
async function untilAllPrinted(db: Db, jobIds: number[], giveUpMs = 120_000) {
  const deadline = Date.now() + giveUpMs;
  while (Date.now() < deadline) {
    const open = await db
      .selectFrom("printJobs")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("id", "in", jobIds)
      .where("status", "!=", "printed")
      .executeTakeFirstOrThrow();
    if (Number(open.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How often each job id was printed. */
function countById(printed: number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const id of printed) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

describe.each(databaseTargets())("printing fault runs (%s)", (target) => {
  describe("a TCP printer that drops every tenth connection and restarts twice", () => {
    let handle: DatabaseHandle;
    let db: Db;
    let printer: FakeTcpPrinter;

    beforeAll(async () => {
      ({ handle, db } = await setUp(target));
      printer = await startFakeTcpPrinter(
        { kind: "drop", afterBytes: 200, every: 10 },
        { belowEphemeralPorts: true },
      );
      const branchId = await branchIdOf(db, testBranches.open.identifier);
      await addTcpPrinter(db, branchId, printer.port);
    });

    afterAll(async () => {
      await printer?.close();
      await handle?.close();
    });

    // The 1,000 orders on PostgreSQL, where placings race; PGlite runs one statement at a
    // time and takes four minutes for them under CI's load, so it gets the same faults on 300.
    const orders = target === "postgres" ? 1_000 : 300;

    it(`prints each of ${orders} tickets exactly once`, { timeout: 600_000 }, async () => {
      // The server's delivery (`deliverDueJobs`) on the server's periodic-job runner, rounds
      // 20 ms apart instead of 1 s, and a clock that moves 61 s ahead after every round with a
      // failure, so the back-off (2, 4 … 60 s) never makes the test wait. The shop's stale limit
      // is set to its maximum (a week) so that clock does not make tickets stale.
      await db.updateTable("settings").set({ printStaleMinutes: 10_080 }).execute();
      let skewMs = 0;
      const log: string[] = [];
      const worker = startPeriodicJob({
        intervalMs: 20,
        log: (line) => log.push(line),
        failed: (problem) => problem,
        round: async () => {
          const round = await deliverDueJobs(db, {
            connectTimeoutMs: 2_000,
            answerTimeoutMs: 5_000,
            now: () => new Date(Date.now() + skewMs),
          });
          if (round.failed > 0) skewMs += 61_000;
          expect(round.stale).toBe(0);
        },
      });
      const restarts: Promise<void>[] = [];
      let placed: Placed[];
      try {
        placed = await placeOrders(db, orders, target === "postgres" ? 4 : 1, (count) => {
          // Switched off and on twice while orders come in: off for 300 ms each time.
          if (count === Math.floor(orders / 3) || count === Math.floor((2 * orders) / 3)) {
            restarts.push(printer.restart(300));
          }
        });
        await Promise.all(restarts);
        await untilAllPrinted(
          db,
          placed.map((entry) => entry.jobId),
        );
      } finally {
        await worker.stop();
      }
      expect(log).toEqual([]);
      expect(printer.restarts).toBe(2);
      expect(printer.dropped).toBeGreaterThanOrEqual(orders / 10);

      const jobIds = placed.map((entry) => entry.jobId).sort((a, b) => a - b);
      const counts = countById(printer.printed);
      const twice = [...counts].filter(([, n]) => n > 1);
      expect(twice).toEqual([]);
      expect([...counts.keys()].sort((a, b) => a - b)).toEqual(jobIds);
      const rows = await db
        .selectFrom("printJobs")
        .select(["id", "status", "attempts"])
        .where("id", "in", jobIds)
        .execute();
      expect(rows.every((row) => row.status === "printed")).toBe(true);
      // Every reset (and every refusal while the printer was off) was a failed try, retried.
      const failedTries = rows.reduce((sum, row) => sum + row.attempts - 1, 0);
      expect(failedTries).toBeGreaterThanOrEqual(printer.dropped);
    });
  });

  describe.skipIf(target !== "postgres")(
    "the print worker's process killed mid-delivery and started again (PostgreSQL only: PGlite lives inside the test's own process, so no other process can take over its work)",
    () => {
      let handle: DatabaseHandle;
      let db: Db;
      let printer: FakeTcpPrinter;
      let databaseUrl: string;
      const workers: ChildProcess[] = [];

      beforeAll(async () => {
        let branchId: number;
        ({ handle, db, branchId } = await setUp(target));
        printer = await startFakeTcpPrinter({ kind: "accept" });
        await addTcpPrinter(db, branchId, printer.port);
        const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
        databaseUrl = databaseUrlFor(inject("postgresUrl")!, rows[0]!.name);
      });

      afterAll(async () => {
        for (const worker of workers) {
          if (worker.exitCode === null && worker.signalCode === null) worker.kill("SIGKILL");
        }
        await printer?.close();
        await handle?.close();
      });

      /** The real worker (`startPrintWorker`) in a process of its own, rounds 20 ms apart. */
      async function startWorkerProcess(): Promise<ChildProcess> {
        const child = spawn(
          process.execPath,
          ["--import", "tsx", "tests/support/print-worker-process.ts"],
          {
            env: { ...process.env, DATABASE_URL: databaseUrl, PRINT_WORKER_INTERVAL_MS: "20" },
            stdio: ["ignore", "pipe", "inherit"],
          },
        );
        workers.push(child);
        let output = "";
        await new Promise<void>((resolve, reject) => {
          child.stdout!.on("data", (chunk: Buffer) => {
            output += chunk.toString();
            if (output.includes("bereit")) resolve();
          });
          child.once("exit", (code) => reject(new Error(`Druck-Worker endete (${code}).`)));
        });
        return child;
      }

      async function kill(child: ChildProcess) {
        const exited = once(child, "exit");
        child.kill("SIGKILL");
        await exited;
      }

      async function untilPrintedCount(count: number) {
        while (printer.printed.length < count) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }

      it(
        "loses no ticket; only the ticket on paper but unanswered when the process died is printed once more",
        { timeout: 300_000 },
        async () => {
          const placed = await placeOrders(db, 300, 4);
          const jobIds = placed.map((entry) => entry.jobId).sort((a, b) => a - b);

          // Crash 1, in the worst moment: the printer has the whole ticket (it is on paper) and
          // the worker waits for its status byte, the job row locked in the open transaction.
          const first = await startWorkerProcess();
          await untilPrintedCount(80);
          const held = await printer.holdNextAnswer();
          await kill(first);
          held.release();
          // The transaction died with the process: the job is pending again, nothing says it
          // was sent (this is why the duplicate cannot be avoided; decision 056).
          const afterCrash = await db
            .selectFrom("printJobs")
            .select(["status", "attempts", "content"])
            .where("id", "=", held.jobId)
            .executeTakeFirstOrThrow();
          expect(afterCrash).toMatchObject({ status: "pending", attempts: 0, content: null });

          // Crash 2, at an arbitrary moment of the deliveries.
          const second = await startWorkerProcess();
          await untilPrintedCount(180);
          await kill(second);

          const third = await startWorkerProcess();
          await untilAllPrinted(db, jobIds);
          const stopped = once(third, "exit");
          third.kill("SIGTERM");
          await stopped;

          const counts = countById(printer.printed);
          // None lost.
          expect([...counts.keys()].sort((a, b) => a - b)).toEqual(jobIds);
          // None more than twice; twice only the held ticket and at most the one ticket the
          // second crash may have caught in the same window.
          expect(Math.max(...counts.values())).toBe(2);
          expect(counts.get(held.jobId)).toBe(2);
          const twice = [...counts].filter(([, n]) => n === 2).map(([id]) => id);
          expect(twice.length).toBeLessThanOrEqual(2);
          expect(twice).toContain(held.jobId);
          const rows = await db
            .selectFrom("printJobs")
            .select(["status"])
            .where("id", "in", jobIds)
            .execute();
          expect(rows.every((row) => row.status === "printed")).toBe(true);
        },
      );
    },
  );

  describe("a Star CloudPRNT printer that polls concurrently, sometimes never confirms, sometimes twice", () => {
    let handle: DatabaseHandle;
    let db: Db;
    let server: AppServer;
    let deviceToken: string;

    beforeAll(async () => {
      let branchId: number;
      ({ handle, db, branchId } = await setUp(target));
      const device = await db
        .insertInto("devices")
        .values({
          branchId,
          identifier: "star",
          name: "Star an der Theke",
          kind: "printer",
          connection: "star_cloudprnt",
          paperWidth: 80,
          printsNewOrders: true,
        })
        .returning("token")
        .executeTakeFirstOrThrow();
      deviceToken = device.token;
      server = await startAppServer(db);
    });

    afterAll(async () => {
      await server?.close();
      await handle?.close();
    });

    it("prints each of 200 jobs once", { timeout: 300_000 }, async () => {
      const placed = await placeOrders(db, 200, target === "postgres" ? 4 : 1);
      const jobIds = placed.map((entry) => entry.jobId).sort((a, b) => a - b);
      const base = `${server.origin}/api/cloudprnt/${deviceToken}`;
      const printed: number[] = [];
      let fetches = 0;
      let neverConfirmed = 0;
      let confirmedTwice = 0;
      let rejectedFetches = 0;

      /** One poll-fetch-print-confirm turn of the printer, as a Star printer does it. */
      async function turn(): Promise<boolean> {
        const poll = await fetch(base, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ status: "23 6 0 0 0 0 0 0 0 ", printerMAC: "00:11:62:00:00:01" }),
        });
        expect(poll.status).toBe(200);
        const offer = (await poll.json()) as { jobReady: boolean; jobToken?: string };
        if (!offer.jobReady) return false;
        const job = await fetch(`${base}?type=application/octet-stream&token=${offer.jobToken}`);
        if (job.status !== 200) {
          // Another poll of the same printer fetched it first: nothing to print.
          expect(job.status).toBeLessThan(500);
          rejectedFetches += 1;
          return true;
        }
        const bytes = Buffer.from(await job.arrayBuffer());
        fetches += 1;
        // Every seventh job: the printer restarts before printing it and never confirms.
        if (fetches % 7 === 0) {
          neverConfirmed += 1;
          return true;
        }
        const match = /Auftrag (\d+)/.exec(bytes.toString("latin1"));
        printed.push(match ? Number(match[1]) : -1);
        const confirm = () =>
          fetch(`${base}?token=${offer.jobToken}&code=200%20OK`, { method: "DELETE" });
        // Every fifth job: the confirmation is sent twice at once (a retry after a lost answer).
        if (fetches % 5 === 0) {
          confirmedTwice += 1;
          const answers = await Promise.all([confirm(), confirm()]);
          for (const answer of answers) expect(answer.status).toBe(200);
        } else {
          expect((await confirm()).status).toBe(200);
        }
        return true;
      }

      /** Three polls of the one printer at the same time, until nothing is offered. */
      async function pollUntilIdle() {
        await Promise.all(
          Array.from({ length: 3 }, async () => {
            let idle = 0;
            while (idle < 3) idle = (await turn()) ? 0 : idle + 1;
          }),
        );
      }

      await pollUntilIdle();
      // The jobs fetched but never confirmed are offered again after 60 s: let that time pass
      // in the table (their fetch moved back by 61 s) instead of waiting, and poll again.
      for (let pass = 0; pass < 10; pass += 1) {
        const moved =
          await sql`update print_jobs set fetched_at = fetched_at - interval '61 seconds'
          where status = 'sending'`.execute(db);
        if (Number(moved.numAffectedRows ?? 0) === 0) break;
        await pollUntilIdle();
      }

      expect(neverConfirmed).toBeGreaterThan(0);
      expect(confirmedTwice).toBeGreaterThan(0);
      const counts = countById(printed);
      expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
      expect([...counts.keys()].sort((a, b) => a - b)).toEqual(jobIds);
      const rows = await db
        .selectFrom("printJobs")
        .select(["status"])
        .where("id", "in", jobIds)
        .execute();
      expect(rows.every((row) => row.status === "printed")).toBe(true);
      // The polls did overlap: some fetches found their job already handed out.
      expect(rejectedFetches).toBeGreaterThan(0);
    });
  });
});
