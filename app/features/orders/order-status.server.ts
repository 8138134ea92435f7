import { createHash, timingSafeEqual } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { getSettings } from "#app/db/queries/settings";
import type { Database, Db, Order, OrderItem, OrderTax, Settings } from "#app/db/schema";
import { isOnlinePayment } from "#app/domain/checkout";
import {
  isCanceledForCustomer,
  orderStatusFlags,
  showsCounterAppointmentPrompt,
  showsReviewPrompt,
} from "#app/domain/order-status";
import type { MessageOrder } from "#app/domain/order-status-messages";
import { deOrderStatus } from "#app/i18n/de-order-status";
import type { QuestionnaireAnswers } from "./questionnaire-schema";
import { referenceSettings } from "#app/features/shared/reference-data.server";

/**
 * The customer's side of an order, reached only through `/status/{uid}/{hash}`: reading it,
 * answering a counter appointment and sending the questionnaire. The page and the JSON routes
 * under `/api/orders/public` call the same functions.
 */

const errors = deOrderStatus.errors;

/** How the database hands out uids (`gen_random_uuid()::text`). */
const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The order service's hash: URL-safe, at least 16 characters (the table's check). */
const HASH = /^[A-Za-z0-9_-]{16,128}$/;

export interface OrderAddress {
  uid: string;
  hash: string;
}

/** A malformed address is not looked up at all; it answers like an unknown order. */
export function isWellFormedAddress({ uid, hash }: OrderAddress): boolean {
  return UID.test(uid) && HASH.test(hash);
}

/**
 * Compares in constant time. Both sides are first hashed to 32 bytes, so `timingSafeEqual` always
 * gets buffers of equal length and the comparison does not even reveal the stored hash's length.
 */
export function hashMatches(stored: string, given: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(stored), digest(given));
}

/** A hash to compare against when the uid is unknown, so both misses cost the same. */
const NO_ORDER_HASH = "kein-auftrag-mit-dieser-uid";

/** The order behind a status link, or null: unknown uid, wrong hash and malformed input alike. */
export async function findOrderByAddress(
  db: Db,
  address: OrderAddress,
  { lock = false }: { lock?: boolean } = {},
): Promise<Order | null> {
  if (!isWellFormedAddress(address)) return null;
  let query = db.selectFrom("orders").selectAll().where("uid", "=", address.uid);
  if (lock) query = query.forUpdate();
  const order = await query.executeTakeFirst();
  const matches = hashMatches(order?.hash ?? NO_ORDER_HASH, address.hash);
  return order && matches ? order : null;
}

/** The flags the domain rules read, from the stored order. */
export function customerOrder(order: Order): MessageOrder {
  return {
    isDelivery: order.isDelivery,
    isDineIn: order.isDineIn,
    ...orderStatusFlags(order),
    isRefunded: order.isRefunded,
    isOnlinePayment: isOnlinePayment(order.paymentMethod),
    counterAppointment: order.counterAppointment,
    rejectionMessage: order.rejectionMessage,
    questionnaireRating: order.rating,
    isPreorder: order.isPreorder,
    isQuotation: order.isQuotation,
    appointment: order.appointment,
  };
}

export interface BranchContact {
  id: number;
  identifier: string;
  name: string;
  street: string;
  zipCode: string;
  city: string;
  phone: string | null;
  email: string | null;
}

/** Everything the status page and the public JSON show about one order. */
export interface OrderRecord {
  order: Order;
  items: OrderItem[];
  taxes: OrderTax[];
  branch: BranchContact;
  settings: Settings;
}

export async function loadOrderRecord(db: Db, address: OrderAddress): Promise<OrderRecord | null> {
  const order = await findOrderByAddress(db, address);
  return order ? completeRecord(db, order) : null;
}

async function completeRecord(db: Db, order: Order): Promise<OrderRecord> {
  const [items, taxes, branch, settings] = await Promise.all([
    db
      .selectFrom("orderItems")
      .selectAll()
      .where("orderId", "=", order.id)
      .orderBy("position")
      .execute(),
    db
      .selectFrom("orderTaxes")
      .selectAll()
      .where("orderId", "=", order.id)
      .orderBy("taxRate")
      .execute(),
    db
      .selectFrom("branches")
      .select(["id", "identifier", "name", "street", "zipCode", "city", "phone", "email"])
      .where("id", "=", order.branchId)
      .executeTakeFirstOrThrow(),
    referenceSettings(db),
  ]);
  return { order, items, taxes, branch, settings };
}

export type OrderChangeResult =
  | { ok: true; record: OrderRecord }
  | { ok: false; status: 404 | 400; message: string; field?: string };

const notFound = (): OrderChangeResult => ({ ok: false, status: 404, message: errors.notFound });
const refused = (message: string, field?: string): OrderChangeResult => ({
  ok: false,
  status: 400,
  message,
  ...(field ? { field } : {}),
});

/**
 * Every change moves `updated_at` forward, even twice within one clock tick, because the status
 * page's ETag is built from it. The migration has no trigger for this: whoever changes an order
 * must set it (this expression, or at least `new Date()`).
 */
export const nextUpdatedAt = sql<Date>`greatest(now(), orders.updated_at + interval '1 microsecond')`;

/** Why a counter appointment can no longer be answered, or null when it can. */
function counterAppointmentRefusal(order: Order): string | null {
  if (isCanceledForCustomer(customerOrder(order))) return errors.canceled;
  if (order.isConfirmed) return errors.alreadyConfirmed;
  if (!order.counterAppointment) return errors.noCounterAppointment;
  return showsCounterAppointmentPrompt(customerOrder(order)) ? null : errors.noCounterAppointment;
}

/**
 * Runs `change` on the locked order row: a double click, a second tab or the JSON route at the
 * same moment waits for the first answer and then sees the order as that answer left it.
 */
async function changeLockedOrder(
  db: Kysely<Database>,
  address: OrderAddress,
  change: (trx: Db, order: Order) => Promise<OrderChangeResult | Order>,
): Promise<OrderChangeResult> {
  if (!isWellFormedAddress(address)) return notFound();
  return db.transaction().execute(async (trx): Promise<OrderChangeResult> => {
    const order = await findOrderByAddress(trx, address, { lock: true });
    if (!order) return notFound();
    const outcome = await change(trx, order);
    if ("ok" in outcome) return outcome;
    return { ok: true, record: await completeRecord(trx, outcome) };
  });
}

/**
 * 'Ja, {time} Uhr ist in Ordnung': the proposed time becomes the appointment and the order is
 * confirmed, since the branch made the proposal and the customer agreed (decision 008).
 */
export function acceptCounterAppointment(db: Kysely<Database>, address: OrderAddress) {
  return changeLockedOrder(db, address, async (trx, order) => {
    const refusal = counterAppointmentRefusal(order);
    if (refusal) return refused(refusal);
    return trx
      .updateTable("orders")
      .set({
        appointment: order.counterAppointment,
        counterAppointment: null,
        isConfirmed: true,
        updatedAt: nextUpdatedAt,
      })
      .where("id", "=", order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Declining the proposal cancels the order (spec section 4); the proposal stays on record. */
export function declineCounterAppointment(db: Kysely<Database>, address: OrderAddress) {
  return changeLockedOrder(db, address, async (trx, order) => {
    const refusal = counterAppointmentRefusal(order);
    if (refusal) return refused(refusal);
    return trx
      .updateTable("orders")
      .set({ isCanceled: true, updatedAt: nextUpdatedAt })
      .where("id", "=", order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Why this order cannot be rated now, or null when the questionnaire is open. */
function questionnaireRefusal(order: Order, settings: Settings): string | null {
  if (!settings.enablePluginOrderReviews) return errors.reviewsDisabled;
  if (order.rating !== null) return errors.alreadyRated;
  if (isCanceledForCustomer(customerOrder(order)) || !order.isCompleted) {
    return errors.notCompleted;
  }
  return showsReviewPrompt(customerOrder(order), settings.enablePluginOrderReviews)
    ? null
    : errors.notCompleted;
}

/** The questionnaire, once per completed order; the answers are validated by the caller. */
export function submitQuestionnaire(
  db: Kysely<Database>,
  address: OrderAddress,
  answers: QuestionnaireAnswers,
  now: Date,
) {
  return changeLockedOrder(db, address, async (trx, order) => {
    const refusal = questionnaireRefusal(order, await getSettings(trx));
    if (refusal) return refused(refusal);
    return trx
      .updateTable("orders")
      .set({
        rating: answers.rating,
        foodRating: answers.foodRating,
        serviceRating: answers.serviceRating,
        processRating: answers.processRating,
        questionnaireComment: answers.comment?.trim() || null,
        questionnaireAt: now,
        updatedAt: nextUpdatedAt,
      })
      .where("id", "=", order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
