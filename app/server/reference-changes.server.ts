import type { Request } from "express";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import type { Db } from "#app/db/schema";
import { forgetReferenceData } from "#app/features/shared/reference-data.server";
import { CART_COOKIE } from "#app/features/cart/cart-cookie.server";
import { MENU_PAGE } from "#app/features/storefront/store-paths";
import { CONSENT_COOKIE, SELF_SERVICE_COOKIE } from "#app/features/storefront/visitor.server";
import type { LiveOrders } from "./notify-hub.server";
import { ownPageCache, type OwnPageCache } from "./own-page-cache.server";
import { pageCache, type PageCache, type PageCacheOptions } from "./page-cache.server";

/**
 * A saved change shows on the storefront of every instance within 2 s (docs/decisions/032): the
 * reference tables' triggers announce each change on `reference_data`, and each instance's one
 * listener (app/server/notify-hub.server.ts) drops what it keeps of them. After the listener
 * lost its connection it drops everything again (a notification may have been missed), and while
 * it is away the kept pages are not used at all.
 */

/** Anything kept in memory that a change of reference data makes stale. */
export interface Forgettable {
  clear(): void;
}

/** A build's renderer of a customer's parts of a kept menu page (decision 049). */
export type VisitorPartsRenderer = (
  path: string,
  cookie: string,
  context: AppLoadContext,
) => Promise<Record<string, string> | null>;

/**
 * The page cache's `visitorParts` from the app's build (its server entry exports the renderer),
 * with the load context a request gets; undefined while there is no build (the dev server).
 */
export function visitorPartsOf(
  build: () => ServerBuild | undefined,
  contextFor: (req: Request) => AppLoadContext,
): PageCacheOptions["visitorParts"] {
  return async (req) => {
    const entry = build()?.entry.module as { menuVisitorParts?: VisitorPartsRenderer } | undefined;
    if (!entry?.menuVisitorParts) return null;
    return entry.menuVisitorParts(req.path, req.headers.cookie ?? "", contextFor(req));
  };
}

/** What the build's server entry exports for the customer's kept checkout (decision 050). */
interface CheckoutOwnPage {
  isCheckoutPage(path: string): boolean;
  checkoutStamp(path: string, cookie: string, context: AppLoadContext): Promise<string | null>;
  checkoutRenewals(html: string): { token: string; fresh: () => string }[];
}

/**
 * A customer's checkout page kept per visitor while their cart, the reference data and the minute
 * stay the same (decision 050), with the build's stamp; trusted only while `live` is listening.
 */
export function checkoutPageCache(
  live: Pick<LiveOrders, "status">,
  build: () => ServerBuild | undefined,
  contextFor: (req: Request) => AppLoadContext,
): OwnPageCache {
  const entry = () => build()?.entry.module as Partial<CheckoutOwnPage> | undefined;
  return ownPageCache({
    isOwnPage: (path) => entry()?.isCheckoutPage?.(path) ?? false,
    stamp: async (req) =>
      entry()?.checkoutStamp?.(req.path, req.headers.cookie ?? "", contextFor(req)) ?? null,
    renewals: (html) => entry()?.checkoutRenewals?.(html) ?? [],
    canKeep: () => live.status().listening,
  });
}

/** What the build's server entry exports for the kept status pages. */
interface StatusOwnPage {
  isStatusPage(path: string): boolean;
  statusPageStamp(path: string, cookie: string, context: AppLoadContext): Promise<string | null>;
}

/**
 * An order's status page kept while its ETag stays the same (issue 18): opened again from the
 * receipt, the mail or a reload, it costs the tag's query, not the order's queries and a render.
 * The tag is read from the database for every request, so the copy needs no listener.
 */
export function statusPageCache(
  build: () => ServerBuild | undefined,
  contextFor: (req: Request) => AppLoadContext,
): OwnPageCache {
  const entry = () => build()?.entry.module as Partial<StatusOwnPage> | undefined;
  return ownPageCache({
    isOwnPage: (path) => entry()?.isStatusPage?.(path) ?? false,
    stamp: async (req) =>
      entry()?.statusPageStamp?.(req.path, req.headers.cookie ?? "", contextFor(req)) ?? null,
  });
}

/** A document's load context holds the visitor's part aside (not a `.data` request, not a form). */
export function documentPartsFor(req: Request): AppLoadContext["documentParts"] {
  return req.method === "GET" && !req.path.endsWith(".data") ? {} : undefined;
}

/**
 * The storefront's kept pages (decision 010): the home page, a branch's menu and its item
 * dialogs, for visitors without a cart (and, with `visitorParts`, with a customer's cart in their
 * slots), trusted only while `live` is listening.
 */
export function storefrontPageCache(
  live: Pick<LiveOrders, "status">,
  options: Partial<PageCacheOptions> = {},
): PageCache {
  return pageCache({
    isCacheable: (path) => path === "/" || MENU_PAGE.test(path),
    varyCookies: [CONSENT_COOKIE, SELF_SERVICE_COOKIE],
    bypassCookies: [CART_COOKIE],
    canKeep: () => live.status().listening,
    ...options,
  });
}

/**
 * What the build's server entry exports of its reference data: the build bundles its own copy of
 * `reference-data.server.ts`, apart from the one bundled into server.ts, and its loaders use that
 * copy, so the server reaches it through the entry.
 */
interface BuildReferenceData {
  forgetReferenceData(db: Db): void;
}

/**
 * On every change of reference data (and after every reconnect of the listener) this instance
 * drops its in-memory reference data for `db`, the server's copy and the build's, and clears
 * `kept`. Returns the unsubscribe.
 */
export function forgetOnReferenceChanges(
  live: Pick<LiveOrders, "onReferenceDataChanged">,
  db: Db,
  kept: readonly Forgettable[],
  build: () => ServerBuild | undefined = () => undefined,
): () => void {
  return live.onReferenceDataChanged(() => {
    forgetReferenceData(db);
    (build()?.entry.module as Partial<BuildReferenceData> | undefined)?.forgetReferenceData?.(db);
    for (const cache of kept) cache.clear();
  });
}
