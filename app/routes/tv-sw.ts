import { tvServiceWorkerScript } from "#app/features/signage/tv-service-worker";

/** The TV player's service worker (decision 060, its cache bounded by decision 074). */
export const loader = () =>
  new Response(tvServiceWorkerScript, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Service-Worker-Allowed": "/tv",
    },
  });
