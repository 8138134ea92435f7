import type { IncomingMessage, ServerResponse } from "node:http";
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { pathOf } from "./hostile-addresses.server";
import { isWellFormedAddress } from "#app/features/orders/order-status.server";
import {
  STATUS_CACHE_CONTROL,
  etagMatches,
  etagOf,
  frameCookies,
  readFrameStamp,
  readStatusStamp,
  statusTargetOf,
  type StatusStamp,
} from "#app/features/orders/order-status-etag.server";

export interface NotModifiedOptions {
  /** The shop's public origin, as the root loader gets it. */
  origin: string;
  /**
   * How long a stamp read from the database is reused, in milliseconds. Polls within this time
   * cost no query; a change made meanwhile shows up this much later (on top of the 10 s poll).
   * The customer's own changes are not delayed: a successful POST makes the browser drop its
   * stored copy of the URL it posted to, so the next GET carries no If-None-Match.
   */
  ttlMs?: number;
  /** Order stamps kept at most; the oldest go first. */
  maxEntries?: number;
  clock?: () => number;
}

/**
 * Reads each key at most once per `ttlMs`; concurrent callers share one read. `clear()` forgets
 * every entry (a read in flight is still answered, but not kept).
 */
function shortLivedCache<T>(ttlMs: number, maxEntries: number, clock: () => number) {
  const entries = new Map<string, { value: Promise<T>; expires: number }>();
  const read = (key: string, load: () => Promise<T>, keep: (value: T) => boolean): Promise<T> => {
    const now = clock();
    const cached = entries.get(key);
    if (cached && cached.expires > now) return cached.value;
    const value = load();
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value ?? "");
    const entry = { value, expires: now + ttlMs };
    entries.set(key, entry);
    const forget = () => {
      if (entries.get(key) === entry) entries.delete(key);
    };
    value.then((result) => {
      if (!keep(result)) forget();
    }, forget);
    return value;
  };
  return Object.assign(read, { clear: () => entries.clear() });
}

/**
 * The handler, and `clear()` for when reference data changed (the frame, a branch's stamp). It
 * takes Node's own request and response, so the server answers these polls before Express (see
 * server.ts), and it serves as an Express middleware as well.
 */
export type OrderStatusNotModified = ((
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
) => void) & { clear(): void };

/**
 * The fast path for polls of the status page (document, single-fetch `.data`, public JSON): a GET
 * whose `If-None-Match` still matches is answered 304 here, before Remix runs a loader or renders
 * anything; in the server even before Express, its router and the dozen middlewares a page
 * needs (a 304 carries no body, no policy and no cookie). Everything else goes on to Remix, whose
 * loaders compute the same ETag with the same functions, always straight from the database, and
 * send it with the full response.
 */
export function orderStatusNotModified(
  db: Kysely<Database>,
  { origin, ttlMs = 1000, maxEntries = 10_000, clock = Date.now }: NotModifiedOptions,
): OrderStatusNotModified {
  const stamps = shortLivedCache<StatusStamp | null>(ttlMs, maxEntries, clock);
  const frames = shortLivedCache<string>(ttlMs, 6, clock);

  const handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const ifNoneMatch = req.headers["if-none-match"];
    if ((req.method !== "GET" && req.method !== "HEAD") || !ifNoneMatch) return next();
    const target = statusTargetOf(pathOf(req.url ?? ""));
    if (!target || !isWellFormedAddress(target)) return next();
    const cookieHeader = req.headers.cookie ?? null;
    let frame: Promise<string | null> = Promise.resolve(null);
    if (target.resource === "page") {
      const { consent, kiosk } = frameCookies(cookieHeader);
      // A kiosk's status page has no tag and is the loader's to answer (issue 35).
      if (kiosk) return next();
      frame = frames(
        `${consent}/${kiosk}`,
        () => readFrameStamp(db, { origin, cookieHeader, now: new Date() }),
        () => true,
      );
    }
    const stamp = stamps(target.uid, () => readStatusStamp(db, target.uid), Boolean);
    Promise.all([stamp, frame]).then(
      ([found, frameStamp]) => {
        const etag = found && etagOf(found, target, frameStamp);
        if (!etag || !etagMatches(ifNoneMatch, etag)) return next();
        // The browser keeps the page it has, nonce included; a new CSP header on the 304 would
        // replace the stored one and block the stored page's scripts.
        res.removeHeader("Content-Security-Policy");
        res.writeHead(304, { ETag: etag, "Cache-Control": STATUS_CACHE_CONTROL }).end();
      },
      // Whatever failed here, Remix answers the request in full and reports it properly.
      () => next(),
    );
  };
  return Object.assign(handler, {
    clear() {
      stamps.clear();
      frames.clear();
    },
  });
}
