import { DateTime } from "luxon";
import { BUSINESS_TIME_ZONE, addDays, inZone, type Instant, type IsoDate } from "./time";

/**
 * Capacities (issue 39 part 2, decision 113): what a branch takes on per day, week and time slot.
 * Pure: the counts come in as data (`CapacityBook`), the answers go out as data; the German words
 * are the caller's.
 *
 * - `product-day` / `product-week`: the ordered amount of one product due on a day / in a week
 *   (Monday to Sunday), e.g. "höchstens 40 Christstollen am Tag", "3 Hochzeitstorten pro Woche".
 * - `category-day`: the ordered amount of every product of one category due on a day.
 * - `slot`: the orders due in one time slot of `slotMinutes` ("12 Abholungen pro Viertelstunde").
 *
 * An order is due at its appointment, or when it came in (as the production list counts it).
 */
export const CAPACITY_KINDS = ["product-day", "product-week", "category-day", "slot"] as const;
export type CapacityKind = (typeof CAPACITY_KINDS)[number];

/** Slot lengths that divide an hour: every slot starts on the clock's grid (xx:00, xx:15 …). */
export const SLOT_LENGTHS = [5, 10, 15, 20, 30, 60] as const;

export const MAX_CAPACITY = 100_000;

export interface CapacityRule {
  id: number;
  kind: CapacityKind;
  productId: number | null;
  categoryId: number | null;
  slotMinutes: number | null;
  maxCount: number;
}

/** What is already taken: read from the orders that count, in the business's time zone. */
export interface CapacityUsage {
  /** Product id → due day → ordered amount. */
  productDays: ReadonlyMap<number, ReadonlyMap<IsoDate, number>>;
  /** Slot key (`slotKeyOf`) → orders due in that slot. */
  slots: ReadonlyMap<string, number>;
}

export interface CapacityBook {
  rules: readonly CapacityRule[];
  /** Category id → the products in it (the branch's menus). */
  categoryProducts: ReadonlyMap<number, ReadonlySet<number>>;
  usage: CapacityUsage;
}

/** One line of an order as far as capacities care. */
export interface Demand {
  productId: number;
  amount: number;
}

/** A limit the order would break, with what is left of it. */
export interface CapacityShortfall {
  rule: CapacityRule;
  used: number;
  asked: number;
  /** What may still be ordered (never negative). */
  left: number;
  /** The day (or the week's Monday, or the slot's start) the limit is counted for. */
  period: string;
}

/** Monday of the week `day` lies in. */
export function weekStartOf(day: IsoDate): IsoDate {
  const weekday = DateTime.fromISO(day, { zone: "utc" }).weekday; // 1 = Monday
  return addDays(day, 1 - weekday);
}

/** The slot an instant falls in, as local wall time 'YYYY-MM-DDTHH:mm' of the slot's start. */
export function slotKeyOf(
  instant: Instant,
  slotMinutes: number,
  zone: string = BUSINESS_TIME_ZONE,
): string {
  const local = inZone(instant, zone);
  const minute = Math.floor(local.minute / slotMinutes) * slotMinutes;
  return `${local.toISODate()}T${String(local.hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/** The limits that touch a product: its own and those of its categories. */
function rulesForProduct(book: CapacityBook, productId: number): CapacityRule[] {
  return book.rules.filter(
    (rule) =>
      (rule.kind !== "slot" && rule.productId === productId) ||
      (rule.kind === "category-day" &&
        rule.categoryId !== null &&
        (book.categoryProducts.get(rule.categoryId)?.has(productId) ?? false)),
  );
}

/** The products a product or category rule counts. */
function countedProducts(book: CapacityBook, rule: CapacityRule): readonly number[] {
  if (rule.kind === "category-day") {
    return rule.categoryId === null ? [] : [...(book.categoryProducts.get(rule.categoryId) ?? [])];
  }
  return rule.productId === null ? [] : [rule.productId];
}

/** How much of a product or category rule is taken for the period `day` falls in. */
export function usedOn(book: CapacityBook, rule: CapacityRule, day: IsoDate): number {
  const days = rule.kind === "product-week" ? weekDays(day) : [day];
  let used = 0;
  for (const productId of countedProducts(book, rule)) {
    const perDay = book.usage.productDays.get(productId);
    if (!perDay) continue;
    for (const date of days) used += perDay.get(date) ?? 0;
  }
  return used;
}

function weekDays(day: IsoDate): IsoDate[] {
  const monday = weekStartOf(day);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The slot limit of the branch, if it has one. */
export function slotRuleOf(book: CapacityBook): CapacityRule | null {
  return book.rules.find((rule) => rule.kind === "slot" && rule.slotMinutes !== null) ?? null;
}

/** Whether the slot that `at` falls in already holds as many orders as it may. */
export function isSlotFull(book: CapacityBook, at: Instant, zone: string = BUSINESS_TIME_ZONE) {
  const rule = slotRuleOf(book);
  if (!rule || rule.slotMinutes === null) return false;
  return (book.usage.slots.get(slotKeyOf(at, rule.slotMinutes, zone)) ?? 0) >= rule.maxCount;
}

/**
 * Every limit an order due at `due` with these lines would break; empty when it fits. The slot
 * counts the order once; products and categories count the ordered amounts.
 */
export function capacityShortfalls(
  book: CapacityBook,
  demand: readonly Demand[],
  due: Instant,
  zone: string = BUSINESS_TIME_ZONE,
): CapacityShortfall[] {
  const day = inZone(due, zone).toISODate();
  const shortfalls: CapacityShortfall[] = [];
  const asked = new Map<number, number>();
  for (const line of demand) {
    asked.set(line.productId, (asked.get(line.productId) ?? 0) + line.amount);
  }
  for (const rule of book.rules) {
    if (rule.kind === "slot") {
      if (rule.slotMinutes === null) continue;
      const key = slotKeyOf(due, rule.slotMinutes, zone);
      const used = book.usage.slots.get(key) ?? 0;
      if (used + 1 > rule.maxCount) {
        shortfalls.push({
          rule,
          used,
          asked: 1,
          left: Math.max(rule.maxCount - used, 0),
          period: key,
        });
      }
      continue;
    }
    const counted = countedProducts(book, rule);
    const wanted = counted.reduce((sum, productId) => sum + (asked.get(productId) ?? 0), 0);
    if (wanted <= 0) continue;
    const used = usedOn(book, rule, day);
    if (used + wanted > rule.maxCount) {
      shortfalls.push({
        rule,
        used,
        asked: wanted,
        left: Math.max(rule.maxCount - used, 0),
        period: rule.kind === "product-week" ? weekStartOf(day) : day,
      });
    }
  }
  return shortfalls;
}

/**
 * Whether `amount` of the product still fits on `day` under its product and category limits
 * (the storefront's "Für diesen Tag ausgebucht").
 */
export function fitsOn(
  book: CapacityBook,
  productId: number,
  amount: number,
  day: IsoDate,
): boolean {
  return rulesForProduct(book, productId).every(
    (rule) => usedOn(book, rule, day) + amount <= rule.maxCount,
  );
}

/** The first of `days` after `from` on which `amount` of the product fits; null if none. */
export function nextFreeDay(
  book: CapacityBook,
  productId: number,
  amount: number,
  days: readonly IsoDate[],
  from: IsoDate,
): IsoDate | null {
  return days.find((day) => day > from && fitsOn(book, productId, amount, day)) ?? null;
}

/**
 * The advisory lock keys an order due on `day` takes, in the one order every order takes them
 * (the week's before the day's), so two orders never wait for each other in a circle. A week's
 * limit needs the week's key; every other limit lies within the day.
 */
export function capacityLockKeys(
  branchId: number,
  day: IsoDate,
  needsWeek: boolean,
): readonly string[] {
  const keys = [`backstube:capacity:${branchId}:day:${day}`];
  return needsWeek ? [`backstube:capacity:${branchId}:week:${weekStartOf(day)}`, ...keys] : keys;
}
