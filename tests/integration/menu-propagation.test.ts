import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#app/db/connection.server";
import type { Database } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { startLiveOrders, type LiveOrders } from "#app/server/notify-hub.server";
import {
  forgetOnReferenceChanges,
  storefrontPageCache,
} from "#app/server/reference-changes.server";
import { securityHeaders } from "#app/server/security-headers.server";
import { appBuild } from "#tests/support/app-build";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, staffContext, StaffClient } from "#tests/support/staff";
import { awayFromMinuteTurn, expectShownInMinute } from "#tests/support/minute-turn";

/**
 * Issue 15's promise for menus (decision 032): a step saved in the catalogue editor shows on the
 * storefront's kept page at once (before the page's minute runs out; the 2 s are measured by the
 * bench), in the same instance and (PostgreSQL) through another one. In the style of
 * change-propagation.test.ts: each instance has its own pool, LISTEN connection, kept pages and
 * reference data.
 */
interface Instance {
  origin: string;
  context: AppLoadContext;
  close(): Promise<void>;
}

async function startInstance(handle: DatabaseHandle): Promise<Instance> {
  const live: LiveOrders = startLiveOrders(handle, { log: () => undefined });
  await live.ready();
  const cache = storefrontPageCache(live);
  const stop = forgetOnReferenceChanges(live, handle.db, [cache]);
  const context = staffContext(handle.db, { live } as Partial<AppLoadContext>);
  const app = express();
  app.use(securityHeaders({ isDevelopment: false }));
  app.use(cache);
  app.all(
    "*",
    createRequestHandler({
      build: await appBuild(),
      mode: "production",
      getLoadContext: (_req, res) => ({ ...context, cspNonce: String(res.locals.cspNonce ?? "") }),
    }),
  );
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  context.config = { ...context.config, publicOrigin: origin };
  return {
    origin,
    context,
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

async function shownAfter(instance: Instance, path: string, text: string, since: number) {
  for (;;) {
    const { html } = await page(instance, path);
    const elapsed = performance.now() - since;
    if (html.includes(text)) return elapsed;
    if (elapsed > 10_000) throw new Error(`${path} zeigt „${text}“ nach 10 s noch nicht`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Asks for the page until it comes from the kept pages (at most 5 s): its last answer's state. */
async function keptAgain(instance: Instance, path: string): Promise<string | null> {
  const deadline = performance.now() + 5_000;
  for (;;) {
    const { kept } = await page(instance, path);
    if (kept === "hit" || performance.now() > deadline) return kept;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The branch's active menu and its first listed category, from the demo data. */
async function activeMenu(db: Kysely<Database>, identifier: string) {
  const row = await db
    .selectFrom("menus")
    .innerJoin("menuBranches", "menuBranches.menuId", "menus.id")
    .innerJoin("branches", "branches.id", "menuBranches.branchId")
    .innerJoin("menuCategories", "menuCategories.menuId", "menus.id")
    .innerJoin("categories", "categories.id", "menuCategories.categoryId")
    .select(["menus.id as menuId", "menuCategories.categoryId"])
    .where("branches.identifier", "=", identifier)
    .where("menus.availableFrom", "<=", new Date())
    .where("categories.isBundleOnly", "=", false)
    .where("categories.isEnabled", "=", true)
    .orderBy("menus.availableFrom", "desc")
    .orderBy("menuCategories.position")
    .executeTakeFirstOrThrow();
  return row;
}

describe.each(databaseTargets())("a menu change on the storefront (%s)", (target) => {
  let handle: DatabaseHandle;
  let a: Instance;
  let adminId: number;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    await seedDemoData(handle.db, { now: new Date() });
    a = await startInstance(handle);
    adminId = (await createStaff(handle.db, { roles: ["ROLE_ADMIN"] })).id;
  });
  afterAll(async () => {
    await a?.close();
    await handle?.close();
  });

  /** Adds a new product through `editor`'s catalogue editor once `shop` keeps the page. */
  const addThroughEditor = async (
    editor: Instance,
    shop: Instance,
    identifier: string,
    name: string,
  ) => {
    const { menuId, categoryId } = await activeMenu(handle.db, identifier);
    const product = await handle.db
      .insertInto("products")
      .values({ name, price: 390 })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The new product alone changes nothing the page shows; the kept page is warm again once
    // the insert's change notice (asynchronous on PostgreSQL) has come and emptied it.
    expect(await keptAgain(shop, `/store/${identifier}`)).toBe("hit");
    const admin = await new StaffClient(editor).signInAs(editor.context, adminId);
    const started = performance.now();
    const saved = await admin.send(`/backend/menus/${menuId}/catalogue`, {
      form: { intent: "entry-add", category: String(categoryId), item: `p:${product.id}` },
    });
    expect(saved.status).toBe(302);
    return started;
  };

  it("shows a product added in the catalogue editor on the kept branch page before its minute turns", async () => {
    const minute = await awayFromMinuteTurn();
    const since = await addThroughEditor(a, a, "wiehre", "Editor-Kürbisbrot");
    await shownAfter(a, "/store/wiehre", "Editor-Kürbisbrot", since);
    expectShownInMinute(minute);
    expect(await keptAgain(a, "/store/wiehre")).toBe("hit");
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

    it("shows a product added through the other instance's editor before its minute turns", async () => {
      const minute = await awayFromMinuteTurn();
      const since = await addThroughEditor(b, a, "altstadt", "Zweitinstanz-Laib");
      await shownAfter(a, "/store/altstadt", "Zweitinstanz-Laib", since);
      expectShownInMinute(minute);
    });
  });
});
