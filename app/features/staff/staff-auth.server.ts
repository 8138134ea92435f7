import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { insertAuditEntry } from "#app/db/queries/audit-log";
import { touchStaffSession } from "#app/db/queries/staff-sessions";
import { findUserBySession, type StaffUser as StaffUserRow } from "#app/db/queries/users";
import type { Db, Role } from "#app/db/schema";
import { canAccessBranch, isAdmin, isManager } from "#app/domain/staff-permissions";
import { de } from "#app/i18n/de-staff";
import { deApiTokens } from "#app/i18n/de-api-tokens";
import { apiTokenRefusal, readBearer, tokenHolder, type TokenHolder } from "./api-tokens.server";
import {
  clearStaffSessionCookie,
  readStaffSession,
  sentStaffSessionCookie,
} from "./staff-session.server";

/**
 * The one guard of the back office and the staff API. Every back-office loader and action and
 * every staff `/api` route calls `requireStaff` (a layout's loader does not protect its children's
 * actions), then `requireBranch` for anything that belongs to a branch.
 *
 * - Anonymous: a page is redirected to `/backend/login?redirectTo=…`, `/api` answers 401.
 * - Signed in without the right: 403 ('Zugriff verweigert' page, or `{ errors: [{ message }] }`).
 * - Any request that may change something (not GET/HEAD) must come from this site: its `Origin`
 *   (or, without one, its `Referer`) must be ours, else 403 before anything is read.
 * - A call to `/api` with an `Authorization` header is a token call (docs/decisions/095): the
 *   personal API token alone decides (401 when it is not a running one, never a cookie instead),
 *   no Origin check (a browser cannot send the header cross-site without CORS, which the API
 *   does not answer), a per-token rate limit, and no user or credential management.
 */
export interface StaffUser {
  id: number;
  email: string;
  name: string;
  roles: Role[];
  branchIds: number[];
  isAdmin: boolean;
  isManager: boolean;
  /** The session this request came with (docs/decisions/028); 0 for a token call. */
  sessionId: number;
  /** The personal API token of a token call (docs/decisions/095); absent for a session. */
  tokenId?: number;
  /** How a refusal is answered: a page (redirect, HTML) or the JSON API. */
  surface: Surface;
}

export type Surface = "page" | "api";

export interface StaffGuardOptions {
  /** At least one of these roles; an administrator always passes. */
  roles?: readonly Role[];
}

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/** The staff API answers JSON; the back office's pages answer pages. */
export function surfaceOf(request: Request): Surface {
  return new URL(request.url).pathname.startsWith("/api/") ? "api" : "page";
}

export function loginPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  const target = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  return `/backend/login?${new URLSearchParams({ redirectTo: target })}`;
}

/** A JSON error answer of the staff API. */
export function apiError(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ errors: [{ message }] }, { status, headers });
}

/** What to throw when the user may not do this (403). */
export function forbidden(surface: Surface, message: string = de.errors.forbidden) {
  return surface === "api"
    ? apiError(403, message)
    : data({ message, title: de.errors.forbiddenTitle }, { status: 403 });
}

/**
 * The back office and the staff API: every path the guard protects. The public order API, the
 * payment providers' webhooks and the fonts are not staff paths (customers, providers and screens
 * call them).
 */
export function isStaffPath(pathname: string): boolean {
  if (pathname === "/backend" || pathname.startsWith("/backend/")) return true;
  if (!pathname.startsWith("/api/")) return false;
  // The fonts (decision 041) are public: open-licensed files that signage screens and pages load.
  if (pathname === "/api/fonts" || pathname.startsWith("/api/fonts/")) return false;
  // The storefront's analytics log (decision 054) is the customers': consent is its check.
  if (pathname === "/api/analytics-log") return false;
  // Polling receipt printers (decision 056) name themselves with their device token.
  if (pathname.startsWith("/api/cloudprnt/")) return false;
  if (pathname.startsWith("/api/epson-sdp/")) return false;
  return !pathname.startsWith("/api/orders/public/") && !pathname.startsWith("/api/payments/");
}

export interface RequestSource {
  method: string;
  /** The `Origin` header, or null. */
  origin: string | null;
  /** The `Referer` header, or null. */
  referer: string | null;
  /** The origin the request was addressed to (scheme and host as the server saw them). */
  ownOrigin: string;
}

/**
 * True when a request that may change something (not GET/HEAD) comes from this site: its
 * `Origin` (or, without one, its `Referer`) is the request's own origin or the configured public
 * one (behind a proxy that does not pass the scheme on, the two differ). Browsers send `Origin`
 * on every POST; a request naming neither is refused too.
 */
export function isSameSite(source: RequestSource, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(source.method)) return true;
  const from = sourceOrigin(source);
  return from !== null && (from === source.ownOrigin || from === publicOrigin);
}

function sourceOrigin({ origin, referer }: RequestSource): string | null {
  if (origin && origin !== "null") return origin;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * Throws 403 unless a request that wants to change something comes from this site. The server
 * already answers cross-site posts to staff paths before Remix (see app/server/cross-site.server.ts,
 * since Remix itself would answer a bare 500); this is the same rule again inside every action.
 */
export function requireSameOrigin(request: Request, context: AppLoadContext): void {
  const source: RequestSource = {
    method: request.method,
    origin: request.headers.get("Origin"),
    referer: request.headers.get("Referer"),
    ownOrigin: new URL(request.url).origin,
  };
  if (!isSameSite(source, context.config.publicOrigin)) {
    throw forbidden(surfaceOf(request), de.staffAuth.crossSite);
  }
}

/** `last_seen_at` of a session moves at most this often: a write per request would cost more. */
const LAST_SEEN_GAP_MS = 5 * 60_000;

/**
 * The signed-in staff member, or null (no session, an ended or expired one, or a locked account).
 * The session is looked up in the database on every call, never kept in memory, so an ended
 * session counts in every instance at once (docs/decisions/028).
 */
export async function currentStaff(
  request: Request,
  context: AppLoadContext,
  now: Date = new Date(),
): Promise<StaffUser | null> {
  if (surfaceOf(request) === "api") {
    const bearer = readBearer(request);
    if (bearer.kind === "bad") return null;
    if (bearer.kind === "token") {
      const holder = await tokenHolder(context.db, bearer.token, now);
      return holder ? tokenUser(holder) : null;
    }
  }
  const session = await readStaffSession(request, context);
  if (session.kind !== "token") return null;
  const row = await findUserBySession(context.db, session.tokenHash, now);
  if (!row) return null;
  if (now.getTime() - row.sessionLastSeenAt.getTime() >= LAST_SEEN_GAP_MS) {
    await touchStaffSession(context.db, row.sessionId, now, LAST_SEEN_GAP_MS);
  }
  return toStaffUser(row, row.sessionId, surfaceOf(request));
}

function toStaffUser(row: StaffUserRow, sessionId: number, surface: Surface): StaffUser {
  return {
    id: row.id,
    sessionId,
    email: row.email,
    name: row.name,
    roles: row.roles,
    branchIds: row.branchIds,
    isAdmin: isAdmin(row),
    isManager: isManager(row),
    surface,
  };
}

function tokenUser(holder: TokenHolder): StaffUser {
  return {
    id: holder.userId,
    sessionId: 0,
    tokenId: holder.tokenId,
    email: holder.email,
    name: holder.name,
    roles: holder.roles,
    branchIds: holder.branchIds,
    isAdmin: isAdmin(holder),
    isManager: isManager(holder),
    surface: "api",
  };
}

/** A token call made with `Authorization` on the API (whatever the header says). */
const isTokenCall = (request: Request) =>
  surfaceOf(request) === "api" && request.headers.has("Authorization");

/** Requests per token and minute on all instances together, unless configured (decision 105). */
export const DEFAULT_API_TOKEN_REQUESTS_PER_MINUTE = 600;

/**
 * Accounts, credentials and tokens are managed by people signed in, never by a token (decision
 * 095): a stolen token cannot make itself a new account, a PIN or a longer-lived token. Reading
 * the token's own account (`GET /api/users/me`) is allowed.
 */
function tokenMayCall(request: Request): boolean {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  if (path === "/api/users/me") return request.method === "GET" || request.method === "HEAD";
  return !(
    path === "/api/users" ||
    path.startsWith("/api/users/") ||
    path.startsWith("/api/clock-credentials")
  );
}

/** Throws 429 when the token is over its limit, 403 when it asks for what tokens may not do. */
async function checkTokenCall(
  request: Request,
  context: AppLoadContext,
  tokenId: number,
): Promise<void> {
  const limit = context.config.apiTokenRequestsPerMinute ?? DEFAULT_API_TOKEN_REQUESTS_PER_MINUTE;
  const wait = await apiTokenRefusal(context.db, limit, tokenId);
  if (wait !== null) {
    throw apiError(429, deApiTokens.api.tooMany(wait), {
      "Retry-After": String(wait),
      "Cache-Control": "no-store",
    });
  }
  if (!tokenMayCall(request)) throw forbidden("api", deApiTokens.api.noUserManagement);
}

export async function requireStaff(
  request: Request,
  context: AppLoadContext,
  options: StaffGuardOptions = {},
): Promise<StaffUser> {
  const surface = surfaceOf(request);
  const now = new Date();
  const user = await currentStaff(request, context, now);
  // A caller without a session hears 401 first, whatever else is wrong with the request.
  if (!user) throw await unauthorized(request, context, surface);
  if (user.tokenId === undefined) requireSameOrigin(request, context);
  else await checkTokenCall(request, context, user.tokenId);
  // Without any role the account may sign in but nothing else (no redirect: it would loop).
  if (user.roles.length === 0) throw forbidden(surface);
  if (options.roles && !user.isAdmin && !options.roles.some((role) => user.roles.includes(role))) {
    throw forbidden(surface);
  }
  return user;
}

async function unauthorized(
  request: Request,
  context: AppLoadContext,
  surface: Surface,
): Promise<Response> {
  if (isTokenCall(request)) {
    return apiError(401, deApiTokens.api.invalid, {
      "WWW-Authenticate": 'Bearer realm="api", error="invalid_token"',
      "Cache-Control": "no-store",
    });
  }
  const headers = sentStaffSessionCookie(request)
    ? { "Set-Cookie": await clearStaffSessionCookie(context) }
    : undefined;
  if (surface === "api") return apiError(401, de.staffAuth.unauthorized, headers);
  return redirect(loginPath(request), { headers });
}

/** Throws 403 unless the user may work with this branch's orders. */
export function requireBranch(user: StaffUser, branchId: number): void {
  if (!canAccessBranch(user, branchId)) throw forbidden(user.surface);
}

export interface AuditInput {
  user: Pick<StaffUser, "id"> | null;
  action: string;
  entityType: string;
  entityId?: string | number | null;
  data?: Record<string, unknown> | null;
  /** The branch the change concerns, if any (the log page filters by it). */
  branchId?: number | null;
  /** Where the client address comes from (the request's load context). */
  context?: Pick<AppLoadContext, "clientAddress">;
  at?: Date;
}

/** One audit-log row: who did what to which entity, from where. Call it inside the change's trx. */
export async function audit(trx: Db, input: AuditInput): Promise<void> {
  await insertAuditEntry(trx, {
    userId: input.user?.id ?? null,
    action: input.action,
    entityType: input.entityType,
    entityId: input.entityId ?? null,
    data: input.data ?? null,
    branchId: input.branchId ?? null,
    ip: input.context?.clientAddress ? input.context.clientAddress : null,
    at: input.at,
  });
}
