import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { parseId } from "#app/domain/values";
import { productFilterFrom } from "./product-filter";
import { de } from "#app/i18n/de-backoffice";
import { deCatalogue } from "#app/i18n/de-catalogue";
import type { Problem } from "#app/features/backoffice/resource.server";
import { readSmallForm, readSmallJson } from "#app/features/shared/small-request.server";
import { readHeldMultipart } from "#app/server/multipart.server";
import { apiError, forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import {
  applyBulk,
  filterChoices,
  formatBulkValue,
  matchingIds,
  matchingProducts,
  MAX_BULK_PRODUCTS,
  parseBulkChoice,
  previewBulk,
  type BulkChoice,
  type BulkPreview,
} from "./bulk-prices.server";
import { BULK_BODY_BYTES, CSV_FORM_BYTES, CSV_MAX_BYTES } from "./csv-limits";
import { decodeCsv, type ImportOutcome, type ImportReport } from "./products-csv-rows";
import { exportProductsCsv, importProductsCsv } from "./products-csv.server";

/**
 * The routes of the bulk changes and the CSV (issue 15): `/backend/products/bulk`,
 * `/backend/products/import`, `/backend/products/export.csv` and `POST /api/products/bulk`,
 * `GET /api/products/export`, `POST /api/products/import`. Administrators only, as every
 * catalogue area.
 */

const texts = deCatalogue.bulk;

export async function adminFor(request: Request, context: AppLoadContext) {
  const user = await requireStaff(request, context);
  if (!user.isAdmin) {
    throw new URL(request.url).pathname.startsWith("/api/")
      ? apiError(403, de.resources.edit.forbidden)
      : forbidden("page");
  }
  return user;
}

const problems = (status: number, errors: Problem[], extra: Record<string, unknown> = {}) =>
  Response.json({ errors, ...extra }, { status });

// ——— POST /api/products/bulk ———

export async function bulkApiAction(request: Request, context: AppLoadContext) {
  const user = await adminFor(request, context);
  if (request.method !== "POST") return apiMethodNotAllowed("POST");
  const body = await readSmallJson(request, BULK_BODY_BYTES);
  if (!body) return problems(400, [{ message: de.resources.edit.badRequest }]);
  const parsed = parseBulkChoice({
    productIds: body.productIds,
    field: body.field,
    mode: body.mode,
    value: body.value,
  });
  if (!parsed.ok) return problems(parsed.status, parsed.errors);
  const dryRun = body.dryRun === true || body.dryRun === "true" || body.dryRun === 1;
  const versions =
    typeof body.versions === "object" && body.versions !== null && !Array.isArray(body.versions)
      ? (Object.fromEntries(
          Object.entries(body.versions).map(([id, version]) => [id, String(version)]),
        ) as Record<string, string>)
      : null;
  const checksum = typeof body.checksum === "string" ? body.checksum : null;
  const outcome = dryRun
    ? await previewBulk(context.db, parsed.value)
    : await applyBulk(context.db, { user, clientAddress: context.clientAddress }, parsed.value, {
        versions,
        checksum,
      });
  if (!outcome.ok) return problems(outcome.status, outcome.errors);
  return Response.json({ data: { ...outcome.value, dryRun } });
}

// ——— /backend/products/bulk ———

/** How many matches the page lists with a checkbox each; "alle Treffer" covers the rest. */
const LISTED = 200;
/** How many preview rows the page shows; the change covers all. */
const PREVIEW_ROWS = 500;

export async function bulkPageLoader(request: Request, context: AppLoadContext) {
  await adminFor(request, context);
  const url = new URL(request.url);
  const filter = productFilterFrom(url.searchParams);
  const [matches, choices] = await Promise.all([
    matchingProducts(context.db, filter, LISTED),
    filterChoices(context.db),
  ]);
  const saved = url.searchParams.get("hinweis") === "gespeichert";
  const count = parseId(url.searchParams.get("anzahl")) ?? 0;
  return {
    filter,
    choices,
    total: matches.total,
    products: matches.rows.map((row) => ({
      id: row.id,
      name: row.name,
      identifier: row.identifier,
      price: formatBulkValue("price", row.price),
      taxes: [row.taxRate, row.takeawayTaxRate, row.dineInTaxRate]
        .map((rate) => formatBulkValue("taxRate", Number(rate)))
        .join(" / "),
    })),
    notice: saved ? texts.saved(count) : null,
  };
}

interface BulkReply {
  errors: Problem[];
  preview: {
    rows: { id: number; name: string; before: string; after: string }[];
    count: number;
    checksum: string;
    fieldLabel: string;
  } | null;
  /** What the form sent, to render it again (and to carry into the confirmation). */
  sent: {
    productIds: string[];
    all: boolean;
    field: string;
    mode: string;
    value: string;
    search: string;
    categoryId: string;
    tagId: string;
  };
}

function previewView(choice: BulkChoice, preview: BulkPreview): NonNullable<BulkReply["preview"]> {
  return {
    rows: preview.changes.slice(0, PREVIEW_ROWS).map((change) => ({
      id: change.id,
      name: change.name,
      before: formatBulkValue(choice.field, change.before),
      after: formatBulkValue(choice.field, change.after),
    })),
    count: preview.changes.length,
    checksum: preview.checksum,
    fieldLabel: texts.fields[choice.field],
  };
}

export async function bulkPageAction(request: Request, context: AppLoadContext) {
  const user = await adminFor(request, context);
  const form = await readSmallForm(request);
  const empty: BulkReply["sent"] = {
    productIds: [],
    all: false,
    field: "price",
    mode: "percent",
    value: "",
    search: "",
    categoryId: "",
    tagId: "",
  };
  if (!form) {
    return data<BulkReply>(
      { errors: [{ message: de.resources.edit.badRequest }], preview: null, sent: empty },
      400,
    );
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 200) : "";
  };
  const all = form.get("alle") === "1";
  const picked = form
    .getAll("produkt")
    .filter((value): value is string => typeof value === "string")
    .slice(0, MAX_BULK_PRODUCTS + 1);
  const sent: BulkReply["sent"] = {
    productIds: all ? [] : picked,
    all,
    field: text("feld"),
    mode: text("art"),
    value: text("wert"),
    search: text("suche"),
    categoryId: text("kategorie"),
    tagId: text("schlagwort"),
  };
  const productIds = all ? await matchingIds(context.db, productFilterFrom(form)) : picked;
  const parsed = parseBulkChoice({
    productIds,
    field: sent.field,
    mode: sent.mode,
    value: sent.value,
  });
  if (!parsed.ok) return data<BulkReply>({ errors: parsed.errors, preview: null, sent }, 400);
  if (form.get("intent") === "uebernehmen") {
    const outcome = await applyBulk(
      context.db,
      { user, clientAddress: context.clientAddress },
      parsed.value,
      { checksum: text("pruefsumme") },
    );
    if (outcome.ok) {
      const query = new URLSearchParams({
        hinweis: "gespeichert",
        anzahl: String(outcome.value.changes.length),
      });
      if (sent.search) query.set("suche", sent.search);
      if (sent.categoryId) query.set("kategorie", sent.categoryId);
      if (sent.tagId) query.set("schlagwort", sent.tagId);
      return redirect(`/backend/products/bulk?${query}`);
    }
    // After a 409 the page shows the fresh preview, so confirming again is a conscious choice.
    const fresh = await previewBulk(context.db, parsed.value);
    return data<BulkReply>(
      {
        errors: outcome.errors,
        preview: fresh.ok ? previewView(parsed.value, fresh.value) : null,
        sent,
      },
      outcome.status,
    );
  }
  const preview = await previewBulk(context.db, parsed.value);
  if (!preview.ok)
    return data<BulkReply>({ errors: preview.errors, preview: null, sent }, preview.status);
  return data<BulkReply>({ errors: [], preview: previewView(parsed.value, preview.value), sent });
}

// ——— Export ———

export async function exportLoader(request: Request, context: AppLoadContext) {
  await adminFor(request, context);
  const csv = await exportProductsCsv(context.db);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="produkte-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

// ——— Import ———

type TooLarge = { tooLarge: true };

/** Beyond the limit the rest is read and dropped up to here, so the client gets its 400. */
const DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * The body's bytes up to `limit`; past it nothing more is kept (the rest is dropped unread up to a
 * cap, so the client still gets its answer rather than a reset connection). In the running server
 * the Express body guard has already answered the same 400 before this (decisions 027, 036).
 */
async function readBytes(request: Request, limit: number): Promise<Buffer | TooLarge> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (declared > DRAIN_BYTES) {
    await reader.cancel().catch(() => undefined);
    return { tooLarge: true };
  }
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > DRAIN_BYTES) {
      await reader.cancel().catch(() => undefined);
      break;
    }
    if (size <= limit && declared <= limit) chunks.push(value);
  }
  return size > limit || declared > limit ? { tooLarge: true } : Buffer.concat(chunks);
}

const tooLargeMessage = () => texts.csvErrors.tooLarge(CSV_MAX_BYTES / 1024 / 1024);

/** The report as the API shows it: every row's error, every change. */
function reportJson(report: ImportReport, dryRun: boolean) {
  return {
    dryRun,
    saved: report.saved,
    created: report.created,
    changed: report.changed,
    unchanged: report.unchanged,
    errors: report.errors,
  };
}

function outcomeResponse(outcome: ImportOutcome, dryRun: boolean): Response {
  if (outcome.ok) return Response.json({ data: reportJson(outcome.report, dryRun) });
  const rows = outcome.report?.errors ?? [];
  const errors = [
    { message: outcome.message },
    ...rows
      .filter((row) => row.message !== outcome.message)
      .map((row) => ({ message: row.message, field: `row.${row.line}` })),
  ];
  return problems(outcome.status, errors, {
    data: outcome.report ? reportJson(outcome.report, dryRun) : null,
  });
}

export async function importApiAction(request: Request, context: AppLoadContext) {
  const user = await adminFor(request, context);
  if (request.method !== "POST") return apiMethodNotAllowed("POST");
  const dryRun = ["1", "true", "ja"].includes(
    new URL(request.url).searchParams.get("dryRun") ?? "",
  );
  const bytes = await readBytes(request, CSV_MAX_BYTES);
  if ("tooLarge" in bytes) return problems(400, [{ message: tooLargeMessage() }]);
  const text = decodeCsv(bytes);
  if (typeof text !== "string") return outcomeResponse(text, dryRun);
  const outcome = await importProductsCsv(
    context.db,
    { user, clientAddress: context.clientAddress },
    text,
    dryRun,
  );
  return outcomeResponse(outcome, dryRun);
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

export async function importPageLoader(request: Request, context: AppLoadContext) {
  await adminFor(request, context);
  return { maxMegabytes: CSV_MAX_BYTES / 1024 / 1024 };
}

export async function importPageAction(request: Request, context: AppLoadContext) {
  const user = await adminFor(request, context);
  const reply = (status: number, value: Omit<ImportPageReply, "status">) =>
    data<ImportPageReply>({ status, ...value }, status);
  const type = request.headers.get("Content-Type") ?? "";
  const bytes = await readBytes(request, CSV_FORM_BYTES);
  if ("tooLarge" in bytes) {
    return reply(400, { message: tooLargeMessage(), dryRun: true, report: null });
  }
  let form: FormData;
  try {
    // Multipart through the one reader (decision 075): a file name with `filename*` too.
    form = type.startsWith("multipart/form-data")
      ? await readHeldMultipart(new Uint8Array(bytes), type)
      : await new Response(new Blob([new Uint8Array(bytes)]), {
          headers: { "Content-Type": type },
        }).formData();
  } catch {
    return reply(400, { message: de.resources.edit.badRequest, dryRun: true, report: null });
  }
  const dryRun = form.get("intent") !== "importieren";
  const file = form.get("datei");
  if (!file || typeof file === "string" || file.size === 0) {
    return reply(400, { message: texts.csvErrors.noFile, dryRun, report: null });
  }
  const text = decodeCsv(new Uint8Array(await file.arrayBuffer()));
  const outcome =
    typeof text === "string"
      ? await importProductsCsv(
          context.db,
          { user, clientAddress: context.clientAddress },
          text,
          dryRun,
        )
      : text;
  if (outcome.ok) return reply(200, { message: null, dryRun, report: pageReport(outcome.report) });
  return reply(outcome.status, {
    message: outcome.message,
    dryRun,
    report: outcome.report ? pageReport(outcome.report) : null,
  });
}
