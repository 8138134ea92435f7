import { sql } from "kysely";
import type { Db } from "#app/db/schema";
import {
  capacityLockKeys,
  capacityShortfalls,
  slotRuleOf,
  weekStartOf,
  type CapacityBook,
  type CapacityRule,
  type CapacityShortfall,
  type Demand,
} from "#app/domain/capacities";
import { addDays, dateOf, startOfDate, type IsoDate } from "#app/domain/time";
import { deCapacities as de } from "#app/i18n/de-capacities";
import type { Problem } from "#app/server/outcome";

/**
 * Capacities' reads and the order's locked check (issue 39 part 2, decision 113). Orders count
 * as the production list counts them: not canceled, rejected, failed or a quotation request, due
 * at their appointment or when they came in, in the business's time zone.
 */

/** The branch's limits, oldest first. */
export async function capacityRules(db: Db, branchId: number): Promise<CapacityRule[]> {
  return db
    .selectFrom("capacities")
    .select(["id", "kind", "productId", "categoryId", "slotMinutes", "maxCount"])
    .where("branchId", "=", branchId)
    .orderBy("id")
    .execute();
}

const DUE = sql<Date>`coalesce(o.appointment, o.created_at)`;

/** The orders that count: what the production list bakes. */
function countedOrders(db: Db, branchId: number, from: Date, until: Date) {
  return db
    .selectFrom("orders as o")
    .where("o.branchId", "=", branchId)
    .where(DUE, ">=", from)
    .where(DUE, "<", until)
    .where("o.isCanceled", "=", false)
    .where("o.isRejected", "=", false)
    .where("o.isFailed", "=", false)
    .where("o.isQuotation", "=", false);
}

/**
 * What is taken of the branch's limits from `fromDay` up to (excluding) `untilDay`: the ordered
 * amounts of the limited products per day and the orders per slot. A week's limit needs its
 * whole week, so the range is widened to Monday and to the next Monday when there is one.
 */
export async function capacityBook(
  db: Db,
  input: {
    branchId: number;
    rules: readonly CapacityRule[];
    fromDay: IsoDate;
    untilDay: IsoDate;
    zone: string;
  },
): Promise<CapacityBook> {
  const { branchId, rules, zone } = input;
  const hasWeek = rules.some((rule) => rule.kind === "product-week");
  const fromDay = hasWeek ? weekStartOf(input.fromDay) : input.fromDay;
  const untilDay = hasWeek ? addDays(weekStartOf(addDays(input.untilDay, -1)), 7) : input.untilDay;
  const from = startOfDate(fromDay, zone).toJSDate();
  const until = startOfDate(untilDay, zone).toJSDate();

  const categoryIds = rules.flatMap((rule) =>
    rule.kind === "category-day" && rule.categoryId !== null ? [rule.categoryId] : [],
  );
  const categoryProducts = new Map<number, Set<number>>();
  if (categoryIds.length > 0) {
    const rows = await db
      .selectFrom("menuEntries as e")
      .innerJoin("menuBranches as mb", "mb.menuId", "e.menuId")
      .leftJoin("productGroupProducts as gp", "gp.productGroupId", "e.productGroupId")
      .select([
        "e.categoryId",
        sql<number | null>`coalesce(e.product_id, gp.product_id)`.as("productId"),
      ])
      .where("mb.branchId", "=", branchId)
      .where("e.categoryId", "in", categoryIds)
      .execute();
    for (const row of rows) {
      if (row.productId === null) continue;
      const products = categoryProducts.get(row.categoryId) ?? new Set<number>();
      products.add(Number(row.productId));
      categoryProducts.set(row.categoryId, products);
    }
  }
  const productIds = [
    ...new Set([
      ...rules.flatMap((rule) => (rule.productId === null ? [] : [rule.productId])),
      ...[...categoryProducts.values()].flatMap((products) => [...products]),
    ]),
  ];

  const productDays = new Map<number, Map<IsoDate, number>>();
  if (productIds.length > 0) {
    const rows = await countedOrders(db, branchId, from, until)
      .innerJoin("orderItems as i", "i.orderId", "o.id")
      .select([
        "i.productId",
        sql<string>`to_char(${DUE} at time zone ${zone}, 'YYYY-MM-DD')`.as("day"),
        sql<string>`sum(i.amount)`.as("amount"),
      ])
      .where("i.productId", "in", productIds)
      .groupBy(["i.productId", sql`2`])
      .execute();
    for (const row of rows) {
      if (row.productId === null) continue;
      const days = productDays.get(row.productId) ?? new Map<IsoDate, number>();
      days.set(row.day, Number(row.amount));
      productDays.set(row.productId, days);
    }
  }

  const slots = new Map<string, number>();
  const slotRule = slotRuleOf({ rules, categoryProducts, usage: { productDays, slots } });
  if (slotRule?.slotMinutes) {
    const minutes = slotRule.slotMinutes;
    const local = sql`(${DUE} at time zone ${zone})`;
    const rows = await countedOrders(db, branchId, from, until)
      .select([
        sql<string>`to_char(date_trunc('hour', ${local}) + floor(extract(minute from ${local}) / ${minutes}::integer) * ${minutes}::integer * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI')`.as(
          "slot",
        ),
        sql<string>`count(*)`.as("orders"),
      ])
      .groupBy(sql`1`)
      .execute();
    for (const row of rows) slots.set(row.slot, Number(row.orders));
  }
  return { rules, categoryProducts, usage: { productDays, slots } };
}

/** The German refusal for a limit the order would break. */
function shortfallMessage(shortfall: CapacityShortfall, names: ReadonlyMap<number, string>) {
  const { rule, left } = shortfall;
  if (rule.kind === "slot") return { message: de.refusedSlot, field: "appointment" };
  const name =
    rule.kind === "category-day"
      ? (names.get(-(rule.categoryId ?? 0)) ?? "")
      : (names.get(rule.productId ?? 0) ?? "");
  const message =
    rule.kind === "product-week" ? de.refusedWeek(name, left) : de.refusedDay(name, left);
  return { message };
}

export interface CapacityOrder {
  branchId: number;
  lines: readonly (Demand & { name: string })[];
  due: Date;
  zone: string;
}

/**
 * Writes the order only if it fits the branch's limits, atomically: the transaction takes an
 * advisory lock per (branch, day) (and per (branch, week) first when a weekly limit applies: one
 * order of locks for everyone, so no deadlock), counts what is taken after the lock, and writes
 * while holding it. A branch without limits writes as before, without a transaction.
 */
export async function withinCapacity<T>(
  db: Db,
  order: CapacityOrder,
  write: (handle: Db) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; errors: Problem[] }> {
  const rules = await capacityRules(db, order.branchId);
  const productIds = new Set(order.lines.map((line) => line.productId));
  const applies = rules.some(
    (rule) =>
      rule.kind === "slot" ||
      rule.kind === "category-day" ||
      (rule.productId !== null && productIds.has(rule.productId)),
  );
  if (!applies) return { ok: true, value: await write(db) };
  const day = dateOf(order.due, order.zone);
  const needsWeek = rules.some(
    (rule) =>
      rule.kind === "product-week" && rule.productId !== null && productIds.has(rule.productId),
  );
  const checked = async (trx: Db) => {
    for (const key of capacityLockKeys(order.branchId, day, needsWeek)) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    }
    // Read again under the lock: a limit changed a moment ago counts too.
    const current = await capacityRules(trx, order.branchId);
    const book = await capacityBook(trx, {
      branchId: order.branchId,
      rules: current,
      fromDay: day,
      untilDay: addDays(day, 1),
      zone: order.zone,
    });
    const shortfalls = capacityShortfalls(book, order.lines, order.due, order.zone);
    if (shortfalls.length > 0) {
      const names = new Map<number, string>(order.lines.map((line) => [line.productId, line.name]));
      const categoryIds = shortfalls.flatMap((s) =>
        s.rule.categoryId === null ? [] : [s.rule.categoryId],
      );
      if (categoryIds.length > 0) {
        const categories = await trx
          .selectFrom("categories")
          .select(["id", "name"])
          .where("id", "in", categoryIds)
          .execute();
        for (const category of categories) names.set(-category.id, category.name);
      }
      return {
        ok: false as const,
        errors: shortfalls.map((shortfall) => shortfallMessage(shortfall, names)),
      };
    }
    return { ok: true as const, value: await write(trx) };
  };
  if (db.isTransaction) return checked(db);
  return db.transaction().execute(checked);
}

/**
 * What the checkout shows of the branch's capacities: null when it sets none (one small read),
 * else what is taken from `fromDay` to `untilDay`, for the picker's full slots and the
 * booked-out days. The order is checked again under the lock; this only spares a refusal.
 */
export async function checkoutCapacity(
  db: Db,
  input: { branchId: number; fromDay: IsoDate; untilDay: IsoDate; zone: string },
): Promise<CapacityBook | null> {
  const rules = await capacityRules(db, input.branchId);
  if (rules.length === 0) return null;
  return capacityBook(db, { ...input, rules });
}
