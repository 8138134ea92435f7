import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { gunzipSync } from "node:zlib";
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import type { AppLoadContext } from "@remix-run/node";
import { DateTime } from "luxon";
import { sql, type KyselyPlugin } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { seedDemoData } from "#app/db/seed.server";
import { startLiveOrders, type LiveOrders } from "#app/server/notify-hub.server";
import {
  checkoutPageCache,
  statusPageCache,
  documentPartsFor,
  forgetOnReferenceChanges,
  storefrontPageCache,
  visitorPartsOf,
} from "#app/server/reference-changes.server";
import { securityHeaders } from "#app/server/security-headers.server";
import { markCartWrites } from "#app/server/cart-writes.server";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { statusPath } from "#app/features/storefront/store-paths";
import { formatMoney } from "#app/domain/money";
import { appBuild } from "#tests/support/app-build";
import { insertTestOrder, setOrderFlags } from "#tests/support/orders";
import { createTestDatabase, databaseTargets, branchIdOf } from "#tests/support/db";
import { staffContext } from "#tests/support/staff";

/**
 * Issue 18 (decision 049): a customer with a cart gets the kept menu page with their own parts in
 * its slots. The page must be exactly what the whole render gives, never another customer's, and
 * never stale: a product sold out, a price changed, a category closing at 11:00 and a new menu
 * going live all show on the customer's next requests.
 */
const BRANCH = "altstadt";
const PATH = `/store/${BRANCH}`;
const ZONE = "Europe/Berlin";
const WITHIN_MS = 2_000;

interface Shop {
  origin: string;
  close(): Promise<void>;
}

async function listen(app: express.Express): Promise<{ server: Server; origin: string }> {
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The shop as server.ts mounts it: kept pages, with or without the customers' slots. */
async function startShop(
  handle: DatabaseHandle,
  context: AppLoadContext,
  live: LiveOrders,
  withCache: boolean,
): Promise<Shop> {
  const build = await appBuild();
  const app = express();
  app.use(securityHeaders({ isDevelopment: false }));
  app.use(markCartWrites({ secure: false }));
  const cache = withCache
    ? storefrontPageCache(live, {
        visitorParts: visitorPartsOf(
          () => build,
          () => context,
        ),
      })
    : null;
  const checkouts = withCache
    ? checkoutPageCache(
        live,
        () => build,
        () => context,
      )
    : null;
  const statusPages = withCache
    ? statusPageCache(
        () => build,
        () => context,
      )
    : null;
  const stop =
    cache && checkouts
      ? forgetOnReferenceChanges(live, handle.db, [cache, checkouts])
      : () => undefined;
  if (cache) app.use(cache);
  if (checkouts) app.use(checkouts);
  if (statusPages) app.use(statusPages);
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: "production",
      getLoadContext: (req, res) => ({
        ...context,
        cspNonce: String(res.locals.cspNonce ?? ""),
        documentParts: documentPartsFor(req),
      }),
    }),
  );
  const { server, origin } = await listen(app);
  return {
    origin,
    async close() {
      stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function get(shop: Shop, cookie?: string, encoding?: string, path = PATH) {
  const response = await fetch(`${shop.origin}${path}`, {
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      ...(encoding ? { "Accept-Encoding": encoding } : {}),
    },
  });
  return {
    kept: response.headers.get("x-page-cache"),
    policy: response.headers.get("content-security-policy") ?? "",
    html: await response.text(),
  };
}

/** The raw answer: fetch would unpack gzip itself and hide how it was packed. */
async function getRaw(shop: Shop, cookie: string, path = PATH) {
  const { request } = await import("node:http");
  const url = new URL(`${shop.origin}${path}`);
  return new Promise<{ encoding: string | undefined; kept: string; body: Buffer }>(
    (resolve, reject) => {
      const ask = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          headers: { Cookie: cookie, "Accept-Encoding": "gzip, deflate, br" },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("end", () =>
            resolve({
              encoding: answer.headers["content-encoding"],
              kept: String(answer.headers["x-page-cache"]),
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      ask.on("error", reject);
      ask.end();
    },
  );
}

/** A customer's page once it comes from the kept page with their slots (the first primes it). */
async function visitorPage(shop: Shop, cookie: string, path = PATH): Promise<string> {
  const deadline = performance.now() + 5_000;
  for (;;) {
    const { kept, html } = await get(shop, cookie, undefined, path);
    if (kept === "visitor") return html;
    if (performance.now() > deadline) throw new Error(`Die Seite kam nicht aus den Slots: ${kept}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Listed {
  id: number;
  name: string;
}

async function addToCart(shop: Shop, product: Listed, cookie?: string): Promise<string> {
  const response = await fetch(`${shop.origin}${PATH}?index`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    // As the menu's '+' does: the product alone, the server adds its starting amount.
    body: new URLSearchParams({ intent: "add", productId: String(product.id) }),
  });
  expect(response.status).toBe(303);
  return withCookies(cookie, response.headers.getSetCookie());
}

/** The Cookie header a browser sends next: the one it sent, with what the answer set. */
function withCookies(cookie: string | undefined, setCookies: string[]): string {
  const jar = new Map(
    (cookie ?? "")
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const set of setCookies) {
    const pair = set.split(";")[0]!;
    jar.set(pair.slice(0, pair.indexOf("=")), pair);
  }
  return [...jar.values()].join("; ");
}

/** What stands between a slot's markers. */
function slot(html: string, name: string): string {
  const start = `<template data-slot="${name}"></template>`;
  const from = html.indexOf(start);
  const to = html.indexOf(`<template data-slot="/${name}"></template>`);
  expect(from).toBeGreaterThan(-1);
  return html.slice(from + start.length, to);
}

/** The cart's item names, as the page's visitor data carries them. */
function cartNames(html: string): string[] {
  const json = slot(html, "visitor-data").replace(/^<script[^>]*>|<\/script>$/g, "");
  const visitor = JSON.parse(json) as { cart: { items: { name: string }[] } };
  return visitor.cart.items.map((item) => item.name).sort();
}

/**
 * A page as the browser ends up with it, without nonces. Whether React streams a boundary in
 * place or later (a hidden `S:n` segment and `$RC` moving it into the `B:n` placeholder) depends
 * on how soon the loader data came; both give the same document, so both compare alike.
 */
function withoutNonces(html: string): string {
  let page = html
    .replace(/ nonce="[^"]*"/g, "")
    .replace(/<script>\$RC=function[\s\S]*?;\$RC\(/, () => "<script>$RC(");
  const segment =
    /<div hidden id="S:(\d+)">([\s\S]*?)<\/div><script>\$RC\("B:\1","S:\1"\)<\/script>/;
  for (let found = segment.exec(page); found; found = segment.exec(page)) {
    const [whole, id, content] = found;
    // Functions as replacements: the scripts may hold `$&` and its kin.
    page = page.replace(whole, () => "");
    page = page.replace(
      `<!--$?--><template id="B:${id}"></template><!--/$-->`,
      () => `<!--$-->${content}<!--/$-->`,
    );
  }
  return page;
}

describe.each(databaseTargets())("a customer's menu page from the kept page (%s)", (target) => {
  let handle: DatabaseHandle;
  let live: LiveOrders;
  let shop: Shop;
  let whole: Shop;
  /** Quick-add products of the menu: id and name. */
  let products: Listed[];
  let branchId: number;
  let context: AppLoadContext;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    // Seeded a day back: its menus are live at any fake time of today.
    await seedDemoData(handle.db, { now: new Date(Date.now() - 86_400_000) });
    live = startLiveOrders(handle, { log: () => undefined });
    await live.ready();
    context = staffContext(handle.db, { live } as Partial<AppLoadContext>);
    shop = await startShop(handle, context, live, true);
    whole = await startShop(handle, context, live, false);
    // Both answer as the same shop: addresses in the page are the first one's.
    context.config = { ...context.config, publicOrigin: shop.origin };
    const { html } = await get(shop);
    products = [
      ...html.matchAll(
        /name="productId" value="(\d+)" aria-label="([^"]+) hinzufügen" class="quick-add-button"/g,
      ),
    ]
      .map((match) => ({ id: Number(match[1]), name: match[2]! }))
      .slice(0, 6);
    expect(products.length).toBe(6);
    branchId = await branchIdOf(handle.db, BRANCH);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await shop?.close();
    await whole?.close();
    await live?.close();
    await handle?.close();
  });

  it("is byte for byte the page the whole render gives, packed or not", async () => {
    let cookie = await addToCart(shop, products[0]!);
    cookie = await addToCart(shop, products[1]!, cookie);
    const spliced = await visitorPage(shop, cookie);
    const rendered = await get(whole, cookie);
    expect(rendered.kept).toBeNull();
    expect(withoutNonces(spliced)).toBe(withoutNonces(rendered.html));
    expect(cartNames(spliced)).toEqual([products[0]!.name, products[1]!.name].sort());
    expect(slot(spliced, "cart-bar")).toContain("2 Produkte");
    // Packed: the shared pieces once, the customer's parts per answer, one gzip member.
    const deadline = performance.now() + 5_000;
    let raw = await getRaw(shop, cookie);
    while (raw.encoding !== "gzip" && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      raw = await getRaw(shop, cookie);
    }
    expect(raw.kept).toBe("visitor");
    expect(raw.encoding).toBe("gzip");
    expect(withoutNonces(gunzipSync(raw.body).toString())).toBe(withoutNonces(rendered.html));
  });

  it("keeps an item's dialog over the menu too, for visitors and with a customer's cart", async () => {
    const product = products[5]!;
    const dialog = `${PATH}/product/${product.id}`;
    const rendered = await get(whole, undefined, undefined, dialog);
    expect(rendered.html).toContain(`<h2 id="artikel-titel">${product.name}</h2>`);
    // A visitor without a cart: the first answer is rendered and kept, the next is the copy.
    await get(shop, undefined, undefined, dialog);
    const copy = await get(shop, undefined, undefined, dialog);
    expect(copy.kept).toBe("hit");
    expect(withoutNonces(copy.html)).toBe(withoutNonces(rendered.html));
    // A customer: the same page with their cart in its slots, as the whole render gives it.
    const cookie = await addToCart(shop, products[1]!);
    const spliced = await visitorPage(shop, cookie, dialog);
    expect(withoutNonces(spliced)).toBe(
      withoutNonces((await get(whole, cookie, undefined, dialog)).html),
    );
    expect(cartNames(spliced)).toEqual([products[1]!.name]);
    // The menu and its dialogs share the customer's parts; another product's dialog is its own.
    const other = `${PATH}/product/${products[4]!.id}`;
    const otherPage = await visitorPage(shop, cookie, other);
    expect(otherPage).toContain(`<h2 id="artikel-titel">${products[4]!.name}</h2>`);
    expect(slot(otherPage, "cart-body")).toBe(slot(spliced, "cart-body"));
  });

  it("never shows one customer another's cart, however their requests interleave", async () => {
    const first = await addToCart(shop, products[2]!);
    let second = await addToCart(shop, products[3]!);
    second = await addToCart(shop, products[4]!, second);
    await visitorPage(shop, first);
    const pages = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        get(shop, index % 2 === 0 ? first : second).then((page) => ({ index, ...page })),
      ),
    );
    for (const { index, html, kept } of pages) {
      expect(kept).toBe("visitor");
      expect(cartNames(html)).toEqual(
        index % 2 === 0 ? [products[2]!.name] : [products[3]!.name, products[4]!.name].sort(),
      );
    }
  });

  it("reuses a customer's parts while their cart keeps its version; a change shows at once", async () => {
    // Early in a minute, so that the parts are not made anew for the next one meanwhile.
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    vi.useFakeTimers({ toFake: ["Date"], now: minute + 61_000, shouldAdvanceTime: true });
    let cookie = await addToCart(shop, products[1]!);
    await visitorPage(shop, cookie);
    const before = slot(await visitorPage(shop, cookie), "cart-body");
    // Every change of the shop's own moves the cart's version; this one, behind its back, does
    // not: the page shows the parts it made for this version.
    await handle.db
      .updateTable("cartItems")
      .set({ amount: 7 })
      .where("productId", "=", products[1]!.id)
      .execute();
    expect(slot(await visitorPage(shop, cookie), "cart-body")).toBe(before);
    cookie = await addToCart(shop, products[2]!, cookie);
    const after = await visitorPage(shop, cookie);
    expect(cartNames(after)).toEqual([products[1]!.name, products[2]!.name].sort());
    expect(slot(after, "cart-body")).toContain('value="7"');
  });

  it("trusts a customer's kept parts without the database while the listener hears every change", async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    vi.useFakeTimers({ toFake: ["Date"], now: minute + 61_000, shouldAdvanceTime: true });
    // A new cart has no mark yet: nothing can be kept for it before its first page.
    let cookie = await addToCart(shop, products[1]!);
    expect(cookie).not.toMatch(/warenkorb-stand=/);
    await visitorPage(shop, cookie);
    const before = slot(await visitorPage(shop, cookie), "cart-body");
    const original = context.db;
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        queries += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    context.db = original.withPlugin(counting);
    try {
      expect(slot(await visitorPage(shop, cookie), "cart-body")).toBe(before);
      expect(queries).toBe(0);
      // The customer's own change: the next page shows it, whether or not the announcement of
      // the change has arrived yet (the answer brought a new mark).
      const marked = cookie;
      cookie = await addToCart(shop, products[2]!, cookie);
      expect(cookie).toMatch(/warenkorb-stand=/);
      expect(cookie).not.toBe(marked);
      expect(cartNames(await visitorPage(shop, cookie))).toEqual(
        [products[1]!.name, products[2]!.name].sort(),
      );
      // A change the browser did not make (staff, a webhook): announced, shown within 2 s.
      await original.transaction().execute(async (trx) => {
        await trx
          .updateTable("cartItems")
          .set({ amount: 7 })
          .where("productId", "=", products[1]!.id)
          .execute();
        await trx
          .updateTable("carts")
          .set({ version: sql`version + 1` })
          .where("id", "in", (db) =>
            db.selectFrom("cartItems").select("cartId").where("productId", "=", products[1]!.id),
          )
          .execute();
      });
      const deadline = performance.now() + WITHIN_MS;
      let body = "";
      while (performance.now() < deadline) {
        body = slot(await visitorPage(shop, cookie), "cart-body");
        if (body.includes('value="7"')) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(body).toContain('value="7"');
    } finally {
      context.db = original;
    }
  });

  it("at a minute's turn, customers wait for the new minute's page instead of each rendering it whole", async () => {
    const cookie = await addToCart(shop, products[1]!);
    await visitorPage(shop, cookie);
    // Two minutes on: the kept page has expired, and ten customers ask at once.
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    vi.useFakeTimers({ toFake: ["Date"], now: minute + 121_000, shouldAdvanceTime: true });
    const pages = await Promise.all(Array.from({ length: 10 }, () => get(shop, cookie)));
    expect(pages.map((page) => page.kept)).toEqual(Array(10).fill("visitor"));
    for (const page of pages) expect(cartNames(page.html)).toContain(products[1]!.name);
  });

  it("keeps an order's status page while its tag holds; a change of the order shows at once", async () => {
    const order = await insertTestOrder(handle.db);
    const path = statusPath(order);
    const first = await get(shop, undefined, undefined, path);
    expect(first.kept).toBe("own-miss");
    const again = await get(shop, undefined, undefined, path);
    expect(again.kept).toBe("own");
    // The whole render's page with a nonce of its own, in the page and in its policy.
    const rendered = await get(whole, undefined, undefined, path);
    expect(withoutNonces(again.html)).toBe(withoutNonces(rendered.html));
    const nonce = /nonce="([^"]+)"/.exec(again.html)?.[1];
    expect(nonce).toBeTruthy();
    expect(again.policy).toContain(`'nonce-${nonce}'`);
    expect(first.html).not.toContain(`nonce="${nonce}"`);
    // Confirmed by the shop: the next request renders it anew, then keeps that one.
    await setOrderFlags(handle.db, order.id, { isConfirmed: true });
    const changed = await get(shop, undefined, undefined, path);
    expect(changed.kept).toBe("own-miss");
    expect(withoutNonces(changed.html)).not.toBe(withoutNonces(again.html));
    expect(withoutNonces(changed.html)).toBe(
      withoutNonces((await get(whole, undefined, undefined, path)).html),
    );
    // A wrong hash is the 404 it always was, never a kept page.
    const wrong = await fetch(`${shop.origin}/status/${order.uid}/falsch${order.hash.slice(6)}`);
    expect(wrong.status).toBe(404);
  });

  describe("the checkout (decision 050)", () => {
    const CHECKOUT = `${PATH}/checkout`;
    const orderKeyOf = (html: string) => /name="orderKey" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const nonceOf = (html: string) => / nonce="([^"]+)"/.exec(html)?.[1] ?? "";
    /** The page without what every answer has of its own. */
    const shared = (html: string) => withoutNonces(html).replaceAll(orderKeyOf(html), "KEY");
    const checkout = (from: Shop, cookie: string, encoding?: string) =>
      get(from, cookie, encoding, CHECKOUT);

    beforeEach(() => {
      // Early in a minute: the kept page is the minute's, and so is the whole render beside it.
      const minute = Math.floor(Date.now() / 60_000) * 60_000;
      vi.useFakeTimers({ toFake: ["Date"], now: minute + 61_000, shouldAdvanceTime: true });
    });

    it("is the whole render's page again, with a nonce and an order key of its own", async () => {
      const cookie = await addToCart(shop, products[0]!);
      const first = await checkout(shop, cookie);
      expect(first.kept).toBe("own-miss");
      const again = await checkout(shop, cookie);
      expect(again.kept).toBe("own");
      const rendered = await checkout(whole, cookie);
      expect(rendered.kept).toBeNull();
      expect(shared(again.html)).toBe(shared(rendered.html));
      expect(again.html).toContain(products[0]!.name);
      // Each answer: a new order key (in the form and in the loader data alike) and the nonce
      // of its own policy.
      expect(orderKeyOf(again.html)).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
      expect(orderKeyOf(again.html)).not.toBe(orderKeyOf(first.html));
      expect(again.html).not.toContain(orderKeyOf(first.html));
      expect(nonceOf(again.html)).not.toBe(nonceOf(first.html));
      expect(again.policy).toContain(`'nonce-${nonceOf(again.html)}'`);
      // Packed: the pieces once, the new tokens per answer, one gzip member.
      const deadline = performance.now() + 5_000;
      let raw = await getRaw(shop, cookie, CHECKOUT);
      while (raw.encoding !== "gzip" && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        raw = await getRaw(shop, cookie, CHECKOUT);
      }
      expect(raw.kept).toBe("own");
      expect(raw.encoding).toBe("gzip");
      expect(shared(gunzipSync(raw.body).toString())).toBe(shared(rendered.html));
    });

    it("shows a change of the cart and of a price on the next page; never another's", async () => {
      let cookie = await addToCart(shop, products[1]!);
      const other = await addToCart(shop, products[4]!);
      await checkout(shop, cookie);
      await checkout(shop, other);
      expect((await checkout(shop, cookie)).kept).toBe("own");
      cookie = await addToCart(shop, products[2]!, cookie);
      const changed = await checkout(shop, cookie);
      expect(changed.kept).toBe("own-miss");
      expect(changed.html).toContain(products[2]!.name);
      await handle.db
        .updateTable("products")
        .set({ price: 4_321 })
        .where("id", "=", products[2]!.id)
        .execute();
      // The line's price is the new price times the amount one tap added ('4 Personen' for a
      // platter, which the menu lists first in the morning).
      const { amount } = await handle.db
        .selectFrom("cartItems")
        .select("amount")
        .where("productId", "=", products[2]!.id)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      const line = formatMoney(4_321 * Number(amount));
      await shownWithin(cookie, (page) => page.includes(line), CHECKOUT);
      // The other customer's page is theirs alone.
      const theirs = await checkout(shop, other);
      expect(theirs.html).toContain(products[4]!.name);
      expect(theirs.html).not.toContain(products[1]!.name);
    });
  });

  /**
   * Until the change notice of a write just made has come (the kept page is dropped then): a
   * change that does not show at 10:59 must have arrived before the clock moves on.
   */
  async function changeHeard() {
    const deadline = performance.now() + WITHIN_MS;
    while ((await get(shop)).kept === "hit") {
      if (performance.now() > deadline) throw new Error("Keine Änderungsmeldung.");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Asks until `check` holds for the customer's page (at most 2 s); the page it held for. */
  async function shownWithin(cookie: string, check: (html: string) => boolean, path = PATH) {
    const since = performance.now();
    for (;;) {
      const { html } = await get(shop, cookie, undefined, path);
      if (check(html)) return html;
      if (performance.now() - since > WITHIN_MS) {
        throw new Error("Die Änderung kam nicht an.");
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("shows a product sold out in the cart and on the menu", async () => {
    const product = products[5]!;
    const cookie = await addToCart(shop, product);
    await visitorPage(shop, cookie);
    await handle.db
      .insertInto("productSoldOut")
      .values({ productId: product.id, branchId, until: new Date(Date.now() + 86_400_000) })
      .execute();
    const html = await shownWithin(cookie, (page) => !cartNames(page).includes(product.name));
    expect(slot(html, "cart-head")).toContain(product.name);
    // The notice says why; the menu no longer offers the product.
    expect(slot(html, "cart-head")).toContain(deCatalogue.soldOut.badge);
    await shownWithin(
      cookie,
      (page) =>
        !new RegExp(`name="productId" value="${product.id}"[^>]*class="quick-add-button"`).test(
          page,
        ),
    );
    await handle.db.deleteFrom("productSoldOut").execute();
  });

  it("shows a changed price on the menu and takes the item at the old price out", async () => {
    const product = products[0]!;
    const cookie = await addToCart(shop, product);
    await visitorPage(shop, cookie);
    const dialog = `${PATH}/product/${product.id}`;
    await visitorPage(shop, cookie, dialog);
    await handle.db
      .updateTable("products")
      .set({ price: 12_345 })
      .where("id", "=", product.id)
      .execute();
    const html = await shownWithin(cookie, (page) => !cartNames(page).includes(product.name));
    // The answer that took the item out tells the customer; the menu's row follows.
    expect(slot(html, "cart-head")).toContain(product.name);
    const rowOf = (page: string) => {
      const row = page.slice(page.indexOf(`id="produkt-${product.id}"`));
      return row.slice(0, row.indexOf("</li>"));
    };
    await shownWithin(cookie, (page) => rowOf(page).includes("123,45"));
    // The kept dialog went with the change too.
    const dialogPrice = (page: string) => page.slice(page.indexOf('id="artikel-titel"'));
    await shownWithin(cookie, (page) => dialogPrice(page).includes("123,45"), dialog);
  });

  it("shows a new menu from the minute it goes live, and the cart follows it", async () => {
    const kept = products[2]!;
    const dropped = products[3]!;
    const now = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now, shouldAdvanceTime: true });
    let cookie = await addToCart(shop, kept);
    cookie = await addToCart(shop, dropped, cookie);
    await visitorPage(shop, cookie);
    const menu = await handle.db
      .insertInto("menus")
      .values({ name: "Wintermenü", availableFrom: new Date(now + 120_000) })
      .returning("id")
      .executeTakeFirstOrThrow();
    const category = await handle.db
      .insertInto("categories")
      .values({ name: "Winterbrote" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const bread = await handle.db
      .insertInto("products")
      .values({ name: "Winter-Früchtebrot", price: 690 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await handle.db.insertInto("menuBranches").values({ menuId: menu.id, branchId }).execute();
    await handle.db
      .insertInto("menuCategories")
      .values({ menuId: menu.id, categoryId: category.id, position: 0 })
      .execute();
    await handle.db
      .insertInto("menuEntries")
      .values([
        { menuId: menu.id, categoryId: category.id, position: 0, productId: bread.id },
        { menuId: menu.id, categoryId: category.id, position: 1, productId: kept.id },
      ])
      .execute();
    // Not yet live: the old menu, the whole cart.
    let html = await shownWithin(cookie, (page) => cartNames(page).length === 2);
    expect(html).not.toContain("Winter-Früchtebrot");
    vi.setSystemTime(now + 180_000);
    html = await shownWithin(cookie, (page) => page.includes("Winter-Früchtebrot"));
    expect(cartNames(html)).toEqual([kept.name]);
    expect(slot(html, "cart-head")).toContain(dropped.name);
    await handle.db.deleteFrom("menuBranches").where("menuId", "=", menu.id).execute();
  });

  it("shows a category closing at 11:00 as no longer orderable", async () => {
    // One without a lead time: a pre-order for tomorrow would still be orderable.
    const { html: menu } = await get(shop);
    const product = products.find((candidate) => {
      const row = menu.slice(menu.indexOf(`id="produkt-${candidate.id}"`));
      return !row.slice(0, row.indexOf("</li>")).includes("lead-time");
    })!;
    const today = DateTime.now().setZone(ZONE).toISODate()!;
    const at = (time: string) => DateTime.fromISO(`${today}T${time}`, { zone: ZONE }).toJSDate();
    vi.useFakeTimers({ toFake: ["Date"], now: at("10:59:30"), shouldAdvanceTime: true });
    await get(shop);
    expect((await get(shop)).kept).toBe("hit");
    // Every category that lists the product (menus share products).
    const listing = await handle.db
      .selectFrom("menuEntries")
      .select("categoryId")
      .where("productId", "=", product.id)
      .execute();
    await handle.db
      .updateTable("categories")
      .set({
        schedule: JSON.stringify([
          { type: "daily", date: null, isClosed: false, fromTime: "06:00", toTime: "11:00" },
        ]) as never,
      })
      .where(
        "id",
        "in",
        listing.map((row) => row.categoryId),
      )
      .execute();
    await changeHeard();
    const cookie = await addToCart(shop, product);
    const quickAdd = new RegExp(
      `name="productId" value="${product.id}"[^>]*class="quick-add-button"`,
    );
    await shownWithin(cookie, (page) => quickAdd.test(page) && cartNames(page).length === 1);
    vi.setSystemTime(at("11:00:05"));
    // The kept page of 10:59 expired with its minute: the next request follows the clock.
    expect((await get(shop, cookie)).html).not.toMatch(quickAdd);
    const later = await visitorPage(shop, cookie);
    expect(later).not.toContain(quickAdd);
  });
});
