import { MAX_UPLOAD_BYTES } from "#app/domain/upload-types";
import { MultipartTooLarge, readMultipart } from "#app/server/multipart.server";

/** A whole item form: a few files of 10 MB each and the text fields. */
export const MAX_REQUEST_BYTES = 40 * 1024 * 1024;
const MAX_TEXT_FIELD_BYTES = 64 * 1024;

export class RequestTooLarge extends Error {}

export interface ReadForm {
  form: FormData;
  /** `field:fileName` of every file refused for its size; its bytes were read and dropped. */
  oversized: string[];
}

/**
 * Reads a cart form, multipart or not, through the one multipart reader (decision 075). Files go
 * to disk while they arrive and are read back once the form is complete (decision 051); a file
 * over the upload limit is drained and named in `oversized`, so the customer learns which file
 * was too big. A text field over 64 KB reads as empty.
 */
export async function readCartForm(request: Request): Promise<ReadForm> {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_REQUEST_BYTES) throw new RequestTooLarge();
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data"))
    return { form: await request.formData(), oversized: [] };
  try {
    const read = await readMultipart(request, {
      totalBytes: MAX_REQUEST_BYTES,
      fieldBytes: MAX_TEXT_FIELD_BYTES,
      longField: "empty",
      fileBytes: MAX_UPLOAD_BYTES,
    });
    return {
      form: read.form,
      oversized: read.oversized.map(({ field, fileName }) => `${field}:${fileName}`),
    };
  } catch (error) {
    throw error instanceof MultipartTooLarge ? new RequestTooLarge() : error;
  }
}
