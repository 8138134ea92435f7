import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCache, type PageCache } from "#app/server/page-cache.server";

let clock = Date.UTC(2026, 10, 23, 11, 0, 5);
let rendered = 0;
let server: Server;
let origin: string;
let cache: PageCache;

beforeAll(async () => {
  const app = express();
  app.use(compression({ threshold: 0 }));
  let nonceCount = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonceCount}xyz`;
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${String(res.locals.cspNonce)}'`);
    next();
  });
  cache = pageCache({
    isCacheable: (path) => path === "/" || /^\/store\/[^/]+$/.test(path),
    varyCookies: ["cookie-consent"],
    bypassCookies: ["warenkorb"],
    now: () => clock,
  });
  app.use(cache);
  app.get("*", async (req, res) => {
    rendered += 1;
    if (req.path === "/store/langsam") await new Promise((resolve) => setTimeout(resolve, 300));
    if (req.path === "/store/kaputt") return res.status(500).type("html").send("<p>Fehler</p>");
    if (req.path === "/store/keks") res.setHeader("Set-Cookie", "x=1");
    res.type("html");
    res.write(`<html><script nonce="${String(res.locals.cspNonce)}"></script>`);
    res.end(`<p>Seite ${rendered} ${req.path}</p></html>`);
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** fetch asks for gzip and unpacks it: a hit must be compressed like the miss was. */
const get = (path: string, cookie?: string) =>
  fetch(`${origin}${path}`, {
    headers: { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) },
  });

describe("page cache", () => {
  it("renders a page once a minute and gives every answer its own nonce", async () => {
    const first = await get("/store/wiehre");
    const firstBody = await first.text();
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const second = await get("/store/wiehre");
    const secondBody = await second.text();
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(secondBody.replace(/nonce\d+xyz/, "N")).toBe(firstBody.replace(/nonce\d+xyz/, "N"));
    const nonce = /script-src 'nonce-([^']+)'/.exec(
      second.headers.get("content-security-policy")!,
    )![1];
    expect(secondBody).toContain(`nonce="${nonce}"`);
    expect(firstBody).not.toContain(`nonce="${nonce}"`);

    clock += 60_000;
    const third = await get("/store/wiehre");
    expect(third.headers.get("x-page-cache")).toBe("miss");
    expect(await third.text()).not.toBe(secondBody);
  });

  it("keeps a page per consent state and never caches a visitor's own cart", async () => {
    const before = rendered;
    await get("/", "cookie-consent=true");
    await get("/", "cookie-consent=true");
    await get("/");
    expect(rendered - before).toBe(2);
    await get("/store/herdern", "warenkorb=abc");
    await get("/store/herdern", "warenkorb=abc");
    expect(rendered - before).toBe(4);
  });

  it("passes over queries, other paths, errors and answers that set cookies", async () => {
    const before = rendered;
    for (const path of [
      "/store/wiehre?hinweis=added",
      "/store/wiehre/checkout",
      "/store/kaputt",
      "/store/keks",
    ]) {
      await get(path);
      await get(path);
    }
    expect(rendered - before).toBe(8);
  });

  it("lets one request render an expired page while the others get the old one", async () => {
    await get("/store/langsam");
    clock += 60_000;
    const before = rendered;
    const [renderer, waiting] = await Promise.all([
      get("/store/langsam"),
      new Promise((resolve) => setTimeout(resolve, 50)).then(() => get("/store/langsam")),
    ]);
    expect(renderer.headers.get("x-page-cache")).toBe("miss");
    expect(waiting.headers.get("x-page-cache")).toBe("hit");
    expect(rendered - before).toBe(1);
    expect((await get("/store/langsam")).headers.get("x-page-cache")).toBe("hit");
  });

  it("forgets every page when cleared, and does not keep one rendered from before", async () => {
    await get("/store/wiehre");
    expect((await get("/store/wiehre")).headers.get("x-page-cache")).toBe("hit");
    cache.clear();
    expect((await get("/store/wiehre")).headers.get("x-page-cache")).toBe("miss");
    expect((await get("/store/wiehre")).headers.get("x-page-cache")).toBe("hit");

    // Cleared while the slow page renders: that answer may hold data from before the change.
    clock += 60_000;
    const slow = get("/store/langsam");
    await new Promise((resolve) => setTimeout(resolve, 100));
    cache.clear();
    expect((await slow).headers.get("x-page-cache")).toBe("miss");
    expect((await get("/store/langsam")).headers.get("x-page-cache")).toBe("miss");
    expect((await get("/store/langsam")).headers.get("x-page-cache")).toBe("hit");
  });
});
