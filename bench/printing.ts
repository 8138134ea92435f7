/**
 * Printing's speed (issue 20, decision 056). Two targets:
 *
 * (a) A new order reaches a connected TCP printer in < 1 s p99: the server's print worker
 *     (`startPrintWorker`, its round every second as in the server) and a fake ESC/POS printer on
 *     a local port; BENCH_PRINTING_ORDERS orders placed through the checkout's service one after
 *     the other, 50-300 ms apart (so they fall on every moment of the worker's second); for each,
 *     the time from the placing's commit (the service returned) to the ticket's bytes arriving at
 *     the printer.
 * (b) 50 CloudPRNT printers polling every 2 s cost < 5 % of one core: the built production server
 *     (one process), BENCH_PRINTING_POLLERS Star printers each polling `POST /api/cloudprnt/{token}`
 *     every 2 s for BENCH_PRINTING_SECONDS; the server process's CPU time from /proc, as a share
 *     of one core, beside the same server idle for 10 s.
 *
 *   npm run bench:printing                              (PostgreSQL: a fresh database)
 *   BENCH_PRINTING_DB=pglite npm run bench:printing     (the embedded database)
 *
 * Switches: BENCH_PRINTING_ORDERS=200, BENCH_PRINTING_POLLERS=50, BENCH_PRINTING_SECONDS=60,
 * BENCH_PRINTING_PORT=3340, BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres
 */
import { benchPostgresUrl, postgresAdmin } from "./harness";
import { execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openDatabase, type DatabaseHandle } from "#app/db/connection.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { startPrintWorker } from "#app/features/devices/print-jobs.server";
import { startFakeTcpPrinter } from "#tests/support/fake-tcp-printer";
import { placeTestOrder } from "#tests/support/place-test-order";
import { databaseUrlFor } from "#tests/support/postgres";
import { prepareCheckoutDatabase, testBranches } from "#tests/support/prepare-checkout-database";
import { sampleCpu } from "./cpu-time";
import { ensurePortFree, startServer, stopServer, waitForHealth } from "./server";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ORDERS = env("BENCH_PRINTING_ORDERS", 200);
const POLLERS = env("BENCH_PRINTING_POLLERS", 50);
const SECONDS = env("BENCH_PRINTING_SECONDS", 60);
const PORT = env("BENCH_PRINTING_PORT", 3340);
const EMBEDDED = process.env.BENCH_PRINTING_DB === "pglite";

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const value = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return Math.round(value * 10) / 10;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function branchId(handle: DatabaseHandle): Promise<number> {
  const branch = await handle.db
    .selectFrom("branches")
    .select("id")
    .where("identifier", "=", testBranches.open.identifier)
    .executeTakeFirstOrThrow();
  return branch.id;
}

/** (a) From the placing's commit to the ticket at the printer. */
async function tcpLatency(handle: DatabaseHandle): Promise<boolean> {
  const db = handle.db;
  const printer = await startFakeTcpPrinter();
  const device = await db
    .insertInto("devices")
    .values({
      branchId: await branchId(handle),
      identifier: "bench-theke",
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
  const worker = startPrintWorker(db, (line) => console.error(line));
  const placedAt = new Map<number, number>();
  try {
    for (let index = 0; index < ORDERS; index += 1) {
      await sleep(50 + Math.random() * 250);
      const order = await placeTestOrder(db, {
        branch: testBranches.open.identifier,
        products: [{ name: "Laugenbrezel", amount: "1" }],
      });
      const committed = performance.now();
      const job = await db
        .selectFrom("printJobs")
        .select("id")
        .where("orderId", "=", order.id)
        .executeTakeFirstOrThrow();
      placedAt.set(job.id, committed);
    }
    const deadline = Date.now() + 30_000;
    while (printer.printed.length < ORDERS && Date.now() < deadline) await sleep(50);
  } finally {
    await worker.stop();
    await printer.close();
    await db.deleteFrom("devices").where("id", "=", device.id).execute();
  }
  const delays: number[] = [];
  printer.printed.forEach((jobId, index) => {
    const placed = placedAt.get(jobId);
    if (placed !== undefined) delays.push(printer.printedAt[index]! - placed);
  });
  const lost = ORDERS - delays.length;
  const p99 = percentile(delays, 99);
  console.log(
    `(a) Bestellung → TCP-Drucker, ${ORDERS} Bestellungen: p50 ${percentile(delays, 50)} ms, ` +
      `p99 ${p99} ms, max ${percentile(delays, 100)} ms, nicht angekommen: ${lost}`,
  );
  const reached = lost === 0 && p99 < 1000;
  console.log(`    Ziel (p99 < 1000 ms): ${reached ? "erreicht" : "verfehlt"}.`);
  return reached;
}

/** (b) The server's CPU while POLLERS CloudPRNT printers poll every 2 s. */
async function cloudPrntPolling(
  handle: DatabaseHandle,
  serverEnv: Record<string, string>,
): Promise<boolean> {
  const branch = await branchId(handle);
  const devices = await handle.db
    .insertInto("devices")
    .values(
      Array.from({ length: POLLERS }, (_, index) => ({
        branchId: branch,
        identifier: `star-${index + 1}`,
        name: `Star ${index + 1}`,
        kind: "printer" as const,
        connection: "star_cloudprnt" as const,
        paperWidth: 80,
        printsNewOrders: false,
      })),
    )
    .returning("token")
    .execute();
  if (EMBEDDED) await handle.close();

  await ensurePortFree(PORT);
  const origin = `http://127.0.0.1:${PORT}`;
  const server: ChildProcess = startServer({
    port: PORT,
    env: { ...serverEnv, WEB_CONCURRENCY: "1", SEED_DEMO_DATA: "0" },
  });
  try {
    await waitForHealth(origin, server);
    await sleep(2_000);
    const cpu = () => sampleCpu(server.pid)?.server ?? NaN;
    const idleStart = cpu();
    const idleClock = performance.now();
    await sleep(10_000);
    const idleShare = (cpu() - idleStart) / (performance.now() - idleClock);

    let polls = 0;
    let failures = 0;
    let stop = false;
    const pollers = devices.map(async ({ token }, index) => {
      // Spread over the 2 s like printers switched on at different times.
      await sleep((index / devices.length) * 2_000);
      while (!stop) {
        const started = performance.now();
        const response = await fetch(`${origin}/api/cloudprnt/${token}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ status: "23 6 0 0 0 0 0 0 0 ", printerMAC: "00:11:62:00:00:01" }),
        }).catch(() => null);
        if (response?.status === 200) {
          const offer = (await response.json()) as { jobReady: boolean };
          // No jobs are queued for these printers: an offer would be wrong.
          if (offer.jobReady) failures += 1;
          polls += 1;
        } else failures += 1;
        await sleep(Math.max(0, 2_000 - (performance.now() - started)));
      }
    });
    await sleep(2_000);
    const start = cpu();
    const clock = performance.now();
    const pollsBefore = polls;
    await sleep(SECONDS * 1_000);
    const share = (cpu() - start) / (performance.now() - clock);
    const measuredPolls = polls - pollsBefore;
    stop = true;
    await Promise.all(pollers);
    const percent = (value: number) => `${(Math.round(value * 1000) / 10).toFixed(1)} %`;
    console.log(
      `(b) ${POLLERS} CloudPRNT-Drucker, alle 2 s, ${SECONDS} s: ${measuredPolls} Abfragen ` +
        `(${(measuredPolls / SECONDS).toFixed(1)}/s), Fehler ${failures}; Server-CPU ${percent(share)} ` +
        `eines Kerns (im Leerlauf ${percent(idleShare)}, Mehrkosten ${percent(share - idleShare)}).`,
    );
    // What the printers cost is what the server spends beyond its own idle rounds (the print,
    // push and housekeeping workers run with or without printers).
    const reached = failures === 0 && share - idleShare < 0.05;
    console.log(
      `    Ziel (Mehrkosten < 5 % eines Kerns): ${reached ? "erreicht" : "verfehlt"}` +
        `; insgesamt ${share < 0.05 ? "auch" : "nicht"} unter 5 %.`,
    );
    return reached;
  } finally {
    await stopServer(server);
  }
}

async function main(): Promise<void> {
  execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
  process.env.PRINTER_ALLOW_LOOPBACK = "1";
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "backstube-printing-"));
  const serverUrl = benchPostgresUrl();
  const name = `bt_bench_printing_${process.pid}`;
  const admin = postgresAdmin(serverUrl);
  let handle: DatabaseHandle;
  let serverEnv: Record<string, string>;
  if (EMBEDDED) {
    const folder = path.join(dataDir, "data");
    handle = await openDatabase({ dataDir: folder });
    serverEnv = { DATA_DIR: folder };
  } else {
    await admin(`create database ${name}`);
    const databaseUrl = databaseUrlFor(serverUrl, name);
    handle = await openDatabase({ databaseUrl, dataDir: "", maxConnections: 4 });
    serverEnv = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
  }
  console.log(`Datenbank: ${EMBEDDED ? "PGlite" : "PostgreSQL"}`);
  let closed = false;
  try {
    await migrateToLatest(handle.db);
    await prepareCheckoutDatabase(handle.db);
    const tcp = await tcpLatency(handle);
    closed = EMBEDDED;
    const polling = await cloudPrntPolling(handle, serverEnv);
    if (!tcp || !polling) process.exitCode = 1;
  } finally {
    if (!closed) await handle.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    if (!EMBEDDED) await admin(`drop database if exists ${name} with (force)`);
  }
}

await main();
