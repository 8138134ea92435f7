import { data, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Outlet,
  useLoaderData,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { CartPanel } from "../../components/store/cart-panel";
import { CategoryBar } from "../../components/store/category-bar";
import { MenuList } from "../../components/store/menu-list";
import { OpeningStateLine } from "../../components/opening-state";
import { NOTICE_PARAM, noticeText } from "../../features/cart/cart-notice";
import { findImagesByIds, imagePath } from "../../db/queries/images";
import { forgetCarts } from "../../features/cart/cart-cookie.server";
import { de } from "../../i18n/de";
import {
  loadVisitorCart,
  priceLabel,
  requireStorefront,
} from "../../features/storefront/storefront.server";
import { productPath, storePath } from "../../features/storefront/store-paths";
import type { loader as branchLoader } from "./branch";

export async function loader({ context, params, request }: LoaderFunctionArgs) {
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
    return image
      ? { src: imagePath(image, "product"), width: image.width, height: image.height }
      : null;
  };
  const categories = store.catalogue.categories.map((category) => ({
    id: category.id,
    name: category.name,
    description: category.description,
    products: category.products.map(({ product, isAvailable }) => ({
      id: product.id,
      name: product.name,
      description: product.description,
      priceLabel: priceLabel(product, store.settings.currency),
      isAvailable,
      href: productPath(identifier, product.id),
      image: imageOf(product.imageIds),
    })),
  }));
  const view = {
    categories,
    showCategoryBar: store.settings.enablePluginCategoryBar && categories.length > 1,
    cart,
    storePath: storePath(identifier),
    checkoutPath: `${storePath(identifier)}/checkout`,
    notice: noticeText(new URL(request.url).searchParams.get(NOTICE_PARAM)),
    cookieProblem: isTampered ? de.cartPanel.tamperedCookie : null,
  };
  // An unreadable cart cookie is dropped, so the next change starts a fresh cart.
  return isTampered ? data(view, { headers: { "Set-Cookie": await forgetCarts(context) } }) : view;
}

/** The dialog's quantity steps (`?menge=plus`) change nothing the menu shows. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  const cartChanged =
    currentUrl.searchParams.get(NOTICE_PARAM) !== nextUrl.searchParams.get(NOTICE_PARAM);
  const sameBranch = currentUrl.pathname.split("/")[2] === nextUrl.pathname.split("/")[2];
  return sameBranch && !cartChanged ? false : defaultShouldRevalidate;
};

export default function Menu() {
  const branch = useRouteLoaderData<typeof branchLoader>("routes/store/branch");
  const view = useLoaderData<typeof loader>();
  if (!branch) return null;
  return (
    <div className="store-page">
      <section className="page store-menu" aria-labelledby="filiale-titel">
        <h1 id="filiale-titel">{branch.name}</h1>
        <OpeningStateLine state={branch.openingState} />
        {branch.closedNotice ? <p className="notice">{branch.closedNotice}</p> : null}
        {view.showCategoryBar ? <CategoryBar categories={view.categories} /> : null}
        <MenuList categories={view.categories} />
      </section>
      <CartPanel
        cart={view.cart}
        storePath={view.storePath}
        checkoutPath={view.checkoutPath}
        editPath={(productId, itemId) => productPath(branch.identifier, productId, itemId)}
        notice={view.notice}
        deliveryNotice={view.cart.deliveryType === "delivery" ? branch.deliveryNotice : null}
      >
        {view.cookieProblem ? (
          <p className="form-error" role="alert">
            {view.cookieProblem}
          </p>
        ) : null}
        {/* The cart's own messages (index route) and the item dialog (a modal, placed anywhere). */}
        <Outlet />
      </CartPanel>
    </div>
  );
}
