import type { ChildProcess } from "node:child_process";
import type { AppLoadContext } from "@remix-run/node";
import pg from "pg";
import type { Db } from "#app/db/schema";
import { createStaffSession, staffSessionCookie } from "#app/features/staff/staff-session.server";
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

/** Timed runs of one piece of work, `runs` times after a warm-up, into `figures`. */
export function timedRuns(runs: number) {
  const timings = createTimings({ maxWarmUp: 50 });
  const measure = (label: string, work: (run: number) => Promise<unknown>) =>
    timings.measure(label, runs, work);
  return { figures: timings.figures, measure };
}
