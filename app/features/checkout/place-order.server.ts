import {
  announcePrintJobs,
  NEW_ORDER_PRINT_JOBS_CTE,
} from "#app/features/devices/print-jobs.server";
import { NEW_ORDER_PUSHES_CTE } from "#app/features/devices/notifier-pushes.server";
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { PREPARED } from "#app/db/connection.server";
import type { Db } from "#app/db/schema";
import { unitPriceWithOptions } from "#app/domain/cart";
import { isOnlinePayment } from "#app/domain/checkout";
import { dateOf } from "#app/domain/time";
import { de } from "#app/i18n/de";
import { deCheckout } from "#app/i18n/de-checkout";
import type { NewEmail, NewSms } from "#app/features/shared/outbox.server";
import {
  lineTaxRate,
  validateCheckout,
  type CheckoutContext,
  type CheckoutInput,
  type FieldError,
  type OrderDraft,
} from "./checkout.server";
import { labelledLine } from "#app/features/cart/cart-pricing.server";
import { countOrder } from "#app/server/metrics.server";
import { withinCapacity } from "#app/features/capacities/capacities.public";

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
  /** The branch's ticket number of the day, handed out just before the order is stored. */
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

async function findOrderByKey(db: Db, idempotencyKey: string) {
  return db
    .selectFrom("orders")
    .select([...ORDER_COLUMNS, "cartId"])
    .where("idempotencyKey", "=", idempotencyKey)
    .executeTakeFirst();
}

async function cartExists(db: Db, cartId: string): Promise<boolean> {
  const row = await db.selectFrom("carts").select("id").where("id", "=", cartId).executeTakeFirst();
  return row !== undefined;
}

/**
 * The order an earlier submission of this form created, if any. A repeated submission (the cart
 * it ordered is gone, or is the one an online payment keeps) lands on that order. A copy of an
 * old checkout page sent with a new cart (the back button) does not: that cart was never ordered,
 * so the customer is told and keeps it; the page they get back carries a fresh key.
 */
async function earlierSubmission(
  db: Db,
  orderKey: string,
  cart: { id: string } | null,
): Promise<PlaceOrderResult | null> {
  const existing = await findOrderByKey(db, orderKey);
  if (!existing) return null;
  const { cartId, ...order } = existing;
  // A cash order empties its cart (its `cart_id` is then null): a cart that still exists and is
  // not the order's own was never ordered.
  if (cart && cartId !== cart.id && (await cartExists(db, cart.id))) {
    return { ok: false, errors: [{ message: deCheckout.orderKeyReused }] };
  }
  return { ok: true, order, isNew: false };
}

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
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  // Counted here, the one place orders are written (decision 109): placed, refused or failed.
  let result: PlaceOrderResult;
  try {
    result = await storeOrder(db, input);
  } catch (error) {
    countOrder("error");
    throw error;
  }
  if (!result.ok) countOrder("refused");
  else if (result.isNew) countOrder("placed");
  return result;
}

interface PlaceOrderInput {
  context: CheckoutContext;
  form: CheckoutInput;
  now: Date;
  messages?: OrderMessagesFor;
}

async function storeOrder(db: Db, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const { context, form, now } = input;
  const checked = validateCheckout(context, form);
  const { store, lines, totals, orderType, cart } = context;
  if ("errors" in checked || !cart) {
    // A repeated submission finds its cart gone (or changed): it lands on the first one's order.
    const earlier = await earlierSubmission(db, form.orderKey, cart);
    if (earlier) return earlier;
    if ("errors" in checked) return { ok: false, errors: checked.errors };
    return { ok: false, errors: [{ message: deCheckout.emptyCart }] };
  }
  const { draft } = checked;

  const online = isOnlinePayment(draft.paymentMethod);
  const businessDate = dateOf(now, store.zone);
  const ticketNumber = await claimTicketNumber(db, cart, store.branch.id, businessDate);
  if (ticketNumber === null) return lateSubmission(db, form.orderKey, cart);
  const reference: OrderReference = {
    uid: randomUUID(),
    hash: randomBytes(18).toString("base64url"),
    ticketNumber,
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

  const uploads = lines.flatMap((line, position) =>
    line.parts.flatMap((part, partPosition) =>
      (part.uploadIds ?? []).map((uploadId) => ({
        position,
        upload_id: uploadId,
        part_position: partPosition,
      })),
    ),
  );
  const order = {
    uid: reference.uid,
    hash: reference.hash,
    branch_id: store.branch.id,
    business_date: businessDate,
    table_id: draft.table?.id ?? null,
    table_identifier: draft.table?.name ?? null,
    is_delivery: orderType === "delivery",
    is_dine_in: orderType === "dine-in",
    is_preorder: context.kind === "preorder",
    is_quotation: context.kind === "quotation",
    name: draft.name,
    firstName: draft.firstName,
    lastName: draft.lastName,
    company: draft.company,
    street: draft.street,
    city: draft.city,
    delivery_area_id: context.area?.id ?? null,
    delivery_area_name: context.area?.name ?? null,
    floor: draft.floor,
    stairway: draft.stairway,
    door: draft.door,
    phone: draft.phone,
    email: draft.email,
    appointment: draft.appointment?.toISOString() ?? null,
    comment: draft.comment,
    payment_method: draft.paymentMethod,
    idempotency_key: form.orderKey,
    cart_id: online ? cart.id : null,
    donatee_id: draft.donatee?.id ?? null,
    donation_amount: draft.donatee ? DONATION_CENTS : 0,
    net: totals.net,
    tax: totals.tax,
    gross: totals.gross,
    delivery_net: totals.deliveryNet,
    delivery_tax: totals.deliveryTax,
    delivery_gross: totals.deliveryGross,
    total_net: totals.totalNet,
    total_tax: totals.totalTax,
    total_gross: totals.totalGross,
    // The same instant the messages name as the order time.
    created_at: now.toISOString(),
  };
  const items = lines.map((line, position) => ({
    position,
    product_id: line.product.id,
    name: line.product.name,
    description: line.product.description,
    amount: line.row.amount,
    unit: line.row.unit,
    // Per the product's own unit, options included: what the menu shows.
    unit_price: unitPriceWithOptions(line.product.price, line.priced.options),
    gross: line.gross,
    tax_rate: lineTaxRate(line, orderType),
    // The model of the unit it was ordered in, as the cart labelled it (decision 044).
    calculation_model: labelledLine(line.product, line.row.unit).model,
    is_price_hidden: line.product.isPriceHidden,
    parts: line.parts,
  }));
  const taxes = Object.entries(totals.totalTaxes).map(([rate, amounts]) => ({
    tax_rate: Number(rate),
    net: amounts.net,
    tax: amounts.tax,
    gross: amounts.gross,
  }));
  const messageRows = outbox.map((message) => ({ kind: message.kind, payload: message.fields }));

  try {
    // One statement, so one round trip and atomic without a transaction around it: the cart is
    // locked (a second submission of it queues here and then finds it gone or changed, and
    // inserts nothing), and the order, its items, uploads, taxes and mails are stored; the cart
    // goes with the order unless an online payment keeps it until the money arrived. The rows
    // travel as JSON and are read back into the tables' own row types, so the text never changes.
    const insert = (handle: Db) =>
      sql<PlacedOrder>`${sql.raw(PREPARED)}
      with locked as (
        select id from carts
        where id = ${cart.id} and branch_id = ${store.branch.id} and version = ${cart.version}
        for update
      ),
      new_order as (
        insert into orders (
          uid, hash, branch_id, business_date, ticket_number, table_id, table_identifier,
          is_delivery, is_dine_in, is_preorder, is_quotation, name, company, street, city,
          delivery_area_id, delivery_area_name, floor, stairway, door, phone, email, appointment,
          comment, payment_method, idempotency_key, cart_id, donatee_id, donation_amount,
          net, tax, gross, delivery_net, delivery_tax, delivery_gross,
          total_net, total_tax, total_gross, created_at
        )
        select
          o.uid, o.hash, o.branch_id, o.business_date, ${ticketNumber}::integer, o.table_id,
          o.table_identifier, o.is_delivery, o.is_dine_in, o.is_preorder, o.is_quotation, o.name,
          o.company, o.street, o.city, o.delivery_area_id, o.delivery_area_name, o.floor,
          o.stairway, o.door, o.phone, o.email, o.appointment, o.comment, o.payment_method,
          o.idempotency_key, o.cart_id, o.donatee_id, o.donation_amount, o.net, o.tax, o.gross,
          o.delivery_net, o.delivery_tax, o.delivery_gross, o.total_net, o.total_tax,
          o.total_gross, o.created_at
        from locked, jsonb_populate_record(null::orders, ${JSON.stringify(order)}::jsonb) as o
        returning id, uid, hash, ticket_number, payment_method, total_gross,
          payment_redirect_url, is_paid, is_failed, branch_id, is_delivery, is_dine_in
      ),
      -- The kitchen's tickets, in the same statement as the order (decision 056).
      ${NEW_ORDER_PRINT_JOBS_CTE},
      -- The kitchen notifiers' pushes, likewise (decision 057).
      ${NEW_ORDER_PUSHES_CTE},
      items as (
        insert into order_items (
          order_id, position, product_id, name, description, amount, unit, unit_price, gross,
          tax_rate, calculation_model, is_price_hidden, parts
        )
        select new_order.id, i.position, i.product_id, i.name, i.description, i.amount, i.unit,
          i.unit_price, i.gross, i.tax_rate, i.calculation_model, i.is_price_hidden, i.parts
        from new_order,
          jsonb_populate_recordset(null::order_items, ${JSON.stringify(items)}::jsonb) as i
        returning id, position
      ),
      uploads as (
        insert into order_item_uploads (order_item_id, upload_id, part_position)
        select items.id, u.upload_id, u.part_position
        from jsonb_to_recordset(${JSON.stringify(uploads)}::jsonb)
          as u(position integer, upload_id integer, part_position integer)
        join items on items.position = u.position
      ),
      taxes as (
        insert into order_taxes (order_id, tax_rate, net, tax, gross)
        select new_order.id, t.tax_rate, t.net, t.tax, t.gross
        from new_order,
          jsonb_populate_recordset(null::order_taxes, ${JSON.stringify(taxes)}::jsonb) as t
      ),
      removed_cart as (
        delete from carts
        where ${!online}::boolean and id in (select locked.id from locked, new_order)
      ),
      messages as (
        insert into outbox (kind, payload)
        select m.kind, m.payload
        from new_order,
          jsonb_to_recordset(${JSON.stringify(messageRows)}::jsonb) as m(kind text, payload jsonb)
      )
      select id, uid, hash, ticket_number as "ticketNumber", payment_method as "paymentMethod",
        total_gross as "totalGross", payment_redirect_url as "paymentRedirectUrl",
        is_paid as "isPaid", is_failed as "isFailed"
      from new_order
    `.execute(handle);
    // The branch's capacities (decision 113): checked and written under one lock, or refused.
    const written = await withinCapacity(
      db,
      {
        branchId: store.branch.id,
        lines: lines.map((line) => ({
          productId: line.product.id,
          amount: Number(line.row.amount),
          name: line.product.name,
        })),
        due: draft.appointment ?? now,
        zone: store.zone,
      },
      insert,
    );
    if (!written.ok) return { ok: false, errors: written.errors };
    const placed = written.value.rows[0];
    if (!placed) return lateSubmission(db, form.orderKey, cart);
    // The statement has committed its tickets unless a caller's transaction holds them.
    if (!db.isTransaction) announcePrintJobs();
    return { ok: true, order: placed, isNew: true };
  } catch (error) {
    // A parallel submission with the same key won the race for the unique key.
    if (isUniqueViolation(error)) {
      const winner = await earlierSubmission(db, form.orderKey, cart);
      if (winner) return winner;
    }
    throw error;
  }
}

/**
 * The cart was gone or changed when its order was to be stored: a repeated submission lands on
 * the order the first one created; otherwise the customer sees the cart has changed.
 */
async function lateSubmission(
  db: Db,
  orderKey: string,
  cart: { id: string },
): Promise<PlaceOrderResult> {
  const first = await earlierSubmission(db, orderKey, cart);
  return first ?? { ok: false, errors: [{ message: de.cartPanel.updated }] };
}

/**
 * The branch's next ticket number of the business day, or null when the cart is no longer there
 * as it was priced (a repeated submission whose first one already took it).
 *
 * Every order of a branch passes the one counter row, so its lock must not be held for the
 * order's own statement and its commit's flush to disk (that would allow only as many orders per
 * second as the disk flushes). The number is taken in a statement of its own whose commit does
 * not wait for the flush (`synchronous_commit` off for this transaction only): the order that
 * uses the number commits with a flush, and the log is written in order, so a stored order's
 * number is always stored too and never handed out again, even after a crash. A number whose
 * order then fails stays unused: numbers can skip, never repeat (docs/decisions/024).
 */
async function claimTicketNumber(
  db: Db,
  cart: { id: string; version: number },
  branchId: number,
  businessDate: string,
): Promise<number | null> {
  // Inside a caller's transaction the setting would cover all of it: then the flush is kept.
  const commitMode = db.isTransaction ? "on" : "off";
  const result = await sql<{ ticketNumber: number }>`${sql.raw(PREPARED)}
    with quick_commit as (select set_config('synchronous_commit', ${commitMode}, true)),
    unchanged_cart as (
      select 1 from carts where id = ${cart.id} and branch_id = ${branchId} and version = ${cart.version}
    ),
    ticket as (
      insert into ticket_counters (branch_id, business_date, last_number)
      select ${branchId}, ${businessDate}::date, 1 from unchanged_cart
      on conflict (branch_id, business_date)
        do update set last_number = ticket_counters.last_number + 1
      returning last_number
    )
    select last_number as "ticketNumber" from ticket, quick_commit
  `.execute(db);
  return result.rows[0]?.ticketNumber ?? null;
}
