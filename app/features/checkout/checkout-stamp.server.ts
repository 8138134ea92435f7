import type { AppLoadContext } from "@remix-run/node";
import { referenceAndCartVersions } from "#app/db/queries/carts";
import { readCartCookieHeader } from "#app/features/cart/cart-cookie.server";
import { referenceBranch } from "#app/features/shared/reference-data.server";
import { branchIdentifierIn } from "#app/features/storefront/store-paths";
import { newOrderKey } from "./checkout-view.server";

const CHECKOUT_PAGE = /^\/store\/([^/]+)\/checkout$/;

/** Whether `path` is a branch's checkout page (its bare address; not the payment's error page). */
export function isCheckoutPage(path: string): boolean {
  return CHECKOUT_PAGE.test(path);
}

/**
 * What a customer's checkout page is made of (decision 050): the reference data's version (menu,
 * branch, settings, donation recipients, tables), the minute (opening state, earliest time, the
 * slots) and the cart with its version. Null when there is nothing to keep the page by: no cart,
 * a cart cookie that does not check out, an unknown or hidden branch.
 */
export async function checkoutStamp(
  path: string,
  cookie: string,
  context: AppLoadContext,
): Promise<string | null> {
  const identifier = branchIdentifierIn(CHECKOUT_PAGE, path);
  if (identifier === null) return null;
  const { carts, isTampered } = await readCartCookieHeader(cookie, context);
  if (isTampered) return null;
  const branch = await referenceBranch(context.db, identifier);
  if (!branch || !branch.isPublic) return null;
  const cartId = carts[String(branch.id)];
  if (!cartId) return null;
  const minute = Math.floor(Date.now() / 60_000);
  const versions = await referenceAndCartVersions(context.db, cartId, branch.id);
  if (versions.cart === null) return null;
  return `${versions.reference}|${minute}|${cartId}@${versions.cart}`;
}

const ORDER_KEY = /name="orderKey" value="([A-Za-z0-9_-]{16,64})"/;

/** The order key of a rendered checkout page: every answer offers a key of its own. */
export function checkoutRenewals(html: string): { token: string; fresh: () => string }[] {
  const token = ORDER_KEY.exec(html)?.[1];
  return token ? [{ token, fresh: newOrderKey }] : [];
}
