/**
 * Screenshots of the production list with its receipt-printer button (issue 39, decisions 106 and
 * 107) at 360 px and 1280 px, for a look by eye: a fresh database with the checkout's test
 * branches, departments, three orders for tomorrow and two printers, the built server on PORT
 * (default 8120), Chromium headless. Run after `npm run build`:
 *   npx tsx scripts/production-screenshots.ts   → .cache/screenshots/production-*.png
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { DateTime } from "luxon";
import { chromium } from "@playwright/test";
import { openDatabase } from "#app/db/connection.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { insertTestOrder } from "#tests/support/orders";
import {
  prepareCheckoutDatabase,
  testBranches,
  testStaff,
} from "#tests/support/prepare-checkout-database";

const port = Number(process.env.PORT ?? 8120);
const dataDir = path.resolve(`.cache/screenshots-data-${port}`);
const out = path.resolve(".cache/screenshots");
const origin = `http://127.0.0.1:${port}`;

async function prepare() {
  rmSync(dataDir, { recursive: true, force: true });
  const handle = await openDatabase({ dataDir, maxConnections: 1 });
  try {
    await migrateToLatest(handle.db);
    await prepareCheckoutDatabase(handle.db);
    const db = handle.db;
    const branch = await db
      .selectFrom("branches")
      .select("id")
      .where("identifier", "=", testBranches.open.identifier)
      .executeTakeFirstOrThrow();
    const departments = await db
      .insertInto("departments")
      .values([
        { identifier: "backstube", name: "Backstube", position: 1 },
        { identifier: "konditorei", name: "Konditorei", position: 2 },
      ])
      .returning("id")
      .execute();
    const products = await db.selectFrom("products").select(["id", "name"]).limit(3).execute();
    await db
      .updateTable("products")
      .set({ departmentId: departments[0]!.id })
      .where("id", "=", products[0]!.id)
      .execute();
    const day = DateTime.now().setZone("Europe/Berlin").plus({ days: 1 }).toISODate()!;
    for (const [index, product] of products.entries()) {
      const order = await insertTestOrder(db, {
        branchIdentifier: testBranches.open.identifier,
        appointment: DateTime.fromISO(`${day}T0${7 + index}:30`, {
          zone: "Europe/Berlin",
        }).toJSDate(),
      });
      await db
        .updateTable("orderItems")
        .set({ productId: product.id, name: product.name })
        .where("orderId", "=", order.id)
        .where("position", "=", 0)
        .execute();
    }
    await db
      .insertInto("devices")
      .values([
        {
          branchId: branch.id,
          identifier: "theke",
          name: "Theke",
          kind: "printer",
          connection: "epson_sdp",
          printsNewOrders: false,
        },
        {
          branchId: branch.id,
          identifier: "backstube",
          name: "Backstube",
          kind: "printer",
          connection: "star_cloudprnt",
          printsNewOrders: false,
        },
      ])
      .execute();
    return { day, branchId: branch.id };
  } finally {
    await handle.close();
  }
}

async function main() {
  const { day, branchId } = await prepare();
  const server = spawn(process.execPath, ["build/server/server.js"], {
    stdio: "inherit",
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      NODE_ENV: "production",
      PUBLIC_ORIGIN: origin,
    },
  });
  try {
    for (let i = 0; i < 60; i++) {
      if (
        await fetch(`${origin}/backend/login`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    mkdirSync(out, { recursive: true });
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${origin}/backend/login`);
    await page.getByLabel("E-Mail-Adresse").first().fill(testStaff.admin.email);
    await page.getByLabel("Passwort", { exact: true }).fill(testStaff.admin.password);
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.waitForURL(/\/backend(\/)?$/);
    const list = `${origin}/backend/production?tag=${day}&filiale=${branchId}&gruppe=abteilung`;
    await page.goto(list);
    await page.screenshot({ path: `${out}/production-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(list);
    await page.screenshot({ path: `${out}/production-360.png`, fullPage: true });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(`Breite bei 360 px: ${wide}`);
    await page
      .getByRole("combobox", { name: "Bondrucker", exact: true })
      .selectOption({ label: "Theke" });
    await page.getByRole("button", { name: "Auf dem Bondrucker drucken" }).click();
    await page.getByText("Die Backliste geht an den Bondrucker „Theke“.").waitFor();
    await page.screenshot({ path: `${out}/production-printed-360.png`, fullPage: true });
    await page.goto(`${origin}/backend/production?tag=${day}`);
    await page.screenshot({ path: `${out}/production-all-360.png`, fullPage: true });
    await browser.close();
  } finally {
    server.kill("SIGTERM");
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
