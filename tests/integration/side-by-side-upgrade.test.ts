import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "#app/db/connection.server";
import { migrateToLatest } from "#app/db/migrate.server";
import {
  addToNewCart,
  firstItemForm,
  submitOrder,
  type ItemForm,
} from "#tests/support/http-orders";
import { testBranches } from "#tests/support/prepare-checkout-database";
import { databaseUrlFor, withAdminClient } from "#tests/support/postgres";
import { previousRelease, previousReleaseBuild } from "#tests/support/previous-release";
import { ensureBuild, startShopProcess, type ShopProcess } from "#tests/support/shop-process";

/**
 * Issue 41 part 4 (decision 114): an upgrade without downtime. The previous release
 * (ops/previous-release) serves a fresh database it migrated itself while customers order
 * without JavaScript; this release's migrations run beside it, this release's build starts next
 * to it, the traffic goes to both, then the old one is taken out and stopped while answering.
 * No request may fail, and every order a customer was told about must be in the database.
 * When the previous release is this one, it proves that a second instance starts beside a
 * serving one without a restart.
 */
const postgresUrl = inject("postgresUrl");
const previous = postgresUrl
  ? previousRelease()
  : { skip: "nur auf PostgreSQL (TEST_DATABASE_URL)" };
const BRANCH = `/store/${testBranches.open.identifier}`;
const cleanups: Array<() => Promise<unknown> | unknown> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Instance {
  /** `alt 2`: the previous release started again after the migrations (a restarted container). */
  name: "alt" | "alt 2" | "neu";
  shop: ShopProcess;
  item?: ItemForm;
}

interface Acknowledged {
  key: string;
  by: Instance["name"];
  phase: string;
}

/** The previous release prepares its database with its own code: migrations, demo, test branches. */
function prepareWithPreviousRelease(root: string, databaseUrl: string): void {
  const module = (file: string) => JSON.stringify(pathToFileURL(path.join(root, file)).href);
  const script = `
    const { openDatabase } = await import(${module("app/db/connection.server.ts")});
    const { migrateToLatest } = await import(${module("app/db/migrate.server.ts")});
    const { prepareCheckoutDatabase } = await import(${module("tests/support/prepare-checkout-database.ts")});
    const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "", maxConnections: 1 });
    await migrateToLatest(handle.db);
    await prepareCheckoutDatabase(handle.db);
    await handle.close();
  `;
  execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, DEMO_ADMIN_PASSWORD: "upgrade-admin-1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

const title = `an upgrade while customers order${previous.skip ? ` (übersprungen: ${previous.skip})` : ""}`;

describe.skipIf(previous.skip)(title, () => {
  // Both builds first, outside the test's own time: on a clean clone, on a busy machine, the
  // previous release's build took over three minutes.
  let root = "";
  beforeAll(() => {
    if (!("commit" in previous)) return;
    ensureBuild();
    root = previousReleaseBuild(previous.commit);
  }, 900_000);

  it(
    "serves every request and keeps every order while the old and the new release share the database",
    { timeout: 300_000 },
    async () => {
      if (!("commit" in previous)) return; // skipped above; this narrows it for TypeScript
      const { commit } = previous;
      const name = `bt_test_${randomBytes(6).toString("hex")}`;
      await withAdminClient(postgresUrl!, (client) => client.query(`create database ${name}`));
      cleanups.push(() =>
        withAdminClient(postgresUrl!, (client) =>
          client.query(`drop database if exists ${name} with (force)`),
        ),
      );
      const databaseUrl = databaseUrlFor(postgresUrl!, name);
      prepareWithPreviousRelease(root, databaseUrl);

      // The instances share what production shares: the database, the files, the secret.
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "backstube-upgrade-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const env = {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SESSION_SECRET: randomBytes(32).toString("hex"),
        SEED_DEMO_DATA: "false",
        WEB_CONCURRENCY: "1",
        LOG_LEVEL: "info",
      };
      const old: Instance = {
        name: "alt",
        shop: await startShopProcess(env, { cwd: root }),
      };
      cleanups.push(() => old.shop.stop());

      // The load balancer: round robin over the instances that are in it.
      let routed: Instance[] = [old];
      let turn = 0;
      const next = () => routed[turn++ % routed.length]!;
      let phase = "alt";
      const failures: string[] = [];
      const acknowledged: Acknowledged[] = [];
      const attempt = async <T>(
        instance: Instance,
        step: string,
        request: () => Promise<T>,
      ): Promise<T | undefined> => {
        try {
          return await request();
        } catch (error) {
          failures.push(`${phase}/${instance.name} ${step}: ${(error as Error).message}`);
          return undefined;
        }
      };
      const itemOf = async (instance: Instance) =>
        (instance.item ??= await firstItemForm(instance.shop.origin, BRANCH));

      /** One customer without JavaScript: the menu, the cart, the checkout, the status page. */
      async function customer(): Promise<void> {
        const menu = next();
        const page = await attempt(menu, "Speisekarte", () =>
          fetch(`${menu.shop.origin}${BRANCH}`),
        );
        if (!page) return;
        await page.arrayBuffer();
        if (page.status !== 200) failures.push(`${phase}/${menu.name} Speisekarte: ${page.status}`);
        const cart = next();
        const added = await attempt(cart, "Warenkorb", async () =>
          addToNewCart(cart.shop.origin, await itemOf(cart)),
        );
        if (!added) return;
        if (!("cookie" in added)) {
          failures.push(`${phase}/${cart.name} Warenkorb: ${added.response.status}`);
          return;
        }
        const checkout = next();
        const key = `upgrade-${randomBytes(6).toString("hex")}`;
        const placed = phase;
        const answer = await attempt(checkout, "Bestellung", () =>
          submitOrder(checkout.shop.origin, BRANCH, added.cookie, key),
        );
        if (!answer) return;
        if (answer.status !== 303 || !answer.location) {
          failures.push(
            `${phase}/${checkout.name} Bestellung: ${answer.status} ${answer.body.slice(0, 200)}`,
          );
          return;
        }
        acknowledged.push({ key, by: checkout.name, phase: placed });
        const status = next();
        const shown = await attempt(status, "Status", () =>
          fetch(`${status.shop.origin}${answer.location}`),
        );
        if (!shown) return;
        await shown.arrayBuffer();
        if (shown.status !== 200) failures.push(`${phase}/${status.name} Status: ${shown.status}`);
      }

      let running = true;
      const customers = Array.from({ length: 3 }, async () => {
        while (running) await customer();
      });
      /** Lets the traffic flow until `count` orders of this phase were taken by `by` (each). */
      const ordersTaken = async (by: Instance["name"][], count: number) => {
        const deadline = Date.now() + 60_000;
        while (
          by.some(
            (instance) =>
              acknowledged.filter((order) => order.phase === phase && order.by === instance)
                .length < count,
          )
        ) {
          if (Date.now() > deadline) throw new Error(`${phase}: zu wenige Bestellungen`);
          if (failures.length > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(failures, phase).toEqual([]);
      };

      await ordersTaken(["alt"], 5);
      // The new release's migrations, while the old release serves.
      phase = "Migration";
      const handle = await openDatabase({ databaseUrl, dataDir: "", maxConnections: 1 });
      cleanups.push(() => handle.close());
      const migrated = await migrateToLatest(handle.db);
      phase = "alt nach Migration";
      await ordersTaken(["alt"], 5);

      // The new release beside it, in the load balancer with it.
      phase = "Start neu";
      const fresh: Instance = { name: "neu", shop: await startShopProcess(env) };
      cleanups.push(() => fresh.shop.stop());
      // An instance of the previous release that starts again now finds migrations it does not
      // know; from the release with newerThanThisRelease (decision 114) on it starts all the same.
      // Earlier releases stop there (Kysely: "corrupted migrations"), so only they are spared.
      const restarts =
        migrated.length === 0 ||
        readFileSync(path.join(root, "app/db/migrate.server.ts"), "utf8").includes(
          "newerThanThisRelease",
        );
      const again: Instance | undefined = restarts
        ? { name: "alt 2", shop: await startShopProcess(env, { cwd: root }) }
        : undefined;
      if (again) cleanups.push(() => again.shop.stop());
      routed = again ? [old, again, fresh] : [old, fresh];
      phase = "beide";
      await ordersTaken(again ? ["alt", "alt 2", "neu"] : ["alt", "neu"], 5);

      // The old one leaves the load balancer and is stopped while it still answers: what it
      // accepted it finishes (a menu and an order sent just before the signal).
      routed = [fresh];
      if (again) expect(await again.shop.stop()).toBe(0);
      phase = "Abschied";
      const lastItem = await itemOf(old);
      const lastCart = await addToNewCart(old.shop.origin, lastItem);
      if (!("cookie" in lastCart)) throw new Error(`Warenkorb: ${lastCart.response.status}`);
      const lastKey = `upgrade-last-${randomBytes(6).toString("hex")}`;
      const inFlight = [
        submitOrder(old.shop.origin, BRANCH, lastCart.cookie, lastKey),
        fetch(`${old.shop.origin}${BRANCH}`).then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        }),
      ];
      await new Promise((resolve) => setTimeout(resolve, 20));
      const stopped = old.shop.stop();
      const [lastOrder, lastMenu] = await Promise.all(inFlight);
      expect(lastMenu).toBe(200);
      expect((lastOrder as Awaited<ReturnType<typeof submitOrder>>).status).toBe(303);
      acknowledged.push({ key: lastKey, by: "alt", phase });
      expect(await stopped).toBe(0);
      expect(old.shop.output()).toContain("Server beendet.");

      phase = "neu";
      await ordersTaken(["neu"], 5);
      running = false;
      await Promise.all(customers);
      await fresh.shop.stop();

      expect(failures).toEqual([]);
      const stored = await sql<{ key: string }>`
        select idempotency_key as key from orders where idempotency_key like 'upgrade-%'
      `.execute(handle.db);
      const keys = new Set(stored.rows.map((row) => row.key));
      expect(acknowledged.filter((order) => !keys.has(order.key))).toEqual([]);
      expect(keys.size).toBe(acknowledged.length);
      // What ran, for the record (the test's output in CI).
      const tally = new Map<string, number>();
      for (const order of acknowledged) {
        const group = `${order.phase} → ${order.by}`;
        tally.set(group, (tally.get(group) ?? 0) + 1);
      }
      console.info(
        `Upgrade ${commit.slice(0, 7)} → aktuell, neue Migrationen: ${migrated.length}; ` +
          `Bestellungen ${[...tally].map(([group, count]) => `${group}: ${count}`).join(", ")}`,
      );
    },
  );
});
