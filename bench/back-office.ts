/**
 * The back office's speed targets (issue 14, "Speed"): saving a branch with 20 opening-hours
 * rules and 10 delivery areas through the resource service (p50 < 50 ms), and the first page of
 * the log with 100,000 entries (p50 < 100 ms), unfiltered, filtered and paged by the cursor.
 * Prints p50/p90/p99 per case and the query plans of the unfiltered and the branch's first page.
 * (The third target, a saved change on the storefront of two instances, is
 * bench/change-propagation.ts.)
 *
 *   node --import tsx bench/back-office.ts                                # embedded PGlite
 *   BENCH_BACKOFFICE_DATABASE_URL=postgres://…/empty_db node --import tsx bench/back-office.ts
 *
 * The PostgreSQL database is migrated and filled: give it an empty one of its own. Then the built
 * production server (`npm run build` first) is started on the same data and the same work is
 * timed over HTTP with an administrator's session: `PUT /api/branches/{id}` and the page
 * `/backend/logs` (BENCH_BACKOFFICE_HTTP=0 leaves that out).
 * Switches: BENCH_BACKOFFICE_RUNS=200 (timed runs per case), BENCH_BACKOFFICE_LOG_ROWS=100000,
 * BENCH_BACKOFFICE_PORT=3320.
 */
import { serveAs, timedRuns } from "./harness";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase } from "#app/db/connection.server";
import { migrateToLatest } from "#app/db/migrate.server";
import type { Role } from "#app/db/schema";
import { createRecord, schemaFor, updateRecord } from "#app/features/backoffice/resource.server";
import { branchesResource } from "#app/features/branches/branches.resource";
import { listLogEntries, type LogFilters } from "#app/features/logs/logs.server";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { setUserAccess } from "#app/db/queries/users";
import { fullBranch } from "#tests/support/branch-body";
import { stopServer, waitForHealth } from "./server";

const databaseUrl = process.env.BENCH_BACKOFFICE_DATABASE_URL;
const runs = Number(process.env.BENCH_BACKOFFICE_RUNS ?? 200);
const logRows = Number(process.env.BENCH_BACKOFFICE_LOG_ROWS ?? 100_000);
const zone = "Europe/Berlin";
const overHttp = process.env.BENCH_BACKOFFICE_HTTP !== "0";
const port = Number(process.env.BENCH_BACKOFFICE_PORT ?? 3320);
const origin = `http://127.0.0.1:${port}`;
const sessionSecret = "bench-back-office-".padEnd(40, "x");

function staffUser(id: number, roles: Role[], branchIds: number[]): StaffUser {
  return {
    id,
    email: `bench-${id}@example.org`,
    name: "Bench",
    roles,
    branchIds,
    isAdmin: roles.includes("ROLE_ADMIN"),
    isManager: roles.includes("ROLE_MANAGER"),
    sessionId: 0,
    surface: "api",
  };
}

const { figures, measure } = timedRuns(runs);

// PGlite in a folder of its own: the server opens the same data once the bench has let go.
const dataDir = databaseUrl ? "" : mkdtempSync(path.join(os.tmpdir(), "bench-back-office-"));
const handle = await openDatabase(databaseUrl ? { databaseUrl, dataDir } : { dataDir });
let handleOpen = true;
try {
  await migrateToLatest(handle.db);
  const { db } = handle;

  // ——— People and branches ———
  const userIds: number[] = [];
  for (let index = 0; index < 30; index += 1) {
    const row = await db
      .insertInto("users")
      .values({ email: `bench-${index}@example.org`, name: `Bench ${index}`, passwordHash: "-" })
      .returning("id")
      .executeTakeFirstOrThrow();
    userIds.push(row.id);
  }
  const admin = staffUser(userIds[0]!, ["ROLE_ADMIN"], []);
  await setUserAccess(db, admin.id, { roles: ["ROLE_ADMIN"], branchIds: [] });
  const schema = schemaFor(branchesResource);
  const parse = (identifier: string, name: string) => schema.parse(fullBranch(identifier, name));
  const branchIds: number[] = [];
  for (let index = 0; index < 8; index += 1) {
    const created = await createRecord(
      db,
      branchesResource,
      { user: admin },
      parse(`bench-${index}`, `Filiale ${index}`),
    );
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    branchIds.push(created.value.id);
  }

  // ——— 1. Saving a branch: 20 rules, 10 areas, through the service ———
  const branchId = branchIds[0]!;
  let version = (
    await sql<{
      version: string;
    }>`select xmin::text as version from branches where id = ${branchId}`.execute(db)
  ).rows[0]!.version;
  await measure("Filiale speichern (20 Regeln, 10 Liefergebiete)", async (run) => {
    // Alternating names: every save is a real change, as an editor's would be.
    const outcome = await updateRecord(
      db,
      branchesResource,
      { user: admin },
      branchId,
      parse("bench-0", `Filiale 0 (${run % 2})`),
      version,
    );
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    version = outcome.value.version;
  });

  // ——— 2. The log: logRows entries over a year ———
  // Orders make up most of it (one branch each), then logins and staff changes (no branch), then
  // the catalogue and branch settings; ids grow with time as they do when rows are appended.
  // One user (the last) writes rarely, one kind (departments) is rare: the worst cases.
  await sql`delete from audit_log`.execute(db);
  const rareUser = userIds.at(-1)!;
  const started = performance.now();
  const chunk = 20_000;
  for (let first = 1; first <= logRows; first += chunk) {
    const last = Math.min(logRows, first + chunk - 1);
    await sql`
      insert into audit_log (at, user_id, action, entity_type, entity_id, branch_id, data, ip)
      select
        now() - interval '365 days' * (1 - g::float8 / ${logRows}) + interval '1 second' * (g % 7),
        case when g % 997 = 0 then ${rareUser}::int
             else (${sql.val(userIds.slice(0, -1))}::int[])[1 + (g * 7) % ${userIds.length - 1}] end,
        kind || case when g % 3 = 0 then '.created' else '.updated' end,
        kind,
        (g % 5000)::text,
        case when kind in ('user', 'tag', 'department') then null
             else (${sql.val(branchIds)}::int[])[1 + (g * 13) % ${branchIds.length}] end,
        jsonb_build_object(
          'before', jsonb_build_object('status', 'new', 'name', 'Eintrag ' || g, 'total', g % 9000),
          'after', jsonb_build_object('status', 'done', 'name', 'Eintrag ' || g, 'total', g % 9000)),
        '192.0.2.' || (g % 250)
      from (
        select g, case
          when g % 2000 = 0 then 'department'
          when g % 100 < 60 then 'order'
          when g % 100 < 75 then 'user'
          when g % 100 < 85 then 'item'
          when g % 100 < 92 then 'branch'
          when g % 100 < 97 then 'table'
          else 'tag' end as kind
        from generate_series(${first}::int, ${last}::int) as g
      ) as rows`.execute(db);
  }
  // A branch closed ten months ago: its 60 entries lie far down the time index (the branch index's
  // case).
  const closed = await db
    .insertInto("branches")
    .values({ identifier: "bench-closed", name: "Geschlossen", position: 99 })
    .returning("id")
    .executeTakeFirstOrThrow();
  await sql`
    insert into audit_log (at, user_id, action, entity_type, entity_id, branch_id)
    select now() - interval '300 days' - interval '1 hour' * g, ${userIds[3]!}::int,
      'order.updated', 'order', g::text, ${closed.id}::int
    from generate_series(1, 60) as g`.execute(db);
  await sql`analyze audit_log`.execute(db);
  console.log(
    `${handle.kind}: ${logRows} Logeinträge in ${((performance.now() - started) / 1000).toFixed(1)} s angelegt`,
  );

  const manager = staffUser(userIds[1]!, ["ROLE_MANAGER"], [branchIds[1]!, branchIds[2]!]);
  const firstPage = await listLogEntries(db, admin, {}, zone);
  const [cursorAt, cursorId] = firstPage.next!.split("_").map(Number) as [number, number];
  const lastMonth = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const spring = { from: "2026-04-01", to: "2026-04-30" };
  const cases: [string, StaffUser, LogFilters][] = [
    ["Log, erste Seite, ohne Filter", admin, {}],
    ["Log, Seite 2 (Cursor)", admin, { before: { at: new Date(cursorAt), id: cursorId } }],
    ["Log, Filiale", admin, { branchId: branchIds[3] }],
    ["Log, Filiale (geschlossen, selten)", admin, { branchId: closed.id }],
    ["Log, Art (order, häufig)", admin, { entityType: "order" }],
    ["Log, Art (department, selten)", admin, { entityType: "department" }],
    ["Log, Aktion (item.created)", admin, { action: "item.created" }],
    ["Log, Person (häufig)", admin, { userId: userIds[2] }],
    ["Log, Person (selten)", admin, { userId: rareUser }],
    ["Log, Zeitraum (letzte 30 Tage)", admin, { from: lastMonth }],
    ["Log, Zeitraum (April)", admin, spring],
    [
      "Log, Filiale + Art + April",
      admin,
      { branchId: branchIds[3], entityType: "order", ...spring },
    ],
    ["Log, Filialleitung (2 Filialen)", manager, {}],
  ];
  for (const [label, user, filters] of cases) {
    const page = await listLogEntries(db, user, filters, zone);
    if (page.entries.length === 0) throw new Error(`${label}: keine Einträge`);
    await measure(`${label} (${page.entries.length})`, () =>
      listLogEntries(db, user, filters, zone),
    );
  }

  const kind = handle.kind;
  const logCases = figures.length - 1;

  const explain = async (label: string, where: ReturnType<typeof sql>) => {
    const plan = await sql<{ "QUERY PLAN": string }>`explain analyze
      select a.id, a.at, a.user_id, a.action, a.entity_type, a.entity_id, a.branch_id, u.name
      from audit_log a left join users u on u.id = a.user_id
      where ${where} order by a.at desc, a.id desc limit 51`.execute(db);
    console.log(`\n${label}\n${plan.rows.map((row) => row["QUERY PLAN"]).join("\n")}`);
  };
  await explain("EXPLAIN ANALYZE: erste Seite ohne Filter", sql`true`);
  await explain("EXPLAIN ANALYZE: erste Seite einer Filiale", sql`a.branch_id = ${branchIds[3]}`);
  await explain(
    "EXPLAIN ANALYZE: erste Seite einer geschlossenen Filiale",
    sql`a.branch_id = ${closed.id}`,
  );
  await explain("EXPLAIN ANALYZE: erste Seite einer seltenen Person", sql`a.user_id = ${rareUser}`);
  await explain(
    "EXPLAIN ANALYZE: erste Seite der Filialleitung",
    sql`a.branch_id in (${branchIds[1]}, ${branchIds[2]})`,
  );

  if (overHttp) {
    // ——— Over HTTP: the production server on the same data ———
    handleOpen = false;
    const { server, headers } = await serveAs(db, admin.id, handle, {
      ...{ port, origin, sessionSecret, databaseUrl, dataDir },
      unusedDir: "bench-back-office-unused",
    });
    try {
      await waitForHealth(origin, server);
      let etag: string | null = null;
      await measure("HTTP: PUT /api/branches/{id}", async (run) => {
        const response = await fetch(`${origin}/api/branches/${branchId}`, {
          method: "PUT",
          headers: {
            ...headers,
            "Content-Type": "application/json",
            ...(etag ? { "If-Match": etag } : {}),
          },
          body: JSON.stringify(fullBranch("bench-0", `Filiale 0 (${run % 2})`)),
        });
        if (response.status !== 200) {
          throw new Error(`PUT: ${response.status} ${await response.text()}`);
        }
        etag = response.headers.get("ETag");
        await response.arrayBuffer();
      });
      const page = async (query: string) => {
        const response = await fetch(`${origin}/backend/logs${query}`, { headers });
        const html = await response.text();
        if (response.status !== 200 || !html.includes("</html>")) {
          throw new Error(`/backend/logs${query}: ${response.status}`);
        }
      };
      await measure("HTTP: GET /backend/logs", () => page(""));
      await measure("HTTP: GET /backend/logs?filiale=…", () => page(`?filiale=${branchIds[3]}`));
      await measure("HTTP: GET /api/logs", async () => {
        const response = await fetch(`${origin}/api/logs`, { headers });
        if (response.status !== 200) throw new Error(`/api/logs: ${response.status}`);
        await response.arrayBuffer();
      });
    } finally {
      await stopServer(server);
    }
  }

  console.log(`\n${kind}, ${runs} Läufe je Fall, in ms`);
  console.table(figures);
  const save = figures[0]!;
  const logFirst = figures[1]!;
  const worstLog = Math.max(...figures.slice(1, 1 + logCases).map((row) => row.p50));
  console.log(
    `Ziel Filiale speichern p50 < 50 ms: ${save.p50 < 50 ? "erreicht" : "VERFEHLT"} (${save.p50} ms)`,
  );
  console.log(
    `Ziel Log erste Seite p50 < 100 ms: ${logFirst.p50 < 100 ? "erreicht" : "VERFEHLT"} (${logFirst.p50} ms; langsamster Fall p50 ${worstLog} ms)`,
  );
} finally {
  if (handleOpen) await handle.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
