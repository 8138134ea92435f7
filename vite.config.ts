import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Alias } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const STORE_PARTS =
  /\/app\/components\/(ui\/(button|field|notice|dialog)|use-hydrated|visitor-slot|opening-state|picture-img|store\/revalidation)\.tsx?$/;

/**
 * What the root route loads on every storefront page (kiosk watch, app promotion, opening hours,
 * meta tags, error texts, the storefront's texts, Vite's preload helper) also travels in that
 * chunk: as eight files of their own each cost a request and about 300 bytes of headers, which
 * Lighthouse counts as JavaScript (issue 36).
 */
const ROOT_PARTS =
  /(\/app\/(components\/(kiosk|branch-hours|error-texts)|features\/kiosk\/kiosk|features\/pwa\/pwa-host|seo|i18n\/de)\.tsx?|vite\/preload-helper(\.js)?)$/;

/**
 * The browser runs Preact's React compatibility layer instead of react-dom (decision 082): the
 * framework chunk every storefront page loads shrinks by 31 KB compressed. Only the client
 * build: the server keeps rendering with React 18, and `npm run dev` keeps React everywhere.
 */
const preactInTheBrowser: Alias[] = [
  ["react-dom/client", fileURLToPath(new URL("app/preact-dom-client.ts", import.meta.url))],
  ["react-dom", "preact/compat"],
  ["react/jsx-runtime", "preact/compat/jsx-runtime"],
  ["react", "preact/compat"],
].map(([from, to]) => ({ find: new RegExp(`^${from}$`), replacement: to! }));

/**
 * Every `import { z } from "zod"` gets zod with the German error map installed (decision 091),
 * in the browser and on the server, built or in development: the map rides with zod, so a page
 * that loads no zod loads no map.
 */
const zodInGerman: Alias = {
  find: /^zod$/,
  replacement: fileURLToPath(new URL("app/zod-in-german.ts", import.meta.url)),
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    remix({
      // Parallel work trees (helpers, benchmarks) can build side by side into their own folders.
      buildDirectory: process.env.BUILD_DIR ?? "build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
  resolve: {
    alias: [...(command === "build" && !isSsrBuild ? preactInTheBrowser : []), zodInGerman],
  },
  build: {
    // Keep small assets as files: the CSP forbids nothing here, but separate files cache better.
    assetsInlineLimit: 0,
    // Kept in build/client/.vite (never served: a dot folder): the service worker's build reads
    // which chunks the storefront can load, dynamic imports included (decision 052).
    manifest: true,
    rollupOptions: {
      output: {
        // The small parts every storefront page uses travel in the framework's chunk, which
        // every page loads (decision 087): each file of its own would add a preload and
        // manifest entries to every kept page.
        manualChunks(id) {
          if (STORE_PARTS.test(id) || ROOT_PARTS.test(id)) return "components";
        },
      },
    },
  },
}));
