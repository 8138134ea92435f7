/**
 * The print worker alone in a process of its own, for the server-crash fault run
 * (tests/integration/printing-fault.test.ts, decision 056): the real `startPrintWorker` against
 * the PostgreSQL database in DATABASE_URL, a round every PRINT_WORKER_INTERVAL_MS. It prints
 * "bereit" when it runs; the test ends it with SIGKILL in the middle of a delivery, as a crash
 * or a power cut would.
 *
 *   DATABASE_URL=postgres://… node --import tsx tests/support/print-worker-process.ts
 */
import { openDatabase } from "../../app/db/connection.server";
import { startPrintWorker } from "../../app/features/devices/print-jobs.server";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL fehlt.");
const handle = await openDatabase({ databaseUrl, dataDir: "", maxConnections: 2 });
const worker = startPrintWorker(
  handle.db,
  (line) => console.error(line),
  Number(process.env.PRINT_WORKER_INTERVAL_MS ?? 1_000),
);
process.once("SIGTERM", () => {
  void worker
    .stop()
    .then(() => handle.close())
    .then(() => process.exit(0));
});
console.log("bereit");
