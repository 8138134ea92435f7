/**
 * The TV player's own small service worker (decision 060), apart from the shop's (decision 052):
 * scope `/tv`, served by `routes/tv-sw.ts`. Network first; what came back is kept (the page, its
 * data, scripts, pictures), and when the network is away the kept copy answers, so a TV that
 * loses its connection or restarts keeps playing what it last had. The live connection and the
 * reports are never kept.
 *
 * The cache is bounded as Workbox's expiration plugin bounds the shop's (decision 074, issue 36):
 * at most `maxEntries` answers, the least recently stored go first, and none older than
 * `maxAgeSeconds` is kept or served. Each kept answer carries the time it was stored in a header
 * (Workbox keeps it in IndexedDB). A new worker removes the caches of older ones, among them the
 * unbounded `backstube-tv-1`.
 */
export const TV_CACHE_LIMITS = {
  maxEntries: 200,
  /** Thirty days: a TV that was away longer starts from the network, not from last month. */
  maxAgeSeconds: 30 * 24 * 60 * 60,
} as const;

export const TV_CACHE_NAME = "backstube-tv-2";

export const tvServiceWorkerScript = `
const CACHE = ${JSON.stringify(TV_CACHE_NAME)};
const MAX_ENTRIES = ${TV_CACHE_LIMITS.maxEntries};
const MAX_AGE_MS = ${TV_CACHE_LIMITS.maxAgeSeconds * 1000};
const KEPT_AT = "x-tv-kept-at";
const KEPT = (url) =>
  url.pathname === "/tv" ||
  url.pathname === "/tv.data" ||
  url.pathname.startsWith("/assets/") ||
  url.pathname.startsWith("/image/") ||
  url.pathname === "/__manifest";
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) =>
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("backstube-tv-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  ),
);
const keptAt = (response) => Number(response.headers.get(KEPT_AT)) || 0;
const isFresh = (response) => Date.now() - keptAt(response) <= MAX_AGE_MS;
// When each kept answer was stored, by address: read from the answers' headers once per life of
// the worker (the browser stops idle workers), then kept up to date here.
let stored = null;
async function storedTimes(cache) {
  if (stored) return stored;
  const found = new Map();
  for (const request of await cache.keys()) {
    const response = await cache.match(request, { ignoreVary: true });
    found.set(request.url, response ? keptAt(response) : 0);
  }
  stored = found;
  return found;
}
async function trim(cache, now) {
  const times = await storedTimes(cache);
  const oldestFirst = [...times].sort((a, b) => a[1] - b[1]);
  const excess = oldestFirst.length - MAX_ENTRIES;
  for (let i = 0; i < oldestFirst.length; i += 1) {
    const [href, at] = oldestFirst[i];
    if (i < excess || now - at > MAX_AGE_MS) {
      await cache.delete(href, { ignoreVary: true });
      times.delete(href);
    }
  }
}
// One at a time: answers arriving together would otherwise count the same entries twice.
let trimmed = Promise.resolve();
async function keep(request, response) {
  if (response.status !== 200) return;
  const now = Date.now();
  const headers = new Headers(response.headers);
  headers.set(KEPT_AT, String(now));
  const cache = await caches.open(CACHE);
  await cache.put(
    request,
    new Response(response.body, { status: 200, statusText: response.statusText, headers }),
  );
  trimmed = trimmed
    .then(async () => {
      (await storedTimes(cache)).set(request.url, now);
      await trim(cache, now);
    })
    .catch(() => undefined);
  await trimmed;
}
self.addEventListener("message", (event) => {
  const urls = (event.data && event.data.keep) || [];
  event.waitUntil(
    (async () => {
      for (const href of urls.slice(0, MAX_ENTRIES)) {
        const url = new URL(href, self.location.origin);
        if (url.origin !== self.location.origin || !KEPT(url)) continue;
        try {
          const response = await fetch(url.href, { credentials: "same-origin" });
          await keep(new Request(url.href), response);
        } catch {}
      }
    })(),
  );
});
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !KEPT(url)) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        event.waitUntil(keep(request, response.clone()));
        return response;
      })
      .catch(async () => {
        // The page under any query (?i=, ?_routes=): its latest fresh copy.
        const cache = await caches.open(CACHE);
        const hits = await cache.matchAll(request, {
          ignoreSearch: url.pathname.startsWith("/tv"),
          ignoreVary: true,
        });
        let best = null;
        for (const hit of hits) {
          if (isFresh(hit) && (!best || keptAt(hit) > keptAt(best))) best = hit;
        }
        return best || Response.error();
      }),
  );
});
`;
