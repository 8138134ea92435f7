import type { AppLoadContext } from "@remix-run/node";
import { getSettings } from "../../db/queries/settings";
import { formatDateTime } from "../../domain/format";
import { parseId } from "../../domain/values";
import { de } from "../../i18n/de-backoffice";
import { forbidden, requireStaff } from "../staff/staff-auth.server";
import { actionLabel, entityTypeLabel } from "./log-labels";
import {
  changedFields,
  getLogEntry,
  listLogEntries,
  logFilterChoices,
  logFiltersFrom,
  mayReadLogs,
} from "./logs.server";

/** The log's loaders for the page (`/backend/logs`) and the API (`/api/logs`), one service. */

async function guard(request: Request, context: AppLoadContext) {
  const user = await requireStaff(request, context);
  if (!mayReadLogs(user)) throw forbidden(user.surface);
  const zone = (await getSettings(context.db)).businessTimeZone;
  return { user, zone };
}

export async function logListPage(request: Request, context: AppLoadContext) {
  const { user, zone } = await guard(request, context);
  const params = new URL(request.url).searchParams;
  const filters = logFiltersFrom(params);
  const [{ entries, next }, choices] = await Promise.all([
    listLogEntries(context.db, user, filters, zone),
    logFilterChoices(context.db, user),
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
      what: `${entityTypeLabel(entry.entityType)}${entry.entityId ? ` ${entry.entityId}` : ""}`,
      branch: entry.branchId ? (branchNames.get(entry.branchId) ?? String(entry.branchId)) : "–",
    })),
    next,
  };
}

export async function logEntryPage(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  const { user, zone } = await guard(request, context);
  const id = parseId(params.id);
  const entry = id === null ? null : await getLogEntry(context.db, user, id);
  if (!entry) throw new Response(null, { status: 404, statusText: "Not Found" });
  return {
    id: entry.id,
    when: formatDateTime(entry.at, zone),
    who: entry.userName ?? de.logs.system,
    action: actionLabel(entry.action),
    what: `${entityTypeLabel(entry.entityType)}${entry.entityId ? ` ${entry.entityId}` : ""}`,
    ip: entry.ip ?? "–",
    changes: changedFields(entry.data),
    data: entry.data ? JSON.stringify(entry.data, null, 2) : null,
  };
}

export async function logListApi(request: Request, context: AppLoadContext) {
  const { user, zone } = await guard(request, context);
  const filters = logFiltersFrom(new URL(request.url).searchParams);
  const { entries, next } = await listLogEntries(context.db, user, filters, zone);
  return Response.json({ data: entries, meta: { next } });
}

export async function logEntryApi(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  const { user } = await guard(request, context);
  const id = parseId(params.id);
  const entry = id === null ? null : await getLogEntry(context.db, user, id);
  if (!entry) {
    return Response.json({ errors: [{ message: de.logs.loadError }] }, { status: 404 });
  }
  return Response.json({ data: entry });
}
