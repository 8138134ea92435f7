/**
 * The TV player's own small service worker (decision 060), apart from the shop's (decision 052):
 * scope `/tv`. Network first; what came back is kept (the page, its data, scripts, pictures), and
 * when the network is away the kept copy answers, so a TV that loses its connection or restarts
 * keeps playing what it last had. The live connection and the reports are never kept.
 */
const SCRIPT = `
const CACHE = "backstube-tv-1";
const KEPT = (url) =>
  url.pathname === "/tv" ||
  url.pathname === "/tv.data" ||
  url.pathname.startsWith("/assets/") ||
  url.pathname.startsWith("/image/") ||
  url.pathname === "/__manifest";
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
async function keep(request, response) {
  if (response.status !== 200) return;
  const cache = await caches.open(CACHE);
  await cache.put(request, response);
}
self.addEventListener("message", (event) => {
  const urls = (event.data && event.data.keep) || [];
  event.waitUntil(
    (async () => {
      for (const href of urls.slice(0, 200)) {
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
        const hit = await caches.match(request, { ignoreSearch: url.pathname.startsWith("/tv"), ignoreVary: true });
        return hit || Response.error();
      }),
  );
});
`;

export const loader = () =>
  new Response(SCRIPT, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Service-Worker-Allowed": "/tv",
    },
  });
