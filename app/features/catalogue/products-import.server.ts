import type { Db } from "#app/db/schema";
import { apiColumnName } from "./products-csv-columns";
import type { Outcome, Problem } from "#app/server/outcome";
import { deCatalogue } from "#app/i18n/de-catalogue";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { CSV_MAX_BYTES } from "./csv-limits";
import { decodeCsv, type ImportOutcome, type ImportReport } from "./products-csv-rows";
import { exportProductsCsv, importProductsCsv } from "./products-csv.server";

/**
 * The CSV of the products as the routes hand it out and take it in (issue 15):
 * `/backend/products/import`, `/backend/products/export.csv`, `POST /api/products/import` and
 * `GET /api/products/export`. The routes read the body; these services decode, import and shape
 * the report for the page or the JSON.
 */

const texts = deCatalogue.bulk;

/** Every product as a CSV file named by the day. */
export async function productsCsvFile(
  db: Db,
  now: Date,
): Promise<Outcome<{ body: string; contentType: string; filename: string }>> {
  const body = await exportProductsCsv(db);
  const day = now.toISOString().slice(0, 10);
  return {
    ok: true,
    value: { body, contentType: "text/csv; charset=utf-8", filename: `produkte-${day}.csv` },
  };
}

export const csvTooLargeMessage = () => texts.csvErrors.tooLarge(CSV_MAX_BYTES / 1024 / 1024);

/** The uploaded bytes decoded and imported (a dry run writes nothing). */
export async function importCsvBytes(
  db: Db,
  actor: { user: StaffUser; clientAddress?: string },
  bytes: Uint8Array,
  dryRun: boolean,
): Promise<ImportOutcome> {
  const text = decodeCsv(bytes);
  return typeof text === "string" ? await importProductsCsv(db, actor, text, dryRun) : text;
}

/** The report as the API shows it: every row's error, every change. */
function reportJson(report: ImportReport, dryRun: boolean) {
  return {
    dryRun,
    saved: report.saved,
    created: report.created,
    changed: report.changed.map((row) => ({
      ...row,
      changes: row.changes.map((change) => ({ ...change, field: apiColumnName(change.field) })),
    })),
    unchanged: report.unchanged,
    errors: report.errors,
  };
}

/** The API's answer to an import: its status and JSON body. */
export function importJson(
  outcome: ImportOutcome,
  dryRun: boolean,
): { status: number; body: { data: ReturnType<typeof reportJson> | null; errors?: Problem[] } } {
  if (outcome.ok) return { status: 200, body: { data: reportJson(outcome.report, dryRun) } };
  const rows = outcome.report?.errors ?? [];
  const errors = [
    { message: outcome.message },
    ...rows
      .filter((row) => row.message !== outcome.message)
      .map((row) => ({ message: row.message, field: `row.${row.line}` })),
  ];
  return {
    status: outcome.status,
    body: { errors, data: outcome.report ? reportJson(outcome.report, dryRun) : null },
  };
}

/** How many errors and changes the page lists; the JSON has all. */
const PAGE_ROWS = 200;

export interface ImportPageReply {
  status: number;
  message: string | null;
  dryRun: boolean;
  report: {
    saved: boolean;
    createdCount: number;
    changedCount: number;
    unchanged: number;
    created: ImportReport["created"];
    changed: ImportReport["changed"];
    errors: string[];
    errorCount: number;
  } | null;
}

function pageReport(report: ImportReport): NonNullable<ImportPageReply["report"]> {
  return {
    saved: report.saved,
    createdCount: report.created.length,
    changedCount: report.changed.length,
    unchanged: report.unchanged,
    created: report.created.slice(0, PAGE_ROWS),
    changed: report.changed.slice(0, PAGE_ROWS),
    errors: report.errors.slice(0, PAGE_ROWS).map((error) => error.message),
    errorCount: report.errors.length,
  };
}

/** The page's answer to an import. */
export function importPageReply(outcome: ImportOutcome, dryRun: boolean): ImportPageReply {
  if (outcome.ok) {
    return { status: 200, message: null, dryRun, report: pageReport(outcome.report) };
  }
  return {
    status: outcome.status,
    message: outcome.message,
    dryRun,
    report: outcome.report ? pageReport(outcome.report) : null,
  };
}
