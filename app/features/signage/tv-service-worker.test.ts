import { runInNewContext } from "node:vm";
import { beforeEach, describe, expect, it } from "vitest";
import { TV_CACHE_LIMITS, TV_CACHE_NAME, tvServiceWorkerScript } from "./tv-service-worker";

/**
 * The TV worker's script as the browser runs it (decision 074, issue 36): evaluated in a context
 * of its own with the platform it expects, the Cache Storage API held in memory as the spec
 * describes it (a put replaces the answer of the same request and comes last). The network is a
 * table of answers, or absent.
 */
const ORIGIN = "http://tv.test";

class MemoryCache {
  entries: { request: Request; body: ArrayBuffer; init: ResponseInit }[] = [];
  private matches(stored: Request, asked: Request | string, ignoreSearch = false) {
    const a = new URL(stored.url);
    const b = new URL(typeof asked === "string" ? asked : asked.url, ORIGIN);
    return ignoreSearch ? a.origin + a.pathname === b.origin + b.pathname : a.href === b.href;
  }
  async put(request: Request, response: Response) {
    const body = await response.arrayBuffer();
    this.entries = this.entries.filter((entry) => !this.matches(entry.request, request));
    this.entries.push({
      request,
      body,
      init: { status: response.status, headers: new Headers(response.headers) },
    });
  }
  async matchAll(request: Request | string, options: { ignoreSearch?: boolean } = {}) {
    return this.entries
      .filter((entry) => this.matches(entry.request, request, options.ignoreSearch))
      .map((entry) => new Response(entry.body.slice(0), entry.init));
  }
  async match(request: Request | string, options: { ignoreSearch?: boolean } = {}) {
    return (await this.matchAll(request, options))[0];
  }
  async keys() {
    return this.entries.map((entry) => entry.request);
  }
  async delete(request: Request | string, options: { ignoreSearch?: boolean } = {}) {
    const before = this.entries.length;
    this.entries = this.entries.filter(
      (entry) => !this.matches(entry.request, request, options.ignoreSearch),
    );
    return this.entries.length < before;
  }
}

class MemoryCacheStorage {
  caches = new Map<string, MemoryCache>();
  async open(name: string) {
    if (!this.caches.has(name)) this.caches.set(name, new MemoryCache());
    return this.caches.get(name)!;
  }
  async keys() {
    return [...this.caches.keys()];
  }
  async delete(name: string) {
    return this.caches.delete(name);
  }
}

type Handler = (event: Record<string, unknown>) => void;

let clock: number;
let online: boolean;
let fetched: string[];
let storage: MemoryCacheStorage;
let handlers: Map<string, Handler>;

function startWorker() {
  handlers = new Map();
  const self = {
    location: new URL("/tv/sw.js", ORIGIN),
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: () => undefined,
    clients: { claim: async () => undefined },
  };
  const network = async (input: Request | string) => {
    const url = typeof input === "string" ? input : input.url;
    if (!online) throw new TypeError("Failed to fetch");
    fetched.push(url);
    return new Response(`answer of ${url} at ${clock}`, { status: 200 });
  };
  runInNewContext(tvServiceWorkerScript, {
    self,
    caches: storage,
    fetch: network,
    Date: { now: () => clock },
    Headers,
    Request,
    Response,
    URL,
  });
}

/** Dispatches an event the way the browser does and waits for what it asked to wait for. */
async function dispatch(type: string, fields: Record<string, unknown> = {}) {
  const waits: Promise<unknown>[] = [];
  let answer: Promise<Response> | undefined;
  handlers.get(type)!({
    ...fields,
    waitUntil: (promise: Promise<unknown>) => waits.push(promise),
    respondWith: (promise: Promise<Response>) => (answer = promise),
  });
  const response = answer ? await answer : undefined;
  await Promise.all(waits);
  return response;
}

const get = (path: string) => dispatch("fetch", { request: new Request(`${ORIGIN}${path}`) });

async function kept() {
  const cache = await storage.open(TV_CACHE_NAME);
  return (await cache.keys()).map(
    (request) => new URL(request.url).pathname + new URL(request.url).search,
  );
}

beforeEach(() => {
  clock = Date.UTC(2026, 10, 30, 8);
  online = true;
  fetched = [];
  storage = new MemoryCacheStorage();
  startWorker();
});

describe("the TV's service worker cache", () => {
  it("keeps at most maxEntries answers, the least recently stored going first", async () => {
    const count = TV_CACHE_LIMITS.maxEntries * 2 + 50;
    for (let i = 0; i < count; i += 1) {
      clock += 1000;
      await get(`/image/${i}.webp`);
    }
    const paths = await kept();
    expect(paths).toHaveLength(TV_CACHE_LIMITS.maxEntries);
    expect(paths).toContain(`/image/${count - 1}.webp`);
    expect(paths).not.toContain(`/image/0.webp`);
    expect(paths).not.toContain(`/image/${count - TV_CACHE_LIMITS.maxEntries - 1}.webp`);

    // An answer stored again is recent again: the page's data survives a flood of pictures.
    await get("/tv.data");
    for (let i = 0; i < TV_CACHE_LIMITS.maxEntries - 1; i += 1) {
      clock += 1000;
      await get(`/image/again-${i}.webp`);
    }
    expect(await kept()).toContain("/tv.data");
    expect(await kept()).toHaveLength(TV_CACHE_LIMITS.maxEntries);
  });

  it("stays bounded across a restart of the worker (the browser stops idle workers)", async () => {
    for (let i = 0; i < TV_CACHE_LIMITS.maxEntries; i += 1) {
      clock += 1000;
      await get(`/image/before-${i}.webp`);
    }
    startWorker();
    for (let i = 0; i < 20; i += 1) {
      clock += 1000;
      await get(`/image/after-${i}.webp`);
    }
    const paths = await kept();
    expect(paths).toHaveLength(TV_CACHE_LIMITS.maxEntries);
    expect(paths).not.toContain("/image/before-19.webp");
    expect(paths).toContain("/image/before-20.webp");
    expect(paths).toContain("/image/after-19.webp");
  });

  it("the page's list of what it loaded keeps no more than maxEntries either", async () => {
    const keep = Array.from(
      { length: TV_CACHE_LIMITS.maxEntries * 3 },
      (_, i) => `${ORIGIN}/assets/chunk-${i}.js`,
    );
    await dispatch("message", { data: { keep: [...keep, "https://elsewhere.test/x.js"] } });
    expect(fetched).toHaveLength(TV_CACHE_LIMITS.maxEntries);
    expect(await kept()).toHaveLength(TV_CACHE_LIMITS.maxEntries);
  });

  it("offline, answers from the cache until maxAgeSeconds have passed, then no longer keeps them", async () => {
    await get("/tv?i=2");
    await get("/assets/entry.js");
    online = false;
    clock += 1000;
    const page = await get("/tv");
    expect(page!.status).toBe(200);
    expect(await page!.text()).toContain("/tv?i=2");

    clock += TV_CACHE_LIMITS.maxAgeSeconds * 1000;
    expect((await get("/tv"))!.type).toBe("error");
    expect((await get("/assets/entry.js"))!.type).toBe("error");

    // The next answer stored clears what has expired.
    online = true;
    await get("/image/new.webp");
    expect(await kept()).toEqual(["/image/new.webp"]);
  });

  it("never keeps the live connection, the reports or refusals", async () => {
    await get("/tv/events");
    await dispatch("fetch", {
      request: new Request(`${ORIGIN}/tv/heartbeat`, { method: "POST", body: "{}" }),
    });
    expect(await kept()).toEqual([]);
  });

  it("a new worker removes the older TV caches and leaves the shop's alone", async () => {
    await storage.open("backstube-tv-1");
    await storage.open("workbox-precache-v2-http://tv.test/");
    await get("/tv.data");
    await dispatch("activate");
    expect(await storage.keys()).toEqual(["workbox-precache-v2-http://tv.test/", TV_CACHE_NAME]);
  });
});
