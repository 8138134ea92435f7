import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { request as httpRequest } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import { inPackingTurn } from "./packing-turns.server";
import {
  endWithPieces,
  fillSlots,
  gzipPiecesWithParts,
  packParts,
  packSharedPieces,
  type PackedParts,
  slotTemplate,
  type SlotTemplate,
} from "./page-slots.server";
import {
  inlineScriptHashes,
  policyWithScriptHashes,
  withoutNonceAttributes,
} from "./script-hashes.server";

/**
 * A short-lived cache of the storefront pages every visitor without a cart sees alike: the home
 * page and a branch's menu. Lunchtime traffic is mostly such first visits, and one page costs
 * tens of milliseconds of rendering; within a minute it would come out the same.
 *
 * - Only GET requests for the listed paths, without a query string and without a cart cookie,
 *   are cached; the key also holds the cookies that change the frame (consent, self-service).
 * - An entry lives until the next full minute at most: opening states ("Geöffnet bis 18:00",
 *   closing soon), schedules and menu switches are minute-exact. A change staff make clears the
 *   cache at once (`clear()`, called by the instance's `reference_data` listener, decision 032);
 *   while that listener is away (`canKeep()` false) nothing is served from the cache or kept.
 * - A kept page carries no nonce: its policy allows its own inline scripts by their hashes, so
 *   the page is the same bytes for everyone and is compressed once, with brotli and gzip, instead
 *   of once per answer (docs/decisions/025). Until those copies are ready, hits go out as they
 *   are and the compression middleware packs each one.
 * - Only complete 200 HTML answers without Set-Cookie are kept.
 */
export interface PageCacheOptions {
  /** Paths whose pages do not depend on the visitor beyond the cookies below. */
  isCacheable: (path: string) => boolean;
  /** Cookies whose value changes the page (and so the key). */
  varyCookies: readonly string[];
  /** Cookies whose presence means the page is the visitor's own: never cached. */
  bypassCookies: readonly string[];
  /**
   * Whether a kept page can be trusted right now: false while a change could go unheard (the
   * listener that calls `clear()` lost its connection). Default: always.
   */
  canKeep?: () => boolean;
  now?: () => number;
  /** Pages kept at most, and their bytes (unpacked) at most; the longest unrendered go first. */
  maxEntries?: number;
  maxBytes?: number;
  /** Makes the packed copies of a kept page; default {@link packPage}. */
  pack?: (body: Buffer) => Promise<Partial<Record<Encoding, Buffer>>>;
  /**
   * A visitor with a cart (a bypass cookie) gets the kept page with their own parts in its slots
   * (decision 049): this renders those parts for the request, or answers null when the page must
   * be rendered whole. Without it such visitors always get the whole render.
   */
  visitorParts?: (req: Request) => Promise<Record<string, string> | null>;
  /**
   * Where this process answers for itself alone: the page a customer found missing is asked for
   * there without the cart, so that it is kept in this process (with several processes, the
   * shared port would hand the request to any of them). Default: the address the customer used.
   */
  ownAddress?: () => { host: string; port: number } | null;
}

export type Encoding = "br" | "gzip";

interface Entry {
  expires: number;
  status: number;
  /** The answer's headers, the policy with the page's script hashes among them. */
  headers: [string, string][];
  /** The page without nonce attributes. */
  body: Buffer;
  /** The page packed once per encoding; filled in when the work is done (shared by reuse). */
  packed: Partial<Record<Encoding, Buffer>>;
  /** When one request started rendering the expired page anew; the others get this copy. */
  refreshingSince: number | null;
  /** The page cut at its visitor slots (null: it has none), made on first use. */
  slots?: SlotTemplate | null;
  /** The shared pieces packed as raw deflate for gzip answers; filled in when done. */
  packedSlots?: Buffer[];
  packingSlots?: boolean;
}

/**
 * A render that has not finished by then has failed: the next request tries again. Until then the
 * others get the page of the minute before, so this is also how late a kept page may be at a
 * minute's turn (an opening state, say) on a machine too busy to render it sooner.
 */
const REFRESH_TIMEOUT_MS = 2_000;

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

/**
 * Packed once and sent thousands of times, a page is worth brotli's slower levels: quality 10 is
 * about 14 KB for the 160 KB of a 300-product menu, in ~80 ms of a worker thread, not the event
 * loop (quality 11 saves 4 % more for three times the work).
 */
const BROTLI_OPTIONS = {
  params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]: 10,
    [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
  },
};
const GZIP_OPTIONS = { level: 9 };

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

/**
 * The encodings an `Accept-Encoding` header allows (a q-value of 0 refuses one; `*` stands for
 * any not named).
 */
export function acceptedEncodings(header: string | undefined): Set<Encoding> {
  const accepted = new Set<Encoding>();
  const refused = new Set<string>();
  let any = false;
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (!allowed) refused.add(name);
    else if (name === "br" || name === "gzip") accepted.add(name);
    else if (name === "*") any = true;
  }
  if (any) for (const name of ["br", "gzip"] as const) if (!refused.has(name)) accepted.add(name);
  for (const name of refused) accepted.delete(name as Encoding);
  return accepted;
}

/** Brotli before gzip, whatever order the browser lists them in: it is the smaller one. */
function packedFor(entry: Entry, header: string | undefined): [Encoding, Buffer] | null {
  if (!entry.packed.br && !entry.packed.gzip) return null;
  const accepted = acceptedEncodings(header);
  for (const encoding of ["br", "gzip"] as const) {
    const body = entry.packed[encoding];
    if (body && accepted.has(encoding)) return [encoding, body];
  }
  return null;
}

/** Brotli and gzip copies of a page, made in worker threads, in turn with other packing. */
export function packPage(body: Buffer): Promise<Partial<Record<Encoding, Buffer>>> {
  return inPackingTurn(async () => ({
    br: await promisify(brotliCompress)(body, BROTLI_OPTIONS),
    gzip: await promisify(gzip)(body, GZIP_OPTIONS),
  }));
}

/** The middleware, and `clear()` for when reference data changed (a `reference_data` notification). */
export type PageCache = RequestHandler & { clear(): void };

export function pageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? (() => Date.now());
  const maxEntries = options.maxEntries ?? 500;
  // About 200 pages of a 300-product menu (the menu with an item's dialog over it is one per
  // product): enough for a shop's branches and their favourite products, and a bound on memory.
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  let keptBytes = 0;
  const pack = options.pack ?? packPage;
  const canKeep = options.canKeep ?? (() => true);
  const entries = new Map<string, Entry>();
  // A page whose rendering began before the cache was cleared may hold data from before the
  // change: it is answered, but not kept.
  let generation = 0;

  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" || req.originalUrl.includes("?") || !options.isCacheable(req.path)) {
      return next();
    }
    const cookies = readCookies(req.headers.cookie);
    const isVisitor = options.bypassCookies.some((name) => cookies.has(name));
    if (isVisitor && !options.visitorParts) return next();
    if (!canKeep()) {
      res.setHeader("X-Page-Cache", "off");
      return next();
    }
    const key = [req.path, ...options.varyCookies.map((name) => cookies.get(name) ?? "")].join("|");
    const hit = entries.get(key);
    const at = now();
    // A clock stepped back (a time server's correction) must not keep a page past its minute, nor
    // a refresh running forever: both are measured forward only.
    const isRefreshing =
      hit?.refreshingSince != null &&
      at >= hit.refreshingSince &&
      at - hit.refreshingSince < REFRESH_TIMEOUT_MS;
    const isFresh =
      hit !== undefined && ((hit.expires > at && hit.expires - at <= MINUTE_MS) || isRefreshing);
    if (isVisitor) {
      // A customer gets their parts only in a page of this minute (it may have changed with the
      // clock). While it is missing, a request without the cart renders it once, and the
      // customers meanwhile wait for it instead of each rendering the whole page: at a minute's
      // turn fifty of them would otherwise render three hundred products fifty times.
      if (!hit || !(hit.expires > at && hit.expires - at <= MINUTE_MS)) {
        primeKeptPage(req, key, cookies);
        if (!priming.has(key)) return next();
        return whenKept(key).then((entry) =>
          entry ? serveWithParts(req, res, next, entry) : next(),
        );
      }
      return serveWithParts(req, res, next, hit);
    }
    if (hit && isFresh) return serveKept(req, res, hit);
    if (!hit && rendering.has(key)) {
      // No copy at all (the first request, or the first after a change), and one request renders
      // it now: wait for that one instead of rendering three hundred products once more each. A
      // render that was not kept (an error, a cookie set, a change meanwhile) sends the waiting
      // to render their own, each at once.
      return whenKept(key).then((entry) =>
        entry && !res.headersSent ? serveKept(req, res, entry) : render(req, res, next, key, now()),
      );
    }
    render(req, res, next, key, at, !hit);
  };
  /** Keys without a copy whose page one request renders now (its own token per render). */
  const rendering = new Map<string, object>();
  /**
   * Marks `key` as rendered by this answer; answers what lets the waiting go (once, and only
   * while the turn is still this one: a clear drops it). A connection cut before the answer ended
   * lets them go on its close.
   */
  const takeTurn = (key: string, res: Response) => {
    const turn = {};
    rendering.set(key, turn);
    const release = () => {
      if (rendering.get(key) !== turn) return;
      rendering.delete(key);
      wake(key);
    };
    res.once("close", release);
    return release;
  };
  /**
   * Renders the page (the app's answer passes through) and keeps it. With `first`, the render is
   * the one the others wait for: it lets them go the moment its answer ends, kept or not, before
   * the next request can arrive.
   */
  const render = (
    req: Request,
    res: Response,
    next: (error?: unknown) => void,
    key: string,
    at: number,
    first = false,
  ) => {
    const hit = entries.get(key);
    const release = first ? takeTurn(key, res) : () => undefined;
    // One request renders the page anew; until it is done the others keep getting the old one.
    if (hit) hit.refreshingSince = at;
    const renderedIn = generation;
    const nonce = String(res.locals.cspNonce ?? "");
    capture(res, (status, rendered) => {
      // However the answer ends (kept or not), the waiting get the page or render their own.
      try {
        if (hit) hit.refreshingSince = null;
        if (renderedIn !== generation || !canKeep()) return;
        if (status !== 200 || res.getHeader("set-cookie") !== undefined) return;
        if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return;
        const html = withoutNonceAttributes(rendered, nonce);
        // The nonce stood somewhere else too (in a script's text, say): no copy would be right.
        if (nonce && html.includes(nonce)) return;
        const headers = keptHeaders(res);
        const policy = res.getHeader("content-security-policy");
        if (policy !== undefined) {
          const hashes = inlineScriptHashes(html);
          headers.push([
            "content-security-policy",
            policyWithScriptHashes(String(policy), nonce, hashes),
          ]);
        }
        const body = Buffer.from(html);
        // Most minutes the page comes out as it was: its packed copies serve on.
        const unchanged = hit !== undefined && hit.body.equals(body);
        const entry: Entry = {
          // The minute the render began in: what it read holds until that minute's end, even if
          // it finished in the next one (a menu switching at the full minute, say).
          expires: Math.floor(at / MINUTE_MS) * MINUTE_MS + MINUTE_MS,
          status,
          headers,
          body,
          packed: unchanged ? hit.packed : {},
          refreshingSince: null,
          slots: unchanged ? hit.slots : undefined,
          packedSlots: unchanged ? hit.packedSlots : undefined,
        };
        keep(key, entry);
        // A page that cannot be packed is sent as it is (and packed per answer by the middleware).
        if (!unchanged) {
          pack(body).then(
            (packed) => Object.assign(entry.packed, packed),
            () => undefined,
          );
        }
      } finally {
        release();
      }
    });
    res.setHeader("X-Page-Cache", "miss");
    next();
  };
  /** A kept page as the answer: packed as the browser accepts it, or as it is. */
  const serveKept = (req: Request, res: Response, hit: Entry) => {
    res.status(hit.status);
    for (const [name, value] of hit.headers) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", "hit");
    res.vary("Accept-Encoding");
    const packed = packedFor(hit, req.headers["accept-encoding"]);
    // A Content-Encoding of ours tells the compression middleware to leave the body alone.
    if (packed) res.setHeader("Content-Encoding", packed[0]);
    const body = packed ? packed[1] : hit.body;
    res.setHeader("Content-Length", body.length);
    res.end(body);
  };
  /** Keeps `entry` as the newest, the oldest going while there are too many or too large. */
  const keep = (key: string, entry: Entry) => {
    const old = entries.get(key);
    if (old) keptBytes -= old.body.length;
    entries.delete(key);
    for (const [oldestKey, oldest] of entries) {
      if (entries.size < maxEntries && keptBytes + entry.body.length <= maxBytes) break;
      entries.delete(oldestKey);
      keptBytes -= oldest.body.length;
    }
    entries.set(key, entry);
    keptBytes += entry.body.length;
  };
  /** Keys whose page is being asked for without the cart, so that the next visitor finds it. */
  const priming = new Set<string>();
  /** Customers waiting for a key's page of this minute: the page, or null to render it whole. */
  const waiting = new Map<string, ((entry: Entry | null) => void)[]>();
  const whenKept = (key: string) =>
    new Promise<Entry | null>((resolve) => {
      const timer = setTimeout(() => settle(null), REFRESH_TIMEOUT_MS);
      const settle = (entry: Entry | null) => {
        clearTimeout(timer);
        resolve(entry);
      };
      waiting.set(key, [...(waiting.get(key) ?? []), settle]);
    });
  /** Hands the waiting customers the key's page if it is of this minute now; else null. */
  const wake = (key: string) => {
    const waiters = waiting.get(key);
    if (!waiters) return;
    waiting.delete(key);
    const entry = entries.get(key);
    const at = now();
    const current = entry && entry.expires > at && entry.expires - at <= MINUTE_MS ? entry : null;
    for (const settle of waiters) settle(current);
  };
  const primeKeptPage = (req: Request, key: string, cookies: Map<string, string>) => {
    if (priming.has(key) || priming.size > 20) return;
    priming.add(key);
    const cookie = options.varyCookies
      .filter((name) => cookies.has(name))
      .map((name) => `${name}=${cookies.get(name)}`)
      .join("; ");
    const done = () => {
      priming.delete(key);
      wake(key);
    };
    const own = options.ownAddress?.() ?? {
      host: req.socket.localAddress ?? "127.0.0.1",
      port: req.socket.localPort ?? 0,
    };
    const ask = httpRequest(
      {
        host: own.host,
        port: own.port,
        // One connection per ask (rare: once a minute per page), none left open.
        agent: false,
        path: req.path,
        headers: { host: req.headers.host ?? "localhost", ...(cookie ? { cookie } : {}) },
        timeout: REFRESH_TIMEOUT_MS * 5,
      },
      (answer) => {
        answer.resume();
        answer.on("end", done);
        answer.on("error", done);
      },
    );
    ask.on("error", done);
    ask.on("timeout", () => ask.destroy());
    ask.end();
  };

  /** A visitor's parts packed once: the app hands the same parts again while they hold. */
  const packedParts = new WeakMap<object, PackedParts>();
  const packedPartsOf = (slots: SlotTemplate, parts: Record<string, string>) => {
    let packed = packedParts.get(parts);
    if (!packed || packed.names !== slots.names.join()) {
      packed = packParts(slots, parts);
      packedParts.set(parts, packed);
    }
    return packed;
  };

  const serveWithParts = (
    req: Request,
    res: Response,
    next: (error?: unknown) => void,
    entry: Entry,
  ) => {
    if (entry.slots === undefined) entry.slots = slotTemplate(entry.body);
    const slots = entry.slots;
    if (!slots || !options.visitorParts) return next();
    options.visitorParts(req).then(
      (parts) => {
        // A change staff made while the parts were read still gets this answer: the parts are
        // of the new data (reading them may have taken items out of the cart, and only this
        // answer says so), the shared page is as late as every visitor's for the change's few
        // milliseconds in flight (decision 032); the next request finds the page cleared.
        if (!parts || res.headersSent) return next();
        res.status(entry.status);
        for (const [name, value] of entry.headers) res.setHeader(name, value);
        res.setHeader("Cache-Control", "private, no-cache");
        res.setHeader("X-Page-Cache", "visitor");
        res.vary("Accept-Encoding");
        const packed = entry.packedSlots;
        if (packed && acceptedEncodings(req.headers["accept-encoding"]).has("gzip")) {
          res.setHeader("Content-Encoding", "gzip");
          endWithPieces(res, gzipPiecesWithParts(slots, packed, packedPartsOf(slots, parts)));
          return;
        }
        // Until the shared pieces are packed, the compression middleware packs each answer.
        const body = fillSlots(slots, parts);
        if (!packed && !entry.packingSlots) {
          entry.packingSlots = true;
          packSharedPieces(slots).then(
            (pieces) => (entry.packedSlots = pieces),
            () => (entry.packingSlots = false),
          );
        }
        res.setHeader("Content-Length", body.length);
        res.end(body);
      },
      () => next(),
    );
  };

  return Object.assign(handler, {
    clear() {
      entries.clear();
      keptBytes = 0;
      generation += 1;
      // Renders begun before the change are not kept: the next request renders anew.
      rendering.clear();
      // Whatever they wait for was rendered before the change: they render their page whole.
      for (const key of [...waiting.keys()]) wake(key);
    },
  });
}

/** The answer's headers worth keeping with a page: those that are not the one response's own. */
export function keptHeaders(res: Response): [string, string][] {
  return Object.entries(res.getHeaders()).flatMap(([name, value]): [string, string][] =>
    PER_RESPONSE.has(name) || value === undefined ? [] : [[name, String(value)]],
  );
}

/** Collects what the app writes, and hands it over once the response is complete. */
export function capture(res: Response, done: (status: number, body: string) => void): void {
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
