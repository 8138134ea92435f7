import type { RequestHandler, Response } from "express";

/**
 * A short-lived cache of the storefront pages every visitor without a cart sees alike: the home
 * page and a branch's menu. Lunchtime traffic is mostly such first visits, and one page costs
 * tens of milliseconds of rendering; within a minute it would come out the same.
 *
 * - Only GET requests for the listed paths, without a query string and without a cart cookie,
 *   are cached; the key also holds the cookies that change the frame (consent, self-service).
 * - An entry lives until the next full minute at most: opening states ("Geöffnet bis 18:00",
 *   closing soon) are minute-exact, and a change staff make shows within a minute.
 * - The CSP nonce differs per response: the cached page's nonce is replaced by the new one.
 * - Only complete 200 HTML answers without Set-Cookie are kept.
 */
export interface PageCacheOptions {
  /** Paths whose pages do not depend on the visitor beyond the cookies below. */
  isCacheable: (path: string) => boolean;
  /** Cookies whose value changes the page (and so the key). */
  varyCookies: readonly string[];
  /** Cookies whose presence means the page is the visitor's own: never cached. */
  bypassCookies: readonly string[];
  now?: () => number;
  maxEntries?: number;
}

interface Entry {
  expires: number;
  status: number;
  headers: [string, string][];
  /** The page cut where its nonce stood, so a hit writes the pieces around the new one. */
  pieces: Buffer[];
  length: number;
  /** When one request started rendering the expired page anew; the others get this copy. */
  refreshingSince: number | null;
}

/** A render that has not finished by then has failed: the next request tries again. */
const REFRESH_TIMEOUT_MS = 10_000;

const MINUTE_MS = 60_000;
/** Headers of the cached answer that belong to that one response (compression sets its own). */
const PER_RESPONSE = new Set([
  "content-security-policy",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "etag",
  "date",
  "connection",
  "x-page-cache",
]);

function readCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    const name = (at < 0 ? part : part.slice(0, at)).trim();
    if (name)
      cookies.set(
        name,
        at < 0
          ? ""
          : part
              .slice(at + 1)
              .trim()
              .slice(0, 40),
      );
  }
  return cookies;
}

/** The middleware, and `clear()` for when the catalogue changed (a `catalogue` notification). */
export type PageCache = RequestHandler & { clear(): void };

export function pageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 500;
  const entries = new Map<string, Entry>();
  // A page whose rendering began before the cache was cleared may hold data from before the
  // change: it is answered, but not kept.
  let generation = 0;

  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" || req.originalUrl.includes("?") || !options.isCacheable(req.path)) {
      return next();
    }
    const cookies = readCookies(req.headers.cookie);
    if (options.bypassCookies.some((name) => cookies.has(name))) return next();
    const key = [req.path, ...options.varyCookies.map((name) => cookies.get(name) ?? "")].join("|");
    const nonce = String(res.locals.cspNonce ?? "");
    const hit = entries.get(key);
    const at = now();
    const isRefreshing =
      hit?.refreshingSince != null && at - hit.refreshingSince < REFRESH_TIMEOUT_MS;
    if (hit && (hit.expires > at || isRefreshing)) {
      res.status(hit.status);
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("X-Page-Cache", "hit");
      const fresh = Buffer.from(nonce);
      res.setHeader("Content-Length", hit.length + (hit.pieces.length - 1) * fresh.length);
      res.cork();
      hit.pieces.forEach((piece, index) => {
        if (index > 0) res.write(fresh);
        res.write(piece);
      });
      res.end();
      res.uncork();
      return;
    }
    // One request renders the page anew; until it is done the others keep getting the old one.
    if (hit) hit.refreshingSince = at;
    const renderedIn = generation;
    capture(res, (status, body) => {
      if (hit) hit.refreshingSince = null;
      if (renderedIn !== generation) return;
      if (status !== 200 || res.getHeader("set-cookie") !== undefined) return;
      if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return;
      if (entries.size >= maxEntries) entries.clear();
      const headers = Object.entries(res.getHeaders()).flatMap(
        ([name, value]): [string, string][] =>
          PER_RESPONSE.has(name) || value === undefined ? [] : [[name, String(value)]],
      );
      const pieces = (nonce ? body.split(nonce) : [body]).map((piece) => Buffer.from(piece));
      entries.set(key, {
        expires: Math.floor(now() / MINUTE_MS) * MINUTE_MS + MINUTE_MS,
        status,
        headers,
        pieces,
        length: pieces.reduce((sum, piece) => sum + piece.length, 0),
        refreshingSince: null,
      });
    });
    res.setHeader("X-Page-Cache", "miss");
    next();
  };
  return Object.assign(handler, {
    clear() {
      entries.clear();
      generation += 1;
    },
  });
}

/** Collects what the app writes, and hands it over once the response is complete. */
function capture(res: Response, done: (status: number, body: string) => void): void {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array),
    );
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    const result = end(chunk, ...rest);
    done(res.statusCode, Buffer.concat(chunks).toString("utf8"));
    return result;
  }) as Response["end"];
}
