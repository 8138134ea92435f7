import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

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

/**
 * The build's hashed assets: their compressed copies first, then the files. A hashed name never
 * changes its content, so answers carry a year's immutable caching and no validators (ETag,
 * Last-Modified) or Accept-Ranges: a storefront page loads some twenty of them, and those headers
 * were a tenth of each small module's bytes on the wire (issue 17's budget counts them).
 */
export function hashedAssets(folder: string): RequestHandler[] {
  return [
    precompressedAssets(folder),
    express.static(folder, {
      immutable: true,
      maxAge: "1y",
      etag: false,
      lastModified: false,
      acceptRanges: false,
    }),
  ];
}
