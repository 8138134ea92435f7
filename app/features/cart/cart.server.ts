import type { BranchDetails } from "../../db/queries/branches";
import type { CatalogueProduct } from "../../db/queries/catalogue";
import { deleteCartItems, findCartWithItems, lockCart, updateCart } from "../../db/queries/carts";
import type { CartItem, Db } from "../../db/schema";
import {
  cartCountText,
  hasVariablePrices,
  isCheckoutAllowed,
  itemPrice,
  priceCart,
} from "../../domain/cart";
import { checkMinimumOrderValue, freeDeliveryHint } from "../../domain/delivery";
import { migrateCart } from "../../domain/menu";
import { formatMoney } from "../../domain/money";
import { orderTypeOf, type OrderType } from "../../domain/order-type";
import {
  formatQuantity,
  quantityInputValue,
  quantityRulesFor,
  unitRatio,
  type QuantityRules,
} from "../../domain/units";
import { describeChosenParts } from "../../domain/chosen-parts";
import { de } from "../../i18n/de";
import { chosenOptions, deliveryAreaForPricing, pricedProduct } from "./cart-pricing.server";

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
}

export interface CartView {
  cartId: string | null;
  items: CartLineView[];
  countText: string;
  deliveryTypes: { value: OrderType; label: string }[];
  deliveryType: OrderType;
  areas: { id: number; name: string }[];
  deliveryAreaId: number | null;
  costs: string;
  deliveryCosts: string | null;
  total: string;
  isApproximate: boolean;
  hasHiddenPrices: boolean;
  minimumNotice: string[];
  freeDeliveryHint: string | null;
  canCheckout: boolean;
  /** Names of items the menu change took out of the cart on this visit. */
  removedByMenuChange: string[];
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
  const { kept, removed } = keepMatchingItems(rows, input.active);
  if (cart && removed.length > 0) {
    await db.transaction().execute(async (trx) => {
      if (!(await lockCart(trx, cart.id, input.branch.id))) return;
      await deleteCartItems(
        trx,
        cart.id,
        removed.map((item) => item.id),
      );
      await updateCart(trx, cart.id, {});
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
  const isApproximate = hasVariablePrices(priced.map((line) => line.item));
  const prefix = isApproximate ? `${de.calculationModels.approximate} ` : "";
  const minimum = area
    ? checkMinimumOrderValue(deliveryAreaForPricing(area), totals.gross, input.currency)
    : null;
  const isMinimumReached = deliveryType !== "delivery" || (minimum?.isReached ?? false);
  return {
    cartId: cart?.id ?? null,
    items: priced.map(({ row, product, item }) => ({
      id: row.id,
      productId: row.productId,
      name: product.name,
      details: describeChosenParts(row.parts),
      quantityLabel: formatQuantity(row.amount, row.unit),
      amountInput: quantityInputValue(row.amount),
      unitShort: de.units[row.unit].short,
      rules: quantityRulesFor(pricedProduct(product), row.unit),
      priceLabel: product.isPriceHidden ? de.menu.priceOnRequest : money(itemPrice(item)),
    })),
    countText: cartCountText(kept.map(({ row }) => row)),
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
    costs: prefix + money(totals.gross),
    deliveryCosts:
      deliveryType === "delivery" && area && kept.length > 0
        ? totals.deliveryGross === 0
          ? de.cartPanel.free
          : money(totals.deliveryGross)
        : null,
    total: prefix + money(totals.totalGross),
    isApproximate,
    hasHiddenPrices: kept.some(({ product }) => product.isPriceHidden),
    minimumNotice: minimum?.messages ?? [],
    freeDeliveryHint: area
      ? freeDeliveryHint(deliveryAreaForPricing(area), totals.gross, input.currency)
      : null,
    canCheckout:
      isCheckoutAllowed(kept.length, isMinimumReached) && (deliveryType !== "delivery" || !!area),
    removedByMenuChange: removed.map((item) => item.productName),
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
  // An alternative unit that the product no longer offers cannot be priced either.
  const kept = migration.items.filter(
    ({ row, product }) => unitRatio(pricedProduct(product), row.unit) !== null,
  );
  const keptIds = new Set(kept.map(({ row }) => row.id));
  return {
    kept,
    removed: rows.filter((row) => !keptIds.has(row.id)),
  };
}
