import type { AppLoadContext } from "@remix-run/node";
import { renderToString } from "react-dom/server";
import {
  CartPanelBody,
  CartPanelHead,
  type CartPanelPaths,
} from "#app/components/store/cart-panel";
import { CartBarPart } from "#app/components/store/cart-bar";
import { VisitorData } from "#app/components/visitor-slot";
import { formatNumber } from "#app/domain/format";
import { de } from "#app/i18n/de";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { referenceAndCartVersions } from "#app/db/queries/carts";
import { cartWriteMark, readCartCookieHeader } from "#app/features/cart/cart-cookie.server";
import type { LiveOrders } from "#app/server/notify-hub.server";
import type { CartView } from "#app/features/cart/cart.server";
import { referenceVersion } from "#app/features/shared/reference-data.server";
import { branchDeliveryNotice } from "./branch.server";
import { loadStorefront, loadVisitorCart, type Storefront } from "./storefront.server";
import { branchIdentifierIn, MENU_PAGE, storePath } from "./store-paths";
import type { MenuVisitor } from "./menu-visitor";

/**
 * A customer's own part of a branch's menu page (decision 049): their cart in the panel and the
 * bar. The loader and the kept page's slots (`menuVisitorParts`) build it with the same code.
 */
export function menuVisitorOf(cart: CartView, store: Storefront): MenuVisitor {
  const barCount = de.cartPanel.barCount(formatNumber(cart.count), cart.count === 1);
  return {
    cart,
    cartBar:
      cart.count > 0
        ? {
            count: barCount,
            total: cart.total,
            label: de.cartPanel.barLabel(`${barCount} · ${cart.total}`),
          }
        : null,
    soldOutNotice:
      cart.removedAsSoldOut.length > 0
        ? deCatalogue.soldOut.cartRemoved(cart.removedAsSoldOut.join(", "))
        : null,
    deliveryNotice:
      cart.deliveryType === "delivery"
        ? branchDeliveryNotice(store.branch, store.now, store.zone)
        : null,
  };
}

export function menuPaths(branchIdentifier: string): CartPanelPaths {
  const path = storePath(branchIdentifier);
  return { branchIdentifier, storePath: path, checkoutPath: `${path}/checkout` };
}

const SLOTS = ["cart-head", "cart-body", "cart-bar", "visitor-data"] as const;
/** Between the parts of the one render below; never in a part itself. */
const CUT = '<template data-cut=""></template>';

/**
 * Each slot's markup, exactly as the whole page renders it (app/routes/store/menu.tsx): one
 * render for all four (cheaper than four), cut apart again where the markers stand.
 */
export function renderMenuVisitorParts(
  visitor: MenuVisitor,
  paths: CartPanelPaths,
): Record<string, string> {
  const html = renderToString(
    <>
      <CartPanelHead visitor={visitor} />
      <template data-cut="" />
      <CartPanelBody visitor={visitor} paths={paths} />
      <template data-cut="" />
      <CartBarPart bar={visitor.cartBar} />
      <template data-cut="" />
      <VisitorData value={visitor} />
    </>,
  );
  const pieces = html.split(CUT);
  return Object.fromEntries(SLOTS.map((name, index) => [name, pieces[index] ?? ""]));
}

/** A customer's rendered parts and what they were made of (decision 049). */
interface KeptParts {
  /** The reference data's stamp read before the data, the minute and the menu they are for. */
  reference: bigint;
  minute: number;
  path: string;
  branchId: number;
  /** The cart's version as it was read. */
  cartVersion: number;
  /** The customer's `warenkorb-stand` mark the parts were made or last confirmed for. */
  mark: string;
  parts: Record<string, string>;
}

/**
 * The last parts rendered per cart, in this process: a customer who looks at the menu again with
 * the same cart, in the same minute and menu version, gets the same parts without loading their
 * cart or rendering it. About 10 KB each for a cart of ten; the oldest go first.
 *
 * While this instance's listener is in place, kept parts are trusted without asking the database:
 * a change of reference data or of any cart is announced (`reference_data`, `carts`) and drops
 * them, and the customer's own changes come with a new `warenkorb-stand` mark, so the page after
 * a change misses even when the announcement is still on its way. Without the listener (or in a
 * context without one) one round trip checks the versions, as before.
 */
const keptParts = new Map<string, KeptParts>();
const MAX_KEPT_PARTS = 1_000;
/** Branch ids by identifier as the renders found them (checked against the stamp on reuse). */
const branchIds = new Map<string, number>();

/** Bumped when everything kept goes: parts read before it must not be kept. */
let generation = 0;
/** Announced cart changes, numbered: parts read before their cart's change must not be kept. */
let noticeCount = 0;
let notices = new Map<string, number>();
let olderNotices = new Map<string, number>();
/** Notices up to this number were dropped from memory: a read begun before it keeps nothing. */
let forgottenUpTo = 0;
let lastSwapAt = 0;
const NOTICES_PER_MAP = 5_000;
const listenedTo = new WeakSet<LiveOrders>();

function forgetAllParts(): void {
  generation += 1;
  keptParts.clear();
}

function forgetPartsOf(cartId: string): void {
  noticeCount += 1;
  keptParts.delete(cartId);
  notices.set(cartId, noticeCount);
  if (notices.size >= NOTICES_PER_MAP) {
    forgottenUpTo = lastSwapAt;
    lastSwapAt = noticeCount;
    olderNotices = notices;
    notices = new Map();
  }
}

function listenTo(live: LiveOrders): void {
  if (listenedTo.has(live)) return;
  listenedTo.add(live);
  live.onReferenceDataChanged(forgetAllParts);
  live.onCartChanged((cartId) => (cartId === null ? forgetAllParts() : forgetPartsOf(cartId)));
}

/** Whether parts read since `since` may be kept: nothing announced for their cart meanwhile. */
function mayKeep(cartId: string, since: { generation: number; notice: number }): boolean {
  const notice = notices.get(cartId) ?? olderNotices.get(cartId) ?? 0;
  return since.generation === generation && notice <= since.notice && forgottenUpTo <= since.notice;
}

/** For tests: what this process keeps. */
export function keptMenuPartsCount(): number {
  return keptParts.size;
}

function minuteOf(date: Date): number {
  return Math.floor(date.getTime() / 60_000);
}

/**
 * The slots of `path` (a branch's menu, as kept) for the visitor whose cookies these are; null
 * when the page must be rendered whole instead: another page, an unknown branch, or a cart cookie
 * that does not check out (the whole page drops it with a Set-Cookie).
 */
export async function menuVisitorParts(
  path: string,
  cookie: string,
  context: AppLoadContext,
): Promise<Record<string, string> | null> {
  const identifier = branchIdentifierIn(MENU_PAGE, path);
  if (identifier === null) return null;
  const menuPath = storePath(identifier);
  const { carts, isTampered } = await readCartCookieHeader(cookie, context);
  if (isTampered) return null;
  const live = context.live;
  if (live) listenTo(live);
  const isTrusted = live?.status().listening === true;
  const mark = cartWriteMark(cookie);
  const knownBranch = branchIds.get(identifier);
  const cartId = knownBranch === undefined ? undefined : carts[String(knownBranch)];
  const kept = cartId === undefined ? undefined : keptParts.get(cartId);
  if (kept && kept.path === menuPath && kept.minute === minuteOf(new Date())) {
    // Nothing was announced for this cart or the reference data since, and the customer's
    // browser changed nothing since (the same mark).
    if (isTrusted && kept.mark === mark) return kept.parts;
    // One round trip: the menu's data and this cart are as they were when the parts were made.
    const now = await referenceAndCartVersions(context.db, cartId!, kept.branchId);
    if (now.reference === kept.reference && now.cart === kept.cartVersion) {
      kept.mark = mark;
      return kept.parts;
    }
  }
  const since = { generation, notice: noticeCount };
  // Read before the data: parts kept under it are never newer than it says (a change in between
  // leaves them older, and the next request misses).
  const reference = await referenceVersion(context.db);
  const store = await loadStorefront(context.db, identifier, new Date());
  if (!store) return null;
  branchIds.set(identifier, store.branch.id);
  const request = new Request(`${context.config.publicOrigin}${path}`, { headers: { cookie } });
  const { cart } = await loadVisitorCart(request, context, store);
  const parts = renderMenuVisitorParts(
    menuVisitorOf(cart, store),
    menuPaths(store.branch.identifier),
  );
  if (cart.cartId !== null && cart.version !== null && mayKeep(cart.cartId, since)) {
    keptParts.delete(cart.cartId);
    if (keptParts.size >= MAX_KEPT_PARTS) keptParts.delete(keptParts.keys().next().value!);
    keptParts.set(cart.cartId, {
      reference,
      minute: minuteOf(store.now),
      path: menuPath,
      branchId: store.branch.id,
      cartVersion: cart.version,
      mark,
      parts,
    });
  }
  return parts;
}
