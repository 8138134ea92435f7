import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "#app/db/schema";
import { hashMatches, isWellFormedAddress, type OrderAddress } from "./order-status.server";
import { loadShell } from "#app/features/storefront/shell.server";
import { CONSENT_COOKIE, SELF_SERVICE_COOKIE } from "#app/features/storefront/visitor.server";

/**
 * Conditional GET for the status page, its poll and the public JSON: a small query decides
 * whether anything the response shows has changed, so an unchanged poll is answered 304 before
 * anything is rendered (decision 008).
 *
 * What a response shows, and so what its ETag is made of:
 * - `json` (`/api/orders/public/…`): the order (its `updated_at`, which every change must move),
 *   the branch's contact details and the settings (ticket label, reviews switch, time zone,
 *   currency);
 * - `page` (the document and its single-fetch `.data`, both of which carry the root's data too):
 *   all of the above plus the frame every page has (header, toolbar, footer, cookie banner), taken
 *   as the root loader's own result for this visitor's cookies and this moment. So the ETag moves
 *   exactly when the toolbar's open/closed line or anything else in the frame does. A `.data`
 *   request limited to the status route (`?_routes=`) counts as `page` as well: Remix removes
 *   `_routes` before the loader sees the request, so the loader could not tell the two apart.
 */
export type StatusResource = "page" | "json";

export const STATUS_CACHE_CONTROL = "private, no-cache";

export interface EtagInput extends OrderAddress {
  resource: StatusResource;
}

export interface FrameInput {
  /** The shop's public origin (the root loader puts it into the frame's data). */
  origin: string;
  /** The request's Cookie header: the frame depends on the consent and self-service cookies. */
  cookieHeader: string | null;
  now: Date;
}

/** How often the page's tag moves with the clock alone (the status messages read it). */
export const MESSAGE_CLOCK_MS = 5 * 60 * 1000;

const micros = (column: string) =>
  sql<string>`(extract(epoch from ${sql.ref(column)}) * 1000000)::bigint::text`;

/** What the order's part of the ETag is made of, as one query reads it. */
export interface StatusStamp {
  id: number;
  hash: string;
  orderStamp: string;
  branchStamp: string;
  settingsStamp: string;
}

/** The stamp of the order with this uid, or null; the hash is compared afterwards. */
export async function readStatusStamp(db: Db, uid: string): Promise<StatusStamp | null> {
  const row = await db
    .selectFrom("orders as o")
    .innerJoin("branches as b", "b.id", "o.branchId")
    .innerJoin("settings as s", (join) => join.on("s.id", "=", 1))
    .select([
      "o.id",
      "o.hash",
      micros("o.updatedAt").as("orderStamp"),
      micros("b.updatedAt").as("branchStamp"),
      micros("s.updatedAt").as("settingsStamp"),
    ])
    .where("o.uid", "=", uid)
    .executeTakeFirst();
  return row ?? null;
}

/** The two cookies the frame reads: the consent answer (`1` or `0`, decision 047) and the kiosk flag. */
export function frameCookies(cookieHeader: string | null): {
  consent: "1" | "0" | null;
  kiosk: boolean;
} {
  const consent = cookieValue(cookieHeader, CONSENT_COOKIE);
  return {
    consent: consent === "1" || consent === "0" ? consent : null,
    kiosk: cookieValue(cookieHeader, SELF_SERVICE_COOKIE) === "1",
  };
}

/** A digest of the root loader's data for these cookies at this moment. */
export async function readFrameStamp(db: Db, input: FrameInput): Promise<string> {
  const { consent, kiosk } = frameCookies(input.cookieHeader);
  const cookie = [
    consent ? `${CONSENT_COOKIE}=${consent}` : "",
    kiosk ? `${SELF_SERVICE_COOKIE}=1` : "",
  ]
    .filter(Boolean)
    .join("; ");
  const request = new Request(input.origin, { headers: cookie ? { Cookie: cookie } : {} });
  const { shell } = await loadShell(db, { origin: input.origin, request, now: input.now });
  // The status messages read the clock too (is the branch open, is the order due today; issue
  // 17): the page's tag moves every 5 minutes, so a poll sees such a change within 5 minutes.
  const clock = Math.floor(input.now.getTime() / MESSAGE_CLOCK_MS);
  return digest(`${JSON.stringify(shell)}|${clock}`);
}

/**
 * The ETag for a stamp (and, for `page`, the frame's stamp), or null when the request's hash is
 * not the order's.
 */
export function etagOf(stamp: StatusStamp, input: EtagInput, frame: string | null): string | null {
  if (!hashMatches(stamp.hash, input.hash)) return null;
  const parts = [
    input.resource,
    stamp.id,
    stamp.orderStamp,
    stamp.branchStamp,
    stamp.settingsStamp,
    input.resource === "page" ? (frame ?? "") : "",
  ];
  // Weak: the same content is rendered with a fresh CSP nonce each time, so the bytes differ.
  return `W/"${digest(parts.join("|")).slice(0, 22)}"`;
}

/** The ETag for this order's resource, or null when uid and hash do not name an order. */
export async function orderStatusEtag(
  db: Db,
  input: EtagInput & FrameInput,
): Promise<string | null> {
  if (!isWellFormedAddress(input)) return null;
  const [stamp, frame] = await Promise.all([
    readStatusStamp(db, input.uid),
    input.resource === "page" ? readFrameStamp(db, input) : null,
  ]);
  return stamp ? etagOf(stamp, input, frame) : null;
}

function digest(text: string): string {
  return createHash("sha256").update(text).digest("base64url");
}

function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

/** `If-None-Match` with weak comparison (RFC 9110 13.1.2): any listed tag, or `*`. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}

export interface StatusTarget extends OrderAddress {
  resource: StatusResource;
}

const STATUS_PATH = /^\/status\/([^/]+)\/([^/]+?)(?:\.data)?\/?$/;
const JSON_PATH = /^\/api\/orders\/public\/([^/]+)\/([^/]+?)\/?$/;

/** The order a GET addresses, for the server's fast path; null for every other URL. */
export function statusTargetOf(pathname: string): StatusTarget | null {
  const json = JSON_PATH.exec(pathname);
  if (json?.[1] && json[2]) return { uid: json[1], hash: json[2], resource: "json" };
  const page = STATUS_PATH.exec(pathname);
  if (page?.[1] && page[2]) return { uid: page[1], hash: page[2], resource: "page" };
  return null;
}
