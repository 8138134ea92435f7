import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * The `shouldRevalidate` of a storefront page (home, branch, menu): a form post revalidates as
 * Remix would; a navigation loads the page's data again only when `changesData` says the next
 * address shows other data. The item dialog, an overlay or a quantity step is the same page.
 */
export function revalidateWhen(
  changesData: (currentUrl: URL, nextUrl: URL) => boolean,
): ShouldRevalidateFunction {
  return ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
    if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
    return changesData(currentUrl, nextUrl) ? defaultShouldRevalidate : false;
  };
}

/** The branch of a storefront address: `wiehre` of `/store/wiehre/product/3`. */
export const branchOf = (url: URL) => url.pathname.split("/")[2];
