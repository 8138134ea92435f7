import { getSettings } from "#app/db/queries/settings";
import type { Db } from "#app/db/schema";
import { formatDateTime } from "#app/domain/format";
import { de } from "#app/i18n/de-backoffice";
import { refused, succeeded } from "#app/server/outcome";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { actionLabel, entityTypeLabel } from "./log-labels";
import {
  changedFields,
  getLogEntry,
  listLogEntries,
  logFilterChoices,
  type LogFilters,
} from "./logs.server";

/** The log as the page (`/backend/logs`) and the API (`/api/logs`) show it: one service. */

async function zoneOf(db: Db) {
  return (await getSettings(db)).businessTimeZone;
}

/** One page of entries for the API: the stored rows and the next page's cursor. */
export async function logEntries(db: Db, user: StaffUser, filters: LogFilters) {
  return listLogEntries(db, user, filters, await zoneOf(db));
}

/** The list page: its filters as the form shows them, the choices and the rows in German. */
export async function logListView(db: Db, user: StaffUser, filters: LogFilters) {
  const zone = await zoneOf(db);
  const [{ entries, next }, choices] = await Promise.all([
    listLogEntries(db, user, filters, zone),
    logFilterChoices(db, user),
  ]);
  const branchNames = new Map(choices.branches.map((branch) => [branch.id, branch.name]));
  return {
    filters: {
      wer: filters.userId ? String(filters.userId) : "",
      was: filters.entityType ?? "",
      filiale: filters.branchId ? String(filters.branchId) : "",
      von: filters.from ?? "",
      bis: filters.to ?? "",
    },
    isFirstPage: !filters.before,
    choices: {
      users: choices.users.map((row) => ({ value: String(row.id), label: row.name })),
      types: Object.entries(de.logs.entityTypes).map(([value, label]) => ({ value, label })),
      branches: choices.branches.map((row) => ({ value: String(row.id), label: row.name })),
    },
    entries: entries.map((entry) => ({
      id: entry.id,
      when: formatDateTime(entry.at, zone),
      who: entry.userName ?? de.logs.system,
      action: actionLabel(entry.action),
      what: recordLabel(entry),
      branch: entry.branchId ? (branchNames.get(entry.branchId) ?? String(entry.branchId)) : "–",
    })),
    next,
  };
}

function recordLabel(entry: { entityType: string; entityId: string | number | null }) {
  return `${entityTypeLabel(entry.entityType)}${entry.entityId ? ` ${entry.entityId}` : ""}`;
}

/** One entry as stored (the API), or 404 when the user may not see it or it does not exist. */
export async function logEntry(db: Db, user: StaffUser, id: number | null) {
  const entry = id === null ? null : await getLogEntry(db, user, id);
  return entry ? succeeded(entry) : refused(404, de.logs.loadError);
}

/** One entry for its page, with what changed. */
export async function logEntryView(db: Db, user: StaffUser, id: number | null) {
  const found = await logEntry(db, user, id);
  if (!found.ok) return found;
  const entry = found.value;
  const zone = await zoneOf(db);
  return succeeded({
    id: entry.id,
    when: formatDateTime(entry.at, zone),
    who: entry.userName ?? de.logs.system,
    action: actionLabel(entry.action),
    what: recordLabel(entry),
    ip: entry.ip ?? "–",
    changes: changedFields(entry.data),
    data: entry.data ? JSON.stringify(entry.data, null, 2) : null,
  });
}
