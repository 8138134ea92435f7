import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { request as httpRequest, type Server } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptedEncodings,
  packPage,
  pageCache,
  type PageCache,
} from "#app/server/page-cache.server";

let clock = Date.UTC(2026, 10, 23, 11, 0, 5);
let rendered = 0;
/** The pages handed to the packer, in order. */
const packed: string[] = [];
let server: Server;
let origin: string;
let cache: PageCache;
/** Whether the listener that clears the cache is in place (`canKeep`). */
let listening = true;

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
    canKeep: () => listening,
    pack: (body) => {
      packed.push(body.toString());
      return packPage(body);
    },
  });
  app.use(cache);
  app.get("*", async (req, res) => {
    rendered += 1;
    if (req.path.startsWith("/store/langsam")) {
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    if (req.path.endsWith("kaputt")) return res.status(500).type("html").send("<p>Fehler</p>");
    if (req.path === "/store/keks") res.setHeader("Set-Cookie", "x=1");
    res.type("html");
    const nonce = String(res.locals.cspNonce);
    // The nonce inside a script's text: a copy without it would break that script.
    if (req.path === "/store/verraten") {
      return res.end(`<html><script nonce="${nonce}">var n = "${nonce}";</script></html>`);
    }
    // The same bytes every minute (bar the nonce): its packed copies serve on.
    if (req.path === "/store/fest") {
      return res.end(
        `<html><script nonce="${nonce}">start();</script><p>${"Brot ".repeat(500)}</p>`,
      );
    }
    res.write(`<html><script nonce="${String(res.locals.cspNonce)}"></script>`);
    res.end(`<p>Seite ${rendered} ${req.path}</p></html>`);
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The answer as sent: headers and the body's bytes, not unpacked. */
function raw(path: string, acceptEncoding: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const url = new URL(path, origin);
      httpRequest(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on("error", reject);
      })
        .on("error", reject)
        .end();
    },
  );
}

/** Until the page's packed copies are there (a worker thread makes them after the miss). */
async function whenPacked(path: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await raw(path, "br");
    if (answer.headers["content-length"] !== undefined) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} wurde nicht gepackt`);
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

/** fetch asks for gzip and unpacks it: a hit must be compressed like the miss was. */
const get = (path: string, cookie?: string) =>
  fetch(`${origin}${path}`, {
    headers: { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) },
  });

describe("page cache", () => {
  it("renders a page once a minute; the kept copy allows its scripts by hash, not a nonce", async () => {
    const first = await get("/store/wiehre");
    const firstBody = await first.text();
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(firstBody).toMatch(/<script nonce="nonce\d+xyz">/);
    const second = await get("/store/wiehre");
    const secondBody = await second.text();
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(secondBody).toBe(firstBody.replace(/ nonce="nonce\d+xyz"/, ""));
    // The empty inline script's hash stands where the nonce stood.
    expect(second.headers.get("content-security-policy")).toBe(`script-src 'sha256-${sha256("")}'`);

    clock += 60_000;
    const packedBefore = packed.length;
    const third = await get("/store/wiehre");
    expect(third.headers.get("x-page-cache")).toBe("miss");
    expect(await third.text()).not.toBe(secondBody);
    // A page that changed is packed anew.
    expect(packed.slice(packedBefore)).toEqual([expect.stringContaining("Seite")]);
  });

  it("packs a kept page once, brotli first, gzip for those without it, plain for the rest", async () => {
    const miss = await raw("/store/fest", "br, gzip");
    expect(miss.headers["x-page-cache"]).toBe("miss");
    await whenPacked("/store/fest");
    const page = (await get("/store/fest")).text();

    const brotli = await raw("/store/fest", "gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(Number(brotli.headers["content-length"])).toBe(brotli.body.length);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(await page);

    const gzip = await raw("/store/fest", "gzip;q=1, br;q=0");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(await page);

    const plain = await raw("/store/fest", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(await page);
    for (const answer of [brotli, gzip, plain]) {
      expect(answer.headers.vary).toContain("Accept-Encoding");
      expect(answer.headers["content-security-policy"]).toBe(
        `script-src 'sha256-${sha256("start();")}'`,
      );
    }
  });

  it("serves the packed copies on when the page comes out the same a minute later", async () => {
    await raw("/store/fest", "br");
    await whenPacked("/store/fest");
    clock += 60_000;
    const before = rendered;
    const packedBefore = packed.length;
    const renewed = await raw("/store/fest", "br");
    expect(renewed.headers["x-page-cache"]).toBe("miss");
    expect(rendered - before).toBe(1);
    expect(packed.length).toBe(packedBefore);
    // At once, without waiting for the worker thread: the packed copy is the one from before.
    const next = await raw("/store/fest", "br");
    expect(next.headers["x-page-cache"]).toBe("hit");
    expect(next.headers["content-encoding"]).toBe("br");
    expect(Number(next.headers["content-length"])).toBe(next.body.length);
  });

  it("keeps no copy of a page whose nonce stands anywhere but in nonce attributes", async () => {
    const before = rendered;
    await get("/store/verraten");
    const again = await get("/store/verraten");
    expect(again.headers.get("x-page-cache")).toBe("miss");
    expect(rendered - before).toBe(2);
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

  it("lets one request render a page no one has kept yet while the others wait for it", async () => {
    // The first requests after a change (or a start): ten at once, one render.
    cache.clear();
    const before = rendered;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        new Promise((resolve) => setTimeout(resolve, index * 10)).then(() => get("/store/langsam")),
      ),
    );
    const kinds = answers.map((answer) => answer.headers.get("x-page-cache"));
    expect(rendered - before).toBe(1);
    expect(kinds.filter((kind) => kind === "miss")).toHaveLength(1);
    expect(kinds.filter((kind) => kind === "hit")).toHaveLength(9);
    const pages = await Promise.all(answers.map((answer) => answer.text()));
    expect(new Set(pages.map((page) => page.replace(/ nonce="[^"]*"/g, ""))).size).toBe(1);

    // A render that is not kept (an error) sends the waiting to render their own.
    const failedBefore = rendered;
    const failed = await Promise.all(
      Array.from({ length: 3 }, (_, index) =>
        new Promise((resolve) => setTimeout(resolve, index * 10)).then(() =>
          get("/store/langsam-kaputt"),
        ),
      ),
    );
    expect(failed.map((answer) => answer.status)).toEqual([500, 500, 500]);
    expect(rendered - failedBefore).toBe(3);
    // They render as any first request does: a render of theirs that succeeds is kept.
    expect(failed.map((answer) => answer.headers.get("x-page-cache"))).toEqual([
      "miss",
      "miss",
      "miss",
    ]);
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

describe("page cache without its listener", () => {
  it("serves and keeps nothing while a change could go unheard", async () => {
    await get("/store/stuehlinger");
    expect((await get("/store/stuehlinger")).headers.get("x-page-cache")).toBe("hit");
    listening = false;
    try {
      const before = rendered;
      const first = await get("/store/stuehlinger");
      const second = await get("/store/stuehlinger");
      expect([first, second].map((answer) => answer.headers.get("x-page-cache"))).toEqual([
        "off",
        "off",
      ]);
      expect(rendered - before).toBe(2);
      // A render that began before the listener went away is not kept either.
      listening = true;
      cache.clear();
      const slow = get("/store/langsam");
      await new Promise((resolve) => setTimeout(resolve, 100));
      listening = false;
      await slow;
      listening = true;
      expect((await get("/store/langsam")).headers.get("x-page-cache")).toBe("miss");
    } finally {
      listening = true;
    }
  });
});

describe("accepted encodings", () => {
  it("reads a browser's header, q-values and the wildcard", () => {
    expect([...acceptedEncodings("gzip, deflate, br, zstd")].sort()).toEqual(["br", "gzip"]);
    expect([...acceptedEncodings("gzip;q=0.5, br;q=0")]).toEqual(["gzip"]);
    expect([...acceptedEncodings("BR")]).toEqual(["br"]);
    expect([...acceptedEncodings("*;q=0.1, gzip;q=0")]).toEqual(["br"]);
    expect([...acceptedEncodings("identity")]).toEqual([]);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });
});

describe("page cache bounds", () => {
  it("keeps the pages rendered last within its bytes and count, the oldest going first", async () => {
    const app = express();
    const bounded = pageCache({
      isCacheable: (path) => path.startsWith("/store/"),
      varyCookies: [],
      bypassCookies: [],
      now: () => clock,
      maxBytes: 2_500,
      maxEntries: 3,
      pack: async () => ({}),
    });
    app.use(bounded);
    const sizes: Record<string, number> = {
      "/store/a": 1_000,
      "/store/b": 1_000,
      "/store/c": 1_000,
    };
    app.get("*", (req, res) => {
      res.type("html").end(`<p>${req.path}</p>${"x".repeat(sizes[req.path] ?? 10)}`);
    });
    const own = await new Promise<Server>((resolve) => {
      const started = app.listen(0, "127.0.0.1", () => resolve(started));
    });
    const base = `http://127.0.0.1:${(own.address() as AddressInfo).port}`;
    const kept = async (path: string) =>
      (await fetch(`${base}${path}`).then(async (r) => (await r.text(), r))).headers.get(
        "x-page-cache",
      );
    try {
      for (const path of ["/store/a", "/store/b", "/store/c"])
        expect(await kept(path)).toBe("miss");
      // Two pages of a thousand bytes fit into 2,500: the first went when the third came.
      expect(await kept("/store/c")).toBe("hit");
      expect(await kept("/store/b")).toBe("hit");
      expect(await kept("/store/a")).toBe("miss");
      // Kept anew, "a" made room by sending "b" away: "c" and "a" are left.
      // Small pages: three at most; "c" was rendered longest ago and goes.
      for (const path of ["/store/d", "/store/e"]) expect(await kept(path)).toBe("miss");
      expect(await kept("/store/e")).toBe("hit");
      expect(await kept("/store/a")).toBe("hit");
      expect(await kept("/store/c")).toBe("miss");
    } finally {
      await new Promise((resolve) => own.close(resolve));
    }
  });
});
