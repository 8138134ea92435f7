import { data } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import {
  Outlet,
  useLoaderData,
  useLocation,
  useNavigate,
  useRevalidator,
  useRouteLoaderData,
} from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { CartBarPart, CartToast } from "#app/components/store/cart-bar";
import { CartPanel, CartPanelBody, CartPanelHead } from "#app/components/store/cart-panel";
import { useEnhancedParts } from "#app/components/store/enhanced-parts";
import { useDocumentVisitor, VisitorData, VisitorSlot } from "#app/components/visitor-slot";
import { menuPaths, menuVisitorOf } from "#app/features/storefront/menu-visitor.server";
import type { MenuVisitor } from "#app/features/storefront/menu-visitor";
import { branchOf, revalidateWhen } from "#app/components/store/revalidation";
import { CategoryBar } from "#app/components/store/category-bar";
import { MenuList, MenuSearch } from "#app/components/store/menu-list";
import {
  availableFirst,
  cleanMenuSearch,
  filterMenu,
  leadTimeText,
  MENU_CHECK_INTERVAL_MS,
  MENU_RELOAD_AFTER_MS,
  MENU_SEARCH_PARAM,
} from "#app/domain/menu-listing";
import { menuVersionOf } from "#app/features/storefront/menu-catalogue.server";
import { unitDefinition } from "#app/domain/units";
import type { CatalogueProduct } from "#app/db/queries/catalogue";
import { OpeningStateLine } from "#app/components/opening-state";
import { NOTICE_PARAM, noticeText } from "#app/features/cart/cart-notice";
import { findImagesByIds } from "#app/db/queries/images";
import { pictureOf } from "#app/features/media/picture";
import { forgetCarts } from "#app/features/cart/cart-cookie.server";
import { de } from "#app/i18n/de";
import { deCatalogue } from "#app/i18n/de-catalogue";
import {
  loadVisitorCart,
  priceLabel,
  requireStorefront,
} from "#app/features/storefront/storefront.server";
import { productPath } from "#app/features/storefront/store-paths";
import type { loader as branchLoader } from "./branch";

/** A menu row's thumbnail is 4rem (64 px) wide: the 64 px icon, or a larger size on 2x screens. */
const PRODUCT_ROW_SIZES = "64px";

/**
 * Whether one tap on '+' adds the product: nothing to choose (no steps, no second unit) and sold
 * by the piece. The server adds the dialog's starting amount. Everything else opens its dialog.
 */
function addsWithOneTap(product: CatalogueProduct): boolean {
  if (product.parts.length > 0 || product.alternativeUnits.length > 0) return false;
  if (product.defaultUnit && product.defaultUnit !== product.unit) return false;
  return unitDefinition(product.unit).type === "amount";
}

/** `{ [key]: value }`, or nothing for an empty value. */
function optional<K extends string>(key: K, value: string | null | undefined) {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const store = await requireStorefront(context, params.branchIdentifier);
  const { cart, isTampered } = await loadVisitorCart(request, context, store);
  const identifier = store.branch.identifier;
  const images = await findImagesByIds(
    context.db,
    store.catalogue.categories.flatMap((category) =>
      category.products.flatMap(({ product }) => product.imageIds.slice(0, 1)),
    ),
  );
  const imageOf = (ids: number[]) => {
    const image = ids[0] === undefined ? undefined : images.get(ids[0]);
    // Thumbnails are square: the square sizes, cropped around the focal point (decision 038).
    return image ? pictureOf(image, "square", PRODUCT_ROW_SIZES) : null;
  };
  const listed = store.catalogue.categories.map((category) => ({
    id: category.id,
    name: category.name,
    description: category.description,
    products: category.products.map(({ product, isAvailable, isSoldOut }) => ({
      id: product.id,
      name: product.name,
      description: product.description,
      priceLabel: priceLabel(product, store.settings.currency),
      isAvailable,
      // What a row does not have is left out rather than sent as null, 300 times on a large
      // menu (issue 36, item 6, decision 078).
      ...(isSoldOut ? { unavailableNote: deCatalogue.soldOut.badge } : {}),
      image: imageOf(product.imageIds),
      ...optional("leadTime", leadTimeText(product)),
      quickAdd: addsWithOneTap(product),
    })),
  }));
  // Orderable products first, so the first screen is never what cannot be ordered (issue 17).
  const search = cleanMenuSearch(new URL(request.url).searchParams.get(MENU_SEARCH_PARAM));
  const categories = filterMenu(availableFirst(listed), search);
  const found = categories.reduce((sum, category) => sum + category.products.length, 0);
  const visitor = menuVisitorOf(cart, store);
  // A document carries the visitor's part beside its loader data, which is then the same for
  // everyone (decision 049); a `.data` request has it in its data.
  if (context.documentParts) context.documentParts.visitor = visitor;
  const view = {
    visitor: context.documentParts ? null : visitor,
    categories,
    search,
    searchResult: search && found > 0 ? de.menu.searchCount(found) : null,
    emptyText: search ? de.menu.noResults : de.menu.noMenu,
    menuVersion: menuVersionOf(store.catalogue),
    showCategoryBar: store.settings.enablePluginCategoryBar && categories.length > 1,
    paths: menuPaths(identifier),
    notice: noticeText(new URL(request.url).searchParams.get(NOTICE_PARAM)),
    cookieProblem: isTampered ? de.cartPanel.tamperedCookie : null,
  };
  // An unreadable cart cookie is dropped, so the next change starts a fresh cart.
  return isTampered ? data(view, { headers: { "Set-Cookie": await forgetCarts(context) } }) : view;
}

/** The dialog's quantity steps (`?menge=plus`) change nothing the menu shows. */
export const shouldRevalidate = revalidateWhen((currentUrl, nextUrl) => {
  // The redirect after a '+' (a fetcher) may land on the same address as before.
  if (currentUrl.href === nextUrl.href) return true;
  // A notice in the address means a change to the cart; one dropped from it (the search
  // replaces the address) changes nothing.
  const cartChanged =
    nextUrl.searchParams.has(NOTICE_PARAM) &&
    currentUrl.searchParams.get(NOTICE_PARAM) !== nextUrl.searchParams.get(NOTICE_PARAM);
  const searchChanged =
    currentUrl.searchParams.get(MENU_SEARCH_PARAM) !== nextUrl.searchParams.get(MENU_SEARCH_PARAM);
  return cartChanged || searchChanged || branchOf(currentUrl) !== branchOf(nextUrl);
});

/**
 * Spec section 4: while the page is shown it asks every 10 s whether the menu changed, and
 * reloads its data when it did or when it is 4 hours old. The reload runs the loaders again: the
 * cart is migrated there (items that no longer match are removed and named) and `onChanged`
 * tells the customer.
 */
function useMenuFreshness(branchIdentifier: string, version: string, onChanged: () => void) {
  const { revalidate } = useRevalidator();
  const latest = useRef({ version, onChanged, loadedAt: 0 });
  useEffect(() => {
    latest.current = { version, onChanged, loadedAt: Date.now() };
  }, [version, onChanged]);
  useEffect(() => {
    const timer = window.setInterval(async () => {
      if (document.visibilityState !== "visible") return;
      const known = latest.current;
      const answer = await fetch(`/store/${branchIdentifier}/menu-version`)
        .then((response) => response.json() as Promise<{ data?: { version?: string } }>)
        .catch(() => null);
      const changed = !!answer?.data?.version && answer.data.version !== known.version;
      if (!changed && Date.now() - known.loadedAt < MENU_RELOAD_AFTER_MS) return;
      known.loadedAt = Date.now();
      revalidate();
      if (changed) known.onChanged();
    }, MENU_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [branchIdentifier, revalidate]);
}

export default function Menu() {
  const branch = useRouteLoaderData<typeof branchLoader>("routes/store/branch");
  const view = useLoaderData<typeof loader>();
  const documentVisitor = useDocumentVisitor<MenuVisitor>();
  const location = useLocation();
  const navigate = useNavigate();
  const enhanced = useEnhancedParts();
  const [changedAt, setChangedAt] = useState("");
  const onChanged = useCallback(() => setChangedAt(String(Date.now())), []);
  useMenuFreshness(branch?.identifier ?? "", view.menuVersion, onChanged);
  // With JavaScript the search runs as the customer types: the address is replaced and the
  // loader filters (the same code as the GET form without JavaScript).
  const search = (term: string) => {
    const params = new URLSearchParams(location.search);
    params.delete(NOTICE_PARAM);
    params.set(MENU_SEARCH_PARAM, term);
    if (!term.trim()) params.delete(MENU_SEARCH_PARAM);
    navigate(`?${params}`, { replace: true, preventScrollReset: true });
  };
  // The visitor's part: from a `.data` request's data, else from the document (decision 049).
  const visitor = (view.visitor as MenuVisitor | null) ?? documentVisitor;
  if (!branch || !visitor) return null;
  const toast = [view.notice, changedAt && de.menu.refreshed];
  if (changedAt && visitor.cart.removedByMenuChange.length > 0) {
    toast.push(de.cartPanel.menuChanged(visitor.cart.removedByMenuChange.join(", ")));
  }
  return (
    <div className="store-page">
      {/* Without JavaScript the page reloads after 4 hours (spec section 4). */}
      <noscript>
        <meta httpEquiv="refresh" content={String(MENU_RELOAD_AFTER_MS / 1000)} />
      </noscript>
      <CartToast messages={toast.filter(Boolean) as string[]} showKey={location.key + changedAt} />
      <section className="page store-menu" aria-labelledby="filiale-titel">
        <h1 id="filiale-titel">{branch.name}</h1>
        <OpeningStateLine state={branch.openingState} />
        {branch.closedNotice ? <p className="notice">{branch.closedNotice}</p> : null}
        {view.showCategoryBar ? <CategoryBar categories={view.categories} /> : null}
        <MenuSearch term={view.search} onTerm={search} resultText={view.searchResult} />
        <MenuList
          categories={view.categories}
          addPath={`${view.paths.storePath}?index`}
          search={view.search}
          emptyText={view.emptyText}
          productHref={(productId) => productPath(branch.identifier, productId)}
        />
      </section>
      <CartPanel
        head={<CartPanelHead visitor={visitor} />}
        body={<CartPanelBody visitor={visitor} paths={view.paths} />}
        onSubmit={enhanced.onSubmit}
        onClick={enhanced.onClick}
      >
        {view.cookieProblem ? (
          <p className="form-error" role="alert">
            {view.cookieProblem}
          </p>
        ) : null}
        {/* The cart's own messages (index route) and the item dialog (a modal, placed anywhere). */}
        <Outlet />
      </CartPanel>
      <VisitorSlot name="cart-bar">
        <CartBarPart bar={visitor.cartBar} />
      </VisitorSlot>
      <VisitorSlot name="visitor-data">
        <VisitorData value={visitor} />
      </VisitorSlot>
    </div>
  );
}
