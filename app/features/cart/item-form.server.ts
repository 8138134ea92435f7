import type { CatalogueProduct, CatalogueProductPart } from "#app/db/queries/catalogue";
import type { CartItem, ChosenPart } from "#app/db/schema";
import { formatNumber, parseDecimal } from "#app/domain/format";
import {
  acceptsSeveral,
  allowedExtensions,
  checkUpload,
  type UploadPartType,
} from "#app/domain/upload-types";
import { chosenOptions } from "#app/domain/chosen-parts";
import { contentIsSound } from "#app/features/uploads/file-content.server";
import {
  initialQuantity,
  isAllowedQuantity,
  isUnit,
  quantityInputValue,
  quantityRulesFor,
  type QuantityRules,
  type Unit,
} from "#app/domain/units";
import { de } from "#app/i18n/de";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { pricedProduct } from "./cart-pricing.server";
import { cleanLine, cleanText } from "#app/domain/values";

/** A checked file waiting to be stored once the whole item is valid. */
export interface PendingFile {
  partId: number;
  fileName: string;
  bytes: Uint8Array;
  extension: string;
  mimeType: string;
}

export interface ItemInput {
  amount: number;
  unit: Unit;
  /** Upload parts carry the kept upload ids; new files are added when stored. */
  parts: ChosenPart[];
  files: PendingFile[];
}

export type FieldErrors = Record<string, string>;

export type ItemParse = { ok: true; value: ItemInput } | { ok: false; fieldErrors: FieldErrors };

/** Texts longer than this are no cake inscription (own limit); a part may set a lower one. */
export const MAX_TEXT_LENGTH = 2000;

/** The longest text a part takes: its own `maxLength` (decision 036), else the shop's default. */
export function textLimitOf(part: Pick<CatalogueProductPart, "maxLength">): number {
  return part.maxLength && part.maxLength > 0 ? part.maxLength : MAX_TEXT_LENGTH;
}

export const partField = (partId: number) => `part-${partId}`;
export const keepField = (partId: number) => `keep-${partId}`;

function quantityMessage(rules: QuantityRules): string {
  return de.itemDialog.quantityRange(
    formatNumber(rules.minimum),
    rules.maximum === null ? "9.999" : formatNumber(rules.maximum),
    formatNumber(rules.step),
  );
}

/** Reads and checks an amount in a unit of the product: the server's word on quantities. */
export function parseAmount(
  product: CatalogueProduct,
  unitInput: string,
  amountInput: string,
): { ok: true; amount: number; unit: Unit } | { ok: false; field: string; message: string } {
  const priced = pricedProduct(product);
  const unit = unitInput === "" ? product.unit : unitInput;
  if (
    !isUnit(unit) ||
    (unit !== product.unit && !priced.alternativeUnits?.some((a) => a.unit === unit))
  ) {
    return { ok: false, field: "unit", message: de.itemDialog.unknownUnit };
  }
  const rules = quantityRulesFor(priced, unit);
  const amount = parseDecimal(amountInput.slice(0, 20));
  if (amount === null) return { ok: false, field: "amount", message: de.itemDialog.notANumber };
  if (!isAllowedQuantity(amount, rules)) {
    return { ok: false, field: "amount", message: quantityMessage(rules) };
  }
  return { ok: true, amount, unit };
}

/**
 * The amount an add without one gets: what the item dialog starts with (the product's minimum,
 * its step, or one piece). The menu's '+' sends none; its one form serves every row (issue 17).
 */
export function startingAmount(product: CatalogueProduct): string {
  return quantityInputValue(initialQuantity(pricedProduct(product)));
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function files(form: FormData, name: string): File[] {
  return form
    .getAll(name)
    .filter((value): value is File => typeof value !== "string" && value.name !== "");
}

/**
 * The item dialog's form, checked against the catalogue: every option id must belong to its
 * step, required steps need a value (spec section 5), uploads must pass the type and content
 * check. `oversized` names files the multipart reader refused for their size.
 */
export async function parseItemForm(
  product: CatalogueProduct,
  form: FormData,
  oversized: readonly string[],
  previous?: Pick<CartItem, "parts">,
  staged?: StagedUploads,
  options: { startingAmountIfNone?: boolean } = {},
): Promise<ItemParse> {
  const fieldErrors: FieldErrors = {};
  const amountText =
    options.startingAmountIfNone && !form.has("amount")
      ? startingAmount(product)
      : text(form, "amount");
  const amount = parseAmount(product, text(form, "unit"), amountText);
  if (!amount.ok) fieldErrors[amount.field] = amount.message;

  const parts: ChosenPart[] = [];
  const pending: PendingFile[] = [];
  for (const part of product.parts) {
    const result = await readPart(part, form, oversized, previous, staged);
    if ("error" in result) fieldErrors[partField(part.id)] = result.error;
    else {
      if (result.chosen) parts.push(result.chosen);
      pending.push(...result.files);
    }
  }
  if (!amount.ok || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, value: { amount: amount.amount, unit: amount.unit, parts, files: pending } };
}

/**
 * Files stored into the visitor's cart by a round trip of the dialog before the item was saved
 * (decision 044), by upload id with their extension: a step may keep them like its own files.
 */
export type StagedUploads = ReadonlyMap<number, string>;

export type PartResult = { error: string } | { chosen: ChosenPart | null; files: PendingFile[] };

/** One step read and checked as saving checks it: the dialog's "Weiter" asks the same. */
export async function readPart(
  part: CatalogueProductPart,
  form: FormData,
  oversized: readonly string[],
  previous?: Pick<CartItem, "parts">,
  staged?: StagedUploads,
): Promise<PartResult> {
  const base = { partId: part.id, name: part.name, type: part.type };
  const name = partField(part.id);
  switch (part.type) {
    case "text":
    case "textarea": {
      const value = (part.type === "text" ? cleanLine : cleanText)(text(form, name));
      const limit = textLimitOf(part);
      if (value.length > limit) return { error: de.itemDialog.textTooLong(limit) };
      if (!value)
        return part.isOptional ? { chosen: null, files: [] } : { error: de.itemDialog.required };
      return { chosen: { ...base, value }, files: [] };
    }
    case "select":
    case "multiselect": {
      const ids = [...new Set(form.getAll(name).filter((v) => v !== ""))].map(String);
      if (part.type === "select" && ids.length > 1) return { error: de.itemDialog.oneOptionOnly };
      const options = ids.map((id) => part.options.find((option) => String(option.id) === id));
      if (options.some((option) => option === undefined))
        return { error: de.itemDialog.unknownOption };
      if (part.type === "multiselect" && part.maxCount && options.length > part.maxCount) {
        return { error: deCatalogue.products.limits.tooManyOptions(part.maxCount) };
      }
      if (options.length === 0) {
        if (part.isOptional) return { chosen: null, files: [] };
        return {
          error: part.type === "select" ? de.itemDialog.chooseOne : de.itemDialog.chooseAtLeastOne,
        };
      }
      return {
        chosen: {
          ...base,
          options: chosenOptions(options),
        },
        files: [],
      };
    }
    default:
      return readUploadPart(part, part.type, form, oversized, previous, staged);
  }
}

async function readUploadPart(
  part: CatalogueProductPart,
  type: UploadPartType,
  form: FormData,
  oversized: readonly string[],
  previous?: Pick<CartItem, "parts">,
  staged?: StagedUploads,
): Promise<PartResult> {
  const name = partField(part.id);
  const tooLarge = oversized.find((entry) => entry.startsWith(`${name}:`));
  if (tooLarge) return { error: de.uploads.failed(tooLarge.slice(name.length + 1)) };
  const earlier = previous?.parts.find((chosen) => chosen.partId === part.id)?.uploadIds ?? [];
  const allowed = allowedExtensions(type);
  const keptBefore = [
    ...new Set(
      form
        .getAll(keepField(part.id))
        .map(Number)
        .filter((id) => {
          if (earlier.includes(id)) return true;
          const extension = staged?.get(id);
          return extension !== undefined && allowed.includes(extension);
        }),
    ),
  ];
  const pending: PendingFile[] = [];
  for (const file of files(form, name)) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const check = checkUpload(type, file.name, bytes);
    if (!check.ok || !(await contentIsSound(check.extension, bytes))) {
      return { error: de.uploads.failed(file.name) };
    }
    pending.push({
      partId: part.id,
      fileName: cleanLine(file.name).slice(-200),
      bytes,
      extension: check.extension,
      mimeType: check.mimeType,
    });
  }
  // In a one-file step a new file replaces the one kept from before.
  const kept = !acceptsSeveral(type) && pending.length > 0 ? [] : keptBefore;
  const count = kept.length + pending.length;
  if (!acceptsSeveral(type) && count > 1) return { error: de.itemDialog.oneFileOnly };
  if (acceptsSeveral(type) && part.maxCount && count > part.maxCount) {
    return { error: deCatalogue.products.limits.tooManyFiles(part.maxCount) };
  }
  if (count === 0) {
    return part.isOptional
      ? { chosen: null, files: [] }
      : { error: de.itemDialog.uploadAtLeastOne };
  }
  return {
    chosen: { partId: part.id, name: part.name, type: part.type, uploadIds: kept },
    files: pending,
  };
}
