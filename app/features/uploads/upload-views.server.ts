import { DEFAULT_UPLOAD_EXTENSIONS, MAX_UPLOAD_BYTES } from "#app/domain/upload-types";
import { formatDateTime } from "#app/domain/format";
import { deUploads } from "#app/i18n/de-uploads";
import { MAX_FILES_AT_ONCE } from "./upload-form.server";
import type { UploadRecord } from "./uploads.server";

/** What the back office's "Dateien" (decision 037) shows of the uploads. */

/** Only administrators see and manage the shop's files, on the page and in the API. */
export const UPLOAD_ROLES = ["ROLE_ADMIN"] as const;

export const UPLOADS_PAGE_SIZE = 25;

const NOTICES: Record<string, string> = {
  hochgeladen: deUploads.created(1),
  geloescht: deUploads.deleted,
};

export const uploadNotice = (word: string | null) => NOTICES[word ?? ""] ?? null;

/** The form's hint: the types, the size limit and how many files at once. */
export const uploadHint = () =>
  deUploads.form.hint(
    DEFAULT_UPLOAD_EXTENSIONS.join(", "),
    MAX_UPLOAD_BYTES / 1024 / 1024,
    MAX_FILES_AT_ONCE,
  );

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) {
    return `${(bytes / 1024).toLocaleString("de-DE", { maximumFractionDigits: 1 })} KB`;
  }
  return `${(bytes / 1024 / 1024).toLocaleString("de-DE", { maximumFractionDigits: 1 })} MB`;
}

/** A row of the list: name, type, size and time in German, the orders that name the file. */
export function uploadRow(row: UploadRecord, zone: string) {
  return {
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
  };
}
