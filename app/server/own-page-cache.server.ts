import type { Request, RequestHandler } from "express";
import { acceptedEncodings, capture, keptHeaders } from "./page-cache.server";
import {
  endWithPieces,
  fillSlots,
  gzipPiecesWithParts,
  packParts,
  packSharedPieces,
  tokenTemplate,
  type SlotTemplate,
} from "./page-slots.server";

/**
 * A visitor's own pages (the checkout with their cart), kept per visitor for as long as what they
 * are made of stays the same (decision 050). A customer who opens the checkout again, comes back
 * from a payment page or reloads it gets the page rendered for them before, without loading the
 * cart, planning slots and rendering half a year of dates again.
 *
 * - Only GET requests for the listed paths without a query string; the key is the path and the
 *   whole Cookie header (the cart, the consent, the self-service context: all the page reads of
 *   the visitor).
 * - `stamp(req)` names what the page is made of (the reference data's version, the cart's
 *   version, the minute), read before the page is rendered: a change during the render leaves
 *   the kept copy older than its stamp, never newer, and the next request renders anew.
 * - What must be new in every answer is renewed in the copy: the policy's nonce (this response's
 *   own, already in its header) and the tokens `renewals` finds (the checkout's order key). The
 *   copy is cut where they stand and its pieces are packed once (decision 049's slots), so a
 *   gzip answer costs the new tokens' few bytes, not the page's fifty kilobytes.
 * - Only complete 200 HTML answers without Set-Cookie are kept; a staff change clears all
 *   (`clear()`), and while changes could go unheard (`canKeep()` false) nothing is kept or reused.
 */
export interface OwnPageCacheOptions {
  isOwnPage: (path: string) => boolean;
  /** What the page is made of now, or null when it is not to be kept (no cart, say). */
  stamp: (req: Request) => Promise<string | null>;
  /** Tokens of a rendered page that each answer gets anew, with what makes a new one. */
  renewals?: (html: string) => { token: string; fresh: () => string }[];
  canKeep?: () => boolean;
  /** Pages kept at most (about 50 KB each); the oldest go first. */
  maxEntries?: number;
}

interface OwnEntry {
  stamp: string;
  status: number;
  headers: [string, string][];
  /** The page cut where its nonce (slot "nonce") and its renewed tokens stand. */
  template: SlotTemplate;
  /** What makes each renewed token's new value, by slot name. */
  fresh: Record<string, () => string>;
  /** The pieces packed for gzip answers; filled in when done. */
  packed?: Buffer[];
}

export type OwnPageCache = RequestHandler & { clear(): void };

export function ownPageCache(options: OwnPageCacheOptions): OwnPageCache {
  const canKeep = options.canKeep ?? (() => true);
  const maxEntries = options.maxEntries ?? 300;
  const entries = new Map<string, OwnEntry>();
  let generation = 0;

  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" || req.originalUrl.includes("?") || !options.isOwnPage(req.path)) {
      return next();
    }
    if (!canKeep()) return next();
    const key = `${req.path}|${req.headers.cookie ?? ""}`;
    const startedIn = generation;
    options.stamp(req).then(
      (stamp) => {
        if (stamp === null || res.headersSent) return next();
        const kept = entries.get(key);
        const nonce = String(res.locals.cspNonce ?? "");
        if (kept && kept.stamp === stamp && startedIn === generation) {
          const parts: Record<string, string> = { nonce };
          for (const [name, fresh] of Object.entries(kept.fresh)) parts[name] = fresh();
          res.status(kept.status);
          for (const [name, value] of kept.headers) res.setHeader(name, value);
          res.setHeader("X-Page-Cache", "own");
          res.vary("Accept-Encoding");
          if (kept.packed && acceptedEncodings(req.headers["accept-encoding"]).has("gzip")) {
            res.setHeader("Content-Encoding", "gzip");
            const packedParts = packParts(kept.template, parts);
            endWithPieces(res, gzipPiecesWithParts(kept.template, kept.packed, packedParts));
            return;
          }
          // Until the pieces are packed, the compression middleware packs the answer.
          const body = fillSlots(kept.template, parts);
          res.setHeader("Content-Length", body.length);
          res.end(body);
          return;
        }
        capture(res, (status, rendered) => {
          if (startedIn !== generation || !canKeep()) return;
          if (status !== 200 || res.getHeader("set-cookie") !== undefined) return;
          if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return;
          const renewals = options.renewals?.(rendered) ?? [];
          const tokens: Record<string, string> = { nonce };
          const fresh: Record<string, () => string> = {};
          renewals.forEach((renewal, index) => {
            tokens[`token-${index}`] = renewal.token;
            fresh[`token-${index}`] = renewal.fresh;
          });
          const template = tokenTemplate(Buffer.from(rendered), tokens);
          // A page without its nonce would be the same for everyone: not a page of this kind.
          if (!template || !nonce) return;
          entries.delete(key);
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
          const entry: OwnEntry = {
            stamp,
            status,
            headers: keptHeaders(res),
            template,
            fresh,
          };
          entries.set(key, entry);
          packSharedPieces(template).then(
            (packed) => (entry.packed = packed),
            () => undefined,
          );
        });
        res.setHeader("X-Page-Cache", "own-miss");
        next();
      },
      () => next(),
    );
  };
  return Object.assign(handler, {
    clear() {
      entries.clear();
      generation += 1;
    },
  });
}
