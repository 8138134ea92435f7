import { randomBytes } from "node:crypto";
import { lockCart } from "../db/queries/carts";
import { nextTicketNumber } from "../db/queries/orders";
import type { Db } from "../db/schema";
import { unitPriceWithOptions } from "../domain/cart";
import { isOnlinePayment } from "../domain/checkout";
import { dateOf } from "../domain/time";
import { de } from "../i18n/de";
import {
  lineTaxRate,
  validateCheckout,
  type CheckoutContext,
  type CheckoutInput,
  type FieldError,
  type OrderDraft,
} from "./checkout.server";

/** Spec section 9: the amount shown for a donation, in cents. */
export const DONATION_CENTS = 7;

export interface PlacedOrder {
  id: number;
  uid: string;
  hash: string;
  ticketNumber: number;
  paymentMethod: string;
  totalGross: number;
  /** Set for an online payment that still has to be made. */
  paymentRedirectUrl: string | null;
  isPaid: boolean;
  isFailed: boolean;
}

export type PlaceOrderResult =
  { ok: true; order: PlacedOrder; isNew: boolean } | { ok: false; errors: FieldError[] };

/** Hooks that run inside the order's transaction, e.g. queueing the e-mails. */
export type AfterOrderInsert = (
  trx: Db,
  order: PlacedOrder,
  context: CheckoutContext,
  draft: OrderDraft,
) => Promise<void>;

const ORDER_COLUMNS = [
  "id",
  "uid",
  "hash",
  "ticketNumber",
  "paymentMethod",
  "totalGross",
  "paymentRedirectUrl",
  "isPaid",
  "isFailed",
] as const;

export async function findOrderByKey(db: Db, idempotencyKey: string) {
  return db
    .selectFrom("orders")
    .select(ORDER_COLUMNS)
    .where("idempotencyKey", "=", idempotencyKey)
    .executeTakeFirst();
}

class CartChanged extends Error {}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "23505";
}

/**
 * Places the order in one transaction: checks every rule against the server's own view of the
 * cart, hands out the branch's next ticket number of the business day, stores the order with its
 * items, uploads and totals by tax rate, and empties the cart (online payments keep it until the
 * payment succeeds). The checkout form's one-time key makes a repeated submission land on the
 * order the first one created.
 */
export async function placeOrder(
  db: Db,
  input: {
    context: CheckoutContext;
    form: CheckoutInput;
    now: Date;
    afterInsert?: AfterOrderInsert;
  },
): Promise<PlaceOrderResult> {
  const { context, form, now } = input;
  const existing = await findOrderByKey(db, form.orderKey);
  if (existing) return { ok: true, order: existing, isNew: false };

  const checked = validateCheckout(context, form);
  if ("errors" in checked) return { ok: false, errors: checked.errors };
  const { draft } = checked;
  const { store, lines, totals, orderType, cart } = context;
  if (!cart) return { ok: false, errors: [{ message: de.checkout.emptyCart }] };

  try {
    const order = await db.transaction().execute(async (trx) => {
      // Two submissions of one cart queue here; the second finds the first one's order.
      const locked = await lockCart(trx, cart.id, store.branch.id);
      const again = await findOrderByKey(trx, form.orderKey);
      if (again) return { order: again, isNew: false };
      if (!locked || locked.version !== cart.version) throw new CartChanged();

      const ticketNumber = await nextTicketNumber(trx, store.branch.id, dateOf(now, store.zone));
      const online = isOnlinePayment(draft.paymentMethod);
      const inserted = await trx
        .insertInto("orders")
        .values({
          hash: randomBytes(18).toString("base64url"),
          branchId: store.branch.id,
          businessDate: dateOf(now, store.zone),
          ticketNumber,
          tableId: draft.table?.id ?? null,
          tableIdentifier: draft.table?.name ?? null,
          isDelivery: orderType === "delivery",
          isDineIn: orderType === "dine-in",
          isPreorder: context.kind === "preorder",
          isQuotation: context.kind === "quotation",
          name: draft.name,
          company: draft.company,
          street: draft.street,
          city: draft.city,
          deliveryAreaId: context.area?.id ?? null,
          deliveryAreaName: context.area?.name ?? null,
          floor: draft.floor,
          stairway: draft.stairway,
          door: draft.door,
          phone: draft.phone,
          email: draft.email,
          appointment: draft.appointment,
          comment: draft.comment,
          paymentMethod: draft.paymentMethod,
          idempotencyKey: form.orderKey,
          cartId: online ? cart.id : null,
          donateeId: draft.donatee?.id ?? null,
          donationAmount: draft.donatee ? DONATION_CENTS : 0,
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
        .returning(ORDER_COLUMNS)
        .executeTakeFirstOrThrow();

      const items = await trx
        .insertInto("orderItems")
        .values(
          lines.map((line, position) => ({
            orderId: inserted.id,
            position,
            productId: line.product.id,
            name: line.product.name,
            description: line.product.description,
            amount: line.row.amount,
            unit: line.row.unit,
            // Per the product's own unit, options included: what the menu shows ('5,90 € pro kg').
            unitPrice: unitPriceWithOptions(line.product.price, line.priced.options),
            gross: line.gross,
            taxRate: lineTaxRate(line, orderType),
            calculationModel: line.product.calculationModel,
            isPriceHidden: line.product.isPriceHidden,
            parts: JSON.stringify(line.parts),
          })),
        )
        .returning(["id", "position"])
        .execute();
      const uploads = items.flatMap((item) =>
        (lines[item.position]?.parts ?? []).flatMap((part, partPosition) =>
          (part.uploadIds ?? []).map((uploadId) => ({
            orderItemId: item.id,
            uploadId,
            partPosition,
          })),
        ),
      );
      if (uploads.length > 0) await trx.insertInto("orderItemUploads").values(uploads).execute();
      const taxRows = Object.entries(totals.totalTaxes).map(([rate, amounts]) => ({
        orderId: inserted.id,
        taxRate: Number(rate),
        net: amounts.net,
        tax: amounts.tax,
        gross: amounts.gross,
      }));
      if (taxRows.length > 0) await trx.insertInto("orderTaxes").values(taxRows).execute();

      // The cart goes with the order; an online payment keeps it until the money arrived.
      if (!online) await trx.deleteFrom("carts").where("id", "=", cart.id).execute();
      await input.afterInsert?.(trx, inserted, context, draft);
      return { order: inserted, isNew: true };
    });
    return { ok: true, ...order };
  } catch (error) {
    if (error instanceof CartChanged) {
      return { ok: false, errors: [{ message: de.cartPanel.updated }] };
    }
    // A parallel submission with the same key won the race for the unique key.
    if (isUniqueViolation(error)) {
      const winner = await findOrderByKey(db, form.orderKey);
      if (winner) return { ok: true, order: winner, isNew: false };
    }
    throw error;
  }
}
