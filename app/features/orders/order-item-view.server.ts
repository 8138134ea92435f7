import type { CatalogueProduct } from "#app/db/queries/catalogue";
import type { Db, OrderItem } from "#app/db/schema";
import { formatNumber } from "#app/domain/format";
import { formatMoney } from "#app/domain/money";
import { itemEditRefusal } from "#app/domain/order-item-edit";
import { ticketLabel } from "#app/domain/order-status";
import {
  formatQuantity,
  QUANTITY_CEILING,
  quantityInputValue,
  quantityRulesFor,
  type Unit,
} from "#app/domain/units";
import { de } from "#app/i18n/de-staff";
import { pricedProduct } from "#app/features/cart/cart-pricing.server";
import { stepView, type StepView } from "#app/features/storefront/item-dialog.server";
import { partField } from "#app/features/cart/item-form.server";
import { catalogueProduct, findOrderItem } from "./order-item-edit.server";
import { referenceSettings } from "#app/features/shared/reference-data.server";
import { staffState, type StaffScope } from "./staff-orders.server";

/**
 * What the back office's item form and the staff JSON show of an order's items (decision 020):
 * the product's units and steps as the catalogue has them, the values as stored or as posted.
 */
const texts = de.staffOrders.itemEdit;

export interface ItemEditUnit {
  unit: Unit;
  label: string;
  /** 'Gramm: 250 bis 3.000 in Schritten von 50'. */
  hint: string;
}

export interface ItemEditPart extends StepView {
  /** Upload steps: how many files the customer sent (they are not changed here). */
  files: number | null;
}

/** The fields as the form shows them: posted ones after a refusal, else the stored item. */
export interface ItemEditValues {
  amount: string;
  unit: string;
  parts: Record<string, string[]>;
}

export interface ItemEditView {
  orderId: number;
  index: number;
  ticket: string;
  itemName: string;
  quantity: string;
  price: string;
  /** Why this item cannot be changed now (closed order, product gone); the form is not shown. */
  refusal: string | null;
  units: ItemEditUnit[];
  parts: ItemEditPart[];
  values: ItemEditValues;
}

function unitsOf(product: CatalogueProduct): ItemEditUnit[] {
  const priced = pricedProduct(product);
  return [product.unit, ...product.alternativeUnits.map((alternative) => alternative.unit)].map(
    (unit) => {
      const rules = quantityRulesFor(priced, unit);
      const label = de.units[unit].name;
      return {
        unit,
        label,
        hint: texts.rules(
          label,
          formatNumber(rules.minimum),
          formatNumber(rules.maximum ?? QUANTITY_CEILING),
          formatNumber(rules.step),
        ),
      };
    },
  );
}

/** The form's values of a stored item. */
export function storedValues(item: Pick<OrderItem, "amount" | "unit" | "parts">): ItemEditValues {
  const parts: Record<string, string[]> = {};
  for (const part of item.parts) {
    if (part.value) parts[partField(part.partId)] = [part.value];
    else if (part.options) {
      parts[partField(part.partId)] = part.options.map((option) => String(option.optionId));
    }
  }
  return { amount: quantityInputValue(item.amount), unit: item.unit, parts };
}

/** Everything the back office's edit page shows; null for an unknown order or item. */
export async function loadItemEdit(
  db: Db,
  scope: StaffScope,
  orderId: number,
  index: number,
): Promise<ItemEditView | null> {
  const found = await findOrderItem(db, scope, orderId, index);
  if (!found?.item) return null;
  const { order, item } = found;
  const settings = await referenceSettings(db);
  const product = await catalogueProduct(db, item);
  const currency = settings.currency;
  const refusal = itemEditRefusal(staffState(order)) ?? (product ? null : texts.errors.productGone);
  return {
    orderId: order.id,
    index,
    ticket: `${ticketLabel(settings.disableTickets)} ${order.ticketNumber}`,
    itemName: item.name,
    quantity: formatQuantity(item.amount, item.unit),
    price: item.isPriceHidden ? de.menu.priceOnRequest : formatMoney(item.gross, currency),
    refusal,
    units: product ? unitsOf(product) : [],
    parts: product
      ? product.parts.map((part) => ({
          ...stepView(part, product, currency),
          files: ["image", "images", "file", "files"].includes(part.type)
            ? (item.parts.find((chosen) => chosen.partId === part.id)?.uploadIds?.length ?? 0)
            : null,
        }))
      : [],
    values: storedValues(item),
  };
}

/** The form's fields as posted, to show them again beside their messages. */
export function postedValues(form: FormData): ItemEditValues {
  const parts: Record<string, string[]> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && /^part-\d+$/.test(name)) (parts[name] ??= []).push(value);
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 40) : "";
  };
  return { amount: text("amount"), unit: text("unit"), parts };
}

/** The order's items as the staff JSON shows them (index = position in this list). */
export async function orderItemsJson(db: Db, orderId: number) {
  const items = await db
    .selectFrom("orderItems")
    .select([
      "id",
      "productId",
      "name",
      "description",
      "amount",
      "unit",
      "unitPrice",
      "gross",
      "taxRate",
      "calculationModel",
      "isPriceHidden",
      "parts",
    ])
    .where("orderId", "=", orderId)
    .orderBy("position")
    .execute();
  const taxes = await db
    .selectFrom("orderTaxes")
    .select(["taxRate", "net", "tax", "gross"])
    .where("orderId", "=", orderId)
    .orderBy("taxRate")
    .execute();
  return { items: items.map((item, index) => ({ index, ...item })), taxes };
}
