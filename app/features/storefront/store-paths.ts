/** Storefront addresses, shared by loaders and components. */
export function storePath(identifier: string): string {
  return `/store/${identifier}`;
}

export function productPath(identifier: string, productId: number, itemId?: number | null): string {
  return `/store/${identifier}/product/${productId}${itemId ? `?artikel=${itemId}` : ""}`;
}

/** The customer's order status page (spec section 2). */
export function statusPath(order: { uid: string; hash: string }): string {
  return `/status/${order.uid}/${order.hash}`;
}

/** A product's row on the menu (`#produkt-12`): the page without JavaScript returns there. */
export function productAnchor(productId: number): string {
  return `produkt-${productId}`;
}

/**
 * A branch's menu, alone or with an item's dialog over it (`productPath` without a query): the
 * same page for the customer's parts, kept alike (decision 049).
 */
export const MENU_PAGE = /^\/store\/([^/]+)(?:\/product\/\d+)?$/;

/** The branch identifier in `path` by `pattern`'s first group, decoded; null when none. */
export function branchIdentifierIn(pattern: RegExp, path: string): string | null {
  const match = pattern.exec(path);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}
