import { isEmailAddress } from "#app/domain/input-rules";
import { sql } from "kysely";
import { z } from "zod";
import type { Db, Order } from "#app/db/schema";
import { requiredFields } from "#app/domain/checkout";
import {
  changedDetails,
  deletionRefusal,
  EDITABLE_FIELDS,
  isEditable,
  type EditableField,
  type OrderDetails,
} from "#app/domain/order-changes";
import { hoursFor } from "#app/domain/opening-hours";
import { orderTypeOf } from "#app/domain/order-type";
import { checkPhone, phoneCountryOf } from "#app/domain/phone";
import { checkAppointment, planAppointments } from "#app/domain/slots";
import { cleanLine, cleanText } from "#app/domain/values";
import { deCheckout } from "#app/i18n/de-checkout";
import { de } from "#app/i18n/de-staff";
import type { FieldError } from "#app/features/checkout/checkout.server";
import { referenceBranches, referenceSettings } from "#app/features/shared/reference-data.server";
import { toOpeningRule } from "#app/features/storefront/opening.server";
import { auditOrder, staffState, type StaffScope } from "./staff-orders.server";

/**
 * Staff change an order's contact data, appointment and comment (`PUT /api/orders/{id}` and the
 * edit page), and delete what never became a real order (`DELETE /api/orders/{id}`), decision 033.
 *
 * Both run under the order's row lock and are audited with the values before and after. A change
 * names the `version` it was based on (the row's `xmin`, which every update of the order moves):
 * when someone else saved in between, the change is refused with 409 instead of overwriting theirs.
 */
const texts = de.orderChanges;

/** The version a client must send back: changes with every update of the order's row. */
export async function orderVersion(db: Db, orderId: number): Promise<string | null> {
  const row = await db
    .selectFrom("orders")
    .select(sql<string>`xmin::text`.as("version"))
    .where("id", "=", orderId)
    .executeTakeFirst();
  return row?.version ?? null;
}

const line = (max: number) =>
  z
    .string({ error: texts.invalidValue })
    .transform(cleanLine)
    .pipe(z.string().max(max, deCheckout.tooLong(max)))
    .nullable()
    .optional();

/** The fields of a change; absent ones stay, `null` or "" empties an optional one. */
export const orderChangeSchema = z.object({
  version: z
    .union([z.string().max(20), z.number()], { error: texts.versionRequired })
    .transform(String)
    .pipe(z.string().regex(/^\d{1,20}$/, texts.versionRequired)),
  name: line(120),
  company: line(120),
  phone: line(40),
  email: line(254),
  street: line(200),
  city: line(120),
  floor: line(20),
  stairway: line(20),
  door: line(20),
  appointment: z
    .string({ error: deCheckout.invalidAppointment })
    .max(40, deCheckout.invalidAppointment)
    .nullable()
    .optional(),
  comment: z
    .string({ error: texts.invalidValue })
    .transform(cleanText)
    .pipe(z.string().max(2000, deCheckout.tooLong(2000)))
    .nullable()
    .optional(),
});

export type OrderChangeInput = z.input<typeof orderChangeSchema>;

export type OrderChangeOutcome =
  | { ok: true; order: Order; version: string; isNoop: boolean }
  | { ok: false; status: 400; errors: FieldError[] }
  | { ok: false; status: 404 | 409; message: string };

/** Zod's issues as the API's `{ message, field }` (the first per field). */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || undefined;
    if (field && seen.has(field)) continue;
    if (field) seen.add(field);
    errors.push(field ? { message: issue.message, field } : { message: issue.message });
  }
  return errors;
}

function detailsOf(order: Order): OrderDetails {
  return {
    name: order.name,
    company: order.company,
    phone: order.phone,
    email: order.email,
    street: order.street,
    city: order.city,
    floor: order.floor,
    stairway: order.stairway,
    door: order.door,
    appointment: order.appointment ? new Date(order.appointment).toISOString() : null,
    comment: order.comment,
  };
}

const ADDRESS_FIELDS: readonly EditableField[] = ["street", "city", "floor", "stairway", "door"];

/**
 * The checkout's rules for the fields that change (spec section 5): name required, e-mail and
 * phone as the branch requires them for the order's mode, a valid phone number, the address for
 * deliveries, and a new appointment within the opening (delivery) hours. Fields left as they were
 * are not checked again: a past appointment may stay.
 */
async function checkDetails(
  db: Db,
  order: Order,
  next: OrderDetails,
  changed: Partial<OrderDetails>,
  now: Date,
): Promise<{ errors: FieldError[]; details: OrderDetails }> {
  const errors: FieldError[] = [];
  const add = (message: string, field: string) => errors.push({ message, field });
  const [branches, settings] = await Promise.all([referenceBranches(db), referenceSettings(db)]);
  const branch = branches.find((candidate) => candidate.id === order.branchId);
  const orderType = orderTypeOf(order);
  const required = branch ? requiredFields(branch, orderType) : null;
  const details = { ...next };

  if ("name" in changed && !next.name) add(deCheckout.nameRequired, "name");
  if ("email" in changed) {
    if (next.email && !isEmailAddress(next.email)) add(deCheckout.emailInvalid, "email");
    else if (!next.email && required?.email) add(deCheckout.emailRequired, "email");
  }
  if ("phone" in changed) {
    if (next.phone) {
      const check = checkPhone(next.phone, phoneCountryOf(settings.businessTimeZone));
      if (!check.isValid) add(check.message, "phone");
      else details.phone = check.phone;
    } else if (required?.phone) add(deCheckout.phoneRequired, "phone");
  }
  for (const field of ADDRESS_FIELDS) {
    if (field in changed && next[field] && orderType !== "delivery") {
      add(texts.addressOnlyForDelivery, field);
    }
  }
  if (orderType === "delivery" && required?.address) {
    if ("street" in changed && !next.street) add(deCheckout.streetRequired, "street");
    if ("city" in changed && !next.city) add(deCheckout.cityRequired, "city");
  }
  if ("appointment" in changed) {
    const at = next.appointment ? new Date(next.appointment) : null;
    if (at && Number.isNaN(at.getTime())) {
      add(deCheckout.invalidAppointment, "appointment");
    } else if (branch) {
      const zone = settings.businessTimeZone;
      const rules = hoursFor(
        {
          openingHours: branch.openingHours.map(toOpeningRule),
          deliveryHours: branch.deliveryHours.map(toOpeningRule),
          isDeliveryHoursEnabled: branch.isDeliveryHoursEnabled,
        },
        orderType,
      );
      const check = checkAppointment(
        planAppointments({ rules, now, zone }),
        at?.toISOString() ?? null,
        { isRequired: required?.appointment ?? false },
        zone,
      );
      if (!check.isValid) add(check.message, "appointment");
      details.appointment = at?.toISOString() ?? null;
    }
  }
  return { errors, details };
}

const lockOrder = (trx: Db, orderId: number) =>
  trx
    .selectFrom("orders")
    .selectAll()
    .select(sql<string>`xmin::text`.as("version"))
    .where("id", "=", orderId)
    .forUpdate()
    .executeTakeFirst();

function inScope(scope: StaffScope, order: { branchId: number }): boolean {
  return scope.branchIds === null || scope.branchIds.includes(order.branchId);
}

/** Applies a change of contact data, appointment or comment; see the module comment. */
export async function changeOrderDetails(
  db: Db,
  scope: StaffScope,
  orderId: number,
  input: unknown,
  now: Date,
): Promise<OrderChangeOutcome> {
  const parsed = orderChangeSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const { version, ...fields } = parsed.data;
  const wanted: Partial<OrderDetails> = {};
  for (const field of EDITABLE_FIELDS) {
    const value = fields[field];
    if (value !== undefined) wanted[field] = value === null || value === "" ? null : value;
  }
  return db.transaction().execute(async (trx): Promise<OrderChangeOutcome> => {
    const locked = await lockOrder(trx, orderId);
    if (!locked || !inScope(scope, locked)) {
      return { ok: false, status: 404, message: de.staffOrders.errors.notFound };
    }
    const { version: current, ...order } = locked;
    if (current !== version) {
      await auditOrder(trx, scope, order.id, "update", { refused: texts.stale, version });
      return { ok: false, status: 409, message: texts.stale };
    }
    if (!isEditable(staffState(order))) return { ok: false, status: 409, message: texts.closed };
    const before = detailsOf(order);
    const changed = changedDetails(before, wanted).after;
    if (Object.keys(changed).length === 0) {
      return { ok: true, order, version: current, isNoop: true };
    }
    const checked = await checkDetails(trx, order, { ...before, ...changed }, changed, now);
    if (checked.errors.length > 0) return { ok: false, status: 400, errors: checked.errors };
    const diff = changedDetails(before, pickChanged(checked.details, changed));
    if (Object.keys(diff.after).length === 0) {
      return { ok: true, order, version: current, isNoop: true };
    }
    const { name, appointment, ...rest } = diff.after;
    const updated = await trx
      .updateTable("orders")
      .set({
        ...rest,
        ...(name ? { name } : {}),
        ...(appointment !== undefined
          ? { appointment: appointment ? new Date(appointment) : null }
          : {}),
      })
      .where("id", "=", order.id)
      .returningAll()
      .returning(sql<string>`xmin::text`.as("version"))
      .executeTakeFirstOrThrow();
    await auditOrder(trx, scope, order.id, "update", diff);
    const { version: next, ...stored } = updated;
    return { ok: true, order: stored, version: next, isNoop: false };
  });
}

function pickChanged(details: OrderDetails, changed: Partial<OrderDetails>): Partial<OrderDetails> {
  const picked: Partial<OrderDetails> = {};
  for (const field of EDITABLE_FIELDS) if (field in changed) picked[field] = details[field];
  return picked;
}

export type OrderDeleteOutcome =
  { ok: true; order: Order } | { ok: false; status: 404 | 409; message: string };

/**
 * Deletes an order that never became a real one (see `deletionRefusal`), with its items, taxes
 * and uploads' links (they go with it by their foreign keys). The audit entry keeps what it was.
 */
export async function deleteOrder(
  db: Db,
  scope: StaffScope,
  orderId: number,
  now: Date,
): Promise<OrderDeleteOutcome> {
  return db.transaction().execute(async (trx): Promise<OrderDeleteOutcome> => {
    const locked = await lockOrder(trx, orderId);
    if (!locked || !inScope(scope, locked)) {
      return { ok: false, status: 404, message: de.staffOrders.errors.notFound };
    }
    const { version: _version, ...order } = locked;
    const refusal = deletionRefusal(
      { ...staffState(order), isRefunded: order.isRefunded, createdAt: new Date(order.createdAt) },
      now,
    );
    if (refusal) {
      const message = texts.deleteRefused[refusal];
      await auditOrder(trx, scope, order.id, "delete", { refused: message });
      return { ok: false, status: 409, message };
    }
    await auditOrder(trx, scope, order.id, "delete", {
      before: {
        ticketNumber: order.ticketNumber,
        businessDate: order.businessDate,
        branchId: order.branchId,
        paymentMethod: order.paymentMethod,
        totalGross: order.totalGross,
        isFailed: order.isFailed,
        createdAt: new Date(order.createdAt).toISOString(),
        ...detailsOf(order),
      },
      after: null,
    });
    await trx.deleteFrom("orders").where("id", "=", order.id).execute();
    return { ok: true, order };
  });
}
