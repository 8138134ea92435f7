import type { Route } from "#app/server/route-types";

/**
 * The branch page's and the item dialog's headers: the parents' as they are, plus the cart
 * action's `Retry-After` when it refused a new cart for now (issue 35); without this export a
 * page answer leaves every header of `data()` but Set-Cookie behind.
 */
export const cartPageHeaders: Route.HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retry = actionHeaders.get("Retry-After");
  if (retry) headers.set("Retry-After", retry);
  return headers;
};
