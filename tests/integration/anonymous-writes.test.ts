import { readFileSync } from "node:fs";
import { METHODS } from "node:http";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { seedDemoData } from "#app/db/seed.server";
import { appRoutes, type RouteEntry } from "#tests/support/app-build";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import { rawRequest } from "#tests/support/raw-request";
import { plainOrderableProduct, startShopWithCartBound } from "#tests/support/anonymous-shop";
import { nextAddress, type AppServer } from "#tests/support/staff";

/**
 * Issue 35: no request without a session writes more than a bounded number of rows per address
 * and minute. Every route template of `app/routes.ts` gets every method from a visitor without any
 * cookie – the forms with every intent the route's modules name, filled with plausible values (a
 * real product, a real order's address, the administrator's e-mail) – and a route whose answers
 * wrote any row gets 60 of that same request from one address; the rows of all tables together
 * may grow by at most ROW_BOUND.
 *
 * The bound: 30 rows for 60 requests, half a row per request. What an anonymous visitor may
 * legitimately cause once is a few rows (a throttle's counter, a queued mail, a pairing code);
 * anything that writes per request, unthrottled, crosses it at the 31st request. A cart addition
 * without a cart cookie makes a cart and its item: new carts are bounded per address and minute
 * (NEW_CARTS below; the shop's default is 30 per process), so 60 additions write 2 × NEW_CARTS rows.
 */
const ROW_BOUND = 30;

/** New carts per address and minute on this test's server: two rows each stay within the bound. */
const NEW_CARTS = 10;
const REPEATS = 60;
const ADMIN_EMAIL = "admin@sonnenkorn.example";

/** Plausible values for the fields the forms use; everything else gets "1". */
const VALUES: Record<string, string> = {
  name: "Max Muster",
  firstName: "Max",
  lastName: "Muster",
  email: ADMIN_EMAIL,
  username: ADMIN_EMAIL,
  phone: "+49 761 1234567",
  street: "Hauptstraße 1",
  zip: "79098",
  postalCode: "79098",
  city: "Freiburg",
  comment: "Bitte klingeln",
  message: "Hallo",
  password: "falsches-passwort-1",
  amount: "1",
  type: "takeaway",
  orderType: "takeaway",
  paymentMethod: "cash",
  code: "ABCDEF",
  rating: "5",
};

/** The intents a route's own module graph names (as in hostile-input.test.ts). */
function intentsOf(routeFile: string): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const stack = [path.resolve("app", routeFile)];
  while (stack.length > 0) {
    const target = stack.pop()!;
    const file = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`].find((name) => {
      try {
        return readFileSync(name) !== undefined;
      } catch {
        return false;
      }
    });
    if (!file || seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/intent"?\s*(?:value=|:|===?)\s*"([a-z][a-z-]*)"/g)) {
      found.add(match[1]!);
    }
    for (const match of source.matchAll(/z\.literal\("([a-z][a-z-]+)"\)/g)) found.add(match[1]!);
    for (const match of source.matchAll(/(?:from|import\()\s*"(\.{1,2}\/[^"]+)"/g)) {
      stack.push(path.resolve(path.dirname(file), match[1]!));
    }
  }
  return [...found];
}

interface Probe {
  method: string;
  url: string;
  label: string;
  body?: string;
  headers: Record<string, string>;
}

const target = databaseTargets().at(-1)!;

describe(`anonymous writes per address (${target})`, () => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let params: Record<string, string>;
  let tables: string[];

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    await seedDemoData(handle.db, { now: new Date(), adminPassword: "anonymous-writes-admin" });
    server = await startShopWithCartBound(handle.db, NEW_CARTS);
    const { branch, product } = await plainOrderableProduct(handle.db);
    const order = await insertTestOrder(handle.db, { branchIdentifier: branch.identifier });
    const orderRow = await handle.db
      .selectFrom("orders")
      .select(["uid", "hash"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    VALUES.productId = String(product.id);
    VALUES.unit = product.unit;
    params = {
      branchIdentifier: branch.identifier,
      branchId: String(branch.id),
      productId: String(product.id),
      orderId: String(order.id),
      uid: orderRow.uid,
      hash: orderRow.hash,
      "*": "1-1.jpg",
    };
    const rows = await sql<{ name: string }>`
      select tablename as name from pg_tables
      where schemaname = 'public' and tablename not like 'kysely_%'
      order by tablename`.execute(handle.db);
    tables = rows.rows.map((row) => row.name);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  /** All rows of all tables, in one statement. */
  async function rowCount(): Promise<number> {
    const parts = tables
      .map((name) => `select count(*)::int as n from "${name}"`)
      .join(" union all ");
    const result = await sql<{
      total: number;
    }>`select sum(n)::int as total from (${sql.raw(parts)}) counts`.execute(handle.db);
    return Number(result.rows[0]!.total);
  }

  function addressOf(route: RouteEntry): string {
    return (
      "/" +
      route.fullPath
        .replace(/:(\w+)/g, (_, name: string) => params[name] ?? "x")
        .replace("*", params["*"]!)
    );
  }

  function probesOf(route: RouteEntry): Probe[] {
    const url = addressOf(route);
    const isApi = route.fullPath.startsWith("api/");
    const probes: Probe[] = [];
    for (const method of METHODS) {
      if (method === "CONNECT") continue;
      const carriesBody = !["GET", "HEAD", "TRACE"].includes(method);
      if (!carriesBody) {
        probes.push({ method, url, label: method, headers: {} });
        continue;
      }
      const served = ["POST", "PUT", "PATCH", "DELETE"].includes(method);
      const intents = served ? [null, ...intentsOf(route.file)] : [null];
      for (const intent of intents) {
        const values: Record<string, string> = { ...VALUES, orderKey: orderKey() };
        if (intent) values.intent = intent;
        probes.push(
          isApi
            ? {
                method,
                url,
                label: `${method} JSON ${intent ?? ""}`.trim(),
                body: JSON.stringify(values),
                headers: { "Content-Type": "application/json" },
              }
            : {
                method,
                url: route.index ? `${url}?index` : url,
                label: `${method} ${intent ?? ""}`.trim(),
                body: new URLSearchParams(values).toString(),
                headers: { "Content-Type": "application/x-www-form-urlencoded" },
              },
        );
      }
    }
    return probes;
  }

  let keys = 0;
  const orderKey = () => `anonymous-writes-${String((keys += 1)).padStart(8, "0")}`;

  async function send(probe: Probe, address: string): Promise<void> {
    const headers: Record<string, string> = { ...probe.headers, "X-Forwarded-For": address };
    if (probe.body !== undefined) headers.Origin = server.origin;
    // A fresh order key per request, as a bot would send: the same one would be one order.
    const body = probe.body?.replace(/anonymous-writes-\d{8}/, orderKey());
    await rawRequest(server.origin, probe.method, probe.url, headers, body);
  }

  // Some 8,000 probes and the repeats of the routes that wrote: a few minutes.
  it(
    `writes at most ${ROW_BOUND} rows for ${REPEATS} requests from one address, on every route`,
    { timeout: 1_800_000 },
    async () => {
      const writers: { route: string; probe: Probe }[] = [];
      let probes = 0;
      for (const route of appRoutes()) {
        const list = probesOf(route);
        const before = await rowCount();
        for (const probe of list) await send(probe, nextAddress());
        probes += list.length;
        if ((await rowCount()) === before) continue;
        // Which of the route's requests wrote: each once more, counted on its own.
        for (const probe of list) {
          const start = await rowCount();
          await send(probe, nextAddress());
          if ((await rowCount()) > start) writers.push({ route: route.fullPath, probe });
        }
      }
      const exceeded: string[] = [];
      const measured: string[] = [];
      for (const { route, probe } of writers) {
        const address = nextAddress();
        const before = await rowCount();
        for (let index = 0; index < REPEATS; index += 1) await send(probe, address);
        const grown = (await rowCount()) - before;
        const line = `/${route} ${probe.label}: ${grown} Zeilen`;
        measured.push(line);
        if (grown > ROW_BOUND) exceeded.push(line);
      }
      console.log(
        `Anonyme Schreibzugriffe (${target}): ${probes} Proben, ${writers.length} schreibende\n` +
          measured.join("\n"),
      );
      expect(probes).toBeGreaterThan(1_000);
      expect(exceeded).toEqual([]);
    },
  );
});
