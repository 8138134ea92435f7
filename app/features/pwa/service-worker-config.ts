/**
 * How the service worker is built (workbox-build's generateSW, decision 052), shared by
 * scripts/build-service-worker.ts and its test.
 *
 * The worker precaches the build's hashed scripts and styles, the icons and the offline page,
 * and answers page navigations from the network only, with the offline page when there is none.
 * Every other request (the cart, checkout and status answers, /api, the back office, images,
 * loader data, the live updates' event stream) has no route in it: the browser fetches them as
 * if there were no worker, so nothing a visitor sees of their own is ever kept in a cache.
 */
import type { GenerateSWOptions } from "workbox-build";

export const SERVICE_WORKER_FILE = "build/service-worker.js";
export const OFFLINE_PAGE = "build/offline.html";

/** Runs inside the worker (serialised by workbox-build): a page the visitor navigates to. */
export const isNavigation = ({ request }: { request: Request }) => request.mode === "navigate";

/** One chunk of Vite's client manifest (`build/.vite/client-manifest.json`). */
export interface ViteChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** Route modules a customer's browser never loads: the back office, staff and JSON routes. */
const NOT_STOREFRONT = /^app\/routes\/(backend\/|api\/|counter-orders\.|manifest\.)/;

/**
 * The scripts and styles the storefront can load, its lazy chunks included: the client entry,
 * the root and every route module that is not the back office's, followed through their static
 * and dynamic imports. The back office's chunks stay out of a customer's installed app.
 */
export function storefrontFiles(manifest: Record<string, ViteChunk>): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry && !NOT_STOREFRONT.test(key)) visit(key);
  }
  return [...files].filter((file) => /\.(js|css)$/.test(file)).sort();
}

/**
 * `manifest` is Vite's client manifest; without one (a build made elsewhere) every script and
 * style of the build is precached.
 */
export function serviceWorkerOptions(
  clientDirectory: string,
  manifest?: Record<string, ViteChunk>,
): GenerateSWOptions {
  const scripts = manifest ? storefrontFiles(manifest) : ["assets/*.{js,css}"];
  return {
    globDirectory: clientDirectory,
    globPatterns: [...scripts, "icons/*.png", OFFLINE_PAGE],
    swDest: `${clientDirectory}/${SERVICE_WORKER_FILE}`,
    // The worker lives under /build: its list must name files from the site's root.
    modifyURLPrefix: { "": "/" },
    // One file, no importScripts from elsewhere: the page's CSP (worker-src 'self') holds.
    inlineWorkboxRuntime: true,
    mode: "production",
    sourcemap: false,
    // 'App neustarten' posts SKIP_WAITING (spec section 4); a new worker waits until then.
    skipWaiting: false,
    // The first install takes the open page at once, so its offline fallback works right away.
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    // Hashed file names carry their version; the rest gets a revision from its content.
    dontCacheBustURLsMatching: /^\/assets\//,
    maximumFileSizeToCacheInBytes: 1024 * 1024,
    runtimeCaching: [
      {
        urlPattern: isNavigation,
        handler: "NetworkOnly",
        options: { precacheFallback: { fallbackURL: `/${OFFLINE_PAGE}` } },
      },
    ],
  };
}

/** The offline fallback page: no script (the cached copy's CSP nonce is stale), German. */
export function offlinePage({
  heading,
  text,
  retry,
}: {
  heading: string;
  text: string;
  retry: string;
}) {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#eedcc4">
<title>${heading}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#eedcc4;color:#2b1d10;font:1rem/1.5 system-ui,sans-serif;padding:1rem;box-sizing:border-box}
main{background:#fff;border:2px solid #e0cba2;border-radius:.5rem;padding:1.5rem;max-width:22rem;text-align:center}
h1{font-size:1.4rem;margin:0 0 .5rem}
a{display:inline-block;margin-top:.75rem;background:#7a3e12;color:#fff;border-radius:.5rem;padding:.6rem 1.2rem;font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid #2b1d10;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${heading}</h1>
<p>${text}</p>
<a href="">${retry}</a>
</main>
</body>
</html>
`;
}
