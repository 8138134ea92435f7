/**
 * The catalogue editor's speed targets (issue 15, "Speed"): for a menu of 300 products, the
 * editor page's server render p50 < 150 ms and saving an order change p50 < 50 ms. Prints
 * p50/p90/p99 per case: the editor's service (`loadEditor`, `applyStep` moving an entry) in the
 * process, then over HTTP against the built production server with an administrator's session:
 * `GET /backend/menus/{id}/catalogue` (the whole document), the script's order change
 * (`POST …/catalogue.data` with `ajax=1`, as the page's fetcher sends it) and the form's
 * (`POST …/catalogue`, answered by a redirect).
 *
 *   npm run build && node --import tsx bench/menu-editor.ts           # embedded PGlite
 *   BENCH_MENU_EDITOR_DATABASE_URL=postgres://…/empty_db node --import tsx bench/menu-editor.ts
 *
 * The PostgreSQL database is migrated and filled: give it an empty one of its own.
 * Switches: BENCH_MENU_EDITOR_RUNS=200, BENCH_MENU_EDITOR_PRODUCTS=300, BENCH_MENU_EDITOR_HTTP=0
 * (service only), BENCH_MENU_EDITOR_PORT=3330, BENCH_MENU_EDITOR_HTML=/tmp/editor.html (keeps the
 * page once, to look at), BENCH_MENU_EDITOR_PROFILE=/tmp/prof (the server's CPU profile).
 */
import { benchAdmin, serveAs, timedRuns } from "./harness";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "#app/db/connection.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { setUserAccess } from "#app/db/queries/users";
import { applyStep, loadEditor } from "#app/features/catalogue/menu-editor.server";
import { createRecord, schemaFor } from "#app/features/backoffice/resource.server";
import { menusResource } from "#app/features/catalogue/menus.resource";
import { stopServer, waitForHealth } from "./server";

const databaseUrl = process.env.BENCH_MENU_EDITOR_DATABASE_URL;
const runs = Number(process.env.BENCH_MENU_EDITOR_RUNS ?? 200);
const productCount = Number(process.env.BENCH_MENU_EDITOR_PRODUCTS ?? 300);
const overHttp = process.env.BENCH_MENU_EDITOR_HTTP !== "0";
const port = Number(process.env.BENCH_MENU_EDITOR_PORT ?? 3330);
const origin = `http://127.0.0.1:${port}`;
const sessionSecret = "bench-menu-editor-".padEnd(40, "x");
const CATEGORIES = 12;

const { figures, measure } = timedRuns(runs);

const dataDir = databaseUrl ? "" : mkdtempSync(path.join(os.tmpdir(), "bench-menu-editor-"));
const handle = await openDatabase(databaseUrl ? { databaseUrl, dataDir } : { dataDir });
let handleOpen = true;
try {
  await migrateToLatest(handle.db);
  const { db } = handle;
  const { id: adminId } = await db
    .insertInto("users")
    .values({ email: "bench-menus@example.org", name: "Bench", passwordHash: "-" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await setUserAccess(db, adminId, { roles: ["ROLE_ADMIN"], branchIds: [] });
  const admin = benchAdmin(adminId, "bench-menus@example.org");
  const { id: branchId } = await db
    .insertInto("branches")
    .values({ identifier: "bench-katalog", name: "Katalogfiliale", isPublic: true })
    .returning("id")
    .executeTakeFirstOrThrow();
  const categories = await db
    .insertInto("categories")
    .values(Array.from({ length: CATEGORIES }, (_, index) => ({ name: `Kategorie ${index + 1}` })))
    .returning("id")
    .execute();
  const products = await db
    .insertInto("products")
    .values(
      Array.from({ length: productCount }, (_, index) => ({
        name: `Produkt ${String(index + 1).padStart(3, "0")} Dinkel-Vollkorn`,
        price: 100 + index,
      })),
    )
    .returning("id")
    .execute();
  const perCategory = Math.ceil(productCount / CATEGORIES);
  const catalog = categories.map((category, index) => ({
    id: category.id,
    products: products
      .slice(index * perCategory, (index + 1) * perCategory)
      .map((product) => ({ productId: product.id })),
  }));
  const created = await createRecord(
    db,
    menusResource,
    { user: admin },
    schemaFor(menusResource).parse({
      name: "Große Karte",
      availableFrom: "2026-01-01T00:00",
      branchIds: [branchId],
      catalog,
    }),
  );
  if (!created.ok) throw new Error(JSON.stringify(created.errors));
  const menuId = created.value.id;
  const entries = await db
    .selectFrom("menuEntries")
    .select(["id", "categoryId"])
    .where("menuId", "=", menuId)
    .where("categoryId", "=", categories[0]!.id)
    .orderBy("position")
    .execute();
  const moving = entries[0]!.id;
  const last = entries.length;

  // ——— In the process ———
  await measure(`Editor laden (${productCount} Produkte), Dienst`, async () => {
    const editor = await loadEditor(db, menuId, new Date(), { category: null, text: "" });
    if (!editor || editor.categories.length !== CATEGORIES) throw new Error("Editor leer");
  });
  await measure("Reihenfolge ändern (Eintrag verschieben), Dienst", async (run) => {
    const outcome = await applyStep(
      db,
      menuId,
      {
        intent: "entry-move",
        entry: moving,
        category: null,
        item: null,
        position: run % 2 ? 1 : last,
      },
      { user: admin },
    );
    if (!outcome?.ok) throw new Error("Verschieben abgelehnt");
  });

  if (overHttp) {
    // ——— Over HTTP: the production server on the same data ———
    const profileDir = process.env.BENCH_MENU_EDITOR_PROFILE;
    handleOpen = false;
    const { server, headers } = await serveAs(db, adminId, handle, {
      ...{ port, origin, sessionSecret, databaseUrl, dataDir },
      nodeArgs: profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [],
      unusedDir: "bench-menu-editor-unused",
    });
    try {
      await waitForHealth(origin, server);
      const page = `/backend/menus/${menuId}/catalogue`;
      const sample = await fetch(`${origin}${page}`, { headers });
      const sampleHtml = await sample.text();
      if (process.env.BENCH_MENU_EDITOR_HTML) {
        writeFileSync(process.env.BENCH_MENU_EDITOR_HTML, sampleHtml);
      }
      console.log(
        `${page}: ${sample.status}, ${(sampleHtml.length / 1024).toFixed(0)} KB HTML, ` +
          `${(sampleHtml.match(/<form/g) ?? []).length} Formulare`,
      );
      await measure("HTTP: GET /backend/menus (Liste, zum Vergleich)", async () => {
        const response = await fetch(`${origin}/backend/menus`, { headers });
        if (response.status !== 200) throw new Error(`/backend/menus: ${response.status}`);
        await response.text();
      });
      await measure(`HTTP: GET ${page} (${productCount} Produkte)`, async () => {
        const response = await fetch(`${origin}${page}`, { headers });
        const html = await response.text();
        if (response.status !== 200 || !html.includes("</html>")) {
          throw new Error(`${page}: ${response.status}`);
        }
      });
      const move = (suffix: string, extra: Record<string, string>) => async (run: number) => {
        const response = await fetch(`${origin}${page}${suffix}`, {
          method: "POST",
          redirect: "manual",
          headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            intent: "entry-move",
            entry: String(moving),
            position: String(run % 2 ? 1 : last),
            ...extra,
          }),
        });
        await response.arrayBuffer();
        if (response.status !== 200 && response.status !== 302 && response.status !== 204) {
          throw new Error(`POST ${page}${suffix}: ${response.status}`);
        }
      };
      await measure("HTTP: Reihenfolge speichern (Skript, .data)", move(".data", { ajax: "1" }));
      await measure("HTTP: Reihenfolge speichern (Formular, 302)", move("", {}));
    } finally {
      await stopServer(server);
    }
  }

  console.log(`\n${databaseUrl ? "postgres" : "pglite"}, ${runs} Läufe je Fall, in ms`);
  console.table(figures);
  const render = figures.find((row) => row.case.includes("/catalogue")) ?? figures[0]!;
  const save = figures.find((row) => row.case.includes("Skript")) ?? figures[1]!;
  console.log(
    `Ziel Editor p50 < 150 ms: ${render.p50 < 150 ? "erreicht" : "VERFEHLT"} (${render.p50} ms)`,
  );
  console.log(
    `Ziel Reihenfolge speichern p50 < 50 ms: ${save.p50 < 50 ? "erreicht" : "VERFEHLT"} (${save.p50} ms)`,
  );
} finally {
  if (handleOpen) await handle.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
