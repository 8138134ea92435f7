import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
};

const suffixOf = { br: "br", gzip: "gz" } as const;

/**
 * Serves the build's `.br` and `.gz` copies of a hashed asset to browsers that accept them, in
 * front of `express.static`: the request is pointed at the compressed file and labelled with the
 * original type. The folder is listed once at start-up; assets never change while running.
 */
export function precompressedAssets(folder: string): RequestHandler {
  const files = new Set(existsSync(folder) ? readdirSync(folder) : []);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = decodeURIComponent(req.path).replace(/^\//, "");
    const type = TYPES[path.extname(name)];
    if (!type || name.includes("/") || !files.has(name)) return next();
    res.vary("Accept-Encoding");
    // Brotli first whatever order the browser lists them in: it is the smaller file.
    const encoding = (["br", "gzip"] as const).find(
      (candidate) =>
        req.acceptsEncodings(candidate) === candidate &&
        files.has(`${name}.${suffixOf[candidate]}`),
    );
    if (!encoding) return next();
    req.url = `/${name}.${suffixOf[encoding]}`;
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Type", type);
    next();
  };
}
