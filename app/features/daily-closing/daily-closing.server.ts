import { sql, type Kysely, type Transaction } from "kysely";
import { DateTime } from "luxon";
import type { Database, Db } from "#app/db/schema";
import { branchChoicesWithin } from "#app/db/queries/branches";
import type { PaymentMethod } from "#app/domain/checkout";
import {
  closingStatusOf,
  correctionOf,
  figuresOf,
  type CorrectionFigure,
  type DailyClosingFigures,
  type OrderContribution,
} from "#app/domain/daily-closing";
import { formatDate, formatDateTime } from "#app/domain/format";
import { orderTypeOf } from "#app/domain/order-type";
import { branchScope, canAccessBranch, type StaffMember } from "#app/domain/staff-permissions";
import {
  addDays,
  BUSINESS_TIME_ZONE,
  dateOf,
  daysBetween,
  startOfDate,
  type IsoDate,
} from "#app/domain/time";
import { parseId, parseIsoDate } from "#app/domain/values";
import { deDailyClosing as de } from "#app/i18n/de-daily-closing";
import { refused, succeeded, type Outcome } from "#app/server/outcome";

/**
 * The daily closing (issue 39 part 3, decision 117). A day's orders are those the statistics
 * count on it (created on that business day, decision 055), so a closed day's revenue per tax
 * rate sums to the statistics' revenue of that day as it was when closed. Closing freezes the
 * figures and what each order contributed; a later change of such an order is found by comparing
 * it with what was booked and is booked on the next closing of the branch as a correction.
 */

/** A business day's first instant and the next day's (as the statistics' rollups bound a day). */
function dayBounds(day: IsoDate, zone: string): { start: Date; end: Date } {
  return {
    start: startOfDate(day, zone).toJSDate(),
    end: startOfDate(addDays(day, 1), zone).toJSDate(),
  };
}

type StaffUser = StaffMember & { id: number; name: string; isAdmin: boolean; isManager: boolean };

const MAX_DAYS_AHEAD = 366;
/** An order written while a closing read the day commits a moment later: compare it again. */
const COMMIT_LAG = "2 minutes";
/** The advisory lock class of the closings (the second key is the branch). */
const LOCK_CLASS = 117;

export function mayUseDailyClosing(user: Pick<StaffUser, "isAdmin" | "isManager">): boolean {
  return user.isAdmin || user.isManager;
}

export interface Choice {
  value: string;
  label: string;
}

export interface ClosingFilters {
  day: IsoDate;
  branchId: number | null;
  branches: Choice[];
}

/** The names of the two inputs: the page's `tag`/`filiale`, the API's `date`/`branchId`. */
export interface FieldNames {
  day: string;
  branch: string;
}

export const PAGE_FIELDS: FieldNames = { day: "tag", branch: "filiale" };
export const API_FIELDS: FieldNames = { day: "date", branch: "branchId" };

export async function businessZone(db: Db): Promise<string> {
  const settings = await db.selectFrom("settings").select("businessTimeZone").executeTakeFirst();
  return settings?.businessTimeZone || BUSINESS_TIME_ZONE;
}

/** The day (today by default) and the branch (the first of one's own by default). */
export async function closingFilters(
  db: Db,
  user: StaffUser,
  values: { day: unknown; branch: unknown },
  fields: FieldNames,
  today: IsoDate,
): Promise<Outcome<ClosingFilters>> {
  const dayText = typeof values.day === "string" ? values.day.trim() : values.day;
  let day = today;
  if (dayText !== undefined && dayText !== null && dayText !== "") {
    const parsed = parseIsoDate(dayText);
    if (parsed === null) return refused(400, de.badDay, fields.day);
    // Past days as far back as the books go; the future only as far as the other pages look.
    if (daysBetween(today, parsed) > MAX_DAYS_AHEAD) {
      return refused(400, de.dayOutOfRange, fields.day);
    }
    day = parsed;
  }
  const branches = await branchChoicesWithin(db, branchScope(user));
  const raw = values.branch;
  if (raw === undefined || raw === null || raw === "") {
    const first = branches[0];
    return succeeded({ day, branchId: first ? Number(first.value) : null, branches });
  }
  const branchId = parseId(typeof raw === "string" ? raw.trim() : raw);
  if (branchId === null) return refused(400, de.badBranch, fields.branch);
  const exists = await db
    .selectFrom("branches")
    .select("id")
    .where("id", "=", branchId)
    .executeTakeFirst();
  if (!exists) return refused(400, de.badBranch, fields.branch);
  if (!canAccessBranch(user, branchId)) return refused(403, de.foreignBranch, fields.branch);
  return succeeded({ day, branchId, branches });
}

interface OrderRow {
  id: number;
  ticketNumber: number;
  isDelivery: boolean;
  isDineIn: boolean;
  isCanceled: boolean;
  isRejected: boolean;
  isFailed: boolean;
  isQuotation: boolean;
  isRefunded: boolean;
  paymentMethod: PaymentMethod;
  totalGross: number;
  donationAmount: number;
}

const ORDER_COLUMNS = [
  "o.id",
  "o.ticketNumber",
  "o.isDelivery",
  "o.isDineIn",
  "o.isCanceled",
  "o.isRejected",
  "o.isFailed",
  "o.isQuotation",
  "o.isRefunded",
  "o.paymentMethod",
  "o.totalGross",
  "o.donationAmount",
] as const;

/** The orders' contributions, with their totals by rate read in one more query. */
async function contributionsOf(
  db: Kysely<Database>,
  rows: readonly OrderRow[],
): Promise<Map<number, OrderContribution>> {
  const result = new Map<number, OrderContribution>();
  if (rows.length === 0) return result;
  const taxes = await db
    .selectFrom("orderTaxes")
    .select(["orderId", "taxRate", "net", "tax", "gross"])
    .where(
      "orderId",
      "in",
      rows.map((row) => row.id),
    )
    .orderBy("orderId")
    .orderBy("taxRate")
    .execute();
  for (const row of rows) {
    result.set(row.id, {
      ticket: row.ticketNumber,
      status: closingStatusOf(row),
      type: orderTypeOf(row),
      payment: row.paymentMethod,
      refunded: row.isRefunded,
      gross: Number(row.totalGross),
      taxes: [],
      donation: Number(row.donationAmount),
    });
  }
  for (const tax of taxes) {
    result.get(tax.orderId)!.taxes.push({
      rate: Number(tax.taxRate),
      net: Number(tax.net),
      tax: Number(tax.tax),
      gross: Number(tax.gross),
    });
  }
  return result;
}

/** The orders of a branch's business day, as the statistics define it (by their creation). */
async function dayOrders(db: Kysely<Database>, branchId: number, day: IsoDate, zone: string) {
  const { start, end } = dayBounds(day, zone);
  const rows = await db
    .selectFrom("orders as o")
    .select(ORDER_COLUMNS)
    .where("o.branchId", "=", branchId)
    .where("o.createdAt", ">=", start)
    .where("o.createdAt", "<", end)
    .orderBy("o.ticketNumber")
    .orderBy("o.id")
    .execute();
  const contributions = await contributionsOf(db, rows);
  return rows.map((row) => ({ orderId: row.id, contribution: contributions.get(row.id)! }));
}

interface PendingCorrection {
  figure: CorrectionFigure;
  before: OrderContribution | null;
  after: OrderContribution | null;
  originalClosingId: number;
  /** Whether the order was booked before (a late order was not). */
  wasBooked: boolean;
}

/**
 * The changes a closing of `day` books: orders of the branch's earlier closed days that changed
 * (or were deleted) since they were booked, and orders that came in on such a day after it was
 * closed — each as far as it happened before `until`.
 */
async function pendingCorrections(
  db: Kysely<Database>,
  branchId: number,
  day: IsoDate,
  until: Date,
): Promise<PendingCorrection[]> {
  const zone = await businessZone(db);
  const changed = await db
    .selectFrom("dailyClosingOrders as s")
    .leftJoin("orders as o", "o.id", "s.orderId")
    .select(["s.orderId", "s.day", "s.closingId", "s.booked"])
    .select(ORDER_COLUMNS)
    .where("s.branchId", "=", branchId)
    .where("s.day", "<", day)
    .where((eb) =>
      eb.or([
        eb("o.id", "is", null),
        eb.and([eb("o.updatedAt", ">", eb.ref("s.bookedAt")), eb("o.updatedAt", "<", until)]),
      ]),
    )
    .execute();
  const late = await sql<OrderRow & { closingId: number; day: string }>`
    select o.id, o.ticket_number as "ticketNumber", o.is_delivery as "isDelivery",
           o.is_dine_in as "isDineIn", o.is_canceled as "isCanceled",
           o.is_rejected as "isRejected", o.is_failed as "isFailed",
           o.is_quotation as "isQuotation", o.is_refunded as "isRefunded",
           o.payment_method as "paymentMethod", o.total_gross as "totalGross",
           o.donation_amount as "donationAmount", c.id as "closingId", c.day::text as day
      from daily_closings c
      join orders o on o.branch_id = c.branch_id
       and o.created_at >= c.closed_at - ${sql.raw(`interval '${COMMIT_LAG}'`)}
       and o.created_at >= (c.day::timestamp at time zone ${zone})
       and o.created_at < ((c.day + 1)::timestamp at time zone ${zone})
     where c.branch_id = ${branchId} and c.day < ${day}::date and o.created_at < ${until}
       and not exists (select 1 from daily_closing_orders s where s.order_id = o.id)`.execute(db);
  const present = changed.filter((row) => row.id !== null) as unknown as OrderRow[];
  const contributions = await contributionsOf(db, [...present, ...late.rows]);
  const pending: PendingCorrection[] = [];
  for (const row of changed) {
    const after = row.id === null ? null : (contributions.get(row.orderId) ?? null);
    const figure = correctionOf(row.orderId, dayText(row.day), row.booked, after);
    if (figure) {
      pending.push({
        figure,
        before: row.booked,
        after,
        originalClosingId: row.closingId,
        wasBooked: true,
      });
    }
  }
  for (const row of late.rows) {
    const after = contributions.get(row.id)!;
    const figure = correctionOf(row.id, row.day, null, after);
    if (figure) {
      pending.push({
        figure,
        before: null,
        after,
        originalClosingId: row.closingId,
        wasBooked: false,
      });
    }
  }
  return pending.sort(
    (a, b) =>
      a.figure.originalDay.localeCompare(b.figure.originalDay) || a.figure.ticket - b.figure.ticket,
  );
}

/** A `date` column as `YYYY-MM-DD`, whichever way the driver hands it over. */
function dayText(value: unknown): IsoDate {
  if (value instanceof Date) return DateTime.fromJSDate(value, { zone: "utc" }).toISODate()!;
  return String(value).slice(0, 10);
}

export interface ClosingRecord {
  id: number;
  number: number;
  closedAt: Date;
  closedBy: number | null;
  closedByName: string;
  figures: DailyClosingFigures;
}

export interface DayClosing {
  branchId: number;
  day: IsoDate;
  closing: ClosingRecord | null;
  figures: DailyClosingFigures;
}

/** The end of the business day, or now when that is earlier (what an open day can show yet). */
function untilOf(day: IsoDate, zone: string, now: Date): Date {
  const { end } = dayBounds(day, zone);
  return end < now ? end : now;
}

/** A branch's day: the frozen closing, or the figures a closing would freeze now. */
export async function dayClosing(
  db: Db,
  branchId: number,
  day: IsoDate,
  now: Date = new Date(),
): Promise<DayClosing> {
  const closing = await db
    .selectFrom("dailyClosings")
    .select(["id", "number", "closedAt", "closedBy", "closedByName", "figures"])
    .where("branchId", "=", branchId)
    .where("day", "=", day)
    .executeTakeFirst();
  if (closing) return { branchId, day, closing, figures: closing.figures };
  const zone = await businessZone(db);
  const [orders, pending] = await Promise.all([
    dayOrders(db, branchId, day, zone),
    pendingCorrections(db, branchId, day, untilOf(day, zone, now)),
  ]);
  return {
    branchId,
    day,
    closing: null,
    figures: figuresOf(
      orders,
      pending.map((entry) => entry.figure),
    ),
  };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";

/**
 * Closes a branch's day: under one advisory lock per branch (so numbers follow without gaps and
 * two clicks make one closing) the figures are computed, the closing stored with the next
 * number, each order's contribution booked, and the pending corrections booked on this closing.
 */
export async function closeDay(
  db: Db,
  user: Pick<StaffUser, "id" | "name">,
  branchId: number,
  day: IsoDate,
  now: Date = new Date(),
): Promise<Outcome<ClosingRecord>> {
  const zone = await businessZone(db);
  if (day > dateOf(now, zone)) return refused(409, de.futureDay);
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${LOCK_CLASS}::integer, ${branchId}::integer)`.execute(
        trx,
      );
      const existing = await trx
        .selectFrom("dailyClosings")
        .select("id")
        .where("branchId", "=", branchId)
        .where("day", "=", day)
        .executeTakeFirst();
      if (existing) return refused(409, de.alreadyClosed(formatDate(day)));
      return succeeded(await writeClosing(trx, user, branchId, day, zone, now));
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refused(409, de.alreadyClosed(formatDate(day)));
    throw error;
  }
}

async function writeClosing(
  trx: Transaction<Database>,
  user: Pick<StaffUser, "id" | "name">,
  branchId: number,
  day: IsoDate,
  zone: string,
  now: Date,
): Promise<ClosingRecord> {
  const [orders, pending, last] = await Promise.all([
    dayOrders(trx, branchId, day, zone),
    pendingCorrections(trx, branchId, day, untilOf(day, zone, now)),
    trx
      .selectFrom("dailyClosings")
      .select((eb) => eb.fn.max("number").as("number"))
      .where("branchId", "=", branchId)
      .executeTakeFirst(),
  ]);
  const figures = figuresOf(
    orders,
    pending.map((entry) => entry.figure),
  );
  const closing = await trx
    .insertInto("dailyClosings")
    .values({
      branchId,
      day,
      number: Number(last?.number ?? 0) + 1,
      closedAt: now,
      closedBy: user.id,
      closedByName: user.name,
      figures: JSON.stringify(figures),
    })
    .returning(["id", "number", "closedAt", "closedBy", "closedByName", "figures"])
    .executeTakeFirstOrThrow();
  const bookedAt = sql<Date>`${now}::timestamptz - ${sql.raw(`interval '${COMMIT_LAG}'`)}`;
  if (orders.length > 0) {
    await trx
      .insertInto("dailyClosingOrders")
      .values(
        orders.map(({ orderId, contribution }) => ({
          orderId,
          branchId,
          day,
          closingId: closing.id,
          bookedAt,
          booked: JSON.stringify(contribution),
        })),
      )
      .onConflict((oc) => oc.column("orderId").doNothing())
      .execute();
  }
  for (const { figure, before, after, originalClosingId, wasBooked } of pending) {
    await trx
      .insertInto("dailyClosingCorrections")
      .values({
        closingId: closing.id,
        orderId: figure.orderId,
        ticketNumber: figure.ticket,
        originalDay: figure.originalDay,
        originalClosingId,
        before: before ? JSON.stringify(before) : null,
        after: after ? JSON.stringify(after) : null,
      })
      .execute();
    if (after === null) {
      await trx.deleteFrom("dailyClosingOrders").where("orderId", "=", figure.orderId).execute();
    } else if (wasBooked) {
      await trx
        .updateTable("dailyClosingOrders")
        .set({ booked: JSON.stringify(after), bookedAt })
        .where("orderId", "=", figure.orderId)
        .execute();
    } else {
      await trx
        .insertInto("dailyClosingOrders")
        .values({
          orderId: figure.orderId,
          branchId,
          day: figure.originalDay,
          closingId: originalClosingId,
          bookedAt,
          booked: JSON.stringify(after),
        })
        .execute();
    }
  }
  return closing;
}

// ——— The page's and the API's shapes ———

export interface DailyClosingView extends ClosingFilters {
  dayText: string;
  branchText: string;
  result: DayClosing | null;
  closedText: string | null;
  mayClose: boolean;
  isFuture: boolean;
}

export async function dailyClosingView(
  db: Db,
  filters: ClosingFilters,
  now: Date = new Date(),
): Promise<DailyClosingView> {
  const { day, branchId, branches } = filters;
  const zone = await businessZone(db);
  const isFuture = day > dateOf(now, zone);
  const base = {
    ...filters,
    dayText: formatDate(day),
    branchText: branches.find((choice) => choice.value === String(branchId))?.label ?? "",
    isFuture,
  };
  if (branchId === null) {
    return { ...base, result: null, closedText: null, mayClose: false };
  }
  if (!base.branchText) {
    const branch = await db
      .selectFrom("branches")
      .select("name")
      .where("id", "=", branchId)
      .executeTakeFirst();
    base.branchText = branch?.name ?? "";
  }
  const result = await dayClosing(db, branchId, day, now);
  const closedText = result.closing
    ? de.closedBy(
        result.closing.number,
        result.closing.closedByName,
        formatDateTime(result.closing.closedAt, zone),
      )
    : null;
  return { ...base, result, closedText, mayClose: !result.closing && !isFuture };
}

/** The API's answer: the day, whether and by whom it is closed, and the figures (cents). */
export function closingJson(result: DayClosing) {
  return {
    branchId: result.branchId,
    date: result.day,
    isClosed: result.closing !== null,
    number: result.closing?.number ?? null,
    closedAt: result.closing?.closedAt.toISOString() ?? null,
    closedBy: result.closing
      ? { id: result.closing.closedBy, name: result.closing.closedByName }
      : null,
    figures: result.figures,
  };
}
