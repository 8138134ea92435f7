import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The reference page's renderer (decision 102): Swagger UI's two files, read from the installed
 * `swagger-ui-dist` package and served by the app itself, never from a CDN. Read once per process.
 */
const FILES = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
} as const;

export type ReferenceAssetName = keyof typeof FILES;

const requireFrom = createRequire(import.meta.url);
const kept = new Map<
  string,
  Promise<{ body: Uint8Array<ArrayBuffer>; type: string; etag: string }>
>();

const isAssetName = (name: string): name is ReferenceAssetName => Object.hasOwn(FILES, name);

/** The file's bytes, type and ETag, or null for any other name. */
export function referenceAsset(name: string) {
  if (!isAssetName(name)) return null;
  let asset = kept.get(name);
  if (!asset) {
    const folder = path.dirname(requireFrom.resolve("swagger-ui-dist/package.json"));
    asset = readFile(path.join(folder, name)).then((body) => ({
      body: new Uint8Array(body),
      type: FILES[name],
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    }));
    kept.set(name, asset);
  }
  return asset;
}

/** The assets' addresses, with the renderer's version so that browsers may keep them. */
export function referenceAssetUrls(): Record<"script" | "style", string> {
  const version = (requireFrom("swagger-ui-dist/package.json") as { version: string }).version;
  return {
    script: `/backend/api/assets/swagger-ui-bundle.js?v=${version}`,
    style: `/backend/api/assets/swagger-ui.css?v=${version}`,
  };
}
