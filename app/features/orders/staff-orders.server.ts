import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { DateTime } from "luxon";
import { insertAuditEntry } from "#app/db/queries/audit-log";
import type { Database, Db, Order, PaymentMethod } from "#app/db/schema";
import { isOnlinePayment, ONLINE_PAYMENT_METHODS } from "#app/domain/checkout";
import { orderStatusFlags, type OrderStatusFlags } from "#app/domain/order-status";
import {
  applyStaffAction,
  MISSED_AFTER_MINUTES,
  offeredStaffActions,
  type SortKey,
  type StatusFilter,
  type StaffActionInput,
  type StaffOrderState,
} from "#app/domain/staff-order";
import { de } from "#app/i18n/de-staff";
import { parseId } from "#app/domain/values";

export {
  SORT_KEYS,
  STATUS_FILTERS,
  type SortKey,
  type StatusFilter,
} from "#app/domain/staff-order";

/**
 * The back office's orders: the board's lists (current, missed, history with filters), and the
 * status actions with their audit trail. Every call takes the staff member's scope: the branches
 * they may see (null: all, for administrators). An order outside the scope is "not found", so
 * nobody learns which ids exist elsewhere.
 */
export interface StaffScope {
  /** Null for the shop itself (an order confirmed automatically once printed, decision 063). */
  userId: number | null;
  /** The branch ids this person works for; null for every branch. */
  branchIds: readonly number[] | null;
  /** The client's address, for the audit log. */
  ip: string | null;
}

export type OrderListView = "current" | "missed" | "history";

export interface OrderListQuery {
  view: OrderListView;
  branchId?: number | null;
  /** Business dates, 'YYYY-MM-DD', inclusive. */
  from?: string | null;
  to?: string | null;
  status?: StatusFilter | null;
  paymentMethod?: PaymentMethod | null;
  /** Name, phone or ticket number. */
  search?: string | null;
  sort?: SortKey;
  direction?: "asc" | "desc";
  page?: number;
}

/** The history pages by 50; the open lists show up to 500 at once (a busy Christmas Eve). */
export const PAGE_SIZE = 50;
export const BOARD_PAGE_SIZE = 500;

const LIST_COLUMNS = [
  "orders.id",
  "orders.uid",
  "orders.hash",
  "orders.branchId",
  "orders.businessDate",
  "orders.ticketNumber",
  "orders.name",
  "orders.phone",
  "orders.isDelivery",
  "orders.isDineIn",
  "orders.tableIdentifier",
  "orders.appointment",
  "orders.counterAppointment",
  "orders.createdAt",
  "orders.updatedAt",
  "orders.totalGross",
  "orders.paymentMethod",
  "orders.isPreorder",
  "orders.isQuotation",
  "orders.isConfirmed",
  "orders.isInDelivery",
  "orders.isDelivered",
  "orders.isCompleted",
  "orders.isRejected",
  "orders.isCanceled",
  "orders.isFailed",
  "orders.isPaid",
  "orders.isRefunded",
  "orders.rejectionMessage",
  "orders.comment",
] as const;

const ONLINE_METHODS = [...ONLINE_PAYMENT_METHODS];

/** The order's flags as the state machine reads them. */
export function staffState(
  order: OrderStatusFlags &
    Pick<Order, "isDelivery" | "paymentMethod" | "counterAppointment" | "rejectionMessage">,
): StaffOrderState {
  return {
    isDelivery: order.isDelivery,
    ...orderStatusFlags(order),
    isOnlinePayment: isOnlinePayment(order.paymentMethod),
    counterAppointment: order.counterAppointment ? new Date(order.counterAppointment) : null,
    rejectionMessage: order.rejectionMessage,
  };
}

/**
 * The status actions an order allows now, as the board and the order's page offer them; the
 * counter views offer their share of them (decision 079).
 */
export function offeredOrderActions(order: Parameters<typeof staffState>[0], now: Date) {
  return offeredStaffActions(staffState(order), now);
}

/** Start of the business day `now` falls in. */
function startOfDay(now: Date, zone: string): Date {
  return DateTime.fromJSDate(now, { zone }).startOf("day").toJSDate();
}

/**
 * One page of orders for a list, newest or soonest first, with the total count for the pager.
 * 'current': open orders due today or later; 'missed': open orders due more than
 * MISSED_AFTER_MINUTES ago; 'history': everything, filtered (decision 018).
 */
export async function listStaffOrders(
  db: Db,
  scope: StaffScope,
  query: OrderListQuery,
  { now, zone }: { now: Date; zone: string },
) {
  let base = db.selectFrom("orders").innerJoin("branches", "branches.id", "orders.branchId");
  if (scope.branchIds) {
    if (scope.branchIds.length === 0) return { rows: [], total: 0, page: 1, pageCount: 1 };
    base = base.where("orders.branchId", "in", [...scope.branchIds]);
  }
  if (query.branchId) base = base.where("orders.branchId", "=", query.branchId);

  const due = sql<Date>`coalesce(orders.appointment, orders.created_at)`;
  const open = (eb: ExpressionBuilder<Database, "orders" | "branches">): Expression<SqlBool> =>
    eb.and([
      eb("orders.isCompleted", "=", false),
      eb("orders.isRejected", "=", false),
      eb("orders.isCanceled", "=", false),
      eb("orders.isFailed", "=", false),
      eb.or([eb("orders.isPaid", "=", true), eb("orders.paymentMethod", "not in", ONLINE_METHODS)]),
    ]);
  if (query.view === "current") {
    base = base.where(open).where(due, ">=", startOfDay(now, zone));
  } else if (query.view === "missed") {
    base = base
      .where(open)
      .where(due, "<", new Date(now.getTime() - MISSED_AFTER_MINUTES * 60_000));
  } else {
    if (query.from) base = base.where("orders.businessDate", ">=", query.from);
    if (query.to) base = base.where("orders.businessDate", "<=", query.to);
    if (query.paymentMethod) base = base.where("orders.paymentMethod", "=", query.paymentMethod);
    if (query.status) base = base.where(statusCondition(query.status));
  }
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const ticket = /^\d{1,9}$/.test(search) ? Number(search) : null;
    base = base.where((eb) =>
      eb.or([
        eb("orders.name", "ilike", pattern),
        eb("orders.phone", "ilike", pattern),
        ...(ticket === null ? [] : [eb("orders.ticketNumber", "=", ticket)]),
      ]),
    );
  }

  const sort = query.sort ?? (query.view === "history" ? "created" : "due");
  const direction = query.direction ?? (query.view === "history" ? "desc" : "asc");
  const sortColumn = {
    created: sql`orders.created_at`,
    due,
    ticket: sql`orders.ticket_number`,
    total: sql`orders.total_gross`,
    name: sql`lower(orders.name)`,
  }[sort];

  const total = Number(
    (await base.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow())
      .total,
  );
  const pageSize = query.view === "history" ? PAGE_SIZE : BOARD_PAGE_SIZE;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(query.page ?? 1)), pageCount);
  const rows = await base
    .select([...LIST_COLUMNS, "branches.name as branchName"])
    .select(
      sql<number>`(select count(*)::int from order_items where order_items.order_id = orders.id)`.as(
        "itemCount",
      ),
    )
    .orderBy(sql`${sortColumn} ${sql.raw(direction === "asc" ? "asc" : "desc")}`)
    .orderBy("orders.id", direction === "asc" ? "asc" : "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows, total, page, pageCount };
}

export type StaffOrderRow = Awaited<ReturnType<typeof listStaffOrders>>["rows"][number];

function statusCondition(status: StatusFilter): Expression<SqlBool> {
  const ref = (column: string) => sql.ref(`orders.${column}`);
  const notClosed = sql<SqlBool>`not (${ref("is_completed")} or ${ref("is_rejected")} or ${ref("is_canceled")} or ${ref("is_failed")})`;
  const online = sql<SqlBool>`${ref("payment_method")} in (${sql.join(ONLINE_METHODS)})`;
  switch (status) {
    case "awaiting-payment":
      return sql<SqlBool>`${online} and not ${ref("is_paid")} and not ${ref("is_failed")}`;
    case "new":
      return sql<SqlBool>`${notClosed} and not ${ref("is_confirmed")} and (not ${online} or ${ref("is_paid")})`;
    case "confirmed":
      return sql<SqlBool>`${notClosed} and ${ref("is_confirmed")} and not ${ref("is_in_delivery")}`;
    case "in-delivery":
      return sql<SqlBool>`${notClosed} and ${ref("is_in_delivery")}`;
    case "completed":
      return sql<SqlBool>`${ref("is_completed")}`;
    case "rejected":
      return sql<SqlBool>`${ref("is_rejected")}`;
    case "canceled":
      return sql<SqlBool>`${ref("is_canceled")} and not ${ref("is_rejected")}`;
    case "failed":
      return sql<SqlBool>`${ref("is_failed")}`;
  }
}

/** The order if this person may see it; undefined otherwise (the page answers 404). */
export async function findStaffOrder(db: Db, scope: StaffScope, orderId: number) {
  if (parseId(orderId) === null) return undefined;
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order || (scope.branchIds && !scope.branchIds.includes(order.branchId))) return undefined;
  return order;
}

export type StaffActionOutcome =
  { ok: true; order: Order; isNoop: boolean } | { ok: false; status: 404 | 409; message: string };

/** Writes who did what to which order; refusals and repeats are recorded too. */
export async function auditOrder(
  db: Db,
  scope: StaffScope,
  orderId: number,
  action: string,
  data: Record<string, unknown>,
) {
  await insertAuditEntry(db, {
    userId: scope.userId,
    action: `order.${action}`,
    entityType: "order",
    entityId: orderId,
    data,
    ip: scope.ip,
  });
}

/**
 * What else a real change brings about, in its transaction (the customer's messages); what it
 * answers goes into the audit entry.
 */
export type AfterStatusChange = (
  trx: Db,
  order: Order,
  input: StaffActionInput,
) => Promise<Record<string, unknown>>;

/**
 * Applies a status action (confirm, reject, in-delivery, completed, cancel, counter appointment)
 * under the order's row lock: checked by the state machine, idempotent, audited.
 */
export async function changeOrderStatus(
  db: Db,
  scope: StaffScope,
  orderId: number,
  input: StaffActionInput,
  now: Date,
  afterChange?: AfterStatusChange,
): Promise<StaffActionOutcome> {
  if (parseId(orderId) === null) {
    return { ok: false, status: 404, message: de.staffOrders.errors.notFound };
  }
  return db.transaction().execute(async (trx): Promise<StaffActionOutcome> => {
    const order = await trx
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order || (scope.branchIds && !scope.branchIds.includes(order.branchId))) {
      return { ok: false, status: 404, message: de.staffOrders.errors.notFound };
    }
    const result = applyStaffAction(staffState(order), input, now);
    const detail = {
      ...(input.action === "reject" ? { message: input.message } : {}),
      ...(input.action === "counter-appointment" ? { at: input.at.toISOString() } : {}),
    };
    if (!result.ok) {
      await auditOrder(trx, scope, order.id, input.action, {
        ...detail,
        refused: result.message,
      });
      return { ok: false, status: 409, message: result.message };
    }
    if (result.isNoop) {
      await auditOrder(trx, scope, order.id, input.action, { ...detail, repeated: true });
      return { ok: true, order, isNoop: true };
    }
    const updated = await trx
      .updateTable("orders")
      .set(result.change)
      .where("id", "=", order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const effects = afterChange ? await afterChange(trx, updated, input) : {};
    await auditOrder(trx, scope, order.id, input.action, {
      ...detail,
      change: result.change,
      ...effects,
    });
    return { ok: true, order: updated, isNoop: false };
  });
}

/** The audit entries of one order, newest first, with the staff member's name. */
export async function orderAuditTrail(db: Db, orderId: number) {
  return db
    .selectFrom("auditLog")
    .leftJoin("users", "users.id", "auditLog.userId")
    .select(["auditLog.id", "auditLog.at", "auditLog.action", "auditLog.data", "users.name"])
    .where("auditLog.entityType", "=", "order")
    .where("auditLog.entityId", "=", String(orderId))
    .orderBy("auditLog.at", "desc")
    .orderBy("auditLog.id", "desc")
    .limit(100)
    .execute();
}
