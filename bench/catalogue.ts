/**
 * The catalogue's speed targets of issue 15: the product list with 5,000 products (first page
 * p50 < 100 ms, search p50 < 100 ms) and the CSV import of 5,000 products (< 10 s, in one
 * transaction). Prints p50/p90/p99 per case and the list targets with their p50 at the end.
 *
 *   npm run build && npm run bench:catalogue                                # embedded PGlite
 *   BENCH_CATALOGUE_DATABASE_URL=postgres://…/empty_db npm run bench:catalogue
 *
 * The import goes through `importProductsCsv`, the service behind `POST /api/products/import`:
 * 5,000 new products, then the export of them with every price changed (5,000 updates), each
 * one transaction with an audit entry per product. The list is the real `productsResource`
 * (decision 036) through `listRecords` of the resource pattern (decision 035), with its row
 * actions (the sold-out buttons, one query for the page) as the list page asks for them. Then,
 * over HTTP against the built production server on the same data with an administrator's
 * session, as bench/menu-editor.ts does: `GET /backend/products` (the first page, the whole
 * document), `GET /backend/products?suche=…` and `GET /api/products?search=…`.
 * The PostgreSQL database is migrated and filled: give it an empty one of its own.
 * Switches: BENCH_CATALOGUE_RUNS=200 (timed list runs), BENCH_CATALOGUE_PRODUCTS=5000,
 * BENCH_CATALOGUE_IMPORTS=3 (timed imports of each kind), BENCH_CATALOGUE_HTTP=0 (no server),
 * BENCH_CATALOGUE_PORT=3340.
 */
import { benchAdmin, serveAs } from "./harness";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase } from "#app/db/connection.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { setUserAccess } from "#app/db/queries/users";
import { listRecords } from "#app/features/backoffice/resource.server";
import { exportProductsCsv, importProductsCsv } from "#app/features/catalogue/products-csv.server";
import { productsResource } from "#app/features/catalogue/products.resource";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { stopServer, waitForHealth } from "./server";
import { createTimings } from "./timings";

const databaseUrl = process.env.BENCH_CATALOGUE_DATABASE_URL;
const runs = Number(process.env.BENCH_CATALOGUE_RUNS ?? 200);
const products = Number(process.env.BENCH_CATALOGUE_PRODUCTS ?? 5000);
const imports = Number(process.env.BENCH_CATALOGUE_IMPORTS ?? 3);
const overHttp = process.env.BENCH_CATALOGUE_HTTP !== "0";
const port = Number(process.env.BENCH_CATALOGUE_PORT ?? 3340);
const origin = `http://127.0.0.1:${port}`;
const sessionSecret = "bench-catalogue-".padEnd(40, "x");

const { figures, measure } = createTimings({ maxWarmUp: 20 });

/** The list page's first page: the rows and their row actions, as `resourceListLoader` reads it. */
async function listPage(
  db: Parameters<typeof listRecords>[0],
  admin: StaffUser,
  query: Parameters<typeof listRecords>[3],
) {
  const page = await listRecords(db, productsResource, admin, { pageSize: 25, ...query });
  if (!page.ok) throw new Error("Liste abgelehnt");
  const actions = await productsResource.rowActions?.(db, page.value.rows, admin, {
    returnTo: "/backend/products",
  });
  return { rows: page.value.rows, actions };
}

const WORDS = ["Brezel", "Semmel", "Kuchen", "Torte", "Brot", "Stange", "Schnecke", "Krapfen"];
const KINDS = ["Mohn", "Sesam", "Dinkel", "Roggen", "Nuss", "Käse", "Schoko", "Vanille", "Apfel"];

function newProductsCsv(count: number): string {
  const lines = ["identifier;name;description;price;unit;taxRate;allergenCodes;isEnabled"];
  for (let index = 0; index < count; index += 1) {
    const word = WORDS[index % WORDS.length]!;
    const kind = KINDS[Math.floor(index / WORDS.length) % KINDS.length]!;
    const cents = 50 + ((index * 37) % 4000);
    lines.push(
      [
        `bench-${index}`,
        `${kind}-${word} ${index}`,
        `Frisch gebacken, Nummer ${index}`,
        `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`,
        "piece",
        index % 5 === 0 ? "19" : "7",
        index % 3 === 0 ? "gluten,milk" : "gluten",
        "ja",
      ].join(";"),
    );
  }
  return lines.join("\r\n");
}

/** The export with every price raised by `cents`: one changed field in every row. */
function withPricesRaised(csv: string, cents: number): string {
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  const priceAt = lines[0]!.split(";").indexOf("price");
  return lines
    .map((line, index) => {
      if (index === 0) return line;
      const cells = line.split(";");
      const [euros, rest] = cells[priceAt]!.split(",");
      const total = Number(euros) * 100 + Number(rest) + cents;
      cells[priceAt] = `${Math.floor(total / 100)},${String(total % 100).padStart(2, "0")}`;
      return cells.join(";");
    })
    .join("\r\n");
}

const dataDir = databaseUrl ? "" : mkdtempSync(path.join(os.tmpdir(), "bench-catalogue-"));
const handle = await openDatabase(databaseUrl ? { databaseUrl, dataDir } : { dataDir });
let handleOpen = true;
try {
  await migrateToLatest(handle.db);
  const { db } = handle;
  const row = await db
    .insertInto("users")
    .values({
      email: `bench-catalogue-${Date.now()}@example.org`,
      name: "Bench",
      passwordHash: "-",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await setUserAccess(db, row.id, { roles: ["ROLE_ADMIN"], branchIds: [] });
  const admin = benchAdmin(row.id, "bench@example.org");
  await sql`delete from products where identifier like 'bench-%'`.execute(db);

  // ——— 1. CSV import of `products` new products (one transaction each) ———
  const csv = newProductsCsv(products);
  console.log(
    `${handle.kind}: CSV mit ${products} Produkten, ${(Buffer.byteLength(csv) / 1024).toFixed(0)} KB`,
  );
  const importTimes: number[] = [];
  for (let run = 0; run < imports; run += 1) {
    await sql`delete from products where identifier like 'bench-%'`.execute(db);
    const started = performance.now();
    const outcome = await importProductsCsv(db, { user: admin }, csv, false);
    importTimes.push(performance.now() - started);
    if (!outcome.ok || outcome.report.created.length !== products) {
      throw new Error(`Import fehlgeschlagen: ${JSON.stringify(outcome).slice(0, 500)}`);
    }
  }
  const dryStarted = performance.now();
  const dry = await importProductsCsv(db, { user: admin }, csv.replace(/bench-/g, "neu-"), true);
  const dryTime = performance.now() - dryStarted;
  if (!dry.ok) throw new Error("Probelauf fehlgeschlagen");

  // ——— 2. The same products exported, every price changed, imported again (5,000 updates) ———
  const updateTimes: number[] = [];
  for (let run = 0; run < imports; run += 1) {
    const exported = await exportProductsCsv(db);
    const changed = withPricesRaised(exported, 5 + run);
    const started = performance.now();
    const outcome = await importProductsCsv(db, { user: admin }, changed, false);
    updateTimes.push(performance.now() - started);
    if (!outcome.ok || outcome.report.changed.length !== products) {
      throw new Error(`Änderungsimport fehlgeschlagen: ${JSON.stringify(outcome).slice(0, 500)}`);
    }
  }
  const exportStarted = performance.now();
  await exportProductsCsv(db);
  const exportTime = performance.now() - exportStarted;
  await sql`analyze products`.execute(db);

  // ——— 3. The product list (the real products resource, with its row actions) ———
  const searchTerm = "mohn-brezel";
  const listFirstPage = `Produktliste, erste Seite mit Zeilenaktionen (${products} Produkte)`;
  const listSearch = `Produktliste, Suche „${searchTerm}“ mit Zeilenaktionen`;
  await measure(listFirstPage, runs, async () => {
    const { rows, actions } = await listPage(db, admin, {});
    if (rows.length !== 25 || !actions || actions.size === 0) throw new Error("Liste leer");
  });
  await measure(listSearch, runs, async () => {
    const { rows } = await listPage(db, admin, { search: searchTerm });
    if (rows.length === 0) throw new Error("Suche leer");
  });
  await measure("Produktliste, Suche „4711“ (selten)", runs, async () => {
    await listPage(db, admin, { search: "4711" });
  });
  await measure("Produktliste, Seite 100, nach Preis", runs, async () => {
    await listPage(db, admin, { page: 100, sort: "price" });
  });

  // ——— 4. Over HTTP: the built production server on the same data ———
  let httpFirstPage: string | null = null;
  let httpSearch: string | null = null;
  if (overHttp) {
    handleOpen = false;
    const { server, headers } = await serveAs(db, row.id, handle, {
      ...{ port, origin, sessionSecret, databaseUrl, dataDir },
      unusedDir: "bench-catalogue-unused",
    });
    try {
      await waitForHealth(origin, server);
      const get = (address: string, check: (body: string) => boolean) => async () => {
        const response = await fetch(`${origin}${address}`, { headers });
        const body = await response.text();
        if (response.status !== 200 || !check(body)) {
          throw new Error(`${address}: ${response.status} ${body.slice(0, 200)}`);
        }
      };
      httpFirstPage = `HTTP: GET /backend/products (erste Seite, ${products} Produkte)`;
      await measure(
        httpFirstPage,
        runs,
        get(
          "/backend/products",
          (html) => html.includes("</html>") && new RegExp(`-(${WORDS.join("|")}) \\d`).test(html),
        ),
      );
      await measure(
        `HTTP: GET /backend/products?suche=${searchTerm}`,
        runs,
        get(`/backend/products?suche=${searchTerm}`, (html) => html.includes("</html>")),
      );
      httpSearch = `HTTP: GET /api/products?search=${searchTerm}`;
      await measure(
        httpSearch,
        runs,
        get(`/api/products?search=${searchTerm}`, (body) => {
          const { data } = JSON.parse(body) as { data: unknown[] };
          return data.length > 0;
        }),
      );
    } finally {
      await stopServer(server);
    }
  }

  const seconds = (times: number[]) =>
    times.map((time) => `${(time / 1000).toFixed(2)} s`).join(", ");
  console.log(`\nDatenbank: ${handle.kind}`);
  console.log(
    `CSV-Import, ${products} neue Produkte (je eine Transaktion): ${seconds(importTimes)}`,
  );
  console.log(
    `CSV-Import, ${products} geänderte Preise (je eine Transaktion): ${seconds(updateTimes)}`,
  );
  console.log(`CSV-Probelauf, ${products} neue Produkte: ${seconds([dryTime])}`);
  console.log(`CSV-Export, ${products} Produkte: ${seconds([exportTime])}`);
  console.log(`${runs} Läufe je Listenfall, in ms`);
  console.table(figures);
  console.log("");
  for (const label of [listFirstPage, listSearch, httpFirstPage, httpSearch]) {
    const figure = figures.find((entry) => entry.case === label);
    if (!figure) continue;
    const met = figure.p50 < 100 ? "erreicht" : "VERFEHLT";
    console.log(`Ziel p50 < 100 ms, ${figure.case}: ${met} (p50 ${figure.p50} ms)`);
  }
} finally {
  if (handleOpen) await handle.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
