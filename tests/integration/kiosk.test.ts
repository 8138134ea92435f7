import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { seedDemoData } from "#app/db/seed.server";
import { updateSettings } from "#app/db/queries/settings";
import { startLiveOrders, type LiveOrders } from "#app/server/notify-hub.server";
import {
  checkoutPageCache,
  documentPartsFor,
  forgetOnReferenceChanges,
  statusPageCache,
  storefrontPageCache,
  visitorPartsOf,
} from "#app/server/reference-changes.server";
import { securityHeaders } from "#app/server/security-headers.server";
import { markCartWrites } from "#app/server/cart-writes.server";
import { deKiosk } from "#app/i18n/de-kiosk";
import { de } from "#app/i18n/de";
import { deCheckout } from "#app/i18n/de-checkout";
import { appBuild } from "#tests/support/app-build";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { staffContext } from "#tests/support/staff";

/**
 * The self-service kiosk (issue 19, decision 053) through the whole app with its kept pages: the
 * reset forgets the customer, the checkout takes only the counter's payment methods, and the kept
 * pages of a kiosk are never a visitor's, nor the other way round.
 */
const BRANCH = "altstadt";
const KIOSK = "self-service=1";

interface Shop {
  origin: string;
  close(): Promise<void>;
}

async function startShop(handle: DatabaseHandle, context: AppLoadContext, live: LiveOrders) {
  const build = await appBuild();
  const app = express();
  app.use(securityHeaders({ isDevelopment: false }));
  app.use(markCartWrites({ secure: false }));
  const cache = storefrontPageCache(live, {
    visitorParts: visitorPartsOf(
      () => build,
      () => context,
    ),
  });
  const checkouts = checkoutPageCache(
    live,
    () => build,
    () => context,
  );
  const stop = forgetOnReferenceChanges(live, handle.db, [cache, checkouts]);
  app.use(cache);
  app.use(checkouts);
  app.use(
    statusPageCache(
      () => build,
      () => context,
    ),
  );
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
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  } satisfies Shop;
}

/** The Cookie header a browser sends next: the one it sent, with what the answer set or expired. */
function withCookies(cookie: string, setCookies: string[]): string {
  const jar = new Map(
    cookie
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const set of setCookies) {
    const pair = set.split(";")[0]!;
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0/i.test(set)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

describe.each(databaseTargets())("the self-service kiosk (%s)", (target) => {
  let handle: DatabaseHandle;
  let live: LiveOrders;
  let shop: Shop;
  let context: AppLoadContext;
  let productId: number;
  let productName: string;

  const get = (path: string, cookie = "") =>
    fetch(`${shop.origin}${path}`, {
      redirect: "manual",
      headers: cookie ? { Cookie: cookie } : {},
    });
  const post = (path: string, cookie: string, body: Record<string, string>) =>
    fetch(`${shop.origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: cookie,
        Origin: shop.origin,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(body),
    });

  /** A kiosk (or a visitor) with one product in the branch's cart. */
  async function withCart(cookie: string): Promise<string> {
    const response = await post(`/store/${BRANCH}?index`, cookie, {
      intent: "add",
      productId: String(productId),
      amount: "1",
    });
    expect(response.status).toBe(303);
    return withCookies(cookie, response.headers.getSetCookie());
  }

  async function checkoutForm(
    cookie: string,
    paymentMethod: string,
    extra: Record<string, string> = {},
  ) {
    const page = await (await get(`/store/${BRANCH}/checkout`, cookie)).text();
    const orderKey = /name="orderKey" value="([^"]+)"/.exec(page)?.[1] ?? "";
    return post(`/store/${BRANCH}/checkout`, cookie, {
      orderKey,
      firstName: "Erika",
      lastName: "Mustermann",
      email: "erika@example.org",
      phone: "0761 123456",
      paymentMethod,
      acceptTerms: "on",
      acceptPrivacy: "on",
      ...extra,
    });
  }

  const offered = (html: string) =>
    [...html.matchAll(/name="paymentMethod"[^>]*value="([^"]+)"/g)].map((match) => match[1]);

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    await seedDemoData(handle.db, { now: new Date(Date.now() - 86_400_000) });
    live = startLiveOrders(handle, { log: () => undefined });
    await live.ready();
    context = staffContext(handle.db, { live } as Partial<AppLoadContext>);
    shop = await startShop(handle, context, live);
    context.config = { ...context.config, publicOrigin: shop.origin };
    const html = await (await get(`/store/${BRANCH}`)).text();
    const quick =
      /name="productId" value="(\d+)" aria-label="([^"]+) hinzufügen" class="quick-add-button"/.exec(
        html,
      );
    productId = Number(quick?.[1]);
    productName = quick?.[2] ?? "";
    expect(productId).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await shop?.close();
    await live?.close();
    await handle?.close();
  });

  it("shows the idle screen at /kiosk and makes the device a kiosk", async () => {
    const response = await get("/kiosk");
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toMatch(/^self-service=1;/);
    const html = await response.text();
    expect(html).toContain(de.kiosk.idle);
    expect(html).toMatch(
      /<a [^>]*href="\/"[^>]*class="kiosk-idle"|class="kiosk-idle"[^>]*href="\/"/,
    );
    expect(html).toContain("<svg");
    // No banner on the idle screen, no frame around it.
    expect(html).not.toContain("cookie-banner");
    expect(html).not.toContain("site-footer");
    const leave = await get("/kiosk?aus", KIOSK);
    expect(leave.status).toBe(303);
    expect(leave.headers.get("Set-Cookie")).toMatch(/^self-service=; Max-Age=0/);
  });

  for (const method of ["GET", "POST"] as const) {
    it(`forgets the customer on ${method} /kiosk/neu and shows the idle screen`, async () => {
      const cookie = await withCart(KIOSK);
      const cartIds = await handle.db.selectFrom("carts").select("id").execute();
      const before = await (await get(`/store/${BRANCH}/checkout`, cookie)).text();
      expect(before).toContain(productName);
      const response =
        method === "GET" ? await get("/kiosk/neu", cookie) : await post("/kiosk/neu", cookie, {});
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/kiosk");
      const set = response.headers.getSetCookie();
      expect(set.some((line) => /^warenkorb=[^;]*;.*Max-Age=0/i.test(line))).toBe(true);
      expect(set.some((line) => /^warenkorb-stand=;.*Max-Age=0/i.test(line))).toBe(true);
      // The cart itself is gone, not only the cookie that named it.
      const after = await handle.db.selectFrom("carts").select("id").execute();
      expect(after.length).toBe(cartIds.length - 1);
      const next = withCookies(cookie, set);
      expect(next).toBe(KIOSK);
      const checkout = await (await get(`/store/${BRANCH}/checkout`, next)).text();
      expect(checkout).not.toContain(productName);
      // Even the old cookie, replayed, finds no cart any more.
      const replayed = await (await get(`/store/${BRANCH}/checkout`, cookie)).text();
      expect(replayed).not.toContain(productName);
    });
  }

  it("stores no page with a customer's data and closes the last order at the reset (issue 35)", async () => {
    const kiosk = await withCart(KIOSK);
    const visitor = await withCart("");
    // The checkout: stored nowhere on a kiosk (no HTTP cache for a back gesture, no bfcache),
    // its own kept copy included; a visitor's keeps its usual headers.
    for (let round = 0; round < 2; round += 1) {
      const page = await get(`/store/${BRANCH}/checkout`, kiosk);
      expect(page.status).toBe(200);
      expect(page.headers.get("Cache-Control"), `round ${round}`).toBe("no-store");
    }
    const visitorPage = await get(`/store/${BRANCH}/checkout`, visitor);
    expect(visitorPage.headers.get("Cache-Control")).not.toBe("no-store");
    // A refused form (with what was typed in it) is stored nowhere either.
    const refused = await checkoutForm(kiosk, "voucher");
    expect(refused.status).toBe(400);
    expect(refused.headers.get("Cache-Control")).toBe("no-store");

    const comment = "Bitte bei Mustermann im Hinterhaus klingeln";
    const placed = await checkoutForm(kiosk, "cash", { comment });
    expect(placed.status).toBe(303);
    expect(placed.headers.get("Cache-Control")).toBe("no-store");
    const status = placed.headers.get("Location") ?? "";
    const uid = /^\/status\/([0-9a-f-]{36})\/[A-Za-z0-9_-]+$/.exec(status)?.[1];
    expect(uid).toBeTruthy();
    const orderCookie = placed.headers
      .getSetCookie()
      .find((line) => line.startsWith("kiosk-bestellung="));
    expect(orderCookie).toMatch(new RegExp(`^kiosk-bestellung=${uid}; Path=/status; HttpOnly`));
    const ordered = withCookies(kiosk, placed.headers.getSetCookie());

    // The kiosk's own order: the ticket, but no tag, nothing stored, no name, no comment.
    const own = await get(status, ordered);
    expect(own.status).toBe(200);
    expect(own.headers.get("Cache-Control")).toBe("no-store");
    expect(own.headers.get("ETag")).toBeNull();
    const ownHtml = await own.text();
    expect(ownHtml).toMatch(/status-ticket/);
    expect(ownHtml).not.toContain("Mustermann");
    expect(ownHtml).not.toContain("Hinterhaus");
    // The same page at the customer's home (the link in the mail) shows all of it.
    const home = await get(status);
    expect(home.status).toBe(200);
    expect(home.headers.get("ETag")).toBeTruthy();
    expect(home.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(await home.text()).toContain("Hinterhaus");

    // The reset forgets the order: its page is the idle screen from now on, by GET and by form.
    const reset = await get("/kiosk/neu", ordered);
    expect(
      reset.headers.getSetCookie().some((line) => /^kiosk-bestellung=;.*Max-Age=0/i.test(line)),
    ).toBe(true);
    const next = withCookies(ordered, reset.headers.getSetCookie());
    expect(next).toBe(KIOSK);
    for (const cookie of [next, `${KIOSK}; kiosk-bestellung=${"0".repeat(36)}`]) {
      const back = await get(status, cookie);
      expect(back.status).toBe(303);
      expect(back.headers.get("Location")).toBe("/kiosk");
      expect(back.headers.get("Cache-Control")).toBe("no-store");
      expect(await back.text()).not.toContain("Hinterhaus");
      const data = await get(`${status}.data`, cookie);
      expect(await data.text()).not.toContain("Hinterhaus");
      const form = await post(status, cookie, { intent: "questionnaire", rating: "5" });
      expect(form.status).toBe(303);
      expect(form.headers.get("Location")).toBe("/kiosk");
    }
  });

  it("sends any other device home without touching its cart", async () => {
    const cookie = await withCart("");
    const response = await post("/kiosk/neu", cookie, {});
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().filter((line) => line.startsWith("warenkorb="))).toEqual(
      [],
    );
    const checkout = await (await get(`/store/${BRANCH}/checkout`, cookie)).text();
    expect(checkout).toContain(productName);
  });

  it("answers hostile requests to the reset with less than 500", async () => {
    const answers = await Promise.all([
      post("/kiosk/neu", `${KIOSK}; warenkorb=gefälscht`, {}),
      fetch(`${shop.origin}/kiosk/neu`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: KIOSK, "Content-Type": "application/json" },
        body: "{".repeat(100_000),
      }),
      get("/kiosk/neu?x=" + "a".repeat(4000), KIOSK),
      fetch(`${shop.origin}/kiosk/neu`, { method: "PUT", redirect: "manual" }),
    ]);
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
  });

  it("takes a walk-in order with a first name at most and keeps no contact data (issue 36)", async () => {
    const kioskPage = await (await get(`/store/${BRANCH}/checkout`, await withCart(KIOSK))).text();
    const visitorPage = await (await get(`/store/${BRANCH}/checkout`, await withCart(""))).text();
    for (const field of ["lastName", "company", "email", "phone"]) {
      expect(visitorPage, field).toContain(`name="${field}"`);
      expect(kioskPage, field).not.toContain(`name="${field}"`);
    }
    expect(kioskPage).toContain('name="firstName"');
    const orderOf = async (response: Response) => {
      expect(response.status).toBe(303);
      const uid = /^\/status\/([0-9a-f-]{36})\//.exec(response.headers.get("Location") ?? "")?.[1];
      return handle.db
        .selectFrom("orders")
        .select(["name", "lastName", "email", "phone"])
        .where("uid", "=", uid ?? "")
        .executeTakeFirstOrThrow();
    };
    // Nothing typed: the ticket number is called.
    const nameless = await checkoutForm(await withCart(KIOSK), "cash", {
      firstName: "",
      lastName: "",
      email: "",
      phone: "",
    });
    expect(await orderOf(nameless)).toEqual({
      name: "Bestellterminal",
      lastName: null,
      email: null,
      phone: null,
    });
    // Whatever else a kiosk posts is dropped: the first name stays.
    const posted = await checkoutForm(await withCart(KIOSK), "cash");
    expect(await orderOf(posted)).toEqual({
      name: "Erika",
      lastName: null,
      email: null,
      phone: null,
    });
  });

  it("offers only what the kiosk's counter takes, and refuses others by hand with a 400", async () => {
    const kiosk = await withCart(KIOSK);
    const visitor = await withCart("");
    const kioskPage = await (await get(`/store/${BRANCH}/checkout`, kiosk)).text();
    const visitorPage = await (await get(`/store/${BRANCH}/checkout`, visitor)).text();
    // The demo shop takes vouchers online; the kiosk's default is cash and card at the counter.
    expect(offered(visitorPage)).toContain("voucher");
    expect(offered(kioskPage)).toEqual(["cash", "atm-card"]);

    for (const method of ["voucher", "stripe", "paypal"]) {
      const refused = await checkoutForm(kiosk, method);
      expect(refused.status, method).toBe(400);
      expect(await refused.text()).toContain(deKiosk.paymentNotAtKiosk);
    }
    const visitorVoucher = await checkoutForm(visitor, "voucher");
    expect(await visitorVoucher.text()).not.toContain(deKiosk.paymentNotAtKiosk);
    const cash = await checkoutForm(kiosk, "cash");
    if (cash.status !== 303) {
      const text = await cash.text();
      expect(text).not.toContain(deKiosk.paymentNotAtKiosk);
      expect(text).not.toContain(deCheckout.paymentUnavailable);
    }

    // The setting: vouchers switched on for the kiosk, cash off.
    await updateSettings(handle.db, { kioskVoucher: true, kioskCash: false });
    try {
      const deadline = Date.now() + 5_000;
      let methods: (string | undefined)[] = [];
      while (Date.now() < deadline) {
        methods = offered(await (await get(`/store/${BRANCH}/checkout`, kiosk)).text());
        if (methods.includes("voucher")) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(methods).toEqual(["atm-card", "voucher"]);
      const refused = await checkoutForm(kiosk, "cash");
      expect(refused.status).toBe(400);
    } finally {
      await updateSettings(handle.db, { kioskVoucher: false, kioskCash: true });
    }
  });

  it("keeps a kiosk's pages apart from everyone else's, each the same bytes for its kind", async () => {
    const pages = async (cookie: string) => {
      const first = await get("/", cookie);
      const firstHtml = await first.text();
      for (let tries = 0; tries < 50; tries += 1) {
        const again = await get("/", cookie);
        const html = await again.text();
        if (again.headers.get("x-page-cache") === "hit") return { first: firstHtml, kept: html };
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error("Die Seite wurde nicht behalten");
    };
    const visitor = await pages("");
    const kiosk = await pages(KIOSK);
    const refresh = `content="120;url=/kiosk/neu"`;
    expect(kiosk.kept).toContain(refresh);
    expect(visitor.kept).not.toContain(refresh);
    expect(visitor.kept).not.toContain("/kiosk/neu");
    // The visitor's page leads to route planners; the kiosk's never does.
    expect(visitor.kept).toMatch(/href="https:\/\/www\.(google|openstreetmap)/);
    expect(kiosk.kept).not.toMatch(/<a [^>]*href="(https?:|tel:|mailto:|\/\/)/);
    expect(kiosk.kept).not.toContain('target="_blank"');
    // A second kiosk and a second visitor get the same kept bytes as the first of their kind.
    expect((await pages(KIOSK)).kept).toBe(kiosk.kept);
    expect((await pages("")).kept).toBe(visitor.kept);
  });

  it("leaves out the footer's links to other sites on a kiosk", async () => {
    // The imprint kept on another site: no text here, no public page of that path.
    await updateSettings(handle.db, {
      imprint: "https://impressum.example/sonnenkorn",
      imprintText: null,
    });
    await handle.db
      .updateTable("sites")
      .set({ isPublic: false })
      .where("path", "=", "imprint")
      .execute();
    try {
      const deadline = Date.now() + 5_000;
      let visitor = "";
      while (Date.now() < deadline) {
        visitor = await (await get("/site/privacy")).text();
        if (visitor.includes("impressum.example")) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(visitor).toContain('href="https://impressum.example/sonnenkorn"');
      const kiosk = await (await get("/site/privacy", KIOSK)).text();
      expect(kiosk).not.toMatch(/<a [^>]*impressum\.example/);
      expect(kiosk).not.toMatch(/<a [^>]*href="(https?:|tel:|mailto:|\/\/)/);
      expect(kiosk).toContain('content="120;url=/kiosk/neu"');
    } finally {
      const { legalTexts } = await import("#app/db/seed/settings");
      await updateSettings(handle.db, { imprint: null, imprintText: legalTexts.imprintText });
      await handle.db
        .updateTable("sites")
        .set({ isPublic: true })
        .where("path", "=", "imprint")
        .execute();
    }
  });
});
