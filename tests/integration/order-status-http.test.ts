import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestHandler as createExpressHandler } from "@remix-run/express";
import { createRequestHandler, type AppLoadContext } from "@remix-run/node";
import express from "express";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Database, Order } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import {
  orderStatusNotModified,
  type OrderStatusNotModified,
} from "#app/server/order-status-cache.server";
import { securityHeaders } from "#app/server/security-headers.server";
import { createTestDatabase } from "#tests/support/db";
import { awayFromStatusClockTurn } from "#tests/support/minute-turn";
import { insertTestOrder, setOrderFlags } from "#tests/support/orders";
import { statusPageBuild } from "#tests/support/remix-app";

const now = new Date("2026-11-21T09:30:00Z");
const REFRESH = '<noscript><meta http-equiv="refresh" content="10"/></noscript>';

/**
 * The status page through Remix itself (document, single fetch, forms) and through the server's
 * Express stack, where unchanged polls are answered 304 before Remix is reached. One database
 * target is enough here: the queries are the ones the other status tests run on both.
 */
describe("the order status page over HTTP", () => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let context: AppLoadContext;
  let remix: (request: Request) => Promise<Response>;
  let server: Server;
  let origin: string;
  let remixRequests = 0;
  let expressRequests = 0;
  /** The middleware's clock: its stamps live 1 s, the tests move time on by hand. */
  let clock = 0;
  let statusStamps: OrderStatusNotModified;

  beforeEach(() => awayFromStatusClockTurn(), 60_000);

  beforeAll(async () => {
    handle = await createTestDatabase("pglite");
    db = handle.db;
    await seedDemoData(db, { now });
    context = {
      db,
      config: { publicOrigin: "http://localhost:3000", mode: "demo", dataDir: "/nicht-benutzt" },
      secrets: { session: "s".repeat(40) },
      cspNonce: "test-nonce",
      payments: {},
    };
    const build = statusPageBuild();
    const handler = createRequestHandler(build, "production");
    remix = (request) => handler(request, context);

    const app = express();
    app.use((_req, _res, next) => {
      expressRequests += 1;
      next();
    });
    app.use(securityHeaders({ isDevelopment: false }));
    statusStamps = orderStatusNotModified(db, {
      origin: context.config.publicOrigin,
      ttlMs: 1000,
      clock: () => clock,
    });
    const remixHandler = createExpressHandler({
      build,
      mode: "production",
      getLoadContext: (_req, res) => ({ ...context, cspNonce: String(res.locals.cspNonce) }),
    });
    app.all("*", (req, res, next) => {
      remixRequests += 1;
      return remixHandler(req, res, next);
    });
    // As in server.ts: the unchanged polls are answered before Express.
    server = createServer((req, res) => statusStamps(req, res, () => app(req, res)));
    server.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await handle?.close();
  });

  const path = (order: Pick<Order, "uid" | "hash">) => `/status/${order.uid}/${order.hash}`;
  const local = (pathname: string, init?: RequestInit) =>
    remix(new Request(`http://localhost${pathname}`, init));

  describe("through Remix", () => {
    it("renders the page with its title, noindex and a refresh that only works without JavaScript", async () => {
      const order = await insertTestOrder(db);
      const response = await local(path(order));
      expect(response.status).toBe(200);
      expect(response.headers.get("ETag")).toMatch(/^W\/"/);
      expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
      const html = await response.text();
      expect(html).toMatch(/<title>Bestellstatus - Bäckerei Sonnenkorn[^<]*<\/title>/);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toContain(REFRESH);
      expect(html).toContain("Vielen Dank für Ihre Bestellung!");
      expect(html).toContain(`Ticket<!-- --> <strong>${order.ticketNumber}</strong>`);
      expect(html).toContain('aria-current="step"');
      expect(html).toContain("Sonnenkorn am Münsterplatz");
    });

    it("drops the refresh once the order is final", async () => {
      const order = await insertTestOrder(db, { isConfirmed: true });
      expect(await (await local(path(order))).text()).toContain(REFRESH);
      await setOrderFlags(db, order.id, { isCompleted: true });
      const html = await (await local(path(order))).text();
      expect(html).not.toContain('http-equiv="refresh"');
      expect(html).toContain("Wie zufrieden waren Sie?");
      for (const label of ["Gesamt", "Essen", "Service", "Ablauf"]) {
        expect(html).toContain(`<legend>${label}</legend>`);
      }
    });

    it("answers an unchanged document or single-fetch poll with an empty 304", async () => {
      const order = await insertTestOrder(db);
      for (const suffix of ["", ".data", ".data?_routes=routes%2Fstatus"]) {
        const first = await local(`${path(order)}${suffix}`);
        expect(first.status).toBe(200);
        const etag = first.headers.get("ETag") ?? "";
        const again = await local(`${path(order)}${suffix}`, {
          headers: { "If-None-Match": etag },
        });
        expect(again.status).toBe(304);
        expect(await again.text()).toBe("");
        expect(again.headers.get("ETag")).toBe(etag);
      }
    });

    it("answers a wrong hash with the site's 404 page", async () => {
      const order = await insertTestOrder(db);
      const response = await local(`/status/${order.uid}/${"q".repeat(24)}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("404 Not Found");
    });

    it("redirects with 303 after accepting, and re-renders the form with messages on 400", async () => {
      const order = await insertTestOrder(db, {
        counterAppointment: new Date("2026-11-21T13:15:00Z"),
      });
      const page = await (await local(path(order))).text();
      // The proposal is for another day than today: the button names it (decision 047).
      expect(page).toMatch(/Ja, (Sa\., 21\.11\., )?14:15 Uhr ist in Ordnung/);
      const form = (fields: Record<string, string>) => ({
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      });
      const accepted = await local(path(order), form({ intent: "accept-counter-appointment" }));
      expect(accepted.status).toBe(303);
      expect(accepted.headers.get("Location")).toBe(path(order));
      const again = await local(path(order), form({ intent: "accept-counter-appointment" }));
      expect(again.status).toBe(400);
      expect(await again.text()).toContain("Diese Bestellung ist bereits bestätigt");

      await setOrderFlags(db, order.id, { isCompleted: true });
      const rated = await local(
        path(order),
        form({ intent: "questionnaire", rating: "7", foodRating: "4", serviceRating: "4" }),
      );
      expect(rated.status).toBe(400);
      const html = await rated.text();
      expect(html).toContain("Bitte bewerten Sie „Gesamt“ mit 1 bis 5 Sternen.");
      expect(html).toContain("Bitte bewerten Sie „Ablauf“ mit 1 bis 5 Sternen.");
      // The choices that were valid stay chosen.
      expect(html).toMatch(/id="bewertung-foodRating-4" name="foodRating"[^>]* checked=""/);
      expect(html).not.toMatch(/id="bewertung-foodRating-3" name="foodRating"[^>]* checked=""/);
    });
  });

  describe("through the server's middleware", () => {
    it("answers unchanged polls 304 before Express and Remix, without a new CSP nonce", async () => {
      const order = await insertTestOrder(db);
      for (const suffix of ["", ".data", ".data?_routes=routes%2Fstatus"]) {
        const first = await fetch(`${origin}${path(order)}${suffix}`);
        expect(first.status).toBe(200);
        expect(first.headers.get("Content-Security-Policy")).toContain("nonce-");
        await first.arrayBuffer();
        const etag = first.headers.get("ETag") ?? "";
        const before = remixRequests;
        const beforeExpress = expressRequests;
        const again = await fetch(`${origin}${path(order)}${suffix}`, {
          headers: { "If-None-Match": etag },
        });
        expect(again.status).toBe(304);
        expect(again.headers.get("ETag")).toBe(etag);
        expect(again.headers.get("Cache-Control")).toBe("private, no-cache");
        expect(again.headers.get("Content-Security-Policy")).toBeNull();
        expect(remixRequests).toBe(before);
        expect(expressRequests).toBe(beforeExpress);
      }
      const json = await fetch(`${origin}/api/orders/public/${order.uid}/${order.hash}`);
      const etag = json.headers.get("ETag") ?? "";
      await json.arrayBuffer();
      const before = remixRequests;
      const unchanged = await fetch(`${origin}/api/orders/public/${order.uid}/${order.hash}`, {
        headers: { "If-None-Match": etag },
      });
      expect(unchanged.status).toBe(304);
      expect(remixRequests).toBe(before);
    });

    it("passes changed orders, wrong hashes and other cookies on to Remix", async () => {
      const order = await insertTestOrder(db);
      const first = await fetch(`${origin}${path(order)}`);
      const etag = first.headers.get("ETag") ?? "";
      await first.arrayBuffer();

      const withConsent = await fetch(`${origin}${path(order)}`, {
        headers: { "If-None-Match": etag, Cookie: "cookie-consent=1" },
      });
      expect(withConsent.status).toBe(200);
      await withConsent.arrayBuffer();

      const wrong = await fetch(`${origin}/status/${order.uid}/${"q".repeat(24)}`, {
        headers: { "If-None-Match": etag },
      });
      expect(wrong.status).toBe(404);
      await wrong.arrayBuffer();

      await setOrderFlags(db, order.id, { isConfirmed: true });
      // Within a second the stamp read a moment ago still answers; then the change shows.
      const soon = await fetch(`${origin}${path(order)}`, { headers: { "If-None-Match": etag } });
      expect(soon.status).toBe(304);
      clock += 1000;
      const changed = await fetch(`${origin}${path(order)}`, {
        headers: { "If-None-Match": etag },
      });
      expect(changed.status).toBe(200);
      expect(changed.headers.get("ETag")).not.toBe(etag);
      expect(await changed.text()).toContain("In Zubereitung");
    });

    it("forgets its stamps when reference data changed (the instance's listener clears them)", async () => {
      const order = await insertTestOrder(db);
      const first = await fetch(`${origin}${path(order)}`);
      const etag = first.headers.get("ETag") ?? "";
      await first.arrayBuffer();
      const poll = () => fetch(`${origin}${path(order)}`, { headers: { "If-None-Match": etag } });
      expect((await poll()).status).toBe(304);
      await db.updateTable("settings").set({ shopName: "Sonnenkorn neu" }).execute();
      // The stamp read a moment ago would answer for the rest of its second; cleared, it goes.
      statusStamps.clear();
      const changed = await poll();
      expect(changed.status).toBe(200);
      expect(await changed.text()).toContain("Sonnenkorn neu");
    });

    it("reads one order's stamp once for many polls within a second", async () => {
      const order = await insertTestOrder(db);
      const first = await fetch(`${origin}/api/orders/public/${order.uid}/${order.hash}`);
      const etag = first.headers.get("ETag") ?? "";
      await first.arrayBuffer();
      clock += 1000;
      let queries = 0;
      const counting = db.withPlugin({
        transformQuery: (args) => {
          queries += 1;
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      const app = express();
      app.use(
        orderStatusNotModified(counting, {
          origin: context.config.publicOrigin,
          ttlMs: 1000,
          clock: () => clock,
        }),
      );
      app.use((_req, res) => res.status(500).end());
      const local = app.listen(0, "127.0.0.1");
      await new Promise<void>((resolve) => local.once("listening", resolve));
      try {
        const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}/api/orders/public/${order.uid}/${order.hash}`;
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => fetch(url, { headers: { "If-None-Match": etag } })),
        );
        expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(304));
        expect(queries).toBe(1);
        const wrongHash = await fetch(url.replace(order.hash, "h".repeat(24)), {
          headers: { "If-None-Match": etag },
        });
        expect(wrongHash.status).toBe(500); // passed on (to the stand-in for Remix)
        expect(queries).toBe(1);
      } finally {
        await new Promise((resolve) => local.close(resolve));
      }
    });
  });
});
