import { z } from "zod";
import type { Db } from "#app/db/schema";
import {
  CAPACITY_KINDS,
  MAX_CAPACITY,
  SLOT_LENGTHS,
  usedOn,
  weekStartOf,
  type CapacityKind,
} from "#app/domain/capacities";
import { formatDate } from "#app/domain/format";
import { branchScope, canAccessBranch, type StaffMember } from "#app/domain/staff-permissions";

/** The signed-in staff member as the page needs them (the guard's user fits). */
type StaffUser = StaffMember & { isAdmin: boolean; isManager: boolean };
import { addDays, BUSINESS_TIME_ZONE, dateOf, readNearDay, type IsoDate } from "#app/domain/time";
import { insertAuditEntry } from "#app/db/queries/audit-log";
import { branchChoicesWithin } from "#app/db/queries/branches";
import { parseId } from "#app/domain/values";
import { deCapacities as de } from "#app/i18n/de-capacities";
import { refused, succeeded, type Outcome } from "#app/server/outcome";
import { capacityBook, capacityRules } from "./capacities.server";

/**
 * The back office's capacities page (issue 39 part 2, decision 113): a branch's limits with the
 * day's load beside each, the day's slots with their orders, and the forms that set the limits.
 * Administrators and branch managers, each for the branches they work for.
 */

export interface Choice {
  value: string;
  label: string;
}

export function mayManageCapacities(user: Pick<StaffUser, "isAdmin" | "isManager">): boolean {
  return user.isAdmin || user.isManager;
}

/** `?tag=&filiale=`: the day (today by default) and the branch (the first one by default). */
export async function capacitiesFilters(
  db: Db,
  user: StaffUser,
  search: URLSearchParams,
  now: Date,
): Promise<Outcome<{ day: IsoDate; branchId: number | null; branches: Choice[] }>> {
  const today = dateOf(now);
  const dayText = (search.get("tag") ?? "").trim();
  let day = today;
  if (dayText !== "") {
    const read = readNearDay(dayText, today);
    if ("problem" in read) {
      return refused(400, read.problem === "bad" ? de.badDay : de.dayOutOfRange, "tag");
    }
    day = read.day;
  }
  const branches = await branchChoicesWithin(db, branchScope(user));
  const branchText = (search.get("filiale") ?? "").trim();
  if (branchText === "") {
    const first = branches[0];
    return succeeded({ day, branchId: first ? Number(first.value) : null, branches });
  }
  const branchId = parseId(branchText);
  if (branchId === null) return refused(400, de.badBranch, "filiale");
  const exists = await db
    .selectFrom("branches")
    .select("id")
    .where("id", "=", branchId)
    .executeTakeFirst();
  if (!exists) return refused(400, de.badBranch, "filiale");
  if (!canAccessBranch(user, branchId)) return refused(403, de.foreignBranch, "filiale");
  return succeeded({ day, branchId, branches });
}

export interface CapacityRow {
  id: number;
  kind: CapacityKind;
  kindText: string;
  target: string;
  maxCount: number;
  loadText: string;
  isFull: boolean;
}

export interface CapacitiesView {
  day: IsoDate;
  dayText: string;
  branchId: number | null;
  branchText: string;
  branches: Choice[];
  rows: CapacityRow[];
  slots: { time: string; orders: number; max: number; isFull: boolean }[];
  slotMinutes: number | null;
  products: Choice[];
  categories: Choice[];
}

/** The page's data for the chosen day and branch. */
export async function capacitiesView(
  db: Db,
  user: StaffUser,
  search: URLSearchParams,
  now: Date = new Date(),
): Promise<Outcome<CapacitiesView>> {
  const filters = await capacitiesFilters(db, user, search, now);
  if (!filters.ok) return filters;
  const { day, branchId, branches } = filters.value;
  const dayText = formatDate(day);
  if (branchId === null) {
    return succeeded({
      day,
      dayText,
      branchId,
      branchText: "",
      branches,
      rows: [],
      slots: [],
      slotMinutes: null,
      products: [],
      categories: [],
    });
  }
  const settings = await db.selectFrom("settings").select("businessTimeZone").executeTakeFirst();
  const zone = settings?.businessTimeZone || BUSINESS_TIME_ZONE;
  const rules = await capacityRules(db, branchId);
  const [book, products, categories] = await Promise.all([
    capacityBook(db, { branchId, rules, fromDay: day, untilDay: addDays(day, 1), zone }),
    db.selectFrom("products").select(["id", "name"]).orderBy("name").orderBy("id").execute(),
    db.selectFrom("categories").select(["id", "name"]).orderBy("name").orderBy("id").execute(),
  ]);
  const productNames = new Map(products.map((row) => [row.id, row.name]));
  const categoryNames = new Map(categories.map((row) => [row.id, row.name]));
  const slotRule = rules.find((rule) => rule.kind === "slot") ?? null;
  const rows = rules.map((rule): CapacityRow => {
    if (rule.kind === "slot") {
      const busiest = Math.max(0, ...[...book.usage.slots.values()]);
      return {
        id: rule.id,
        kind: rule.kind,
        kindText: de.kinds.slot,
        target: de.slotTarget(rule.slotMinutes ?? 0),
        maxCount: rule.maxCount,
        loadText: de.loadOf(busiest, rule.maxCount),
        isFull: busiest >= rule.maxCount,
      };
    }
    const used = usedOn(book, rule, day);
    return {
      id: rule.id,
      kind: rule.kind,
      kindText: de.kinds[rule.kind],
      target:
        rule.kind === "category-day"
          ? (categoryNames.get(rule.categoryId ?? 0) ?? "")
          : (productNames.get(rule.productId ?? 0) ?? ""),
      maxCount: rule.maxCount,
      loadText:
        rule.kind === "product-week"
          ? de.weekLoad(used, rule.maxCount, formatDate(weekStartOf(day)))
          : de.loadOf(used, rule.maxCount),
      isFull: used >= rule.maxCount,
    };
  });
  const slots = slotRule
    ? [...book.usage.slots]
        .filter(([key]) => key.startsWith(day))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, orders]) => ({
          time: key.slice(11),
          orders,
          max: slotRule.maxCount,
          isFull: orders >= slotRule.maxCount,
        }))
    : [];
  return succeeded({
    day,
    dayText,
    branchId,
    branchText: branches.find((choice) => choice.value === String(branchId))?.label ?? "",
    branches,
    rows,
    slots,
    slotMinutes: slotRule?.slotMinutes ?? null,
    products: products.map((row) => ({ value: String(row.id), label: row.name })),
    categories: categories.map((row) => ({ value: String(row.id), label: row.name })),
  });
}

const limit = z.coerce
  .number({ message: de.badLimit })
  .int(de.badLimit)
  .min(1, de.badLimit)
  .max(MAX_CAPACITY, de.badLimit);

const changeSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    kind: z.enum(CAPACITY_KINDS, { message: de.badKind }),
    productId: z.string().optional(),
    categoryId: z.string().optional(),
    slotMinutes: z.string().optional(),
    maxCount: limit,
  }),
  z.object({ intent: z.literal("update"), id: z.string(), maxCount: limit }),
  z.object({ intent: z.literal("remove"), id: z.string() }),
]);

function formOf(form: FormData | URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string") values[key] = value.slice(0, 200);
  }
  return values;
}

/** Adds, changes or removes a limit of the branch; a German 400 for what is not one. */
/** The columns of a limit that the log keeps before and after a change. */
const AUDITED = ["id", "kind", "productId", "categoryId", "slotMinutes", "maxCount"] as const;

/** A limit's change and its log entry ("Kapazität angelegt" …), in the same transaction. */
async function auditCapacity(
  db: Db,
  who: { user: StaffUser; clientAddress?: string },
  branchId: number,
  verb: "created" | "updated" | "deleted",
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  await insertAuditEntry(db, {
    userId: who.user.id,
    action: `capacity.${verb}`,
    entityType: "capacity",
    entityId: Number((after ?? before)?.id),
    branchId,
    data: { before, after },
    ip: who.clientAddress ?? null,
  });
}

export async function changeCapacities(
  db: Db,
  user: StaffUser,
  branchId: number,
  form: FormData | URLSearchParams,
  clientAddress?: string,
): Promise<Outcome<string>> {
  const who = { user, clientAddress };
  if (!canAccessBranch(user, branchId)) return refused(403, de.foreignBranch, "filiale");
  const parsed = changeSchema.safeParse(formOf(form));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue ? String(issue.path[0] ?? "") : "";
    if (field === "intent") return refused(400, de.badIntent);
    return refused(400, issue?.message ?? de.badLimit, field || undefined);
  }
  const change = parsed.data;
  if (change.intent === "add") {
    const values = {
      branchId,
      kind: change.kind,
      productId: null as number | null,
      categoryId: null as number | null,
      slotMinutes: null as number | null,
      maxCount: change.maxCount,
    };
    if (change.kind === "product-day" || change.kind === "product-week") {
      const id = parseId(change.productId ?? "");
      const product =
        id === null
          ? undefined
          : await db.selectFrom("products").select("id").where("id", "=", id).executeTakeFirst();
      if (!product) return refused(400, de.productRequired, "productId");
      values.productId = product.id;
    } else if (change.kind === "category-day") {
      const id = parseId(change.categoryId ?? "");
      const category =
        id === null
          ? undefined
          : await db.selectFrom("categories").select("id").where("id", "=", id).executeTakeFirst();
      if (!category) return refused(400, de.categoryRequired, "categoryId");
      values.categoryId = category.id;
    } else {
      const minutes = Number(change.slotMinutes);
      if (!SLOT_LENGTHS.some((length) => length === minutes)) {
        return refused(400, de.badSlotMinutes, "slotMinutes");
      }
      values.slotMinutes = minutes;
    }
    const inserted = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("capacities")
        .values(values)
        .onConflict((conflict) => conflict.doNothing())
        .returning(AUDITED)
        .executeTakeFirst();
      if (row) await auditCapacity(trx, who, branchId, "created", null, row);
      return row;
    });
    if (!inserted) return refused(400, de.duplicate, "kind");
    return succeeded(de.saved);
  }
  const id = parseId(change.id);
  if (id === null) return refused(400, de.unknownCapacity);
  const intent = change.intent;
  const maxCount = change.intent === "update" ? change.maxCount : null;
  const done = await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("capacities")
      .select(AUDITED)
      .where("id", "=", id)
      .where("branchId", "=", branchId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return false;
    if (maxCount !== null) {
      if (before.maxCount === maxCount) return true;
      const after = await trx
        .updateTable("capacities")
        .set({ maxCount, updatedAt: new Date() })
        .where("id", "=", id)
        .returning(AUDITED)
        .executeTakeFirstOrThrow();
      await auditCapacity(trx, who, branchId, "updated", before, after);
      return true;
    }
    await trx.deleteFrom("capacities").where("id", "=", id).execute();
    await auditCapacity(trx, who, branchId, "deleted", before, null);
    return true;
  });
  if (!done) return refused(400, de.unknownCapacity);
  return succeeded(intent === "update" ? de.saved : de.removed);
}
