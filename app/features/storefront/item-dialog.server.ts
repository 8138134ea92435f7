import { allergenLabels } from "#app/domain/allergens";
import { findImagesByIds } from "#app/db/queries/images";
import { pictureOf, type Picture } from "#app/features/media/picture";
import type { CatalogueProduct, CatalogueProductPart } from "#app/db/queries/catalogue";
import { findCartItem } from "#app/db/queries/carts";
import { findUploadsByIds } from "#app/db/queries/uploads";
import { uploadPreviewPath } from "#app/domain/upload-paths";
import type { CartItem, Db, PartType } from "#app/db/schema";
import { formatMoney } from "#app/domain/money";
import { parseDecimal } from "#app/domain/format";
import {
  acceptAttribute,
  acceptsSeveral,
  allowedExtensions,
  checkUpload,
  MAX_UPLOAD_BYTES,
} from "#app/domain/upload-types";
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
  unitDefinition,
} from "#app/domain/units";
import { de } from "#app/i18n/de";
import { pricedProduct, productPricing } from "#app/features/cart/cart-pricing.server";
import type { ProductPricing } from "#app/domain/price-label";
import { leadTimeLabel } from "#app/domain/lead-time";
import {
  keepField,
  partField,
  readPart,
  textLimitOf,
  type FieldErrors,
  type PendingFile,
} from "#app/features/cart/item-form.server";
import { findCart } from "#app/db/queries/carts";
import { stagedUploads, stageUploads } from "#app/features/cart/cart-changes.server";
import type { Uploader } from "#app/features/cart/upload-quota.server";
import type { FileStorage } from "#app/integrations/storage/file-storage";
import { contentIsSound } from "#app/features/uploads/file-content.server";
import { cleanLine } from "#app/domain/values";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { priceLabel, type Storefront } from "./storefront.server";
import { parseId } from "#app/domain/values";

export interface DialogUnit {
  unit: Unit;
  label: string;
  rules: QuantityRules;
  /** The amount the picker jumps to when the customer switches to this unit. */
  initial: string;
}

/** A step as the item dialog and the staff's item edit both show it. */
export interface StepView {
  id: number;
  field: string;
  name: string;
  description: string | null;
  type: PartType;
  isOptional: boolean;
  options: { id: number; name: string; priceLabel: string | null }[];
  /** The longest text a text part takes (its `maxlength`), null for other parts. */
  maxLength: number | null;
}

/** The step's field, texts, options with their price labels (none when prices are hidden). */
export function stepView(
  part: CatalogueProductPart,
  product: { isPriceHidden: boolean },
  currency: string,
): StepView {
  return {
    id: part.id,
    field: partField(part.id),
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
    maxLength: part.type === "text" || part.type === "textarea" ? textLimitOf(part) : null,
  };
}

export interface DialogPart extends StepView {
  keepField: string;
  accept: string | null;
  multiple: boolean;
  hint: string | null;
}

export interface DialogValues {
  amount: string;
  unit: Unit;
  /** Text, or chosen option ids, per part field. */
  parts: Record<string, string[]>;
  /** Files kept from before, with the address of their preview (decision 037). */
  uploads: Record<string, DialogUpload[]>;
}

export interface DialogUpload {
  id: number;
  name: string;
  previewUrl: string | null;
}

export interface ItemDialogView {
  productId: number;
  name: string;
  /** What the running price is computed from, in the browser too (decision 044). */
  pricing: ProductPricing;
  currency: string;
  /** The catalogue's price per unit for goods not sold by the piece ('ca. 5,90 € pro kg'). */
  unitPrice: string | null;
  /** The branch asks for a quotation: the final price follows with the offer. */
  isQuotation: boolean;
  /** 'Vorlaufzeit: 2 Tage', or null. */
  leadTime: string | null;
  /** The product's first picture, proportional sizes (decision 038). */
  image: Picture | null;
  description: string | null;
  allergens: string | null;
  priceLabel: string;
  isPriceHidden: boolean;
  isAvailable: boolean;
  /** Sold out today in this branch (decision 036). */
  isSoldOut: boolean;
  /**
   * Why it cannot be ordered now, worded here: the catalogue's texts stay out of the page's
   * JavaScript (issue 17: at most 100 KB).
   */
  unavailableNote: string;
  isStepByStep: boolean;
  units: DialogUnit[];
  parts: DialogPart[];
  values: DialogValues;
  itemId: number | null;
}

/** The limits the dialog tells beside a part: its text length, files or options allowed. */
function partHint(part: CatalogueProduct["parts"][number], isUpload: boolean): string | null {
  const limits = deCatalogue.products.limits;
  const lines: string[] = [];
  if ((part.type === "text" || part.type === "textarea") && part.maxLength) {
    lines.push(limits.maxLength(part.maxLength));
  }
  if (part.type === "multiselect" && part.maxCount) lines.push(limits.maxCount(part.maxCount));
  if (isUpload) {
    const uploadType = part.type as "image" | "images" | "file" | "files";
    lines.push(
      de.uploads.allowed(allowedExtensions(uploadType).join(", "), MAX_UPLOAD_BYTES / 1024 / 1024),
    );
    if (acceptsSeveral(uploadType) && part.maxCount) lines.push(limits.maxFiles(part.maxCount));
  }
  return lines.length ? lines.join(" ") : null;
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
  uploadsById: Map<number, DialogUpload>,
): DialogValues {
  const preferred = item?.unit ?? product.defaultUnit ?? product.unit;
  const fromQuery = query.get("unit");
  const unit = units.find((candidate) => candidate.unit === (fromQuery ?? preferred)) ?? units[0]!;
  const parts: Record<string, string[]> = {};
  const uploads: Record<string, DialogUpload[]> = {};
  for (const part of product.parts) {
    const field = partField(part.id);
    const chosen = item?.parts.find((candidate) => candidate.partId === part.id);
    if (query.has(field) || query.has("menge")) parts[field] = query.getAll(field);
    else if (chosen?.value) parts[field] = [chosen.value];
    else if (chosen?.options)
      parts[field] = chosen.options.map((option) => String(option.optionId));
    uploads[field] = (chosen?.uploadIds ?? []).map(
      (id) => uploadsById.get(id) ?? { id, name: "", previewUrl: null },
    );
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
  const firstImage = product.imageIds[0];
  const stored =
    firstImage === undefined
      ? undefined
      : (await findImagesByIds(db, [firstImage])).get(firstImage);
  return {
    productId: product.id,
    name: product.name,
    image: stored ? pictureOf(stored, "wide", "(max-width: 40rem) 100vw, 36rem") : null,
    description: product.description,
    allergens: allergenLine(product),
    priceLabel: priceLabel(product, currency),
    pricing: productPricing(product),
    currency,
    unitPrice:
      unitDefinition(product.unit).type === "amount" ? null : priceLabel(product, currency),
    // The back office's menu preview shows the dialog without a branch.
    isQuotation: (store.branch as Storefront["branch"] | undefined)?.isQuotationRequired ?? false,
    leadTime: leadTimeLabel(product),
    isPriceHidden: product.isPriceHidden,
    isAvailable: listed.isAvailable,
    isSoldOut: listed.isSoldOut ?? false,
    unavailableNote: listed.isSoldOut ? deCatalogue.soldOut.badge : de.menu.unavailable,
    isStepByStep: product.isStepByStep && product.parts.length > 1,
    units,
    parts: product.parts.map((part) => {
      const isUpload = ["image", "images", "file", "files"].includes(part.type);
      const uploadType = part.type as "image" | "images" | "file" | "files";
      return {
        ...stepView(part, product, currency),
        keepField: keepField(part.id),
        accept: isUpload ? acceptAttribute(uploadType) : null,
        multiple: isUpload && acceptsSeveral(uploadType),
        hint: partHint(part, isUpload),
      };
    }),
    values: valuesFor(
      product,
      units,
      query,
      editing,
      new Map(
        uploads.map((upload) => [
          upload.id,
          { id: upload.id, name: upload.originalName, previewUrl: uploadPreviewPath(upload) },
        ]),
      ),
    ),
    itemId: editing?.id ?? null,
  };
}

/** The EU allergens by name ('Enthält: Eier, Milch (einschließlich Laktose).') and the free text. */
function allergenLine(product: { allergenCodes: string[]; allergens: string | null }) {
  const labels = allergenLabels(product.allergenCodes ?? []);
  const contains = labels.length ? de.itemDialog.contains(labels.join(", ")) : null;
  return [contains, product.allergens].filter(Boolean).join(" ") || null;
}

/** The dialog's plain-form round trips: the quantity buttons and the steps (decision 044). */
export const ROUND_FIELD = "runde";
export const STEP_FIELD = "schritt";
const ROUNDS = ["plus", "minus", "weiter", "zurueck"] as const;
export type Round = (typeof ROUNDS)[number];

export function roundOf(form: FormData): Round | null {
  const value = form.get(ROUND_FIELD);
  return ROUNDS.find((round) => round === value) ?? null;
}

/**
 * What the customer chose so far, as a round trip or a refused save answers it: every value,
 * the files stored into the cart meanwhile, the step shown, and what is missing.
 */
export interface DialogDraft {
  values: DialogValues;
  step: number;
  message: string | null;
  fieldErrors: FieldErrors;
}

export interface DraftInput {
  store: Storefront;
  product: CatalogueProduct;
  form: FormData;
  oversized: readonly string[];
  /** null: a refused save, whose errors come in `refused`. */
  round: Round | null;
  refused?: { message: string; fieldErrors: FieldErrors };
  /** The cart item being edited: its files may be kept. */
  editing?: CartItem;
  cartId: string | null;
  storage: FileStorage;
  uploader: Uploader;
}

const MAX_ECHO_LENGTH = 4000;

function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, MAX_ECHO_LENGTH) : "";
}

/**
 * One plain-form round trip of the dialog without JavaScript: the amount goes up or down, a step
 * is checked before the next one shows, and chosen files are stored into the cart at once, so
 * nothing chosen is lost on the way (issue 17). Nothing here adds to the cart.
 */
export async function itemDraft(
  db: Db,
  input: DraftInput,
): Promise<{ draft: DialogDraft; cartId: string | null; isNewCart: boolean }> {
  const { product, form } = input;
  const fieldErrors: FieldErrors = {};
  const units = unitsOf(product);
  const unit = units.find((candidate) => candidate.unit === form.get("unit")) ?? units[0]!;
  const typed = parseDecimal(formText(form, "amount").slice(0, 20));
  let amount = typed === null ? parseDecimal(unit.initial)! : snapQuantity(typed, unit.rules);
  if (input.round === "plus") amount = increaseQuantity(amount, unit.rules);
  if (input.round === "minus") amount = decreaseQuantity(amount, unit.rules);

  const cart = input.cartId ? await findCart(db, input.cartId, input.store.branch.id) : undefined;
  const staged = await stagedUploads(db, cart, form, product);
  const parts: Record<string, string[]> = {};
  const kept = new Map<number, number[]>();
  const pending: PendingFile[] = [];
  for (const part of product.parts) {
    const field = partField(part.id);
    if (part.type === "text" || part.type === "textarea") {
      parts[field] = [formText(form, field)];
    } else if (part.type === "select" || part.type === "multiselect") {
      const offered = new Set(part.options.map((option) => String(option.id)));
      parts[field] = [...new Set(form.getAll(field).map(String))].filter((id) => offered.has(id));
    } else {
      const type = part.type;
      const earlier =
        input.editing?.parts.find((chosen) => chosen.partId === part.id)?.uploadIds ?? [];
      const allowed = allowedExtensions(type);
      let keep = [
        ...new Set(
          form
            .getAll(keepField(part.id))
            .map(Number)
            .filter((id) => {
              const extension = staged.get(id);
              return (
                earlier.includes(id) || (extension !== undefined && allowed.includes(extension))
              );
            }),
        ),
      ];
      const tooLarge = input.oversized.find((entry) => entry.startsWith(`${field}:`));
      if (tooLarge) fieldErrors[field] = de.uploads.failed(tooLarge.slice(field.length + 1));
      const chosenFiles = form
        .getAll(field)
        .filter((value): value is File => typeof value !== "string" && value.name !== "");
      const accepted: PendingFile[] = [];
      for (const file of chosenFiles.slice(0, acceptsSeveral(type) ? 20 : 1)) {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const check = checkUpload(type, file.name, bytes);
        if (!check.ok || !(await contentIsSound(check.extension, bytes))) {
          fieldErrors[field] = de.uploads.failed(file.name);
          continue;
        }
        accepted.push({
          partId: part.id,
          fileName: cleanLine(file.name).slice(-200),
          bytes,
          extension: check.extension,
          mimeType: check.mimeType,
        });
      }
      // In a one-file step a new file replaces the one kept from before.
      if (!acceptsSeveral(type) && accepted.length > 0) keep = [];
      kept.set(part.id, keep);
      pending.push(...accepted);
    }
  }

  let cartId = input.cartId;
  let isNewCart = false;
  if (pending.length > 0) {
    const stored = await stageUploads(
      db,
      {
        branch: input.store.branch,
        preferredType: input.store.settings.defaultDeliveryMethod,
        cartId: input.cartId,
        storage: input.storage,
        uploader: input.uploader,
      },
      pending,
    );
    if (stored.ok) {
      cartId = stored.cartId;
      isNewCart = stored.isNewCart;
      for (const [partId, ids] of stored.added) {
        kept.set(partId, [...(kept.get(partId) ?? []), ...ids]);
      }
    } else Object.assign(fieldErrors, stored.fieldErrors);
  }

  const keptIds = [...kept.values()].flat();
  const rows = new Map((await findUploadsByIds(db, keptIds)).map((row) => [row.id, row]));
  const uploads: Record<string, DialogUpload[]> = {};
  for (const [partId, ids] of kept) {
    uploads[partField(partId)] = ids.map((id) => {
      const row = rows.get(id);
      return row
        ? { id, name: row.originalName, previewUrl: uploadPreviewPath(row) }
        : { id, name: "", previewUrl: null };
    });
  }

  const lastStep = Math.max(product.parts.length - 1, 0);
  const asked = Number(form.get(STEP_FIELD));
  let step = Number.isInteger(asked) ? Math.min(Math.max(asked, 0), lastStep) : 0;
  if (input.round === "zurueck") step = Math.max(step - 1, 0);
  if (input.round === "weiter") {
    const part = product.parts[step];
    const missing = part ? await stepError(part, form, kept.get(part.id) ?? []) : null;
    const error = part ? (fieldErrors[partField(part.id)] ?? missing) : null;
    if (part && error) fieldErrors[partField(part.id)] = error;
    else step = Math.min(step + 1, lastStep);
  }
  if (input.refused) Object.assign(fieldErrors, input.refused.fieldErrors);
  if (input.round === null) {
    const failedStep = product.parts.findIndex((part) => fieldErrors[partField(part.id)]);
    step = failedStep >= 0 ? failedStep : lastStep;
  }
  const hasErrors = Object.keys(fieldErrors).length > 0;
  return {
    draft: {
      values: { amount: quantityInputValue(amount), unit: unit.unit, parts, uploads },
      step,
      message: input.refused?.message ?? (hasErrors ? de.itemDialog.fixErrors : null),
      fieldErrors,
    },
    cartId,
    isNewCart,
  };
}

/** Is this step filled as saving needs it? Files count once they are stored. */
async function stepError(
  part: CatalogueProduct["parts"][number],
  form: FormData,
  keptIds: number[],
): Promise<string | null> {
  if (part.type === "text" || part.type === "textarea") {
    const result = await readPart(part, form, []);
    return "error" in result ? result.error : null;
  }
  if (part.type === "select" || part.type === "multiselect") {
    const result = await readPart(part, form, []);
    return "error" in result ? result.error : null;
  }
  if (keptIds.length === 0 && !part.isOptional) return de.itemDialog.uploadAtLeastOne;
  if (acceptsSeveral(part.type) && part.maxCount && keptIds.length > part.maxCount) {
    return deCatalogue.products.limits.tooManyFiles(part.maxCount);
  }
  return null;
}
