import { MAX_UPLOAD_BYTES } from "#app/domain/upload-types";
import { deUploads } from "#app/i18n/de-uploads";
import { refused, succeeded, type Outcome } from "#app/server/outcome";
import {
  MultipartTooLarge,
  MultipartUnreadable,
  readMultipart,
} from "#app/server/multipart.server";

/** Files one request may carry in the back office and the API (decision 037). */
export const MAX_FILES_AT_ONCE = 20;
/** The whole multipart body: a few large files; the body limit refuses more before it is read. */
export const MAX_UPLOAD_REQUEST_BYTES = 40 * 1024 * 1024;
const MAX_TEXT_FIELD_BYTES = 8 * 1024;

export class UploadRequestTooLarge extends Error {}

export interface UploadForm {
  /** The files within the limits, in the order sent. */
  files: File[];
  fields: Map<string, string>;
  /** Names of files refused for their size (read and dropped). */
  oversized: string[];
  /** More files than MAX_FILES_AT_ONCE were sent; the rest were read and dropped. */
  tooMany: boolean;
  /** Not multipart at all. */
  notMultipart: boolean;
}

/**
 * Reads a staff upload form through the one multipart reader (decision 075). Every part is read
 * to its end (so the answer is not cut off), but only MAX_FILES_AT_ONCE files of up to
 * MAX_UPLOAD_BYTES are kept; they go to disk while they arrive and are read back once the form is
 * complete (decision 051). A text field over 8 KB is dropped.
 */
export async function readUploadForm(request: Request): Promise<UploadForm> {
  const result: UploadForm = {
    files: [],
    fields: new Map(),
    oversized: [],
    tooMany: false,
    notMultipart: false,
  };
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_UPLOAD_REQUEST_BYTES) {
    throw new UploadRequestTooLarge();
  }
  try {
    const read = await readMultipart(request, {
      totalBytes: MAX_UPLOAD_REQUEST_BYTES,
      fieldBytes: MAX_TEXT_FIELD_BYTES,
      longField: "drop",
      fileBytes: MAX_UPLOAD_BYTES,
      files: MAX_FILES_AT_ONCE,
    });
    for (const [name, value] of read.form.entries()) {
      if (typeof value === "string") result.fields.set(name, value);
      else result.files.push(value);
    }
    result.oversized = read.oversized.map((file) => file.fileName);
    result.tooMany = read.extraFiles > 0;
    return result;
  } catch (error) {
    if (error instanceof MultipartTooLarge) throw new UploadRequestTooLarge();
    // A body that is not multipart, or not well-formed, is bad input, not a server fault.
    if (error instanceof MultipartUnreadable) {
      result.notMultipart = true;
      return result;
    }
    throw error;
  }
}

/**
 * The staff files of a request, as the page and the API read them: refused when the body is
 * larger than the limit (413), not multipart (400) or carries too many files (413).
 */
export async function readStaffFiles(request: Request): Promise<Outcome<UploadForm>> {
  try {
    const form = await readUploadForm(request);
    if (form.notMultipart) return refused(400, deUploads.noFile);
    if (form.tooMany) return refused(413, deUploads.tooMany(MAX_FILES_AT_ONCE), "file");
    return succeeded(form);
  } catch (error) {
    if (error instanceof UploadRequestTooLarge) return refused(413, deUploads.tooLarge);
    throw error;
  }
}
