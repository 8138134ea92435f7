/**
 * The order notifier's own small service worker (decision 057), apart from the shop's workbox
 * worker: scope `/melder/`. It shows each push as a notification and, on a click, focuses the
 * notifier page (or opens it again).
 */
const SCRIPT = `
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch { data = { body: event.data ? event.data.text() : "" }; }
  const title = typeof data.title === "string" ? data.title : "Neue Bestellung";
  const body = typeof data.body === "string" ? data.body : "";
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      tag: data.orderId ? "bestellung-" + data.orderId : "melder",
      renotify: true,
      requireInteraction: true,
    }),
  );
});
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const page = windows.find((client) => new URL(client.url).pathname.startsWith("/melder/"));
      if (page) return page.focus();
      return self.clients.openWindow(self.registration.scope);
    })(),
  );
});
`;

export const loader = () =>
  new Response(SCRIPT, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Service-Worker-Allowed": "/melder/",
    },
  });
