import { sql } from "kysely";
import type { Db } from "#app/db/schema";
import { isAdmin, isManager } from "#app/domain/staff-permissions";
import { parseId, parseIsoDate } from "#app/domain/values";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { DateTime } from "luxon";

/**
 * The audit log as staff read it (spec section 7: `GET /api/logs`, `GET /api/logs/{id}`; decision
 * 035): newest first, filtered by who, what kind of record, which action, which branch and when,
 * paged by a cursor (the last entry's time and id) so that the hundred-thousandth entry costs
 * what the first does. Administrators read everything; branch managers the entries of their
 * branches; employees nothing.
 */

export interface LogFilters {
  userId?: number;
  entityType?: string;
  action?: string;
  branchId?: number;
  /** DD-MM-YYYY dates in the business's time zone, inclusive. */
  from?: string;
  to?: string;
  /** The cursor: entries older than this one (`<at>_<id>`). */
  before?: { at: Date; id: number };
}

export const LOG_PAGE_SIZE = 50;

export function mayReadLogs(user: StaffUser): boolean {
  return isAdmin(user) || isManager(user);
}

/** Filters from a query string; anything unreadable is left out, never an error. */
export function logFiltersFrom(params: URLSearchParams): LogFilters {
  const text = (name: string) => {
    const value = params.get(name)?.trim() ?? "";
    return /^[a-z0-9._-]{1,60}$/i.test(value) ? value : undefined;
  };
  const day = (name: string, endOfDay: boolean) => {
    const value = parseIsoDate(params.get(name));
    return value ? { value, endOfDay } : undefined;
  };
  const cursor = /^(\d{10,16})_(\d{1,18})$/.exec(params.get("vor") ?? params.get("before") ?? "");
  const from = day("von", false) ?? day("from", false);
  const to = day("bis", true) ?? day("to", true);
  return {
    userId: parseId(params.get("wer") ?? params.get("userId")) ?? undefined,
    entityType: text("was") ?? text("entityType"),
    action: text("aktion") ?? text("action"),
    branchId: parseId(params.get("filiale") ?? params.get("branchId")) ?? undefined,
    from: from?.value,
    to: to?.value,
    before: cursor ? { at: new Date(Number(cursor[1])), id: Number(cursor[2]) } : undefined,
  };
}

export function cursorOf(entry: { at: Date; id: number | string }): string {
  return `${entry.at.getTime()}_${entry.id}`;
}

function scoped(db: Db, user: StaffUser) {
  let query = db.selectFrom("auditLog").leftJoin("users", "users.id", "auditLog.userId");
  if (!isAdmin(user)) {
    const ids = user.branchIds.length ? [...user.branchIds] : [-1];
    query = query.where("auditLog.branchId", "in", ids);
  }
  return query;
}

const columns = [
  "auditLog.id",
  "auditLog.at",
  "auditLog.userId",
  "auditLog.action",
  "auditLog.entityType",
  "auditLog.entityId",
  "auditLog.branchId",
  "users.name as userName",
] as const;

export async function listLogEntries(db: Db, user: StaffUser, filters: LogFilters, zone: string) {
  let query = scoped(db, user).select(columns);
  if (filters.userId) query = query.where("auditLog.userId", "=", filters.userId);
  if (filters.entityType) query = query.where("auditLog.entityType", "=", filters.entityType);
  if (filters.action) query = query.where("auditLog.action", "=", filters.action);
  if (filters.branchId) query = query.where("auditLog.branchId", "=", filters.branchId);
  if (filters.from) {
    const start = DateTime.fromISO(filters.from, { zone }).startOf("day").toJSDate();
    query = query.where("auditLog.at", ">=", start);
  }
  if (filters.to) {
    const end = DateTime.fromISO(filters.to, { zone }).plus({ days: 1 }).startOf("day").toJSDate();
    query = query.where("auditLog.at", "<", end);
  }
  if (filters.before) {
    const { at, id } = filters.before;
    query = query.where(sql<boolean>`(audit_log.at, audit_log.id) < (${at}, ${id})`);
  }
  const rows = await query
    .orderBy("auditLog.at", "desc")
    .orderBy("auditLog.id", "desc")
    .limit(LOG_PAGE_SIZE + 1)
    .execute();
  const entries = rows.slice(0, LOG_PAGE_SIZE).map((row) => ({ ...row, id: Number(row.id) }));
  const last = entries.at(-1);
  return { entries, next: rows.length > LOG_PAGE_SIZE && last ? cursorOf(last) : null };
}

export async function getLogEntry(db: Db, user: StaffUser, id: number) {
  const row = await scoped(db, user)
    .select([...columns, "auditLog.data", "auditLog.ip"])
    .where("auditLog.id", "=", id)
    .executeTakeFirst();
  return row ? { ...row, id: Number(row.id) } : null;
}

/** The choices of the filter form: who appears in the log, what kinds and actions. */
export async function logFilterChoices(db: Db, user: StaffUser) {
  const own = user.branchIds.length ? [...user.branchIds] : [-1];
  let users = db.selectFrom("users").select(["id", "name"]).orderBy("name");
  let branches = db.selectFrom("branches").select(["id", "name"]).orderBy("name");
  if (!isAdmin(user)) {
    // A manager's "wer" names the accounts of their own branches, not every account of the shop.
    users = users.where((eb) =>
      eb.exists(
        eb
          .selectFrom("userBranches")
          .select("userBranches.userId")
          .whereRef("userBranches.userId", "=", "users.id")
          .where("userBranches.branchId", "in", own),
      ),
    );
    branches = branches.where("id", "in", own);
  }
  return { users: await users.execute(), branches: await branches.execute() };
}

/** The fields that differ between before and after, for the detail view. */
export function changedFields(data: Record<string, unknown> | null) {
  const before = (data?.before ?? null) as Record<string, unknown> | null;
  const after = (data?.after ?? null) as Record<string, unknown> | null;
  if (!before && !after) return [];
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const show = (value: unknown) =>
    value === undefined ? "–" : typeof value === "string" ? value : JSON.stringify(value);
  return [...keys]
    .filter((key) => JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key]))
    .filter((key) => key !== "updatedAt")
    .map((key) => ({ field: key, before: show(before?.[key]), after: show(after?.[key]) }));
}
