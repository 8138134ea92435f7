/**
 * Starts the production server on a fresh database (PGlite by default, PostgreSQL with
 * BENCH_DATABASE=postgres), fires each scenario with autocannon and reports requests per second
 * and latency percentiles. It measures; it asserts nothing.
 *
 *   npm run bench                         # PGlite
 *   BENCH_DATABASE=postgres npm run bench # a fresh database on the local PostgreSQL server
 *   BENCH_CONNECTIONS=50 BENCH_SECONDS=10 npm run bench
 *
 * Before the measured server starts, the built server is started once to migrate and seed the
 * database, and one branch gets an active menu of BENCH_MENU_PRODUCTS products (default 300,
 * bench/large-menu.ts; 0 leaves the demo data alone and skips the large-menu scenarios).
 * More switches:
 *
 *   BENCH_ONLY="große Karte"   only scenarios whose name contains this text (several: "a|b")
 *   BENCH_WARMUP=1             seconds of unmeasured load before each scenario
 *   BENCH_CPU_PROF=1           server runs with --cpu-prof (profiles in reports/cpu-profiles)
 *   BENCH_ORDER_CARTS=3000     carts ready before each order scenario (one order uses one up)
 *   BENCH_PROCESSES=2          server processes (WEB_CONCURRENCY) on PostgreSQL; default: one
 *                              per CPU, as production runs it (PGlite: always one)
 *   BENCH_WEBHOOKS=10          that many webhook endpoints (every event) at a local receiver
 *                              before the server starts (bench/webhooks.ts, issue 38)
 *   BENCH_METRICS_PORT=9464    the server serves its Prometheus figures there (METRICS_PORT,
 *                              decision 109); they are read before it stops, summed over its
 *                              processes, and kept in reports/bench-metrics-….prom
 *
 * With PostgreSQL the live order board is measured last (bench/live-orders.ts, its own
 * BENCH_LIVE_* switches; BENCH_ONLY="live" for it alone): 20 event streams, and how long a new
 * order and a status change take to reach every one of them.
 *
 * Then, with PostgreSQL, how fast a saved change reaches the storefront of two instances
 * (bench/change-propagation.ts, its own BENCH_PROPAGATION_* switches; BENCH_ONLY="änderungen"
 * for it alone): two single-process servers on BENCH_PORT + 10 and + 11, 50 branch renames.
 *
 * Scenarios with a database check (the order scenarios) run it after the server has stopped.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { openDatabase } from "#app/db/connection.server";
import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { prepareLargeMenuDatabase, type LargeMenu } from "./large-menu";
import { registerBenchWebhooks } from "./webhooks";
import { scenarios, type BenchRequest, type Verification } from "./scenarios";
import { cpuPerRequest, sampleCpu, serverMemory } from "./cpu-time";
import { ensurePortFree, migrateAndSeed, startServer, stopServer, waitForHealth } from "./server";
import {
  liveBenchDefaults,
  measureLiveOrders,
  printLiveResult,
  startLiveStandIn,
  type LiveBenchResult,
} from "./live-orders";
import {
  measureOnTwoServers,
  printPropagationResult,
  type PropagationResult,
} from "./change-propagation";

const port = Number(process.env.BENCH_PORT ?? 3200);
const origin = `http://127.0.0.1:${port}`;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 1);
const menuProducts = Number(process.env.BENCH_MENU_PRODUCTS ?? 300);
const only = process.env.BENCH_ONLY?.toLowerCase() ?? "";
/** Whether `name` is among the chosen: every run without BENCH_ONLY, else one of its texts. */
const isChosen = (name: string) =>
  !only || only.split("|").some((text) => name.toLowerCase().includes(text));
const cpuProfileDir = process.env.BENCH_CPU_PROF ? path.resolve("reports/cpu-profiles") : null;
const target = process.env.BENCH_DATABASE === "postgres" ? "postgres" : "pglite";
const metricsPort = process.env.BENCH_METRICS_PORT ? Number(process.env.BENCH_METRICS_PORT) : null;
const serverUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

interface Row {
  scenario: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
  /** Answers with another status than the scenario expects (2xx, or its `expectStatus`). */
  unexpected: number;
  /** CPU milliseconds per request: server processes, PostgreSQL, the bench (bench/cpu-time.ts). */
  cpuServer: number | null;
  cpuDatabase: number | null;
  cpuBench: number | null;
  /** MB after the scenario: the largest server process now and at its peak (bench/cpu-time.ts). */
  rssMB: number | null;
  peakMB: number | null;
  statusCodes: Record<string, number>;
  /** The scenario's database check (after the server stopped), if it has one. */
  verification?: Verification;
}

async function main() {
  const database = await prepareDatabase();
  if (database.largeMenu) {
    const { branchIdentifier, products, copies } = database.largeMenu;
    console.log(
      `Große Karte: Filiale ${branchIdentifier}, ${products} Produkte (${copies} Kopien).`,
    );
  }
  const nodeArgs = [
    ...(cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`] : []),
    // Flags Node refuses in NODE_OPTIONS, such as --trace-gc, for memory investigations.
    ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
  ];
  const rows: Row[] = [];
  const checks: { row: Row; verify: NonNullable<BenchRequest["verify"]> }[] = [];
  const live: { result?: LiveBenchResult } = {};
  let propagation: PropagationResult | null = null;
  const webhooks = await registerBenchWebhooks(
    database.env,
    Number(process.env.BENCH_WEBHOOKS ?? 0),
  );
  try {
    await measure(database, nodeArgs, rows, checks, live);
    if (webhooks) console.log(`Webhooks empfangen: ${webhooks.received()}`);
    await verify(database.env, checks);
    propagation = await measurePropagation(database.env);
    console.log(
      `\nDatenbank: ${target}; Verbindungen und Sekunden je Szenario, davor ${warmupSeconds} s ` +
        `Aufwärmen; Latenzen in ms; cpu*: CPU-Millisekunden je Anfrage (Server, PostgreSQL, ` +
        `Lastgenerator); rssMB/peakMB: größter Serverprozess nach dem Szenario, jetzt und höchstens`,
    );
    console.table(rows.map(({ statusCodes: _s, verification: _v, ...row }) => row));
    for (const row of rows) {
      console.log(`${row.scenario}: ${JSON.stringify(row.statusCodes)}`);
      for (const line of row.verification?.lines ?? []) console.log(`  ${line}`);
    }
    if (live.result) printLiveResult(live.result);
    if (propagation) printPropagationResult(propagation);
    mkdirSync("reports", { recursive: true });
    const file = path.join(
      "reports",
      `bench-${target}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
    );
    writeFileSync(
      file,
      JSON.stringify(
        {
          target,
          connections,
          seconds,
          warmupSeconds,
          largeMenu: database.largeMenu,
          at: new Date().toISOString(),
          rows,
          live: live.result,
          propagation,
        },
        null,
        2,
      ),
    );
    console.log(`Bericht: ${file}`);
  } finally {
    await webhooks?.close();
    await database.cleanup();
  }
}

/** The scenarios' database checks, on the database the server has just let go of. */
async function verify(
  env: Record<string, string>,
  checks: { row: Row; verify: NonNullable<BenchRequest["verify"]> }[],
): Promise<void> {
  if (checks.length === 0) return;
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR!,
    maxConnections: 1,
  });
  try {
    for (const { row, verify } of checks) {
      row.verification = await verify(handle.db);
      if (!row.verification.ok) {
        console.error(`Prüfung fehlgeschlagen: ${row.scenario}`);
        process.exitCode = 1;
      }
    }
  } finally {
    await handle.close();
  }
}

/** Starts the server, prepares and fires each scenario, and stops the server again. */
async function measure(
  database: { env: Record<string, string>; largeMenu: LargeMenu | null },
  nodeArgs: string[],
  rows: Row[],
  checks: { row: Row; verify: NonNullable<BenchRequest["verify"]> }[],
  live: { result?: LiveBenchResult },
): Promise<void> {
  await ensurePortFree(port);
  const env = metricsPort ? { ...database.env, METRICS_PORT: String(metricsPort) } : database.env;
  const server = startServer({ port, env, nodeArgs });
  try {
    await waitForHealth(origin, server);
    for (const scenario of scenarios) {
      if (!isChosen(scenario.name)) continue;
      const scenarioConnections = scenario.connections ?? connections;
      const request = await scenario.prepare({
        origin,
        connections: scenarioConnections,
        fetchText: (p, cookie) =>
          fetch(origin + p, { headers: cookie ? { Cookie: cookie } : {} }).then((r) => r.text()),
        request: (p, init) => fetch(origin + p, { ...init, redirect: "manual" }),
        largeMenu: database.largeMenu,
        databaseUrl: database.env.DATABASE_URL || null,
        staffCookie: () => signInStaff(),
        processes: Number(database.env.WEB_CONCURRENCY ?? 1),
      });
      if (!request) {
        console.log(`übersprungen: ${scenario.name}`);
        continue;
      }
      const scenarioSeconds = scenario.seconds ?? seconds;
      let result: autocannon.Result;
      let cpu: ReturnType<typeof cpuPerRequest>;
      let memory: ReturnType<typeof serverMemory>;
      try {
        if (warmupSeconds > 0) {
          await settle(await fire(request, scenarioConnections, warmupSeconds));
        }
        const cpuBefore = sampleCpu(server.pid);
        result = await fire(request, scenarioConnections, scenarioSeconds);
        // Another server's answers (the ceiling) say nothing about the shop's CPU and memory.
        const isShop = request.origin === undefined;
        cpu = isShop
          ? cpuPerRequest(cpuBefore, sampleCpu(server.pid), result.requests.total)
          : null;
        memory = isShop ? serverMemory(server.pid) : null;
        await settle(result);
      } finally {
        await request.cleanup?.();
      }
      const statusCodes = Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [
          code,
          stats?.count ?? 0,
        ]),
      );
      const expected = Object.entries(statusCodes)
        .filter(([code]) =>
          request.expectStatus ? Number(code) === request.expectStatus : code.startsWith("2"),
        )
        .reduce((sum, [, count]) => sum + count, 0);
      const answered = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
      const row: Row = {
        scenario: scenario.name,
        connections: scenarioConnections,
        seconds: scenarioSeconds,
        requestsPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        unexpected: answered - expected,
        cpuServer: cpu?.server ?? null,
        cpuDatabase: cpu?.database ?? null,
        cpuBench: cpu?.bench ?? null,
        rssMB: memory?.rss ?? null,
        peakMB: memory?.peak ?? null,
        statusCodes,
      };
      rows.push(row);
      if (request.verify) checks.push({ row, verify: request.verify });
    }
    if (isChosen("live-bestellungen")) {
      live.result = (await measureLive(database.env)) ?? undefined;
      if (live.result && !live.result.ok) process.exitCode = 1;
    }
    if (metricsPort) await keepMetrics(metricsPort);
  } finally {
    await stopServer(server);
  }
}

/**
 * The server's Prometheus figures after the run (decision 109): kept in reports/, and the
 * requests per route group, orders and queue depths printed.
 */
async function keepMetrics(metricsPort: number): Promise<void> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  mkdirSync("reports", { recursive: true });
  const file = path.join(
    "reports",
    `bench-metrics-${target}-${new Date().toISOString().replace(/[:.]/g, "-")}.prom`,
  );
  writeFileSync(file, text);
  const shown =
    /^backstube_(http_request_duration_seconds_count|orders_|payments_|kept_pages_total|outbox_pending|print_jobs|db_pool|process_resident_memory_bytes)/;
  console.log(`\nKennzahlen nach dem Lauf (${file}):`);
  for (const line of text.split("\n")) if (shown.test(line)) console.log(`  ${line}`);
}

const BENCH_ADMIN_PASSWORD = "bench-backoffice-1";
let staffCookie: Promise<string> | null = null;

/** The seeded administrator's session cookie on the measured server (signed in once). */
function signInStaff(): Promise<string> {
  staffCookie ??= fetch(`${origin}/backend/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "password",
      email: DEMO_ADMIN_EMAIL,
      password: BENCH_ADMIN_PASSWORD,
      redirectTo: "/backend",
    }).toString(),
  }).then((response) => {
    const cookie = response.headers.get("set-cookie")?.split(";")[0];
    if (response.status !== 303 || !cookie) {
      throw new Error(`Anmelden im Backoffice fehlgeschlagen (${response.status}).`);
    }
    return cookie;
  });
  return staffCookie;
}

/**
 * The live order board while the measured server still runs: its real route when
 * BENCH_LIVE_PATH names it, otherwise the stand-in event stream (bench/live-events-server.ts) on
 * the same database. PostgreSQL only: PGlite cannot be written by a second process.
 */
async function measureLive(env: Record<string, string>): Promise<LiveBenchResult | null> {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    console.log("übersprungen: Live-Bestellungen (nur mit BENCH_DATABASE=postgres)");
    return null;
  }
  // The real route with a signed-in administrator, unless BENCH_LIVE_PATH names another.
  const path = process.env.BENCH_LIVE_PATH ?? "/backend/orders/events";
  const cookie = process.env.BENCH_LIVE_COOKIE ?? (await signInStaff());
  const standIn = path
    ? null
    : await startLiveStandIn(databaseUrl, Number(process.env.BENCH_LIVE_PORT ?? port + 1));
  try {
    return await measureLiveOrders({
      ...liveBenchDefaults(),
      eventsUrl: path ? origin + path : standIn!.url,
      headers: { Cookie: cookie },
      databaseUrl,
    });
  } finally {
    await standIn?.stop();
  }
}

/**
 * A saved change on two instances' storefront, after the measured server has stopped (so that it
 * measures the invalidation, not the load). PostgreSQL only, like the live board.
 */
async function measurePropagation(env: Record<string, string>): Promise<PropagationResult | null> {
  if (!isChosen("änderungen im shop")) return null;
  if (!env.DATABASE_URL) {
    console.log("übersprungen: Änderungen im Shop (nur mit BENCH_DATABASE=postgres)");
    return null;
  }
  const result = await measureOnTwoServers(env, port + 10);
  if (!result.ok) process.exitCode = 1;
  return result;
}

/**
 * autocannon stops with requests still in flight, which the server goes on answering: wait until
 * /healthz answers quickly three times in a row, so they do not load the next measurement.
 */
async function settle(result: autocannon.Result): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, Math.min(result.latency.max, 5_000)));
  const deadline = Date.now() + 60_000;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const start = performance.now();
    const ok = await fetch(`${origin}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    quick = ok && performance.now() - start < 20 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * One autocannon run; `cookies` rotate round robin, one per request, and `perRequest` shapes
 * each request (autocannon calls setupRequest once per request it sends, with a context that
 * comes back with that request's answer: one request at a time per connection).
 */
function fire(request: BenchRequest, connections: number, duration: number) {
  const { cookies, perRequest, onAnswer } = request;
  let next = 0;
  type Context = { tag?: string };
  const setupRequest: autocannon.Request["setupRequest"] = perRequest
    ? (req, context) => {
        const variant = perRequest();
        (context as Context).tag = variant.tag;
        return {
          ...req,
          headers: { ...req.headers, ...variant.headers },
          ...(variant.body === undefined ? {} : { body: variant.body }),
        };
      }
    : cookies?.length
      ? (req) => {
          const cookie = cookies[next++ % cookies.length]!;
          return { ...req, headers: { ...req.headers, cookie } };
        }
      : undefined;
  return autocannon({
    url: request.origin ?? origin,
    connections,
    duration,
    requests: [
      {
        path: request.path,
        method: request.method ?? "GET",
        headers: request.headers,
        body: request.body,
        ...(setupRequest ? { setupRequest } : {}),
        ...(onAnswer
          ? {
              onResponse: (status: number, _body: string, context: object) =>
                onAnswer(status, (context as Context).tag),
            }
          : {}),
      },
    ],
  });
}

async function prepareDatabase(): Promise<{
  env: Record<string, string>;
  largeMenu: LargeMenu | null;
  cleanup: () => Promise<void>;
}> {
  const dataDir = path.resolve(".cache/bench-data");
  rmSync(dataDir, { recursive: true, force: true });
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (target === "pglite") {
    env = { DATA_DIR: dataDir, DATABASE_URL: "", DEMO_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const name = `bt_bench_${process.pid}`;
    await admin((client) => client.query(`create database ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const processes = Number(process.env.BENCH_PROCESSES ?? availableParallelism());
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      WEB_CONCURRENCY: String(processes),
      // Twenty connections in all, as one process had before the cluster.
      DATABASE_POOL_SIZE: String(Math.ceil(20 / processes)),
      DEMO_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    };
    cleanup = () => admin((client) => client.query(`drop database if exists ${name} with (force)`));
  }
  try {
    return { env, largeMenu: await fillLargeMenu(env), cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** The built server migrates and seeds; then the large menu goes in before it starts again. */
async function fillLargeMenu(env: Record<string, string>): Promise<LargeMenu | null> {
  if (!(menuProducts > 0)) return null;
  await migrateAndSeed({ port, env });
  return prepareLargeMenuDatabase({
    dataDir: env.DATA_DIR!,
    databaseUrl: env.DATABASE_URL || undefined,
    products: menuProducts,
    branchIdentifier: process.env.BENCH_LARGE_MENU_BRANCH || undefined,
  });
}

async function admin(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

await main();
