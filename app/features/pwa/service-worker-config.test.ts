import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { generateSW } from "workbox-build";
import { afterAll, describe, expect, it } from "vitest";
import {
  isNavigation,
  OFFLINE_PAGE,
  serviceWorkerOptions,
  storefrontFiles,
  type ViteChunk,
} from "./service-worker-config";

const client = mkdtempSync(path.join(tmpdir(), "sw-"));
afterAll(() => rmSync(client, { recursive: true, force: true }));

/** The worker as `npm run build` makes it, unminified, over a small client build. */
async function buildWorker(): Promise<string> {
  mkdirSync(path.join(client, "assets"), { recursive: true });
  mkdirSync(path.join(client, "build"), { recursive: true });
  writeFileSync(path.join(client, "assets", "entry.client-abc123.js"), "console.log(1)");
  writeFileSync(path.join(client, "assets", "app-abc123.css"), "body{}");
  writeFileSync(path.join(client, "assets", "entry.client-abc123.js.br"), "x");
  writeFileSync(path.join(client, OFFLINE_PAGE), "<!doctype html><title>Offline</title>");
  const options = serviceWorkerOptions(client);
  await generateSW({ ...options, mode: "development" });
  const worker = readFileSync(options.swDest, "utf8");
  // Workbox's runtime is inlined before it; the worker's own setup starts with its message handler.
  return worker.slice(worker.lastIndexOf("self.addEventListener('message'"));
}

const request = (url: string, mode: RequestMode) => ({ request: { url, mode } as Request });

describe("the built service worker (decision 052)", () => {
  it("precaches only the build's files and the offline page, routes navigations to the network", async () => {
    const worker = await buildWorker();
    const precache = /precacheAndRoute\((\[[\s\S]*?\])/.exec(worker)?.[1] ?? "";
    expect(precache).toContain('"url": "/assets/entry.client-abc123.js"');
    expect(precache).toContain('"url": "/assets/app-abc123.css"');
    expect(precache).toContain(`"url": "/${OFFLINE_PAGE}"`);
    expect(precache).not.toContain(".br");
    // Hashed names need no revision; the offline page has one.
    expect(precache).toMatch(/"url": "\/assets\/app-abc123\.css",\s*"revision": null/);
    // One route besides the precache: navigations, network only, the offline page as fallback.
    expect(worker.match(/registerRoute\(/g)).toHaveLength(1);
    expect(worker).toMatch(
      /registerRoute\(\(\{\s*request\s*\}\) => request\.mode === "navigate", new NetworkOnly\(/,
    );
    expect(worker).toContain(`fallbackURL: '/${OFFLINE_PAGE}'`);
    for (const caching of ["CacheFirst", "CacheOnly", "NetworkFirst", "StaleWhileRevalidate"]) {
      expect(worker).not.toContain(caching);
    }
    // No skipWaiting at install: the update waits for 'App neustarten' (SKIP_WAITING).
    expect(worker).toContain("SKIP_WAITING");
    expect(worker).toMatch(/type === 'SKIP_WAITING'\) \{\s*self\.skipWaiting\(\);\s*\}/);
    expect(worker).toContain("clientsClaim()");
  }, 60_000);

  it("with Vite's manifest, precaches the storefront's chunks and its lazy ones, never the back office's", async () => {
    const manifest: Record<string, ViteChunk> = {
      "app/entry.client.tsx": { file: "assets/entry.client-abc123.js", isEntry: true },
      "app/root.tsx?__remix-build-client-route": {
        file: "assets/root-r1.js",
        isEntry: true,
        imports: ["_components-c1.js"],
        dynamicImports: ["app/features/pwa/pwa-app.client.tsx"],
        css: ["assets/root-r1.css"],
      },
      "_components-c1.js": { file: "assets/components-c1.js" },
      "app/features/pwa/pwa-app.client.tsx": { file: "assets/pwa-app.client-p1.js" },
      "app/routes/store/menu.tsx?__remix-build-client-route": {
        file: "assets/menu-m1.js",
        isEntry: true,
        imports: ["_components-c1.js"],
      },
      "app/routes/backend/orders.tsx?__remix-build-client-route": {
        file: "assets/orders-o1.js",
        isEntry: true,
        imports: ["_backend-b1.js", "_components-c1.js"],
      },
      "_backend-b1.js": { file: "assets/backend-b1.js" },
      "app/routes/api/users.ts?__remix-build-client-route": {
        file: "assets/users-u1.js",
        isEntry: true,
      },
    };
    expect(storefrontFiles(manifest)).toEqual([
      "assets/components-c1.js",
      "assets/entry.client-abc123.js",
      "assets/menu-m1.js",
      "assets/pwa-app.client-p1.js",
      "assets/root-r1.css",
      "assets/root-r1.js",
    ]);
    mkdirSync(path.join(client, "assets"), { recursive: true });
    mkdirSync(path.join(client, "build"), { recursive: true });
    writeFileSync(path.join(client, OFFLINE_PAGE), "<!doctype html><title>Offline</title>");
    for (const chunk of Object.values(manifest)) {
      writeFileSync(path.join(client, chunk.file), "x");
    }
    const options = serviceWorkerOptions(client, manifest);
    await generateSW({ ...options, mode: "development" });
    const precache = /precacheAndRoute\((\[[\s\S]*?\])/.exec(
      readFileSync(options.swDest, "utf8"),
    )?.[1];
    expect(precache).toContain('"url": "/assets/pwa-app.client-p1.js"');
    expect(precache).toContain('"url": "/assets/menu-m1.js"');
    expect(precache).not.toContain("orders-o1");
    expect(precache).not.toContain("backend-b1");
    expect(precache).not.toContain("users-u1");
  }, 60_000);

  it.each([
    "/store/wiehre",
    "/store/wiehre/checkout",
    "/store/wiehre/checkout/error",
    "/status/abc/def",
    "/backend/orders",
  ])("a visit of %s is a navigation the network answers, never a cache", (pathname) => {
    expect(isNavigation(request(`https://shop.example${pathname}`, "navigate"))).toBe(true);
  });

  it.each([
    "/store/wiehre.data",
    "/store/wiehre/checkout.data",
    "/api/orders/public/abc/def",
    "/api/statistics/orders",
    "/status/abc/def.data",
    "/backend/orders.data",
    "/image/12-1.webp",
  ])("a fetch of %s has no route: the browser asks the network itself", (pathname) => {
    expect(isNavigation(request(`https://shop.example${pathname}`, "cors"))).toBe(false);
    expect(isNavigation(request(`https://shop.example${pathname}`, "same-origin"))).toBe(false);
  });
});
