import type { AppLoadContext } from "@remix-run/node";
import { renderToString } from "react-dom/server";
import {
  CartPanelBody,
  CartPanelHead,
  type CartPanelPaths,
} from "../../components/store/cart-panel";
import { CartBarPart } from "../../components/store/cart-bar";
import { VisitorData } from "../../components/visitor-slot";
import { formatNumber } from "../../domain/format";
import { de } from "../../i18n/de";
import { deCatalogue } from "../../i18n/de-catalogue";
import type { CartView } from "../cart/cart.server";
import { branchDeliveryNotice } from "./branch.server";
import { loadStorefront, loadVisitorCart, type Storefront } from "./storefront.server";
import { storePath } from "./store-paths";
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

const BRANCH_PAGE = /^\/store\/([^/]+)$/;

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
  const match = BRANCH_PAGE.exec(path);
  if (!match) return null;
  let identifier: string;
  try {
    identifier = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  const store = await loadStorefront(context.db, identifier, new Date());
  if (!store) return null;
  const request = new Request(`${context.config.publicOrigin}${path}`, { headers: { cookie } });
  const { cart, isTampered } = await loadVisitorCart(request, context, store);
  if (isTampered) return null;
  return renderMenuVisitorParts(menuVisitorOf(cart, store), menuPaths(store.branch.identifier));
}
