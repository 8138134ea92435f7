/**
 * What `npm run bench` measures. A scenario discovers what it needs from the running shop (the
 * first branch link on the home page, the product links of its menu, the fields of an item
 * dialog) instead of hard-coding seed data.
 */
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import type { LargeMenu } from "./large-menu";
import { fillTaxExportMonth, TAX_EXPORT_ORDERS } from "./tax-export";
import {
  CART_ITEMS,
  demoBranchPath,
  productIds,
  addableProducts,
  additionRequest,
  firstAddable,
  largeMenuItems,
  addToCart,
  customersWithCarts,
  gzipBytes,
  startBareServer,
  quickAdds,
  cartLines,
} from "./storefront-forms";
import {
  ORDER_CARTS,
  SUBMIT_LABEL,
  placeOrders,
  unchangedStatus,
  BOARD_ORDERS,
  fillBoard,
} from "./ordering";

export interface BenchContext {
  origin: string;
  /** Connections the scenario runs with. */
  connections: number;
  /** GETs a page (redirects followed), with the cookie header if given. */
  fetchText(path: string, cookie?: string): Promise<string>;
  /** A request to the shop that does not follow redirects. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** The branch whose menu the bench filled up (bench/large-menu.ts); null when switched off. */
  largeMenu: LargeMenu | null;
  /** The measured server's PostgreSQL database; null on PGlite (one process at a time). */
  databaseUrl: string | null;
  /** A signed-in administrator's Cookie header (the seeded demo administrator). */
  staffCookie(): Promise<string>;
  /** The measured shop's server processes. */
  processes: number;
}

export interface BenchRequest {
  path: string;
  /** Another server to fire at than the shop (the ceiling scenario's bare server). */
  origin?: string;
  /** Called once the scenario was measured (stops what `prepare` started). */
  cleanup?: () => Promise<void>;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /**
   * Cookie headers handed out round robin, one per request: each stands for one customer's
   * browser, so concurrent requests do not queue on one cart's row lock.
   */
  cookies?: string[];
  /** The status of a successful answer; default: any 2xx. */
  expectStatus?: number;
  /**
   * Called once for every request autocannon sends, warm-up included: what this one request
   * sends instead of the defaults (e.g. the next cart of a pool). Its `tag` comes back with the
   * answer in `onAnswer`.
   */
  perRequest?: () => RequestVariant;
  /** Every answer autocannon counts, with the tag of the request it answers. */
  onAnswer?: (status: number, tag: string | undefined) => void;
  /**
   * Checks the database after the server has stopped (PGlite allows one process at a time):
   * lines for the report, `ok: false` when the check failed.
   */
  verify?: (db: Kysely<Database>) => Promise<Verification>;
}

export interface RequestVariant {
  headers?: Record<string, string>;
  body?: string;
  tag?: string;
}

export interface Verification {
  ok: boolean;
  lines: string[];
}

export interface Scenario {
  name: string;
  /** Fixed connection count (the target is stated for 50); default BENCH_CONNECTIONS. */
  connections?: number;
  /** Fixed duration in seconds; default BENCH_SECONDS. */
  seconds?: number;
  /** Resolves the request to fire; null skips the scenario with a reason printed. */
  prepare(context: BenchContext): Promise<BenchRequest | null>;
}

export const scenarios: Scenario[] = [
  // The target: the board with 500 open orders under 100 ms at p50 on PostgreSQL.
  {
    name: `Bestellübersicht (${BOARD_ORDERS} offene Bestellungen)`,
    connections: 1,
    prepare: async (context) => {
      if (!context.databaseUrl) return null;
      await fillBoard(context.databaseUrl);
      return { path: "/backend/orders", headers: { Cookie: await context.staffCookie() } };
    },
  },
  // Issue 39 part 3 (decision 116): a month with 3,000 orders exports to DATEV in under 2 s.
  {
    name: `Steuerberater-Export DATEV (${TAX_EXPORT_ORDERS} Bestellungen im Monat)`,
    connections: 1,
    prepare: async (context) => {
      if (!context.databaseUrl) return null;
      const { month, branchId } = await fillTaxExportMonth(context.databaseUrl);
      return {
        path: `/backend/exports/datev.csv?monat=${month}&filiale=${branchId}`,
        headers: { Cookie: await context.staffCookie() },
      };
    },
  },
  { name: "Startseite /", prepare: async () => ({ path: "/" }) },
  {
    name: "Filialseite (leerer Warenkorb)",
    prepare: async (context) => {
      const path = await demoBranchPath(context);
      return path ? { path } : null;
    },
  },
  {
    name: `Filialseite (${CART_ITEMS} Artikel im Warenkorb)`,
    prepare: async (context) => {
      const path = await demoBranchPath(context);
      if (!path) return null;
      const items = await addableProducts(context, path, CART_ITEMS);
      if (items.length === 0) return null;
      let cookie: string | null = null;
      for (let index = 0; index < CART_ITEMS; index += 1) {
        cookie = await addToCart(context, items[index % items.length]!, cookie);
      }
      const page = await context.fetchText(path, cookie ?? undefined);
      const lines = cartLines(page);
      if (lines !== CART_ITEMS) {
        throw new Error(`Warenkorb zeigt ${lines} statt ${CART_ITEMS} Positionen.`);
      }
      return { path, headers: { Cookie: cookie! } };
    },
  },
  {
    // The usual addition: a customer who already has a cart adds another item. Each connection
    // stands for one customer with a cart of their own (round robin over 2 × connections carts).
    name: "Artikel hinzufügen (bestehender Warenkorb)",
    prepare: async (context) => {
      const item = await firstAddable(context);
      if (!item) return null;
      const cookies: string[] = [];
      for (let index = 0; index < context.connections * 2; index += 1) {
        cookies.push(await addToCart(context, item, null));
      }
      return { ...additionRequest(item), cookies, expectStatus: 303 };
    },
  },
  {
    // A first addition: no cookie, so every request opens a new cart and sets the cookie.
    name: "Artikel hinzufügen (neuer Warenkorb)",
    prepare: async (context) => {
      const item = await firstAddable(context);
      return item ? { ...additionRequest(item), expectStatus: 303 } : null;
    },
  },
  // The target: p50 < 30 ms and p99 < 100 ms at 50 connections on PostgreSQL. One
  // connection shows the server's own time per page; 50 run longer, as each answer waits for the
  // others (seconds each when the target is missed).
  ...[1, 50].map((connections): Scenario => ({
    name: `Filialseite große Karte (${connections} Verb.)`,
    connections,
    seconds: connections > 1 ? 10 : undefined,
    prepare: async (context) => {
      if (!context.largeMenu) return null;
      const path = `/store/${context.largeMenu.branchIdentifier}`;
      const shown = productIds(await context.fetchText(path), path).length;
      console.log(
        `Große Karte: ${path}, ${context.largeMenu.products} Produkte im Menü, ` +
          `${shown} auf der Seite verlinkt.`,
      );
      // As a browser asks for it: compressed (the page is about 155 KiB unpacked).
      return { path, headers: { "Accept-Encoding": "gzip, deflate, br" } };
    },
  })),
  // Issue 18's target: a customer with a 10-item cart on the 300-product menu, at least 2,000
  // req/s with p99 < 100 ms at 50 connections (two processes, PostgreSQL), beside the kept page
  // above. Ten customers with a cart each take turns (the shop limits new carts per address).
  {
    name: `Filialseite große Karte, ${CART_ITEMS} Artikel im Warenkorb (50 Verb.)`,
    connections: 50,
    seconds: 10,
    prepare: async (context) => {
      const menu = await largeMenuItems(context);
      if (!menu) return null;
      const { path, items } = menu;
      const cookies = await customersWithCarts(context, items);
      const lines = cartLines(await context.fetchText(path, cookies[0]));
      if (lines !== CART_ITEMS) {
        throw new Error(`Warenkorb zeigt ${lines} statt ${CART_ITEMS} Positionen.`);
      }
      return { path, cookies, headers: { "Accept-Encoding": "gzip, deflate, br" } };
    },
  },
  // Issue 18's yardstick on this machine: the same customer's page as fixed bytes (gzip, as the
  // shop sent it), answered by as many bare node:http processes as the shop has. What this
  // reaches is the most any Node server answers here with that page under this load generator,
  // whatever it does per request (bench/bare-server.mjs).
  {
    name: `Obergrenze: dieselbe Seite als feste Bytes, Node ohne App (50 Verb.)`,
    connections: 50,
    seconds: 10,
    prepare: async (context) => {
      const menu = await largeMenuItems(context);
      if (!menu) return null;
      const [cookie] = await customersWithCarts(context, menu.items, 1);
      const body = await gzipBytes(context.origin + menu.path, cookie!);
      return startBareServer(body, context.processes, menu.path, context.origin);
    },
  },
  // Issue 18: "and the item dialog over it": a product's dialog over the 300-product menu, for
  // the same customers with a 10-item cart (a product linked from the menu, its first).
  {
    name: `Artikeldialog große Karte, ${CART_ITEMS} Artikel im Warenkorb (50 Verb.)`,
    connections: 50,
    seconds: 10,
    prepare: async (context) => {
      if (!context.largeMenu) return null;
      const menu = `/store/${context.largeMenu.branchIdentifier}`;
      const html = await context.fetchText(menu);
      const items = quickAdds(html, menu).slice(0, CART_ITEMS);
      const [productId] = productIds(html, menu);
      if (items.length === 0 || productId === undefined) return null;
      const cookies = await customersWithCarts(context, items);
      const path = `${menu}/product/${productId}`;
      const lines = cartLines(await context.fetchText(path, cookies[0]));
      if (lines !== CART_ITEMS) {
        throw new Error(`${path} zeigt ${lines} statt ${CART_ITEMS} Positionen.`);
      }
      return { path, cookies, headers: { "Accept-Encoding": "gzip, deflate, br" } };
    },
  },
  // Issue 18's target: the checkout page of a customer with a 10-item cart, at least 1,000 req/s
  // with p99 < 100 ms at 50 connections (ten customers take turns, as above).
  {
    name: `Kasse, ${CART_ITEMS} Artikel im Warenkorb (50 Verb.)`,
    connections: 50,
    seconds: 10,
    prepare: async (context) => {
      const path = await demoBranchPath(context);
      if (!path) return null;
      const items = await addableProducts(context, path, CART_ITEMS);
      if (items.length === 0) return null;
      const cookies = await customersWithCarts(context, items);
      const checkout = `${path}/checkout`;
      const page = await context.fetchText(checkout, cookies[0]);
      if (!SUBMIT_LABEL.test(page)) {
        throw new Error(`${checkout} zeigt keine Kasse.`);
      }
      return { path: checkout, cookies, headers: { "Accept-Encoding": "gzip, deflate, br" } };
    },
  },
  // The target: 200 orders/s with p99 under 250 ms on PostgreSQL. 50 connections run
  // longer, as each answer waits for the others (seconds each when the target is missed).
  // The pool holds BENCH_ORDER_CARTS for a 5-second run and twice that for the 10-second one
  // (it ran dry at 50 connections, stop 38: the rest were refused and counted as unexpected).
  ...[10, 50].map((connections): Scenario => ({
    name: `Bestellung aufgeben (${connections} Verb.)`,
    connections,
    seconds: connections > 10 ? 10 : undefined,
    prepare: (context) => placeOrders(context, connections > 10 ? 2 * ORDER_CARTS : ORDER_CARTS),
  })),
  // The target: at least 2,000 unchanged polls per second at 50 connections.
  {
    name: "Bestellstatus abfragen (ETag, Seite)",
    connections: 50,
    prepare: (context) => unchangedStatus(context, "page"),
  },
  {
    name: "Bestellstatus abfragen (ETag, JSON)",
    connections: 50,
    prepare: (context) => unchangedStatus(context, "json"),
  },
  // Issue 18: the status page as a customer opens it from the receipt or the confirmation mail
  // (no ETag yet): the whole page, packed as a browser asks for it.
  {
    name: "Bestellstatus öffnen (ganze Seite, 50 Verb.)",
    connections: 50,
    prepare: async (context) => {
      const polled = await unchangedStatus(context, "page");
      if (!polled) return null;
      return { path: polled.path, headers: { "Accept-Encoding": "gzip, deflate, br" } };
    },
  },
  { name: "healthz", prepare: async () => ({ path: "/healthz" }) },
];
