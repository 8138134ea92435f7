import type { AppLoadContext } from "@remix-run/node";
import type { Db } from "#app/db/schema";
import { listPriceLabel } from "#app/domain/price-label";
import type { CatalogueProduct } from "#app/db/queries/catalogue";
import { cartIdFor } from "#app/features/cart/cart-cookie.server";
import { loadCart } from "#app/features/cart/cart.server";
import { loadActiveCatalogue } from "./menu-catalogue.server";
import { productPricing } from "#app/features/cart/cart-pricing.server";
import { preferredOrderType } from "#app/features/tables/table-visit.server";
import { referenceBranch, referenceSettings } from "#app/features/shared/reference-data.server";

export { productPath, storePath } from "./store-paths";

/** A public branch with its settings and active menu, or null (the page answers 404). */
export async function loadStorefront(db: Db, identifier: string, now: Date) {
  const [settings, branch] = await Promise.all([
    referenceSettings(db),
    referenceBranch(db, identifier),
  ]);
  if (!branch || !branch.isPublic) return null;
  const zone = settings.businessTimeZone;
  const catalogue = await loadActiveCatalogue(db, branch.id, now, zone);
  return { settings, branch, zone, catalogue, now };
}

export type Storefront = NonNullable<Awaited<ReturnType<typeof loadStorefront>>>;

export async function requireStorefront(context: AppLoadContext, identifier: string | undefined) {
  const store = await loadStorefront(context.db, identifier ?? "", new Date());
  if (!store) throw new Response(null, { status: 404, statusText: "Not Found" });
  return store;
}

export async function loadVisitorCart(
  request: Request,
  context: AppLoadContext,
  store: Storefront,
) {
  const { cartId, isTampered } = await cartIdFor(request, context, store.branch.id);
  const cart = await loadCart(context.db, {
    branch: store.branch,
    currency: store.settings.currency,
    preferredType: preferredOrderType(request, store.branch, store.settings.defaultDeliveryMethod),
    active: store.catalogue.active,
    soldOut: store.catalogue.soldOut,
    cartId,
  });
  return { cart, isTampered };
}

/** '2,40 €', 'ca. 5,90 € pro kg', 'ab 39,00 €' or 'Preis auf Anfrage' (decision 044). */
export function priceLabel(product: CatalogueProduct, currency: string): string {
  return listPriceLabel(productPricing(product), currency);
}
