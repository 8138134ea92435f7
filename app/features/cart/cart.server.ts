import type { BranchDetails } from "#app/db/queries/branches";
import type { CatalogueProduct } from "#app/db/queries/catalogue";
import { deleteCartItems, findCartWithItems, lockCartForChange } from "#app/db/queries/carts";
import type { CartItem, Db } from "#app/db/schema";
import {
  cartCount,
  cartCountText,
  isCheckoutAllowed,
  itemPrice,
  priceCart,
} from "#app/domain/cart";
import { checkMinimumOrderValue, freeDeliveryHint } from "#app/domain/delivery";
import { migrateCart } from "#app/domain/menu";
import { formatMoney } from "#app/domain/money";
import { orderTypeOf, type OrderType } from "#app/domain/order-type";
import {
  formatQuantity,
  quantityInputValue,
  quantityRulesFor,
  unitRatio,
  type QuantityRules,
} from "#app/domain/units";
import { describeChosenParts } from "#app/domain/chosen-parts";
import { uploadPreviewPath } from "#app/domain/upload-paths";
import { findUploadsByIds } from "#app/db/queries/uploads";
import { de } from "#app/i18n/de";
import {
  isTotalApproximate,
  linePriceLabel,
  priceNotes,
  totalPriceLabel,
} from "#app/domain/price-label";
import {
  chosenOptions,
  deliveryAreaForPricing,
  labelledLine,
  pricedProduct,
} from "./cart-pricing.server";

export interface CartLineView {
  id: number;
  productId: number;
  name: string;
  details: string[];
  quantityLabel: string;
  amountInput: string;
  unitShort: string;
  rules: QuantityRules;
  priceLabel: string;
  /** The customer's files with their previews (decision 037). */
  uploads: { id: number; name: string; previewUrl: string }[];
}

export interface CartView {
  cartId: string | null;
  /**
   * The cart's version as it was read, before any item this visit took out (that change moves the
   * version on): what this view shows holds for as long as the cart keeps this version and the
   * menu, its data and the minute stay the same (decision 049). Null without a stored cart.
   */
  version: number | null;
  items: CartLineView[];
  countText: string;
  /** The spec's cart count (pieces by their amount, other items as 1), for the cart bar. */
  count: number;
  deliveryTypes: { value: OrderType; label: string }[];
  deliveryType: OrderType;
  areas: { id: number; name: string }[];
  deliveryAreaId: number | null;
  costs: string;
  deliveryCosts: string | null;
  total: string;
  /** The total carries 'ca.' or 'ab' (decision 044). */
  isApproximate: boolean;
  hasHiddenPrices: boolean;
  /** What the prefixes mean: the actual weight, the effort, the price that follows. */
  priceNotes: string[];
  minimumNotice: string[];
  freeDeliveryHint: string | null;
  canCheckout: boolean;
  /** Names of items the menu change took out of the cart on this visit. */
  removedByMenuChange: string[];
  /** Names of items taken out because their product is sold out today (decision 036). */
  removedAsSoldOut: string[];
}

/** The order types the branch offers, in the spec's order. */
export function offeredDeliveryTypes(branch: BranchDetails): OrderType[] {
  const types: OrderType[] = [];
  if (branch.isTakeawayEnabled) types.push("takeaway");
  if (branch.isDeliveryEnabled) types.push("delivery");
  if (branch.isDineInEnabled) types.push("dine-in");
  return types;
}

/** A new cart starts with the shop's default method when the branch offers it. */
export function defaultDeliveryType(branch: BranchDetails, preferred: OrderType): OrderType {
  const offered = offeredDeliveryTypes(branch);
  return offered.includes(preferred) ? preferred : (offered[0] ?? "takeaway");
}

interface CartLoadInput {
  branch: BranchDetails;
  currency: string;
  preferredType: OrderType;
  /** Enabled products of the active menu. */
  active: readonly CatalogueProduct[];
  /** Products sold out today in the branch: their items leave the cart, the customer is told. */
  soldOut?: ReadonlySet<number>;
  cartId: string | null;
}

/**
 * The cart as the panel shows it, priced by the server from the current catalogue. Items whose
 * product no longer matches by id, name, description and price leave the cart here (spec 4).
 */
export async function loadCart(db: Db, input: CartLoadInput): Promise<CartView> {
  const found = input.cartId
    ? await findCartWithItems(db, input.cartId, input.branch.id)
    : undefined;
  const cart = found?.cart;
  const rows = found?.items ?? [];
  const soldOut = input.soldOut ?? new Set<number>();
  const matching = keepMatchingItems(rows, input.active);
  const kept = matching.kept.filter(({ row }) => !soldOut.has(row.productId));
  const soldOutRows = matching.kept.filter(({ row }) => soldOut.has(row.productId));
  const removed = [...matching.removed, ...soldOutRows.map(({ row }) => row)];
  if (cart && removed.length > 0) {
    await db.transaction().execute(async (trx) => {
      if (!(await lockCartForChange(trx, cart.id, input.branch.id))) return;
      await deleteCartItems(
        trx,
        cart.id,
        removed.map((item) => item.id),
      );
    });
  }
  const deliveryType = cart
    ? orderTypeOf(cart)
    : defaultDeliveryType(input.branch, input.preferredType);
  const area =
    deliveryType === "delivery"
      ? input.branch.deliveryAreas.find((candidate) => candidate.id === cart?.deliveryAreaId)
      : undefined;
  const priced = kept.map(({ row, product }) => ({
    row,
    product,
    item: {
      product: pricedProduct(product),
      amount: row.amount,
      unit: row.unit,
      options: chosenOptions(row.parts),
    },
  }));
  const totals = priceCart({
    isDelivery: deliveryType === "delivery",
    isDineIn: deliveryType === "dine-in",
    items: priced.map((line) => line.item),
    deliveryArea: area ? deliveryAreaForPricing(area) : null,
  });
  const money = (cents: number) => formatMoney(cents, input.currency);
  const uploads = new Map(
    (
      await findUploadsByIds(
        db,
        kept.flatMap(({ row }) => row.parts.flatMap((part) => part.uploadIds ?? [])),
      )
    ).map((upload) => [
      upload.id,
      { id: upload.id, name: upload.originalName, previewUrl: uploadPreviewPath(upload) },
    ]),
  );
  const labelled = priced.map(({ row, product }) => labelledLine(product, row.unit));
  const minimum = area
    ? checkMinimumOrderValue(deliveryAreaForPricing(area), totals.gross, input.currency)
    : null;
  const isMinimumReached = deliveryType !== "delivery" || (minimum?.isReached ?? false);
  return {
    cartId: cart?.id ?? null,
    version: cart?.version ?? null,
    items: priced.map(({ row, product, item }) => ({
      id: row.id,
      productId: row.productId,
      name: product.name,
      details: describeChosenParts(row.parts),
      uploads: row.parts.flatMap((part) =>
        (part.uploadIds ?? []).flatMap((id) => {
          const upload = uploads.get(id);
          return upload ? [upload] : [];
        }),
      ),
      quantityLabel: formatQuantity(row.amount, row.unit),
      amountInput: quantityInputValue(row.amount),
      unitShort: de.units[row.unit].short,
      rules: quantityRulesFor(pricedProduct(product), row.unit),
      priceLabel: linePriceLabel(itemPrice(item), labelledLine(product, row.unit), input.currency),
    })),
    countText: cartCountText(kept.map(({ row }) => row)),
    count: cartCount(kept.map(({ row }) => row)),
    deliveryTypes: offeredDeliveryTypes(input.branch).map((value) => ({
      value,
      label: de.cartPanel.deliveryTypes[value],
    })),
    deliveryType,
    areas: input.branch.deliveryAreas.map((candidate) => ({
      id: candidate.id,
      name: candidate.name,
    })),
    deliveryAreaId: area?.id ?? null,
    costs: totalPriceLabel(totals.gross, labelled, input.currency),
    deliveryCosts:
      deliveryType === "delivery" && area && kept.length > 0
        ? totals.deliveryGross === 0
          ? de.cartPanel.free
          : money(totals.deliveryGross)
        : null,
    total: totalPriceLabel(totals.totalGross, labelled, input.currency),
    isApproximate: isTotalApproximate(labelled),
    hasHiddenPrices: kept.some(({ product }) => product.isPriceHidden),
    priceNotes: priceNotes(labelled, { isQuotation: input.branch.isQuotationRequired }),
    minimumNotice: minimum?.messages ?? [],
    freeDeliveryHint: area
      ? freeDeliveryHint(deliveryAreaForPricing(area), totals.gross, input.currency)
      : null,
    canCheckout:
      isCheckoutAllowed(kept.length, isMinimumReached) && (deliveryType !== "delivery" || !!area),
    removedByMenuChange: matching.removed.map((item) => item.productName),
    removedAsSoldOut: soldOutRows.map(({ row }) => row.productName),
  };
}

function keepMatchingItems(rows: readonly CartItem[], active: readonly CatalogueProduct[]) {
  const migration = migrateCart(
    rows.map((row) => ({
      row,
      product: {
        id: row.productId,
        name: row.productName,
        description: row.productDescription,
        price: row.productPrice,
      },
    })),
    active,
  );
  // An alternative unit that the product no longer offers cannot be priced either, nor an
  // option the staff removed or repriced since (the customer is told, as for a price change).
  const kept = migration.items.filter(
    ({ row, product }) =>
      unitRatio(pricedProduct(product), row.unit) !== null && optionsStillOffered(row, product),
  );
  const keptIds = new Set(kept.map(({ row }) => row.id));
  return {
    kept,
    removed: rows.filter((row) => !keptIds.has(row.id)),
  };
}

/** Every option the item names is still offered by its product, at the price it was chosen at. */
function optionsStillOffered(row: CartItem, product: CatalogueProduct): boolean {
  const offered = new Map(
    product.parts.flatMap((part) => part.options.map((option) => [option.id, option] as const)),
  );
  return row.parts.every((part) =>
    (part.options ?? []).every((chosen) => {
      const option = offered.get(chosen.optionId);
      return option?.modifier === chosen.modifier && option.value === chosen.value;
    }),
  );
}
