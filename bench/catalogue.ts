/**
 * The catalogue's speed targets of issue 15 that the bulk helper owns: the product list with
 * 5,000 products (first page p50 < 100 ms, search p50 < 100 ms) and the CSV import of 5,000
 * products (< 10 s, in one transaction). Prints p50/p90/p99 per case.
 *
 *   npm run bench:catalogue                                                 # embedded PGlite
 *   BENCH_CATALOGUE_DATABASE_URL=postgres://…/empty_db npm run bench:catalogue
 *
 * The list goes through the generic `listRecords` of the resource pattern (decision 035) with a
 * minimal products definition (name, identifier, price; search over name and identifier), as the
 * products resource will use it; `/api/products` itself belongs to the products helper's branch.
 * The import goes through `importProductsCsv`, the service behind `POST /api/products/import`:
 * 5,000 new products, then the export of them with every price changed (5,000 updates), each
 * one transaction with an audit entry per product. The PostgreSQL database is migrated and
 * filled: give it an empty one of its own.
 * Switches: BENCH_CATALOGUE_RUNS=200 (timed list runs), BENCH_CATALOGUE_PRODUCTS=5000,
 * BENCH_CATALOGUE_IMPORTS=3 (timed imports of each kind).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase } from "#app/db/connection.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { setUserAccess } from "#app/db/queries/users";
import { listRecords, type ResourceDefinition } from "#app/features/backoffice/resource.server";
import { exportProductsCsv, importProductsCsv } from "#app/features/catalogue/products-csv.server";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { de } from "#app/i18n/de-backoffice";
import { createTimings } from "./timings";

const databaseUrl = process.env.BENCH_CATALOGUE_DATABASE_URL;
const runs = Number(process.env.BENCH_CATALOGUE_RUNS ?? 200);
const products = Number(process.env.BENCH_CATALOGUE_PRODUCTS ?? 5000);
const imports = Number(process.env.BENCH_CATALOGUE_IMPORTS ?? 3);

const { figures, measure } = createTimings({ maxWarmUp: 20 });

/** A minimal products definition for the generic list (the products resource will have more). */
const productList: ResourceDefinition = {
  name: "products",
  entityType: "product",
  table: "products",
  texts: de.resources.products,
  fields: [
    { type: "text", name: "name", label: "Name", required: true },
    { type: "text", name: "identifier", label: "Kennung", format: "identifier" },
    { type: "money", name: "price", label: "Preis" },
  ],
  listColumns: [
    { name: "name", label: "Name", sortable: true },
    { name: "identifier", label: "Kennung", sortable: true },
    { name: "price", label: "Preis", sortable: true },
  ],
  searchColumns: ["name", "identifier"],
  defaultSort: { column: "name", direction: "asc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN"] },
};

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
  const admin: StaffUser = {
    id: row.id,
    email: "bench@example.org",
    name: "Bench",
    roles: ["ROLE_ADMIN"],
    branchIds: [],
    isAdmin: true,
    isManager: false,
    sessionId: 0,
    surface: "api",
  } as StaffUser;
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

  // ——— 3. The product list: first page and search ———
  await measure(`Produktliste, erste Seite (${products} Produkte)`, runs, async () => {
    const page = await listRecords(db, productList, admin, { pageSize: 25 });
    if (!page.ok || page.value.rows.length !== 25) throw new Error("Liste leer");
  });
  await measure("Produktliste, Suche „mohn-brezel“", runs, async () => {
    const page = await listRecords(db, productList, admin, { search: "mohn-brezel", pageSize: 25 });
    if (!page.ok || page.value.rows.length === 0) throw new Error("Suche leer");
  });
  await measure("Produktliste, Suche „4711“ (selten)", runs, async () => {
    const page = await listRecords(db, productList, admin, { search: "4711", pageSize: 25 });
    if (!page.ok) throw new Error("Suche fehlgeschlagen");
  });
  await measure("Produktliste, Seite 100, nach Preis", runs, async () => {
    const page = await listRecords(db, productList, admin, {
      page: 100,
      pageSize: 25,
      sort: "price",
    });
    if (!page.ok) throw new Error("Seite fehlgeschlagen");
  });

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
  console.table(figures);
} finally {
  await handle.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
