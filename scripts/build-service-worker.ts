// The installable app's service worker (decision 052): the offline page, then Workbox's
// generateSW over the client build. Part of `npm run build`, after the client is built.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateSW } from "workbox-build";
import { de } from "../app/i18n/de";
import {
  OFFLINE_PAGE,
  offlinePage,
  serviceWorkerOptions,
  type ViteChunk,
} from "../app/features/pwa/service-worker-config";

const buildDirectory = process.env.BUILD_DIR ?? "build";
const client = path.join(buildDirectory, "client");
// Vite's client manifest (vite.config.ts keeps it): which chunks the storefront can load.
const manifestFile = path.join(buildDirectory, ".vite", "client-manifest.json");
const manifest = existsSync(manifestFile)
  ? (JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ViteChunk>)
  : undefined;
const offline = path.join(client, OFFLINE_PAGE);
mkdirSync(path.dirname(offline), { recursive: true });
writeFileSync(
  offline,
  offlinePage({ heading: de.pwa.offlineHeading, text: de.pwa.offlineText, retry: de.pwa.offlineRetry }),
);
const { count, size, warnings } = await generateSW(serviceWorkerOptions(client, manifest));
for (const warning of warnings) console.warn(warning);
console.log(`Service worker: ${count} Dateien vorgeladen (${Math.round(size / 1024)} KB).`);
