import type { de } from "#app/i18n/de-staff";
import { closedState, type StaffOrderState } from "./staff-order";

/**
 * What staff may change about a placed order and when they may delete one (decision 033). Pure:
 * the service reads the order under its row lock and asks these.
 */

/** The order's own fields staff may change with `PUT /api/orders/{id}` and its edit page. */
export const EDITABLE_FIELDS = [
  "name",
  "company",
  "phone",
  "email",
  "street",
  "city",
  "floor",
  "stairway",
  "door",
  "appointment",
  "comment",
] as const;

export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** The editable fields as stored: text or null, the appointment as an ISO instant or null. */
export type OrderDetails = Record<EditableField, string | null>;

const ADDRESS_FIELDS: readonly EditableField[] = ["street", "city", "floor", "stairway", "door"];

/** The fields an edit form shows: the address only for deliveries. */
export function formFields(isDelivery: boolean): EditableField[] {
  return EDITABLE_FIELDS.filter((field) => isDelivery || !ADDRESS_FIELDS.includes(field));
}

/** An online payment's order may be dropped once the customer clearly left the provider's page. */
export const ABANDONED_PAYMENT_HOURS = 24;

export type DeletionRefusal = keyof typeof de.orderChanges.deleteRefused;

/**
 * Why an order may not be deleted, or null when it may. Only what never became a real order goes:
 * an online payment that failed, or one that never arrived within a day. A paid, refunded or
 * confirmed order, and every order paid at the counter, stays (cancel or reject it instead): the
 * ticket numbers, the receipts and the bookkeeping refer to it.
 */
export function deletionRefusal(
  order: StaffOrderState & { isRefunded: boolean; createdAt: Date },
  now: Date,
): DeletionRefusal | null {
  if (order.isRefunded) return "refunded";
  if (order.isPaid) return "paid";
  if (order.isConfirmed) return "confirmed";
  if (!order.isOnlinePayment) return "placed";
  if (order.isFailed) return null;
  const ageHours = (now.getTime() - order.createdAt.getTime()) / 3_600_000;
  return ageHours >= ABANDONED_PAYMENT_HOURS ? null : "awaitingPayment";
}

/** Contact data, appointment and comment stay as they are once an order is closed. */
export function isEditable(order: StaffOrderState): boolean {
  return closedState(order) === null;
}

/** The fields whose value changes, each with its value before and after. */
export function changedDetails(
  before: OrderDetails,
  after: Partial<OrderDetails>,
): { before: Partial<OrderDetails>; after: Partial<OrderDetails> } {
  const was: Partial<OrderDetails> = {};
  const now: Partial<OrderDetails> = {};
  for (const field of EDITABLE_FIELDS) {
    if (!(field in after)) continue;
    const next = after[field] ?? null;
    if (sameValue(field, before[field], next)) continue;
    was[field] = before[field];
    now[field] = next;
  }
  return { before: was, after: now };
}

function sameValue(field: EditableField, a: string | null, b: string | null): boolean {
  if (field === "appointment" && a !== null && b !== null) {
    return new Date(a).getTime() === new Date(b).getTime();
  }
  return a === b;
}
