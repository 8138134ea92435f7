import { loadCatalogueProducts, type CatalogueProduct } from "#app/db/queries/catalogue";
import type { ChosenPart, Db, Order, OrderItem } from "#app/db/schema";
import { itemPrice, unitPriceWithOptions, type PricedCartItem } from "#app/domain/cart";
import { describeChosenParts } from "#app/domain/chosen-parts";
import { checkMinimumOrderValue, deliveryCharge } from "#app/domain/delivery";
import {
  canonicalJson,
  itemEditRefusal,
  storedDeliveryRate,
  totalChangeRefusal,
} from "#app/domain/order-item-edit";
import { orderTypeOf } from "#app/domain/order-type";
import { cartTotals, taxRateFor, type TaxedAmount } from "#app/domain/tax";
import { de } from "#app/i18n/de-staff";
import {
  chosenOptions,
  deliveryAreaForPricing,
  pricedProduct,
} from "#app/features/cart/cart-pricing.server";
import {
  keepField,
  parseItemForm,
  partField,
  type FieldErrors,
} from "#app/features/cart/item-form.server";
import { orderItemSchema } from "./order-item-schema.server";
import { auditOrder, staffState, type StaffScope } from "./staff-orders.server";
import { parseId } from "#app/domain/values";

/**
 * Staff change one item of a placed order (spec section 7: `PUT /orders/{id}/items/{index}`):
 * amount, unit and the configured steps, checked and priced by the storefront's own item rules
 * against the product as the catalogue has it now, then the order's totals and totals by tax rate
 * are computed again, all in one transaction under the order's row lock (decision 020).
 */
const texts = de.staffOrders.itemEdit;

/** What a surface hands in: the back office's form fields, or the JSON API's body. */
export type ItemEditInput = { kind: "form"; form: FormData } | { kind: "json"; body: unknown };

export type ItemEditOutcome =
  | { ok: true; order: Order; isNoop: boolean; warnings: string[] }
  | { ok: false; status: 400; fieldErrors: FieldErrors }
  | { ok: false; status: 404 | 409; message: string };

const MAX_INDEX = 10_000;

/** A path segment as an item index (0, 1, 2 …), or null. */
export function itemIndexOf(value: string | undefined): number | null {
  if (!/^\d{1,5}$/.test(value ?? "")) return null;
  const index = Number(value);
  return index < MAX_INDEX ? index : null;
}

const notFound = (message: string) => ({ ok: false as const, status: 404 as const, message });
const refused = (message: string) => ({ ok: false as const, status: 409 as const, message });

/** The order if this person may see it, and its item at `index` (in position order). */
export async function findOrderItem(db: Db, scope: StaffScope, orderId: number, index: number) {
  if (parseId(orderId) === null) return null;
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order || (scope.branchIds && !scope.branchIds.includes(order.branchId))) return null;
  const item = await db
    .selectFrom("orderItems")
    .selectAll()
    .where("orderId", "=", order.id)
    .orderBy("position")
    .offset(index)
    .limit(1)
    .executeTakeFirst();
  return { order, item: item ?? null };
}

export async function catalogueProduct(db: Db, item: OrderItem): Promise<CatalogueProduct | null> {
  if (item.productId === null) return null;
  return (await loadCatalogueProducts(db, [item.productId])).get(item.productId) ?? null;
}

/** The field an issue of the JSON body belongs to, as the back office's form names it. */
function jsonField(path: readonly PropertyKey[], body: unknown): string {
  const [first, index] = path;
  if (first !== "parts" || typeof index !== "number") return String(first ?? "amount");
  const part = (body as { parts?: { partId?: unknown }[] }).parts?.[index];
  return typeof part?.partId === "number" ? partField(part.partId) : "parts";
}

/** The stored choices of an item as the form would post them (text, or chosen option ids). */
function appendStoredParts(form: FormData, parts: readonly ChosenPart[]) {
  for (const part of parts) {
    if (part.value) form.append(partField(part.partId), part.value);
    for (const option of part.options ?? []) {
      form.append(partField(part.partId), String(option.optionId));
    }
  }
}

/**
 * The JSON body as the item form's fields: `amount` (a number, or text like "1,5"), `unit`
 * (default: the item's unit), `parts` (each `{ partId, value }` for a text step or
 * `{ partId, options: [{ optionId }] }` / `{ partId, optionIds }` for a choice; without `parts`
 * the item keeps its choices). Upload steps keep their files and are not read.
 */
function formFromJson(
  product: CatalogueProduct,
  item: OrderItem,
  body: unknown,
): { ok: true; form: FormData } | { ok: false; fieldErrors: FieldErrors } {
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return { ok: false, fieldErrors: { amount: texts.errors.badRequest } };
  }
  const parsed = orderItemSchema.safeParse(body);
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = jsonField(issue.path, body);
      fieldErrors[field] ??= field.startsWith("part") ? texts.errors.partShape : issue.message;
    }
    return { ok: false, fieldErrors };
  }
  const { amount, unit, parts } = parsed.data;
  const form = new FormData();
  form.set("amount", typeof amount === "number" ? String(amount) : amount);
  form.set("unit", unit ?? item.unit);
  if (!parts) {
    appendStoredParts(form, item.parts);
    return { ok: true, form };
  }
  const fieldErrors: FieldErrors = {};
  const seen = new Set<number>();
  for (const part of parts) {
    const field = partField(part.partId);
    const catalogued = product.parts.find((candidate) => candidate.id === part.partId);
    if (!catalogued) {
      fieldErrors[field] = texts.errors.unknownPart;
      continue;
    }
    if (seen.has(part.partId)) {
      fieldErrors[field] = texts.errors.duplicatePart;
      continue;
    }
    seen.add(part.partId);
    const optionIds = [
      ...(part.options ?? []).map((option) => option.optionId),
      ...(part.optionIds ?? []),
    ];
    const hasText = part.value !== undefined && part.value !== null;
    switch (catalogued.type) {
      case "text":
      case "textarea":
        if (optionIds.length > 0) fieldErrors[field] = texts.errors.partShape;
        else if (hasText) form.append(field, part.value!);
        break;
      case "select":
      case "multiselect":
        if (hasText) fieldErrors[field] = texts.errors.partShape;
        for (const id of optionIds) form.append(field, String(id));
        break;
      default:
        // Files stay as the customer sent them (see keepUploads).
        break;
    }
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, form };
}

/** Only text fields are read (no files here), and the stored uploads are always kept. */
function formWithKeptUploads(source: FormData, item: OrderItem): FormData {
  const form = new FormData();
  for (const [name, value] of source.entries()) {
    if (typeof value === "string" && !name.startsWith("keep-")) form.append(name, value);
  }
  for (const part of item.parts) {
    for (const uploadId of part.uploadIds ?? []) {
      form.append(keepField(part.partId), String(uploadId));
    }
  }
  return form;
}

interface RepricedItem {
  amount: number;
  unit: OrderItem["unit"];
  parts: ChosenPart[];
  unitPrice: number;
  gross: number;
  taxRate: number;
  calculationModel: OrderItem["calculationModel"];
  isPriceHidden: boolean;
}

/** The item checked and priced as the cart and the checkout price it. */
async function repriceItem(
  product: CatalogueProduct,
  order: Order,
  item: OrderItem,
  input: ItemEditInput,
): Promise<{ ok: true; item: RepricedItem } | { ok: false; fieldErrors: FieldErrors }> {
  const fields =
    input.kind === "form"
      ? { ok: true as const, form: input.form }
      : formFromJson(product, item, input.body);
  if (!fields.ok) return fields;
  const parsed = await parseItemForm(product, formWithKeptUploads(fields.form, item), [], item);
  if (!parsed.ok) return parsed;
  const { amount, unit, parts } = parsed.value;
  const priced: PricedCartItem = {
    product: pricedProduct(product),
    amount,
    unit,
    options: chosenOptions(parts),
  };
  return {
    ok: true,
    item: {
      amount,
      unit,
      parts,
      // As the order service stores a line: per the product's own unit, options included.
      unitPrice: unitPriceWithOptions(product.price, priced.options),
      gross: itemPrice(priced),
      taxRate: taxRateFor(priced.product, orderTypeOf(order)),
      calculationModel: product.calculationModel,
      isPriceHidden: product.isPriceHidden,
    },
  };
}

function sameItem(stored: OrderItem, next: RepricedItem): boolean {
  return (
    stored.amount === next.amount &&
    stored.unit === next.unit &&
    stored.unitPrice === next.unitPrice &&
    stored.gross === next.gross &&
    stored.taxRate === next.taxRate &&
    stored.calculationModel === next.calculationModel &&
    stored.isPriceHidden === next.isPriceHidden &&
    canonicalJson(stored.parts) === canonicalJson(next.parts)
  );
}

/** What the audit trail keeps of an item: readable, and enough to see what changed. */
function itemSnapshot(
  item: Pick<OrderItem, "amount" | "unit" | "gross" | "unitPrice" | "taxRate" | "parts">,
) {
  return {
    amount: item.amount,
    unit: item.unit,
    unitPrice: item.unitPrice,
    gross: item.gross,
    taxRate: item.taxRate,
    parts: describeChosenParts(item.parts),
  };
}

/**
 * Changes item `index` (0-based, in position order) of order `orderId`. Idempotent: the same
 * change again is a success that writes nothing but its audit entry. Refused (409) for closed
 * orders and for a changed total of an online payment; 404 for an order outside the scope or an
 * index past the last item; 400 with field messages for bad input.
 */
export async function editOrderItem(
  db: Db,
  scope: StaffScope,
  orderId: number,
  index: number,
  input: ItemEditInput,
): Promise<ItemEditOutcome> {
  const found = await findOrderItem(db, scope, orderId, index);
  if (!found) return notFound(de.staffOrders.errors.notFound);
  const { item } = found;
  if (!item) return notFound(texts.errors.itemNotFound);
  // Refusals are audited like every staff attempt on an order (decision 018).
  const refuse = async (message: string) => {
    await auditOrder(db, scope, found.order.id, "edit-item", { index, refused: message });
    return refused(message);
  };
  const closed = itemEditRefusal(staffState(found.order));
  if (closed) return refuse(closed);
  const product = await catalogueProduct(db, item);
  if (!product) return refuse(texts.errors.productGone);
  const repriced = await repriceItem(product, found.order, item, input);
  if (!repriced.ok) return { ok: false, status: 400, fieldErrors: repriced.fieldErrors };
  const next = repriced.item;

  return db.transaction().execute(async (trx): Promise<ItemEditOutcome> => {
    const order = await trx
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", found.order.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const items = await trx
      .selectFrom("orderItems")
      .selectAll()
      .where("orderId", "=", order.id)
      .orderBy("position")
      .execute();
    const stored = items[index];
    const audit = (data: Record<string, unknown>) =>
      auditOrder(trx, scope, order.id, "edit-item", { index, ...data });
    const state = staffState(order);
    const closedNow = itemEditRefusal(state);
    if (closedNow) {
      await audit({ refused: closedNow });
      return refused(closedNow);
    }
    // The order's items never move; a different product here means the page is out of date.
    if (!stored || stored.id !== item.id || stored.productId !== product.id) {
      return refused(texts.errors.changed);
    }
    if (sameItem(stored, next)) {
      await audit({ itemId: stored.id, repeated: true });
      return { ok: true, order, isNoop: true, warnings: [] };
    }

    const lines: TaxedAmount[] = items.map((line) =>
      line.id === stored.id ? { gross: next.gross, taxRate: next.taxRate } : line,
    );
    const goodsGross = lines.reduce((sum, line) => sum + line.gross, 0);
    const area =
      order.isDelivery && order.deliveryAreaId !== null
        ? await trx
            .selectFrom("deliveryAreas")
            .selectAll()
            .where("id", "=", order.deliveryAreaId)
            .executeTakeFirst()
        : undefined;
    let delivery: TaxedAmount | null = null;
    if (area) {
      delivery = deliveryCharge(deliveryAreaForPricing(area), goodsGross);
    } else if (order.isDelivery && order.deliveryGross > 0) {
      // The area is gone: the charge stays what it was, at the rate it was taxed at.
      const taxes = await trx
        .selectFrom("orderTaxes")
        .select(["taxRate", "gross"])
        .where("orderId", "=", order.id)
        .execute();
      const rate = storedDeliveryRate(taxes, items, order.deliveryGross);
      if (rate === null) {
        await audit({ itemId: stored.id, refused: texts.errors.deliveryUnknown });
        return refused(texts.errors.deliveryUnknown);
      }
      delivery = { gross: order.deliveryGross, taxRate: rate };
    }
    const totals = cartTotals(lines, delivery);
    const totalRefusal = totalChangeRefusal(state, order.totalGross, totals.totalGross);
    if (totalRefusal) {
      await audit({ itemId: stored.id, refused: totalRefusal, totalGross: totals.totalGross });
      return refused(totalRefusal);
    }

    await trx
      .updateTable("orderItems")
      .set({
        amount: next.amount,
        unit: next.unit,
        unitPrice: next.unitPrice,
        gross: next.gross,
        taxRate: next.taxRate,
        calculationModel: next.calculationModel,
        isPriceHidden: next.isPriceHidden,
        parts: JSON.stringify(next.parts),
      })
      .where("id", "=", stored.id)
      .execute();
    // The files stay; their place among the steps may move when an optional step was emptied.
    const uploads = next.parts.flatMap((part, partPosition) =>
      (part.uploadIds ?? []).map((uploadId) => ({
        orderItemId: stored.id,
        uploadId,
        partPosition,
      })),
    );
    if (uploads.length > 0) {
      await trx.deleteFrom("orderItemUploads").where("orderItemId", "=", stored.id).execute();
      await trx.insertInto("orderItemUploads").values(uploads).execute();
    }
    await trx.deleteFrom("orderTaxes").where("orderId", "=", order.id).execute();
    const taxRows = Object.entries(totals.totalTaxes);
    if (taxRows.length > 0) {
      await trx
        .insertInto("orderTaxes")
        .values(
          taxRows.map(([rate, amounts]) => ({
            orderId: order.id,
            taxRate: Number(rate),
            net: amounts.net,
            tax: amounts.tax,
            gross: amounts.gross,
          })),
        )
        .execute();
    }
    // Moves `updated_at` (trigger), which announces the change to the live boards (decision 016).
    const updated = await trx
      .updateTable("orders")
      .set({
        net: totals.net,
        tax: totals.tax,
        gross: totals.gross,
        deliveryNet: totals.deliveryNet,
        deliveryTax: totals.deliveryTax,
        deliveryGross: totals.deliveryGross,
        totalNet: totals.totalNet,
        totalTax: totals.totalTax,
        totalGross: totals.totalGross,
      })
      .where("id", "=", order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit({
      itemId: stored.id,
      name: stored.name,
      before: itemSnapshot(stored),
      after: itemSnapshot(next),
      totalGrossBefore: order.totalGross,
      totalGrossAfter: updated.totalGross,
    });
    const minimum = area ? checkMinimumOrderValue(deliveryAreaForPricing(area), goodsGross) : null;
    return {
      ok: true,
      order: updated,
      isNoop: false,
      warnings: minimum && !minimum.isReached ? [texts.belowMinimum] : [],
    };
  });
}
