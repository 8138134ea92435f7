import { randomBytes } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import type { CatalogueProduct } from "#app/db/queries/catalogue";
import { insertCartItem } from "#app/db/queries/carts";
import type { Db } from "#app/db/schema";
import { isOnlinePayment, type PaymentMethod } from "#app/domain/checkout";
import type { OrderType } from "#app/domain/order-type";
import { parseId } from "#app/domain/values";
import { de as deShop } from "#app/i18n/de";
import { deCheckout } from "#app/i18n/de-checkout";
import { de } from "#app/i18n/de-staff";
import { offeredDeliveryTypes } from "#app/features/cart/cart.server";
import {
  checkoutSchema,
  loadCheckout,
  type FieldError,
} from "#app/features/checkout/checkout.server";
import { readyProviders, startPayment } from "#app/features/checkout/payment.server";
import { placeOrder } from "#app/features/checkout/place-order.server";
import { referenceBranches } from "#app/features/shared/reference-data.server";
import { parseItemForm, type ItemInput } from "#app/features/cart/item-form.server";
import { loadStorefront } from "#app/features/storefront/storefront.server";
import { checkoutMessages } from "./order-mails.server";
import { fieldErrors } from "./order-changes.server";
import { ORDER_ITEM_KEYS, orderItemSchema } from "./order-item-schema.server";
import type { BodyKeys } from "#app/server/unknown-keys";
import { auditOrder, findStaffOrder, type StaffScope } from "./staff-orders.server";
import { requireBranch, type StaffUser } from "#app/features/staff/staff-auth.server";

/**
 * `POST /api/orders`: staff enter an order for a customer (spec section 7) through the order
 * service of every order, the same way as the phone order of decision 019: the items go into a
 * fresh cart of the branch, the storefront's checkout rules check the whole order against today's
 * catalogue, prices and hours, and `placeOrder` stores it. Only the JSON shape is this module's.
 *
 * Body (spec section 3, "Order form" plus isDelivery, isDineIn, items and branch):
 * `{ "branch": 1, "isDelivery": false, "isDineIn": false, "items": [{ "product": 5,
 * "amount": 2, "unit": "piece", "parts": [{ "partId": 7, "options": [{ "optionId": 3 }] }] }],
 * "name": "…", "phone": "+49…", "email": "…", "appointmentDate": "2026-12-01T09:00:00Z",
 * "comment": "…", "paymentMethod": "cash", "legalInstructions": true, "privacyPolicy": true }`;
 * optional `company`, `street`, `city`, `deliveryArea`, `floor`, `stairway`, `door`, `table`,
 * `donatee` and `orderKey` (a repeated request with the same key answers the first order).
 */
const texts = de.orderChanges;

/** An id, or an object with one (`{ "id": 5 }`), as the spec's payloads name references. */
const reference = z.preprocess(
  (value) =>
    value && typeof value === "object" && !Array.isArray(value) && "id" in value
      ? (value as { id: unknown }).id
      : value,
  z.union([z.number(), z.string().max(12)], { error: texts.invalidValue }).transform((v, ctx) => {
    const id = parseId(v);
    if (id === null) {
      ctx.addIssue({ code: "custom", message: deShop.values.invalidId });
      return z.NEVER;
    }
    return id;
  }),
);

const itemSchema = z.object({ product: reference, ...orderItemSchema.shape });

const text = z
  .string({ error: texts.invalidValue })
  // A bound only: the checkout's own schema names each field's limit below.
  .max(20_000, texts.invalidValue)
  .nullable()
  .optional();
const flag = z.boolean({ error: texts.invalidValue }).optional();

export const staffOrderSchema = z.object({
  branch: reference,
  isDelivery: flag,
  isDineIn: flag,
  deliveryArea: reference.nullable().optional(),
  items: z.array(itemSchema, { error: texts.itemsRequired }).min(1, texts.itemsRequired).max(100),
  name: text,
  company: text,
  street: text,
  city: text,
  floor: text,
  stairway: text,
  door: text,
  phone: text,
  email: text,
  appointmentDate: text,
  appointment: text,
  comment: text,
  paymentMethod: text,
  table: reference.nullable().optional(),
  donatee: reference.nullable().optional(),
  legalInstructions: flag,
  privacyPolicy: flag,
  orderKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, texts.invalidValue)
    .optional(),
});

type StaffOrderBody = z.infer<typeof staffOrderSchema>;

/** The keys of `POST /api/orders` (decision 104), its items' and their parts' too. */
export const STAFF_ORDER_KEYS: BodyKeys = {
  takes: Object.keys(staffOrderSchema.shape).filter((key) => key !== "items"),
  rows: { items: { ...ORDER_ITEM_KEYS, takes: ["product", ...ORDER_ITEM_KEYS.takes] } },
};

export type StaffOrderOutcome =
  | { ok: true; orderId: number; isNew: boolean; paymentRedirectUrl: string | null }
  | { ok: false; status: 400; errors: FieldError[] };

/** The checkout form's field names as the API's body names them. */
const API_FIELDS: Record<string, string> = {
  tableId: "table",
  donateeId: "donatee",
  acceptTerms: "legalInstructions",
  acceptPrivacy: "privacyPolicy",
  appointment: "appointmentDate",
};

const apiFields = (errors: FieldError[]): FieldError[] =>
  errors.map((error) =>
    error.field ? { ...error, field: API_FIELDS[error.field] ?? error.field } : error,
  );

const bad = (errors: FieldError[]): StaffOrderOutcome => ({ ok: false, status: 400, errors });

function orderTypeOf(body: StaffOrderBody): OrderType | null {
  if (body.isDelivery && body.isDineIn) return null;
  return body.isDelivery ? "delivery" : body.isDineIn ? "dine-in" : "takeaway";
}

/** One item as the item dialog's form would post it, checked by the storefront's own rules. */
async function checkItem(product: CatalogueProduct, item: StaffOrderBody["items"][number]) {
  const form = new FormData();
  form.set("amount", typeof item.amount === "number" ? String(item.amount) : item.amount);
  form.set("unit", item.unit ?? product.unit);
  for (const part of item.parts ?? []) {
    if (part.value !== undefined && part.value !== null)
      form.append(`part-${part.partId}`, part.value);
    for (const id of [...(part.options ?? []).map((o) => o.optionId), ...(part.optionIds ?? [])]) {
      form.append(`part-${part.partId}`, String(id));
    }
  }
  return parseItemForm(product, form, []);
}

/** Enters the order; the caller has checked that the body is JSON and the user is staff. */
export async function enterStaffOrder(
  context: AppLoadContext,
  user: StaffUser,
  scope: StaffScope,
  input: unknown,
  now: Date,
): Promise<StaffOrderOutcome> {
  const parsed = staffOrderSchema.safeParse(input);
  if (!parsed.success) return bad(fieldErrors(parsed.error));
  const body = parsed.data;
  // Another branch is not this person's: 403, before anything about it is revealed.
  requireBranch(user, body.branch);
  const db = context.db;
  if (body.orderKey) {
    const earlier = await db
      .selectFrom("orders")
      .select(["id", "branchId", "paymentRedirectUrl"])
      .where("idempotencyKey", "=", body.orderKey)
      .executeTakeFirst();
    if (earlier && (scope.branchIds === null || scope.branchIds.includes(earlier.branchId))) {
      return {
        ok: true,
        orderId: earlier.id,
        isNew: false,
        paymentRedirectUrl: earlier.paymentRedirectUrl,
      };
    }
  }
  const branch = (await referenceBranches(db)).find((candidate) => candidate.id === body.branch);
  if (!branch || !branch.isPublic) return bad([{ message: texts.branchRequired, field: "branch" }]);
  const orderType = orderTypeOf(body);
  if (!orderType || !offeredDeliveryTypes(branch).includes(orderType)) {
    return bad([{ message: deCheckout.orderTypeUnavailable, field: "isDelivery" }]);
  }
  const area =
    orderType === "delivery"
      ? branch.deliveryAreas.find((candidate) => candidate.id === body.deliveryArea)
      : undefined;
  if (orderType === "delivery" && !area) {
    return bad([{ message: deCheckout.areaRequired, field: "deliveryArea" }]);
  }

  const store = await loadStorefront(db, branch.identifier, now);
  if (!store) return bad([{ message: texts.branchRequired, field: "branch" }]);
  const str = (value: string | null | undefined) => value ?? "";
  const form = checkoutSchema.safeParse({
    orderKey: body.orderKey ?? randomBytes(18).toString("base64url"),
    name: str(body.name),
    company: str(body.company),
    email: str(body.email),
    phone: str(body.phone),
    street: str(body.street),
    city: str(body.city),
    floor: str(body.floor),
    stairway: str(body.stairway),
    door: str(body.door),
    tableId: body.table ? String(body.table) : "",
    appointment: str(body.appointmentDate ?? body.appointment),
    comment: str(body.comment),
    donateeId: body.donatee ? String(body.donatee) : "",
    paymentMethod: str(body.paymentMethod),
    acceptTerms: body.legalInstructions ? "on" : "",
    acceptPrivacy: body.privacyPolicy ? "on" : "",
  });
  if (!form.success) return bad(apiFields(fieldErrors(form.error)));
  const errors: FieldError[] = [];
  const items: { product: CatalogueProduct; checked: ItemInput }[] = [];
  for (const [index, item] of body.items.entries()) {
    const product = store.catalogue.orderable.get(item.product);
    if (!product) {
      errors.push({ message: texts.unknownProduct, field: `items.${index}.product` });
      continue;
    }
    const checked = await checkItem(product, item);
    if (!checked.ok) {
      for (const [field, message] of Object.entries(checked.fieldErrors)) {
        errors.push({ message, field: `items.${index}.${field.replace(/^part-/, "parts.")}` });
      }
      continue;
    }
    items.push({ product, checked: checked.value });
  }
  if (errors.length > 0) return bad(errors);

  // The items go into a fresh cart of the branch, as a phone order's would.
  const cart = await db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto("carts")
      .values({
        branchId: branch.id,
        isDelivery: orderType === "delivery",
        isDineIn: orderType === "dine-in",
        deliveryAreaId: area?.id ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    for (const { product, checked } of items) {
      await insertCartItem(trx, {
        cartId: created.id,
        productId: product.id,
        amount: checked.amount,
        unit: checked.unit,
        parts: JSON.stringify(checked.parts),
        productName: product.name,
        productDescription: product.description,
        productPrice: product.price,
      });
    }
    return created;
  });
  const checkout = await loadCheckout(db, {
    identifier: branch.identifier,
    cartId: cart.id,
    now,
    providersReady: readyProviders(context),
  });
  if (!checkout) return bad([{ message: texts.branchRequired, field: "branch" }]);
  const placed = await placeOrder(db, {
    context: checkout,
    form: form.data,
    now,
    messages: (order, draft) => checkoutMessages(checkout, draft, order, context.config, now),
  });
  if (!placed.ok) {
    await db.deleteFrom("carts").where("id", "=", cart.id).execute();
    return bad(apiFields(placed.errors));
  }
  const { order } = placed;
  if (placed.isNew) await auditOrder(db, scope, order.id, "create", { api: true });
  let paymentRedirectUrl = order.paymentRedirectUrl;
  if (isOnlinePayment(order.paymentMethod as PaymentMethod) && !order.isPaid) {
    paymentRedirectUrl = await startPayment(context, { order, checkout });
  }
  return { ok: true, orderId: order.id, isNew: placed.isNew, paymentRedirectUrl };
}

/** The stored order for the answer (the caller's scope applies). */
export async function enteredOrder(db: Db, scope: StaffScope, orderId: number) {
  return findStaffOrder(db, scope, orderId);
}
