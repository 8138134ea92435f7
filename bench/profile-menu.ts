/**
 * Where a large-menu branch page spends its time, in one process without HTTP: the built server
 * (build/server/index.js) answers the page through Remix's request handler over a Kysely whose
 * every query is timed, and each route loader is timed on its own; the loader's parts (catalogue
 * queries, schedule rules, opening state) come from the sources in app/. It measures; it asserts
 * nothing.
 *
 *   node --import tsx bench/profile-menu.ts                          # PGlite
 *   BENCH_DATABASE=postgres node --import tsx bench/profile-menu.ts  # a fresh PostgreSQL database
 *   BENCH_MENU_PRODUCTS=300 BENCH_ROUNDS=100 …
 *
 * The page time is sequential (one request at a time), so it is the server's own time for one
 * page; under N concurrent connections a page waits for the others (latency ≈ N × this time on
 * one event loop).
 */
import "./production-env";
import { rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { Kysely, PostgresDialect, type Dialect, type LogEvent } from "kysely";
import pg from "pg";
import { camelCase } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { loadActiveCatalogue } from "#app/features/storefront/menu-catalogue.server";
import { findActiveMenuForBranch, loadMenuCatalogue } from "#app/db/queries/catalogue";
import { findBranchByIdentifier, listBranches } from "#app/db/queries/branches";
import { isAvailableAt, isListedAt } from "#app/domain/menu";
import { branchOpening, toOpeningRule } from "#app/features/storefront/opening.server";
import { getSettings } from "#app/db/queries/settings";
import { prepareLargeMenuDatabase } from "./large-menu";
import { postgresAdmin } from "./harness";
import { migrateAndSeed } from "./server";

const target = process.env.BENCH_DATABASE === "postgres" ? "postgres" : "pglite";
const serverUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const products = Number(process.env.BENCH_MENU_PRODUCTS ?? 300);
const rounds = Number(process.env.BENCH_ROUNDS ?? 60);
const origin = "http://127.0.0.1:3200";

/** The same result parsing as app/db/connection.server.ts (int8 and numeric as numbers). */
const parsers: Record<number, (value: string) => unknown> = {
  20: (value) => Number(value),
  1700: (value) => Number(value),
  1082: (value) => value,
};

interface Timed {
  sql: string;
  ms: number;
}

async function main() {
  const dataDir = path.resolve(".cache/bench-profile-data");
  rmSync(dataDir, { recursive: true, force: true });
  const name = `bt_profile_${process.pid}`;
  let databaseUrl: string | undefined;
  if (target === "postgres") {
    await admin(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const queries: Timed[] = [];
  let opened: { db: Kysely<Database>; close(): Promise<void> } | undefined;
  try {
    // The built server migrates and seeds (its schema, its demo data), then the menu goes in.
    await migrateAndSeed({
      port: Number(process.env.BENCH_PORT ?? 3201),
      env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "" },
    });
    const menu = await prepareLargeMenuDatabase({ databaseUrl, dataDir, products });
    opened = await openTimed(databaseUrl, dataDir, (event) => {
      if (event.level === "query") {
        queries.push({ sql: event.query.sql, ms: event.queryDurationMillis });
      }
    });
    const { db } = opened;
    const identifier = menu.branchIdentifier;
    const pagePath = `/store/${identifier}`;
    console.log(`${target}: ${pagePath}, ${menu.products} Produkte, ${rounds} Runden je Messung\n`);

    const build = (await import(
      pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js")).href
    )) as ServerBuild;
    const handler = createRequestHandler(build, "production");
    const context = {
      db,
      config: { publicOrigin: origin, mode: "demo", dataDir },
      secrets: { session: "bench-profile-secret-0123456789abcdef" },
      cspNonce: "bench",
    } as AppLoadContext;
    const request = () => new Request(origin + pagePath, { headers: { Accept: "text/html" } });

    // Whole page: loaders, React render, loader data streamed into the HTML.
    let bytes = 0;
    const page = await measure(async () => {
      const response = await handler(request(), context);
      bytes = (await response.text()).length;
    });
    const perPage = countQueries(queries, async () => {
      await (await handler(request(), context)).text();
    });
    const pageQueries = await perPage;

    // Each route's loader alone, and the three side by side as Remix runs them.
    const routes = ["root", "routes/store/branch", "routes/store/menu"];
    const loaderOf = (id: string) => {
      const loader = build.routes[id]?.module.loader;
      if (!loader) throw new Error(`Route ${id} hat keinen Loader.`);
      return async () =>
        loader({ request: request(), params: { branchIdentifier: identifier }, context });
    };
    const loaders: Record<string, Summary> = {};
    for (const id of routes) loaders[id] = await measure(loaderOf(id));
    const allLoaders = await measure(() => Promise.all(routes.map((id) => loaderOf(id)())));

    // The menu loader's parts: the catalogue queries and what the domain does with them.
    const now = new Date();
    const settings = await getSettings(db);
    const branch = (await findBranchByIdentifier(db, identifier))!;
    const active = (await findActiveMenuForBranch(db, branch.id, now))!;
    const catalogueQueries = await measure(() => loadMenuCatalogue(db, active.id));
    const activeCatalogue = await measure(() =>
      loadActiveCatalogue(db, branch.id, now, settings.businessTimeZone),
    );
    const loaderJson = JSON.stringify(await loaderOf("routes/store/menu")()).length;

    // The opening-hours rules alone, without the database: product and category schedules as
    // loadActiveCatalogue checks them, and the branches' opening state as the page shell and the
    // branch loader compute it.
    const catalogue = (await loadMenuCatalogue(db, active.id))!;
    const zone = settings.businessTimeZone;
    let scheduled = 0;
    const scheduleRules = await measure(async () => {
      scheduled = 0;
      for (const category of catalogue.categories) {
        const rules = { ...category, schedule: category.schedule.map(toOpeningRule) };
        if (rules.schedule.length > 0) scheduled += 1;
        isListedAt(rules, now, zone);
        isAvailableAt(rules, now, zone);
        for (const entry of category.entries) {
          const listedProducts = entry.kind === "product" ? [entry.product] : entry.group.products;
          for (const product of listedProducts) {
            const productRules = { ...product, schedule: product.schedule.map(toOpeningRule) };
            if (productRules.schedule.length > 0) scheduled += 1;
            if (isListedAt(productRules, now, zone)) isAvailableAt(productRules, now, zone);
          }
        }
      }
    });
    const publicBranches = await listBranches(db, { publicOnly: true });
    const openingRules = await measure(async () => {
      for (const each of publicBranches) branchOpening(each, now, zone);
      branchOpening(branch, now, zone);
    });

    console.log("Messung (ms)                         p50     p90     max  CPU/Runde");
    const line = (label: string, summary: Summary) =>
      console.log(
        `${label.padEnd(34)} ${fmt(summary.p50)} ${fmt(summary.p90)} ${fmt(summary.max)} ${fmt(summary.cpu)}`,
      );
    line("ganze Seite (handler + Body)", page);
    line("alle Loader parallel", allLoaders);
    for (const id of routes) line(`  Loader ${id}`, loaders[id]!);
    line("  loadMenuCatalogue (nur Abfragen)", catalogueQueries);
    line("  loadActiveCatalogue (+ Regeln)", activeCatalogue);
    line(`Zeitpläne (${scheduled} mit Regeln)`, scheduleRules);
    line(`Öffnungszustand (${publicBranches.length + 1} Filialen)`, openingRules);
    console.log(
      `\nRendern + Serialisieren ≈ ganze Seite − Loader: ${fmt(page.p50 - allLoaders.p50)} ms (p50)`,
    );
    console.log(
      `HTML: ${(bytes / 1024).toFixed(0)} KiB, Menü-Loaderdaten als JSON: ${(loaderJson / 1024).toFixed(0)} KiB`,
    );
    console.log(
      `\nAbfragen je Seite: ${pageQueries.length}, Summe ${fmt(sum(pageQueries))} ms (Datenbankzeit inkl. Treiber, überlappend)`,
    );
    const grouped = new Map<string, { count: number; ms: number }>();
    for (const query of pageQueries) {
      const key = query.sql.replace(/\s+/g, " ").slice(0, 110);
      const entry = grouped.get(key) ?? { count: 0, ms: 0 };
      entry.count += 1;
      entry.ms += query.ms;
      grouped.set(key, entry);
    }
    for (const [sql, { count, ms }] of [...grouped].sort((a, b) => b[1].ms - a[1].ms)) {
      console.log(`${fmt(ms)} ms  ${String(count).padStart(2)}×  ${sql}`);
    }
  } finally {
    await opened?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (target === "postgres") await admin(`drop database if exists ${name} with (force)`);
  }
}

interface Summary {
  p50: number;
  p90: number;
  max: number;
  /** CPU time of this process per round (user + system), less disturbed by other load. */
  cpu: number;
}

async function measure(work: () => Promise<unknown>): Promise<Summary> {
  for (let index = 0; index < Math.max(10, rounds / 3); index += 1) await work();
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let index = 0; index < rounds; index += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  const cpuUsed = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return {
    p50: at(0.5),
    p90: at(0.9),
    max: times[times.length - 1]!,
    cpu: (cpuUsed.user + cpuUsed.system) / 1000 / rounds,
  };
}

/** The queries one run of `work` sends, with their durations. */
async function countQueries(log: Timed[], work: () => Promise<unknown>): Promise<Timed[]> {
  const from = log.length;
  await work();
  return log.slice(from);
}

const sum = (timed: Timed[]) => timed.reduce((total, query) => total + query.ms, 0);
const fmt = (ms: number) => ms.toFixed(1).padStart(7);

async function openTimed(
  databaseUrl: string | undefined,
  dataDir: string,
  log: (event: LogEvent) => void,
): Promise<{ db: Kysely<Database>; close(): Promise<void> }> {
  let dialect: Dialect;
  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      types: {
        getTypeParser: ((oid: number, format?: "text" | "binary") =>
          parsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    dialect = new PostgresDialect({ pool });
  } else {
    const [{ PGlite }, { PGliteDialect }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("kysely-pglite-dialect"),
    ]);
    const client = await PGlite.create({ dataDir, parsers });
    dialect = new PGliteDialect(client);
  }
  const db = new Kysely<Database>({ dialect, plugins: [camelCase], log });
  return { db, close: () => db.destroy() };
}

function admin(statement: string): Promise<void> {
  return postgresAdmin(serverUrl)(statement);
}

await main();
