/**
 * What the server-side staff session costs per request (decision 028): the lookup every staff
 * request makes (`findUserBySession`, token hash joined to the user) against the lookup by user id
 * that the cookie-only session made, with BENCH_SESSION_ROWS sessions in the table. Prints the
 * mean per lookup and the query plan.
 *
 *   node --import tsx bench/staff-session-lookup.ts                      # embedded PGlite
 *   BENCH_SESSION_DATABASE_URL=postgres://…/empty_db node --import tsx bench/staff-session-lookup.ts
 *
 * The PostgreSQL database is migrated and filled: give it an empty one of its own.
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { openDatabase } from "#app/db/connection.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { findUserById, findUserBySession } from "#app/db/queries/users";
import { sessionTokenHash } from "#app/features/staff/staff-session.server";

const databaseUrl = process.env.BENCH_SESSION_DATABASE_URL;
const sessionRows = Number(process.env.BENCH_SESSION_ROWS ?? 20_000);
const runs = Number(process.env.BENCH_SESSION_RUNS ?? 3_000);

const handle = await openDatabase(
  databaseUrl ? { databaseUrl, dataDir: "" } : { dataDir: "memory://" },
);
try {
  await migrateToLatest(handle.db);
  const { db } = handle;
  const userIds: number[] = [];
  for (let index = 0; index < 50; index += 1) {
    const row = await db
      .insertInto("users")
      .values({
        email: `bench-${index}-${Date.now()}@example.org`,
        name: "Bench",
        passwordHash: "-",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    userIds.push(row.id);
  }
  const now = new Date();
  const sessions = Array.from({ length: sessionRows }, (_, index) => ({
    userId: userIds[index % userIds.length]!,
    tokenHash: sessionTokenHash(randomBytes(32).toString("base64url")),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 16 * 60 * 60 * 1000),
  }));
  for (let start = 0; start < sessions.length; start += 1000) {
    await db
      .insertInto("staffSessions")
      .values(sessions.slice(start, start + 1000))
      .execute();
  }
  await sql`analyze staff_sessions`.execute(db);
  const probe = sessions[Math.floor(sessions.length / 2)]!;

  const time = async (label: string, lookup: () => Promise<unknown>) => {
    for (let run = 0; run < 200; run += 1) await lookup();
    const started = performance.now();
    for (let run = 0; run < runs; run += 1) await lookup();
    const micros = ((performance.now() - started) / runs) * 1000;
    console.log(`${label}: ${micros.toFixed(0)} µs per lookup (${runs} runs)`);
  };
  console.log(`${handle.kind}, ${sessionRows} sessions`);
  await time("by user id (the cookie-only session)", () => findUserById(db, probe.userId));
  await time("by session token (decision 028)", () =>
    findUserBySession(db, probe.tokenHash, new Date()),
  );
  const plan = await sql<{ "QUERY PLAN": string }>`explain
    select s.id from staff_sessions s join users u on u.id = s.user_id
    where s.token_hash = ${probe.tokenHash} and s.revoked_at is null and s.expires_at > now()
      and not u.is_locked`.execute(db);
  console.log(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
} finally {
  await handle.close();
}
