import type { CatalogueProduct } from "../../db/queries/catalogue";
import { findCartItem } from "../../db/queries/carts";
import { findUploadsByIds } from "../../db/queries/uploads";
import type { CartItem, Db, PartType } from "../../db/schema";
import { formatMoney } from "../../domain/money";
import { parseDecimal } from "../../domain/format";
import {
  acceptAttribute,
  acceptsSeveral,
  allowedExtensions,
  MAX_UPLOAD_BYTES,
} from "../../domain/upload-types";
import {
  convertQuantity,
  decreaseQuantity,
  increaseQuantity,
  initialQuantity,
  isUnit,
  quantityInputValue,
  quantityRulesFor,
  snapQuantity,
  type QuantityRules,
  type Unit,
} from "../../domain/units";
import { de } from "../../i18n/de";
import { pricedProduct } from "../cart/cart-pricing.server";
import { keepField, partField } from "./item-form.server";
import { priceLabel, type Storefront } from "./storefront.server";
import { parseId } from "../../domain/values";

export interface DialogUnit {
  unit: Unit;
  label: string;
  rules: QuantityRules;
  /** The amount the picker jumps to when the customer switches to this unit. */
  initial: string;
}

export interface DialogPart {
  id: number;
  field: string;
  keepField: string;
  name: string;
  description: string | null;
  type: PartType;
  isOptional: boolean;
  options: { id: number; name: string; priceLabel: string | null }[];
  accept: string | null;
  multiple: boolean;
  hint: string | null;
}

export interface DialogValues {
  amount: string;
  unit: Unit;
  /** Text, or chosen option ids, per part field. */
  parts: Record<string, string[]>;
  uploads: Record<string, { id: number; name: string }[]>;
}

export interface ItemDialogView {
  productId: number;
  name: string;
  description: string | null;
  allergens: string | null;
  priceLabel: string;
  isPriceHidden: boolean;
  isAvailable: boolean;
  isStepByStep: boolean;
  units: DialogUnit[];
  parts: DialogPart[];
  values: DialogValues;
  itemId: number | null;
}

export function optionPriceLabel(modifier: string, value: number, currency: string): string | null {
  if (value === 0 && modifier !== "overwrite") return null;
  const amount = formatMoney(value, currency);
  if (modifier === "add") return `+ ${amount}`;
  if (modifier === "subtract") return `− ${amount}`;
  return amount;
}

function unitsOf(product: CatalogueProduct): DialogUnit[] {
  const priced = pricedProduct(product);
  const own = initialQuantity(priced);
  return [product.unit, ...product.alternativeUnits.map((alternative) => alternative.unit)].map(
    (unit) => {
      const rules = quantityRulesFor(priced, unit);
      const converted = convertQuantity(own, product.unit, unit);
      return {
        unit,
        label: de.units[unit].name,
        rules,
        initial: quantityInputValue(snapQuantity(converted ?? rules.minimum, rules)),
      };
    },
  );
}

/** Values from the cart item being edited, or from the picker's own GET round trip (no JS). */
function valuesFor(
  product: CatalogueProduct,
  units: DialogUnit[],
  query: URLSearchParams,
  item: CartItem | undefined,
  uploadNames: Map<number, string>,
): DialogValues {
  const preferred = item?.unit ?? product.defaultUnit ?? product.unit;
  const fromQuery = query.get("unit");
  const unit = units.find((candidate) => candidate.unit === (fromQuery ?? preferred)) ?? units[0]!;
  const parts: Record<string, string[]> = {};
  const uploads: Record<string, { id: number; name: string }[]> = {};
  for (const part of product.parts) {
    const field = partField(part.id);
    const chosen = item?.parts.find((candidate) => candidate.partId === part.id);
    if (query.has(field) || query.has("menge")) parts[field] = query.getAll(field);
    else if (chosen?.value) parts[field] = [chosen.value];
    else if (chosen?.options)
      parts[field] = chosen.options.map((option) => String(option.optionId));
    uploads[field] = (chosen?.uploadIds ?? []).map((id) => ({
      id,
      name: uploadNames.get(id) ?? "",
    }));
  }
  let amount = item && !query.has("amount") ? item.amount : parseDecimal(query.get("amount") ?? "");
  if (amount === null || (fromQuery !== null && !isUnit(fromQuery))) amount = null;
  let value = amount === null ? null : snapQuantity(amount, unit.rules);
  const step = query.get("menge");
  if (value !== null && step === "plus") value = increaseQuantity(value, unit.rules);
  if (value !== null && step === "minus") value = decreaseQuantity(value, unit.rules);
  return {
    amount: value === null ? unit.initial : quantityInputValue(value),
    unit: unit.unit,
    parts,
    uploads,
  };
}

/** Everything the item dialog renders; null when the product is not on this branch's menu. */
export async function itemDialogView(
  db: Db,
  store: Storefront,
  productId: number,
  query: URLSearchParams,
  cartId: string | null,
): Promise<ItemDialogView | null> {
  const listed = store.catalogue.listed.get(productId);
  if (!listed) return null;
  const { product } = listed;
  const itemId = parseId(query.get("artikel"));
  const item = cartId && itemId !== null ? await findCartItem(db, cartId, itemId) : undefined;
  const editing = item && item.productId === product.id ? item : undefined;
  const uploadIds = editing?.parts.flatMap((part) => part.uploadIds ?? []) ?? [];
  const uploads = await findUploadsByIds(db, uploadIds);
  const units = unitsOf(product);
  const currency = store.settings.currency;
  return {
    productId: product.id,
    name: product.name,
    description: product.description,
    allergens: product.allergens,
    priceLabel: priceLabel(product, currency),
    isPriceHidden: product.isPriceHidden,
    isAvailable: listed.isAvailable,
    isStepByStep: product.isStepByStep && product.parts.length > 1,
    units,
    parts: product.parts.map((part) => {
      const isUpload = ["image", "images", "file", "files"].includes(part.type);
      const uploadType = part.type as "image" | "images" | "file" | "files";
      return {
        id: part.id,
        field: partField(part.id),
        keepField: keepField(part.id),
        name: part.name,
        description: part.description,
        type: part.type,
        isOptional: part.isOptional,
        options: part.options.map((option) => ({
          id: option.id,
          name: option.name,
          priceLabel: product.isPriceHidden
            ? null
            : optionPriceLabel(option.modifier, option.value, currency),
        })),
        accept: isUpload ? acceptAttribute(uploadType) : null,
        multiple: isUpload && acceptsSeveral(uploadType),
        hint: isUpload
          ? de.uploads.allowed(
              allowedExtensions(uploadType).join(", "),
              MAX_UPLOAD_BYTES / 1024 / 1024,
            )
          : null,
      };
    }),
    values: valuesFor(
      product,
      units,
      query,
      editing,
      new Map(uploads.map((upload) => [upload.id, upload.originalName])),
    ),
    itemId: editing?.id ?? null,
  };
}
