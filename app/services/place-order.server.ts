import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { lockCart } from "../db/queries/carts";
import type { Db } from "../db/schema";
import { unitPriceWithOptions } from "../domain/cart";
import { isOnlinePayment } from "../domain/checkout";
import { dateOf } from "../domain/time";
import { de } from "../i18n/de";
import type { NewEmail, NewSms } from "./outbox.server";
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

/** What the order's mails may refer to before the order exists. */
export interface OrderReference {
  uid: string;
  hash: string;
  /**
   * Stands in for the ticket number, which the database hands out as the order is stored: a
   * random 15-digit number that the statement replaces in every message with the real one.
   */
  ticketNumber: number;
}

export interface OrderMessages {
  emails: NewEmail[];
  sms: NewSms[];
}

/** The messages that leave with the order (built before it is stored, sent only if it is). */
export type OrderMessagesFor = (order: OrderReference, draft: OrderDraft) => OrderMessages;

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
    messages?: OrderMessagesFor;
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

  const online = isOnlinePayment(draft.paymentMethod);
  const businessDate = dateOf(now, store.zone);
  const reference: OrderReference = {
    uid: randomUUID(),
    hash: randomBytes(18).toString("base64url"),
    ticketNumber: 100_000_000_000_000 + randomInt(0, 2 ** 48 - 1),
  };
  const messages = input.messages?.(reference, draft) ?? { emails: [], sms: [] };
  const outbox = [
    ...messages.emails.map((mail) => ({
      kind: "email" as const,
      fields: {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
      },
    })),
    ...messages.sms.map((sms) => ({
      kind: "sms" as const,
      fields: { to: sms.to.replace(/[^\d+]/g, ""), text: sms.text },
    })),
  ];

  try {
    const order = await db.transaction().execute(async (trx) => {
      // Two submissions of one cart queue here; the second finds the first one's order.
      // (Its cart is gone or changed then: the catch below looks for its order.)
      const locked = await lockCart(trx, cart.id, store.branch.id);
      if (!locked || locked.version !== cart.version) throw new CartChanged();

      // One statement from the ticket number to the mails: the branch's ticket counter stays
      // locked only for that statement and the commit, not for a round trip per table.
      const ticket = sql<string>`(select last_number::text from ticket)`;
      const withTicket = (text: string) =>
        sql<string>`replace(${text}::text, ${String(reference.ticketNumber)}::text, ${ticket})`;
      const uploads = lines.flatMap((line, position) =>
        line.parts.flatMap((part, partPosition) =>
          (part.uploadIds ?? []).map((uploadId) => ({ position, uploadId, partPosition })),
        ),
      );
      const taxRows = Object.entries(totals.totalTaxes);
      const inserted = await trx
        .with("ticket", (db) =>
          db
            .insertInto("ticketCounters")
            .values({ branchId: store.branch.id, businessDate, lastNumber: 1 })
            .onConflict((conflict) =>
              conflict
                .columns(["branchId", "businessDate"])
                .doUpdateSet((eb) => ({ lastNumber: eb("ticketCounters.lastNumber", "+", 1) })),
            )
            .returning("lastNumber"),
        )
        .with("newOrder", (db) =>
          db
            .insertInto("orders")
            .values((eb) => ({
              uid: reference.uid,
              hash: reference.hash,
              branchId: store.branch.id,
              businessDate,
              ticketNumber: eb.selectFrom("ticket").select("lastNumber"),
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
              // The same instant the messages name as the order time.
              createdAt: now,
            }))
            .returning(ORDER_COLUMNS),
        )
        .with("items", (db) =>
          db
            .insertInto("orderItems")
            .values((eb) =>
              lines.map((line, position) => ({
                orderId: eb.selectFrom("newOrder").select("id"),
                position,
                productId: line.product.id,
                name: line.product.name,
                description: line.product.description,
                amount: line.row.amount,
                unit: line.row.unit,
                // Per the product's own unit, options included: what the menu shows.
                unitPrice: unitPriceWithOptions(line.product.price, line.priced.options),
                gross: line.gross,
                taxRate: lineTaxRate(line, orderType),
                calculationModel: line.product.calculationModel,
                isPriceHidden: line.product.isPriceHidden,
                parts: JSON.stringify(line.parts),
              })),
            )
            .returning(["id", "position"]),
        )
        .with("uploads", (db) =>
          uploads.length === 0
            ? db.selectNoFrom(sql<number>`0`.as("none"))
            : db
                .insertInto("orderItemUploads")
                .values((eb) =>
                  uploads.map((upload) => ({
                    orderItemId: eb
                      .selectFrom("items")
                      .select("items.id")
                      .where("items.position", "=", upload.position),
                    uploadId: upload.uploadId,
                    partPosition: upload.partPosition,
                  })),
                )
                .returning("orderItemId as none"),
        )
        .with("taxes", (db) =>
          taxRows.length === 0
            ? db.selectNoFrom(sql<number>`0`.as("none"))
            : db
                .insertInto("orderTaxes")
                .values((eb) =>
                  taxRows.map(([rate, amounts]) => ({
                    orderId: eb.selectFrom("newOrder").select("id"),
                    taxRate: Number(rate),
                    net: amounts.net,
                    tax: amounts.tax,
                    gross: amounts.gross,
                  })),
                )
                .returning("orderId as none"),
        )
        // The cart goes with the order; an online payment keeps it until the money arrived.
        .with("cart", (db) =>
          online
            ? db.selectNoFrom(sql<string>`null`.as("none"))
            : db.deleteFrom("carts").where("id", "=", cart.id).returning("id as none"),
        )
        .with("messages", (db) =>
          outbox.length === 0
            ? db.selectNoFrom(sql<number>`0`.as("none"))
            : db
                .insertInto("outbox")
                .values(
                  outbox.map((message) => ({
                    kind: message.kind,
                    payload: sql`jsonb_build_object(${sql.join(
                      Object.entries(message.fields).map(
                        ([key, value]) => sql`${key}::text, ${withTicket(value)}`,
                      ),
                    )})`,
                  })),
                )
                .returning("id as none"),
        )
        .selectFrom("newOrder")
        .select(ORDER_COLUMNS)
        .executeTakeFirstOrThrow();
      return { order: inserted, isNew: true };
    });
    return { ok: true, ...order };
  } catch (error) {
    if (error instanceof CartChanged) {
      const first = await findOrderByKey(db, form.orderKey);
      if (first) return { ok: true, order: first, isNew: false };
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
