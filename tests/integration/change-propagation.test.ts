import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { referenceDataChanged } from "#app/features/shared/reference-data.server";
import { loadStorefront } from "#app/features/storefront/storefront.server";
import { startLiveOrders, type LiveOrders } from "#app/server/notify-hub.server";
import type { PageCache } from "#app/server/page-cache.server";
import {
  forgetOnReferenceChanges,
  storefrontPageCache,
} from "#app/server/reference-changes.server";
import { securityHeaders } from "#app/server/security-headers.server";
import { appBuild } from "#tests/support/app-build";
import { staffContext } from "#tests/support/staff";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { awayFromMinuteTurn, expectShownInMinute } from "#tests/support/minute-turn";

/** The promise: a saved change shows on every instance's storefront at once. */
/**
 * One app instance as server.ts assembles it for the storefront: its own pool, its own LISTEN
 * connection, its own kept pages and reference data, the whole Remix app behind them.
 */
interface Instance {
  origin: string;
  live: LiveOrders;
  cache: PageCache;
  db: Kysely<Database>;
  close(): Promise<void>;
}

async function startInstance(handle: DatabaseHandle): Promise<Instance> {
  const live = startLiveOrders(handle, { log: () => undefined });
  await live.ready();
  const cache = storefrontPageCache(live);
  const stop = forgetOnReferenceChanges(live, handle.db, [cache]);
  const app = express();
  app.use(securityHeaders({ isDevelopment: false }));
  app.use(cache);
  app.all(
    "*",
    createRequestHandler({
      build: await appBuild(),
      mode: "production",
      getLoadContext: (_req, res) =>
        staffContext(handle.db, { cspNonce: String(res.locals.cspNonce ?? ""), live }),
    }),
  );
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    live,
    cache,
    db: handle.db,
    async close() {
      stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await live.close();
    },
  };
}

async function page(instance: Instance, path: string) {
  const response = await fetch(`${instance.origin}${path}`);
  return { kept: response.headers.get("x-page-cache"), html: await response.text() };
}

/** Polls until the page shows `text`; returns how long that took from `since`. */
async function shownAfter(
  instance: Instance,
  path: string,
  text: string,
  since: number,
): Promise<number> {
  for (;;) {
    const { html } = await page(instance, path);
    const elapsed = performance.now() - since;
    if (html.includes(text)) return elapsed;
    if (elapsed > 10_000) throw new Error(`${path} zeigt „${text}“ nach 10 s noch nicht`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function waitUntil(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Zeitüberschreitung: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function renameBranch(db: Kysely<Database>, identifier: string, name: string) {
  await db.updateTable("branches").set({ name }).where("identifier", "=", identifier).execute();
  return performance.now();
}

/**
 * Tables that are not the shop's reference data: the storefront's kept pages never show them.
 * Issues 20–22 added devices, print jobs, pushes, time tracking and the TVs' pairing and status.
 */
const NOT_REFERENCE_DATA = [
  "absences",
  // Visitor analytics and statistics (issue 19): counted, never shown on the storefront.
  "analytics_daily",
  "analytics_events",
  "analytics_rolled_days",
  "analytics_salts",
  "audit_log",
  "branch_api_keys",
  // Read fresh by the checkout and the order's locked check (decision 113), never kept.
  "capacities",
  "cart_items",
  "carts",
  "closed_months",
  // The daily closings and the tax adviser's settings (issue 39 part 3): bookkeeping, never shown.
  "daily_closing_corrections",
  "daily_closing_orders",
  "daily_closings",
  "departments",
  "device_logs",
  "devices",
  "holiday_entitlements",
  // The shop shows no image template: watching them would empty its kept pages on every save
  // (decision 041).
  "image_templates",
  "kysely_migration",
  "kysely_migration_lock",
  "login_links",
  "login_throttles",
  "notifier_pushes",
  "notifier_subscriptions",
  "order_item_uploads",
  "order_items",
  "order_taxes",
  "orders",
  "outbox",
  "page_views",
  "payment_events",
  "print_jobs",
  // Which production lists were printed (issue 39): the back office's record, not the menu.
  "production_list_prints",
  "projects",
  "reference_data_version",
  "signage_device_status",
  "signage_pairing_failures",
  "signage_pairings",
  // Other systems' API keys and the webhooks they are told by (issue 38): never on the storefront.
  "staff_api_tokens",
  "staff_clock_credentials",
  // The browsers a staff account signed in from (issue 35, decision 028's addendum).
  "staff_devices",
  "staff_sessions",
  "statistics_order_days",
  "tasks",
  "tax_export_settings",
  "ticket_counters",
  "uploads",
  "user_branches",
  "user_roles",
  "users",
  "webhook_deliveries",
  "webhook_endpoints",
  "working_activities",
  "working_activity_pauses",
  "working_contracts",
  "working_schedules",
];

describe.each(databaseTargets())("a saved change on the storefront (%s)", (target) => {
  let handle: DatabaseHandle;
  let a: Instance;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    await seedDemoData(handle.db, { now: new Date() });
    a = await startInstance(handle);
  });
  afterAll(async () => {
    await a?.close();
    await handle?.close();
  });

  it("watches every table but those that are no reference data (new ones: watchReferenceTable)", async () => {
    const { rows } = await sql<{ table: string; watched: boolean }>`
      select c.relname as table,
        exists (
          select 1 from pg_trigger t
          where t.tgrelid = c.oid and t.tgname = c.relname || '_reference_version'
        ) as watched
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by 1`.execute(handle.db);
    const unwatched = rows.filter((row) => !row.watched).map((row) => row.table);
    expect(unwatched).toEqual(NOT_REFERENCE_DATA);
    expect(rows.filter((row) => row.watched).length).toBeGreaterThanOrEqual(28);
  });

  it("shows a change made in the same instance on its kept page before its minute turns", async () => {
    const minute = await awayFromMinuteTurn();
    await page(a, "/store/wiehre");
    const before = await page(a, "/store/wiehre");
    expect(before.kept).toBe("hit");
    const committed = await renameBranch(handle.db, "wiehre", "Sonnenkorn Wiehre Neu");
    await shownAfter(a, "/store/wiehre", "Sonnenkorn Wiehre Neu", committed);
    expectShownInMinute(minute);
    expect((await page(a, "/store/wiehre")).kept).toBe("hit");
  });

  it("announces a change on commit only, and `referenceDataChanged` for what no trigger sees", async () => {
    let heard = 0;
    const stop = a.live.onReferenceDataChanged(() => (heard += 1));
    try {
      await handle.db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable("settings").set({ shopName: "Nie gespeichert" }).execute();
          throw new Error("zurückrollen");
        })
        .catch(() => undefined);
      const version = async () =>
        (
          await sql<{
            version: string;
          }>`select version::text as version from reference_data_version`.execute(handle.db)
        ).rows[0]!.version;
      const stamp = await version();
      await referenceDataChanged(handle.db);
      await waitUntil(() => heard === 1, "referenceDataChanged gehört");
      expect(BigInt(await version())).toBeGreaterThan(BigInt(stamp));
      // The rolled-back change had nothing to say: exactly the one notification came.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toBe(1);
    } finally {
      stop();
    }
  });

  describe.runIf(target === "postgres")("across two instances", () => {
    let secondHandle: DatabaseHandle;
    let b: Instance;

    beforeAll(async () => {
      secondHandle = await openDatabase({
        databaseUrl: handle.databaseUrl,
        dataDir: "",
        maxConnections: 5,
      });
      b = await startInstance(secondHandle);
    });
    afterAll(async () => {
      await b?.close();
      await secondHandle?.close();
    });

    it("shows a branch renamed through the other instance on the kept page before its minute turns", async () => {
      const minute = await awayFromMinuteTurn();
      await page(a, "/store/altstadt");
      expect((await page(a, "/store/altstadt")).kept).toBe("hit");
      const committed = await renameBranch(b.db, "altstadt", "Sonnenkorn Münster Neu");
      await shownAfter(a, "/store/altstadt", "Sonnenkorn Münster Neu", committed);
      expectShownInMinute(minute);
      expect((await page(a, "/store/altstadt")).kept).toBe("hit");
      expect((await page(b, "/store/altstadt")).html).toContain("Sonnenkorn Münster Neu");
    });

    it("shows a product changed in SQL through the other instance on the kept page and the home page", async () => {
      const minute = await awayFromMinuteTurn();
      const store = await loadStorefront(b.db, "altstadt", new Date());
      const product = store?.catalogue.categories[0]?.products[0]?.product;
      if (!product) throw new Error("Die Filiale Altstadt listet kein Produkt.");
      await page(a, "/store/altstadt");
      await page(a, "/");
      expect((await page(a, "/store/altstadt")).kept).toBe("hit");
      expect((await page(a, "/")).kept).toBe("hit");
      await sql`update products set name = 'Dinkel-Kürbis-Laib' where id = ${product.id}`.execute(
        b.db,
      );
      const productShown = performance.now();
      await shownAfter(a, "/store/altstadt", "Dinkel-Kürbis-Laib", productShown);
      expectShownInMinute(minute);
      await sql`update settings set shop_name = 'Sonnenkorn & Söhne'`.execute(b.db);
      const settingsShown = performance.now();
      await shownAfter(a, "/", "Sonnenkorn &amp; Söhne", settingsShown);
      expectShownInMinute(minute);
    });

    it("after its listener connection was killed, trusts no kept page until it listens again, then drops them", async () => {
      const minute = await awayFromMinuteTurn();
      await page(a, "/store/altstadt");
      expect((await page(a, "/store/altstadt")).kept).toBe("hit");
      const before = a.live.status();
      await sql`select pg_terminate_backend(${before.backendPid})`.execute(b.db);
      await waitUntil(() => !a.live.status().listening, "Verbindung verloren");
      // The change is made while A cannot hear it.
      await renameBranch(b.db, "altstadt", "Sonnenkorn am Münster (neu)");
      const meanwhile = await page(a, "/store/altstadt");
      if (!a.live.status().listening) {
        expect(meanwhile.kept).toBe("off");
        expect(meanwhile.html).toContain("Sonnenkorn am Münster (neu)");
      }
      await waitUntil(() => a.live.status().reconnects === before.reconnects + 1, "wieder da");
      // The page kept from before the loss is gone: the first answer shows the change.
      const first = await page(a, "/store/altstadt");
      expect(first.html).toContain("Sonnenkorn am Münster (neu)");
      expectShownInMinute(minute);
      expect((await page(a, "/store/altstadt")).kept).toBe("hit");

      // And it hears the next change again.
      const next = await renameBranch(b.db, "altstadt", "Sonnenkorn Altstadt");
      await shownAfter(a, "/store/altstadt", "Sonnenkorn Altstadt", next);
      expectShownInMinute(minute);
    });
  });
});
