import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { getSettings } from "../../db/queries/settings";
import { DEFAULT_UPLOAD_EXTENSIONS, MAX_UPLOAD_BYTES } from "../../domain/upload-types";
import { formatDateTime } from "../../domain/format";
import { parseId } from "../../domain/values";
import { deUploads } from "../../i18n/de-uploads";
import { readSmallForm } from "../shared/small-request.server";
import { uploadsGuard } from "./uploads-api.server";
import { MAX_FILES_AT_ONCE, readUploadForm, UploadRequestTooLarge } from "./upload-form.server";
import { createStaffUploads, deleteUpload, listUploads } from "./uploads.server";

/** The back office's "Dateien" (decision 037): list with previews, staff files' form, delete. */

const PAGE_SIZE = 25;
const NOTICES: Record<string, string> = {
  hochgeladen: deUploads.created(1),
  geloescht: deUploads.deleted,
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) {
    return `${(bytes / 1024).toLocaleString("de-DE", { maximumFractionDigits: 1 })} KB`;
  }
  return `${(bytes / 1024 / 1024).toLocaleString("de-DE", { maximumFractionDigits: 1 })} MB`;
}

export async function uploadsPageLoader(request: Request, context: AppLoadContext) {
  await uploadsGuard(request, context);
  const url = new URL(request.url);
  const zone = (await getSettings(context.db)).businessTimeZone;
  const search = (url.searchParams.get("suche") ?? "").trim().slice(0, 100);
  const list = await listUploads(context.db, {
    search,
    page: parseId(url.searchParams.get("seite")) ?? 1,
    pageSize: PAGE_SIZE,
  });
  const notice = NOTICES[url.searchParams.get("hinweis") ?? ""] ?? null;
  return {
    notice,
    search,
    hint: deUploads.form.hint(
      DEFAULT_UPLOAD_EXTENSIONS.join(", "),
      MAX_UPLOAD_BYTES / 1024 / 1024,
      MAX_FILES_AT_ONCE,
    ),
    paging: { page: list.page, pageCount: list.pageCount, total: list.total },
    uploads: list.rows.map((row) => ({
      id: row.id,
      name: row.name,
      url: row.url,
      previewUrl: row.previewUrl,
      type: row.extension.toUpperCase(),
      size: formatBytes(row.sizeBytes),
      uploaded: formatDateTime(new Date(row.createdAt), zone),
      uploadedAt: row.createdAt,
      isStaffFile: row.isStaffFile,
      orderIds: row.orderIds,
    })),
  };
}

type ActionData = { errors: string[] };
const refused = (status: number, errors: string[]) => data<ActionData>({ errors }, { status });

export async function uploadsPageAction(request: Request, context: AppLoadContext) {
  const user = await uploadsGuard(request, context);
  const actor = { user, clientAddress: context.clientAddress };
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    const form = await readSmallForm(request, 4 * 1024);
    const id = parseId(form?.get("id")?.toString() ?? null);
    if (form?.get("intent") !== "delete" || id === null) {
      return refused(400, [deUploads.errors.delete, deUploads.notFound]);
    }
    const deleted = await deleteUpload(context.db, context.config, actor, id);
    if (!deleted.ok) {
      return refused(deleted.status, [
        deUploads.errors.delete,
        ...deleted.errors.map((e) => e.message),
      ]);
    }
    return redirect("/backend/uploads?hinweis=geloescht", 303);
  }
  let read;
  try {
    read = await readUploadForm(request);
  } catch (error) {
    if (error instanceof UploadRequestTooLarge) {
      return refused(413, [deUploads.errors.create, deUploads.tooLarge]);
    }
    throw error;
  }
  if (read.notMultipart) return refused(400, [deUploads.errors.create, deUploads.noFile]);
  if (read.tooMany) {
    return refused(413, [deUploads.errors.create, deUploads.tooMany(MAX_FILES_AT_ONCE)]);
  }
  const created = await createStaffUploads(
    context.db,
    context.config,
    actor,
    read.files,
    read.oversized,
  );
  if (!created.ok) {
    return refused(created.status, [
      deUploads.errors.create,
      ...created.errors.map((e) => e.message),
    ]);
  }
  return redirect("/backend/uploads?hinweis=hochgeladen", 303);
}
