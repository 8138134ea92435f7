import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { BranchDetails } from "#app/db/queries/branches";
import type { CatalogueProduct } from "#app/db/queries/catalogue";
import {
  deleteCartItems,
  findCart,
  findCartItem,
  insertCart,
  insertCartItem,
  listCartLinesOfProduct,
  lockCartForChange,
  replaceCartItem,
  setCartItemAmount,
  updateCart,
} from "#app/db/queries/carts";
import { findCartUploads, insertUpload } from "#app/db/queries/uploads";
import type { Cart, ChosenPart, Db } from "#app/db/schema";
import { lineToJoin } from "#app/domain/cart-configuration";
import { flagsOf, type OrderType } from "#app/domain/order-type";
import { quantityInputValue } from "#app/domain/units";
import { de } from "#app/i18n/de";
import { deCatalogue } from "#app/i18n/de-catalogue";
import type { FileStorage } from "#app/integrations/storage/file-storage";
import { defaultDeliveryType, offeredDeliveryTypes } from "./cart.server";
import { idSchema } from "#app/domain/values";
import {
  keepField,
  parseAmount,
  parseItemForm,
  partField,
  type FieldErrors,
  type ItemInput,
  type PendingFile,
} from "./item-form.server";
import { DEFAULT_UPLOAD_QUOTA, uploadQuotaRefusal, type Uploader } from "./upload-quota.server";

const id = idSchema;

/** The cart's one action: every form names its intent (Hydrogen style). */
export const cartChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId: id }),
  z.object({ intent: z.literal("edit"), itemId: id }),
  z.object({ intent: z.literal("update"), itemId: id, amount: z.string().max(20) }),
  z.object({ intent: z.literal("remove"), itemId: id }),
  z.object({
    intent: z.literal("set-delivery-type"),
    deliveryType: z.enum(["takeaway", "delivery", "dine-in"]),
  }),
  z.object({ intent: z.literal("set-delivery-area"), deliveryAreaId: id }),
]);

export type CartNotice = "added" | "updated" | "removed";

export type CartChangeResult =
  | { ok: true; cartId: string; isNewCart: boolean; notice: CartNotice | null }
  | { ok: false; message: string; fieldErrors: FieldErrors };

export interface CartChangeInput {
  branch: BranchDetails;
  /** Products a customer may add now. */
  orderable: ReadonlyMap<number, CatalogueProduct>;
  /** Products sold out today in the branch (not orderable either): refused with their reason. */
  soldOut?: ReadonlySet<number>;
  preferredType: OrderType;
  cartId: string | null;
  form: FormData;
  /** Files the multipart reader refused for their size, as `field:fileName`. */
  oversized: readonly string[];
  storage: FileStorage;
  /** Whose files these are, for the upload quotas; without it only the cart's quota counts. */
  uploader?: Uploader;
}

const failure = (message: string, fieldErrors: FieldErrors = {}): CartChangeResult => ({
  ok: false,
  message,
  fieldErrors,
});

function scalarFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !(key in fields)) fields[key] = value;
  }
  return fields;
}

/**
 * Applies one change to the branch's cart. Everything is checked before anything is written,
 * and the writes run in one transaction that locks the cart row: concurrent changes to one cart
 * queue up instead of losing each other, and a refused change leaves the cart as it was.
 */
export async function changeCart(db: Db, input: CartChangeInput): Promise<CartChangeResult> {
  const parsed = cartChangeSchema.safeParse(scalarFields(input.form));
  if (!parsed.success) return failure(de.cartPanel.badRequest);
  const change = parsed.data;
  const findExisting = () =>
    input.cartId ? findCart(db, input.cartId, input.branch.id) : Promise.resolve(undefined);
  if (change.intent === "add") return addItem(db, input, change.productId, findExisting);
  const existing = await findExisting();

  switch (change.intent) {
    case "edit": {
      const row = existing ? await findCartItem(db, existing.id, change.itemId) : undefined;
      const product = row ? input.orderable.get(row.productId) : undefined;
      if (!existing || !row) return failure(de.cartPanel.unknownItem);
      if (input.soldOut?.has(row.productId)) return failure(deCatalogue.soldOut.productSoldOut);
      if (!product) return failure(de.menu.productUnavailable);
      const staged = await stagedUploads(db, existing, input.form, product);
      const item = await parseItemForm(product, input.form, input.oversized, row, staged);
      if (!item.ok) return failure(de.itemDialog.fixErrors, item.fieldErrors);
      return write(db, input, existing?.id, "updated", async (trx, cart, stored) => {
        if (!(await findCartItem(trx, cart.id, row.id))) throw new ItemGone();
        const parts = await storeFiles(trx, input, cart.id, item.value, stored);
        await replaceCartItem(trx, cart.id, row.id, snapshot(product, item.value, parts));
      });
    }
    case "update": {
      const row = existing ? await findCartItem(db, existing.id, change.itemId) : undefined;
      const product = row ? input.orderable.get(row.productId) : undefined;
      if (!existing || !row) return failure(de.cartPanel.unknownItem);
      if (input.soldOut?.has(row.productId)) return failure(deCatalogue.soldOut.productSoldOut);
      if (!product) return failure(de.menu.productUnavailable);
      const amount = parseAmount(product, row.unit, change.amount);
      if (!amount.ok) return failure(amount.message, { [`amount-${row.id}`]: amount.message });
      return write(db, input, existing?.id, "updated", async (trx, cart) => {
        if (!(await findCartItem(trx, cart.id, row.id))) throw new ItemGone();
        await setCartItemAmount(trx, cart.id, row.id, amount.amount);
      });
    }
    case "remove": {
      const row = existing ? await findCartItem(db, existing.id, change.itemId) : undefined;
      if (!existing || !row) return failure(de.cartPanel.unknownItem);
      return write(db, input, existing?.id, "removed", async (trx, cart) => {
        await deleteCartItems(trx, cart.id, [row.id]);
      });
    }
    case "set-delivery-type": {
      if (!offeredDeliveryTypes(input.branch).includes(change.deliveryType)) {
        return failure(de.cartPanel.deliveryTypeUnavailable);
      }
      const flags = flagsOf(change.deliveryType);
      return write(db, input, existing?.id, null, (trx, cart) =>
        updateCart(trx, cart.id, {
          ...flags,
          deliveryAreaId: flags.isDelivery ? cart.deliveryAreaId : null,
        }),
      );
    }
    case "set-delivery-area": {
      const area = input.branch.deliveryAreas.find(
        (candidate) => candidate.id === change.deliveryAreaId,
      );
      if (!area || !input.branch.isDeliveryEnabled) return failure(de.cartPanel.unknownArea);
      return write(db, input, existing?.id, null, (trx, cart) =>
        updateCart(trx, cart.id, { isDelivery: true, isDineIn: false, deliveryAreaId: area.id }),
      );
    }
  }
}

/**
 * Adds a product (the menu's '+' or the dialog's save). The cart is read before the write only
 * when the form keeps files from an earlier round trip, to check they are this cart's; otherwise
 * the write's lock is the one read (issue 18: an addition is the storefront's busiest write).
 */
async function addItem(
  db: Db,
  input: CartChangeInput,
  productId: number,
  findExisting: () => Promise<Cart | undefined>,
): Promise<CartChangeResult> {
  const product = input.orderable.get(productId);
  if (input.soldOut?.has(productId)) return failure(deCatalogue.soldOut.productSoldOut);
  if (!product) return failure(de.menu.unknownProduct);
  const staged = await stagedUploads(db, findExisting, input.form, product);
  // The menu's '+' names the product alone; the amount is the dialog's starting one.
  const item = await parseItemForm(product, input.form, input.oversized, undefined, staged, {
    startingAmountIfNone: true,
  });
  if (!item.ok) return failure(de.itemDialog.fixErrors, item.fieldErrors);
  return write(db, input, input.cartId, "added", async (trx, cart, stored) => {
    const parts = await storeFiles(trx, input, cart.id, item.value, stored);
    // The same product with the same choices adds to its line (issue 36: "+" twice made two).
    const joined = lineToJoin(await listCartLinesOfProduct(trx, cart.id, product.id), {
      productId: product.id,
      unit: item.value.unit,
      productPrice: product.price,
      parts,
    });
    if (joined) {
      const sum = parseAmount(
        product,
        joined.unit,
        quantityInputValue(joined.amount + item.value.amount),
      );
      if (!sum.ok) throw new AmountRefused(sum.message);
      await setCartItemAmount(trx, cart.id, joined.id, sum.amount);
      return;
    }
    await insertCartItem(trx, {
      cartId: cart.id,
      productId: product.id,
      ...snapshot(product, item.value, parts),
    });
  });
}

/** A cart, or how to find it when it is needed: the visitor's cart, if any. */
type CartRef = Pick<Cart, "id"> | undefined | (() => Promise<Pick<Cart, "id"> | undefined>);

/**
 * The files a dialog's round trips stored into this cart before saving, among the ones the form
 * keeps (decision 044): another cart's upload ids are not taken, whatever the form says.
 */
export async function stagedUploads(
  db: Db,
  cart: CartRef,
  form: FormData,
  product: CatalogueProduct,
): Promise<Map<number, string>> {
  const ids = product.parts.flatMap((part) =>
    form
      .getAll(keepField(part.id))
      .map(Number)
      .filter((value) => Number.isSafeInteger(value) && value > 0),
  );
  if (ids.length === 0) return new Map();
  // Read only now: a form that keeps no files (the menu's '+', most dialogs) needs no cart here.
  const found = typeof cart === "function" ? await cart() : cart;
  if (!found) return new Map();
  const uploads = await findCartUploads(db, found.id, [...new Set(ids)].slice(0, 100));
  return new Map(uploads.map((upload) => [upload.id, upload.extension]));
}

/**
 * Stores the files a dialog's round trip brought (the quantity buttons, a step, a refused save)
 * into the visitor's cart, starting one if needed, so that they travel on as kept files instead of
 * being chosen again (decision 044). Quotas apply as on saving.
 */
export async function stageUploads(
  db: Db,
  input: Pick<CartChangeInput, "branch" | "preferredType" | "cartId" | "storage" | "uploader">,
  files: PendingFile[],
): Promise<
  | { ok: true; cartId: string; isNewCart: boolean; added: Map<number, number[]> }
  | { ok: false; fieldErrors: FieldErrors }
> {
  let added = new Map<number, number[]>();
  const result = await write(
    db,
    { ...input, orderable: new Map(), form: new FormData(), oversized: [] },
    input.cartId,
    null,
    async (trx, cart, stored) => {
      const parts = await storeFiles(
        trx,
        { ...input, orderable: new Map(), form: new FormData(), oversized: [] },
        cart.id,
        {
          amount: 1,
          unit: "piece",
          parts: [...new Set(files.map((file) => file.partId))].map((partId) => ({
            partId,
            name: "",
            type: "file",
            uploadIds: [],
          })),
          files,
        },
        stored,
      );
      added = new Map(parts.map((part) => [part.partId, part.uploadIds ?? []]));
    },
  );
  if (!result.ok) return { ok: false, fieldErrors: result.fieldErrors };
  return { ok: true, cartId: result.cartId, isNewCart: result.isNewCart, added };
}

class ItemGone extends Error {}

/** The joined line's new amount is beyond what the product allows: nothing changes. */
class AmountRefused extends Error {}

/** More files than the quotas allow: nothing is stored, the message goes beside the field. */
class QuotaExceeded extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs `apply` on the visitor's cart of this branch (`cartId`, locked and its version moved on in
 * one statement), or on a new one when there is none, in one transaction.
 */
async function write(
  db: Db,
  input: CartChangeInput,
  cartId: string | null | undefined,
  notice: CartNotice | null,
  apply: (trx: Db, cart: Cart, stored: string[]) => Promise<unknown>,
): Promise<CartChangeResult> {
  // Keys of files put into the storage by this change: removed again if it does not commit.
  const stored: string[] = [];
  try {
    return await db.transaction().execute(async (trx) => {
      const locked = cartId ? await lockCartForChange(trx, cartId, input.branch.id) : undefined;
      if (locked) {
        await apply(trx, locked, stored);
        return { ok: true as const, cartId: locked.id, isNewCart: false, notice };
      }
      // A new cart needs no move of its version: nobody can hold an older copy of it.
      const cart = await insertCart(trx, {
        branchId: input.branch.id,
        ...flagsOf(defaultDeliveryType(input.branch, input.preferredType)),
      });
      await apply(trx, cart, stored);
      return { ok: true as const, cartId: cart.id, isNewCart: true, notice };
    });
  } catch (error) {
    await Promise.all(stored.map((key) => input.storage.remove(key).catch(() => undefined)));
    if (error instanceof ItemGone) return failure(de.cartPanel.unknownItem);
    if (error instanceof AmountRefused) return failure(error.message, { amount: error.message });
    if (error instanceof QuotaExceeded) {
      return failure(de.itemDialog.fixErrors, { [error.field]: error.message });
    }
    throw error;
  }
}

function snapshot(product: CatalogueProduct, item: ItemInput, parts: ChosenPart[]) {
  return {
    amount: item.amount,
    unit: item.unit,
    parts: JSON.stringify(parts),
    productName: product.name,
    productDescription: product.description,
    productPrice: product.price,
  };
}

/**
 * Stores the checked files under random names and records them, in the transaction that writes
 * the item and after the quotas passed; the item's upload steps then name the new uploads beside
 * the ones kept from before.
 */
async function storeFiles(
  trx: Db,
  input: CartChangeInput,
  cartId: string,
  item: ItemInput,
  stored: string[],
): Promise<ChosenPart[]> {
  const first = item.files[0];
  if (!first) return item.parts;
  const uploader = input.uploader ?? { clientKey: null, quota: DEFAULT_UPLOAD_QUOTA };
  const refusal = await uploadQuotaRefusal(trx, {
    cartId,
    uploader,
    files: item.files.length,
    bytes: item.files.reduce((sum, file) => sum + file.bytes.byteLength, 0),
  });
  if (refusal) throw new QuotaExceeded(partField(first.partId), refusal);
  const added = new Map<number, number[]>();
  for (const file of item.files) {
    const storageKey = randomBytes(20).toString("hex");
    stored.push(storageKey);
    await input.storage.put(storageKey, file.bytes);
    const upload = await insertUpload(trx, {
      extension: file.extension,
      publicHash: randomBytes(16).toString("hex"),
      mimeType: file.mimeType,
      sizeBytes: file.bytes.byteLength,
      originalName: file.fileName,
      storageKey,
      cartId,
      clientKey: uploader.clientKey,
    });
    added.set(file.partId, [...(added.get(file.partId) ?? []), upload.id]);
  }
  return item.parts.map((part) =>
    added.has(part.partId)
      ? { ...part, uploadIds: [...(part.uploadIds ?? []), ...(added.get(part.partId) ?? [])] }
      : part,
  );
}
