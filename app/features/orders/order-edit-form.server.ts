import type { AppLoadContext } from "@remix-run/node";
import { DateTime } from "luxon";
import { z } from "zod";
import { formFields } from "#app/domain/order-changes";
import { referenceSettings } from "#app/features/shared/reference-data.server";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { changeOrderDetails, orderVersion, type OrderChangeOutcome } from "./order-changes.server";
import { staffScope } from "./staff-order-query.server";
import { findStaffOrder } from "./staff-orders.server";

/**
 * The edit page of an order's contact data, appointment and comment (`/backend/orders/{id}/edit`):
 * the same service and rules as `PUT /api/orders/{id}`, with the version in a hidden field, so a
 * second person saving an old copy of the page is told instead of overwriting (decision 033).
 */

/** The form as posted: every field a string (conform leaves empty ones out). */
export const orderEditFormSchema = z.object({
  version: z.string().max(20),
  name: z.string().max(4000).optional(),
  company: z.string().max(4000).optional(),
  phone: z.string().max(4000).optional(),
  email: z.string().max(4000).optional(),
  street: z.string().max(4000).optional(),
  city: z.string().max(4000).optional(),
  floor: z.string().max(4000).optional(),
  stairway: z.string().max(4000).optional(),
  door: z.string().max(4000).optional(),
  appointment: z.string().max(40).optional(),
  comment: z.string().max(20_000).optional(),
});

export type OrderEditForm = z.infer<typeof orderEditFormSchema>;

/** 'YYYY-MM-DDTHH:mm' of a datetime-local field, in the business's zone. */
function localInput(at: Date | null, zone: string): string {
  return at ? DateTime.fromJSDate(at, { zone }).toFormat("yyyy-LL-dd'T'HH:mm") : "";
}

export async function loadOrderEdit(context: AppLoadContext, user: StaffUser, orderId: number) {
  const order = await findStaffOrder(context.db, staffScope(user, context), orderId);
  if (!order) return null;
  const [version, settings] = await Promise.all([
    orderVersion(context.db, order.id),
    referenceSettings(context.db),
  ]);
  const appointment = order.appointment ? new Date(order.appointment) : null;
  return {
    id: order.id,
    ticketNumber: order.ticketNumber,
    isDelivery: order.isDelivery,
    values: {
      version: version ?? "",
      name: order.name,
      company: order.company ?? "",
      phone: order.phone ?? "",
      email: order.email ?? "",
      street: order.street ?? "",
      city: order.city ?? "",
      floor: order.floor ?? "",
      stairway: order.stairway ?? "",
      door: order.door ?? "",
      appointment: localInput(appointment, settings.businessTimeZone),
      comment: order.comment ?? "",
    },
  };
}

/** The posted form as the service's change: a field on the page and left empty is emptied. */
export async function saveOrderEdit(
  context: AppLoadContext,
  user: StaffUser,
  orderId: number,
  isDelivery: boolean,
  value: OrderEditForm,
): Promise<OrderChangeOutcome> {
  const settings = await referenceSettings(context.db);
  const change: Record<string, string | null> = { version: value.version };
  for (const field of formFields(isDelivery)) change[field] = value[field] ?? null;
  if (value.appointment) {
    const at = DateTime.fromISO(value.appointment, { zone: settings.businessTimeZone });
    change.appointment = at.isValid ? at.toUTC().toISO() : value.appointment;
  }
  return changeOrderDetails(context.db, staffScope(user, context), orderId, change, new Date());
}
