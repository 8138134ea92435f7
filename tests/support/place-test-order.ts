import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { findBranchByIdentifier } from "#app/db/queries/branches";
import type { Db } from "#app/db/schema";
import { localFolderStorage } from "#app/integrations/storage/local-folder.server";
import { changeCart } from "#app/features/cart/cart-changes.server";
import { newOrderKey } from "#app/features/checkout/checkout-view.server";
import {
  checkoutSchema,
  loadCheckout,
  type CheckoutInput,
} from "#app/features/checkout/checkout.server";
import { loadActiveCatalogue } from "#app/features/storefront/menu-catalogue.server";
import { checkoutMessages } from "#app/features/orders/order-mails.server";
import { placeOrder, type PlacedOrder } from "#app/features/checkout/place-order.server";

/**
 * An order placed the way a customer places one: a cart filled through the cart service, then the
 * order service with the checkout's own hook (mails and SMS into the outbox). Needs the database
 * of `prepareCheckoutDatabase`.
 */
export interface TestCheckout {
  branch: string;
  products: { name: string; amount: string }[];
  /** One more cart change after the products, e.g. `{ intent: "set-delivery-area", … }`. */
  change?: Record<string, string>;
  fields?: Partial<CheckoutInput>;
  publicOrigin?: string;
  now?: Date;
}

let uploads: string | undefined;

export async function placeTestOrder(db: Db, input: TestCheckout): Promise<PlacedOrder> {
  uploads ??= await mkdtemp(path.join(os.tmpdir(), "testbestellung-"));
  const now = input.now ?? new Date();
  const branch = await findBranchByIdentifier(db, input.branch);
  if (!branch) throw new Error(`Keine Filiale ${input.branch}`);
  const catalogue = await loadActiveCatalogue(db, branch.id, now, "Europe/Berlin");
  let cartId: string | null = null;
  const forms = [
    ...input.products.map(({ name, amount }) => {
      const product = catalogue.active.find((candidate) => candidate.name === name);
      if (!product) throw new Error(`Kein Produkt ${name} in ${input.branch}`);
      return { intent: "add", productId: String(product.id), amount, unit: product.unit };
    }),
    ...(input.change ? [input.change] : []),
  ];
  for (const fields of forms) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    const result = await changeCart(db, {
      branch,
      orderable: new Map(catalogue.active.map((product) => [product.id, product])),
      preferredType: "takeaway",
      cartId,
      form,
      oversized: [],
      storage: localFolderStorage(uploads),
    });
    if (!result.ok) throw new Error(result.message);
    cartId = result.cartId;
  }
  const context = await loadCheckout(db, {
    identifier: input.branch,
    cartId,
    now,
    providersReady: ["stripe", "paypal"],
  });
  if (!context) throw new Error(`Kein Checkout für ${input.branch}`);
  const placed = await placeOrder(db, {
    context,
    form: checkoutSchema.parse({
      orderKey: newOrderKey(),
      name: "Erika Mustermann",
      email: "erika@example.org",
      paymentMethod: "cash",
      acceptTerms: "on",
      acceptPrivacy: "on",
      ...input.fields,
    }),
    now,
    messages: (order, draft) =>
      checkoutMessages(
        context,
        draft,
        order,
        { publicOrigin: input.publicOrigin ?? "https://sonnenkorn.example" },
        now,
      ),
  });
  if (!placed.ok) {
    throw new Error(placed.errors.map((error) => `${error.field}: ${error.message}`).join("; "));
  }
  return placed.order;
}
