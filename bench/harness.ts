import type { ChildProcess } from "node:child_process";
import type { AppLoadContext } from "@remix-run/node";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "#app/db/connection.server";
import { migrateToLatest } from "#app/db/migrate.server";
import type { Db } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { createStaffSession, staffSessionCookie } from "#app/features/staff/staff-session.server";
import { databaseUrlFor } from "#tests/support/postgres";
import { ensurePortFree, startServer } from "./server";
import { createTimings } from "./timings";

/**
 * What the benches share (issue 37): a database of their own on the PostgreSQL server, a signed-in
 * staff member's cookie, the production server on the bench's data, and timed runs.
 */

/** The PostgreSQL server a bench creates its databases on. */
export const benchPostgresUrl = () =>
  process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Runs one statement (`create database …`, `drop database …`) on the server's own database. */
export function postgresAdmin(serverUrl: string) {
  return async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
}

/**
 * A database of the bench's own (`bt_bench_<bench>_<pid>`) on the PostgreSQL server, migrated and
 * with the demo data: its URL, and `drop` to remove it when the bench is done.
 */
export async function demoBenchDatabase(
  bench: string,
): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const serverUrl = benchPostgresUrl();
  const name = `bt_bench_${bench}_${process.pid}`;
  const admin = postgresAdmin(serverUrl);
  await admin(`create database ${name}`);
  const databaseUrl = databaseUrlFor(serverUrl, name);
  const drop = () => admin(`drop database if exists ${name} with (force)`);
  try {
    const handle = await openDatabase({ databaseUrl, dataDir: "", maxConnections: 2 });
    try {
      await migrateToLatest(handle.db);
      await seedDemoData(handle.db, { now: new Date() });
    } finally {
      await handle.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { databaseUrl, drop };
}

/** A staff session for the user, as the `Cookie` header's value. */
export async function staffCookie(
  db: Db,
  userId: number,
  { origin, sessionSecret }: { origin: string; sessionSecret: string },
): Promise<string> {
  const token = await createStaffSession(db, userId, { clientAddress: "", now: new Date() });
  const context = { config: { publicOrigin: origin }, secrets: { session: sessionSecret } };
  return (await staffSessionCookie(context as AppLoadContext, token)).split(";")[0]!;
}

/** The built server in demo mode on the bench's data, without demo data of its own. */
export async function startBenchServer({
  port,
  origin,
  sessionSecret,
  databaseUrl,
  dataDir,
  nodeArgs,
}: {
  port: number;
  origin: string;
  sessionSecret: string;
  databaseUrl: string | undefined;
  dataDir: string;
  nodeArgs?: string[];
}): Promise<ChildProcess> {
  await ensurePortFree(port);
  return startServer({
    port,
    nodeArgs,
    env: {
      APP_MODE: "demo",
      SEED_DEMO_DATA: "0",
      SESSION_SECRET: sessionSecret,
      PUBLIC_ORIGIN: origin,
      DATABASE_URL: databaseUrl ?? "",
      DATA_DIR: dataDir,
    },
  });
}

/** The administrator (of no branch) a bench acts as, signed in on a page. */
export const benchAdmin = (id: number, email: string): StaffUser => ({
  id,
  email,
  name: "Bench",
  roles: ["ROLE_ADMIN"],
  branchIds: [],
  isAdmin: true,
  isManager: false,
  sessionId: 0,
  surface: "page",
});

/**
 * The production server on the bench's data for the user: their session cookie is made first,
 * then the bench's own connection is closed, then the server starts (its data in `dataDir`, or
 * in a fresh `unusedDir` under the temporary folder when the bench runs on a PostgreSQL server).
 * Answers the server (to stop) and the headers of a signed-in request.
 */
export async function serveAs(
  db: Db,
  userId: number,
  own: { close(): Promise<void> },
  { unusedDir, ...options }: Parameters<typeof startBenchServer>[0] & { unusedDir: string },
) {
  const cookie = await staffCookie(db, userId, options);
  await own.close();
  const server = await startBenchServer({
    ...options,
    dataDir: options.dataDir || path.join(os.tmpdir(), unusedDir),
  });
  return { server, headers: { Cookie: cookie, Origin: options.origin } };
}

/** Timed runs of one piece of work, `runs` times after a warm-up, into `figures`. */
export function timedRuns(runs: number) {
  const timings = createTimings({ maxWarmUp: 50 });
  const measure = (label: string, work: (run: number) => Promise<unknown>) =>
    timings.measure(label, runs, work);
  return { figures: timings.figures, measure };
}
