/**
 * Starts the production server on a fresh database (PGlite by default, PostgreSQL with
 * BENCH_DATABASE=postgres), fires each scenario with autocannon and reports requests per second
 * and latency percentiles. It measures; it asserts nothing.
 *
 *   npm run bench                         # PGlite
 *   BENCH_DATABASE=postgres npm run bench # a fresh database on the local PostgreSQL server
 *   BENCH_CONNECTIONS=50 BENCH_SECONDS=10 npm run bench
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { scenarios } from "./scenarios";

const port = Number(process.env.BENCH_PORT ?? 3200);
const origin = `http://127.0.0.1:${port}`;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const target = process.env.BENCH_DATABASE === "postgres" ? "postgres" : "pglite";
const serverUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

interface Row {
  scenario: string;
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function main() {
  const database = await prepareDatabase();
  const server = startServer(database.env);
  try {
    await waitForHealth();
    const rows: Row[] = [];
    for (const scenario of scenarios) {
      const request = await scenario.prepare({
        origin,
        fetchText: (p) => fetch(origin + p).then((r) => r.text()),
      });
      if (!request) {
        console.log(`übersprungen: ${scenario.name}`);
        continue;
      }
      const result = await autocannon({
        url: origin + request.path,
        method: request.method ?? "GET",
        headers: request.headers,
        body: request.body,
        connections,
        duration: seconds,
      });
      rows.push({
        scenario: scenario.name,
        requestsPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      });
    }
    console.log(`\nDatenbank: ${target}, ${connections} Verbindungen, ${seconds} s je Szenario`);
    console.table(rows);
    mkdirSync("reports", { recursive: true });
    const file = path.join(
      "reports",
      `bench-${target}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
    );
    writeFileSync(
      file,
      JSON.stringify({ target, connections, seconds, at: new Date().toISOString(), rows }, null, 2),
    );
    console.log(`Bericht: ${file}`);
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await database.cleanup();
  }
}

async function prepareDatabase(): Promise<{
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}> {
  const dataDir = path.resolve(".cache/bench-data");
  rmSync(dataDir, { recursive: true, force: true });
  if (target === "pglite") {
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: "" },
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `bt_bench_${process.pid}`;
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: "20" },
    cleanup: () => admin((client) => client.query(`drop database if exists ${name} with (force)`)),
  };
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

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server/server.js`], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" },
  });
}

async function waitForHealth(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${origin}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("Der Server ist nicht innerhalb von 60 s bereit geworden.");
}

await main();
