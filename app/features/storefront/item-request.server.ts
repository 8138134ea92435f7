import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { MAX_UPLOAD_BYTES } from "../../domain/upload-types";

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
 * Reads a cart form, multipart or not. Files are held in memory up to the upload limit; a larger
 * file is drained and named in `oversized`, so the customer learns which file was too big.
 */
export async function readCartForm(request: Request): Promise<ReadForm> {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_REQUEST_BYTES) throw new RequestTooLarge();
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data"))
    return { form: await request.formData(), oversized: [] };

  const oversized: string[] = [];
  let total = 0;
  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    const limit = filename === undefined ? MAX_TEXT_FIELD_BYTES : MAX_UPLOAD_BYTES;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      total += chunk.byteLength;
      if (total > MAX_REQUEST_BYTES) throw new RequestTooLarge();
      if (size <= limit) chunks.push(chunk);
    }
    if (filename === undefined) {
      return size > limit ? "" : new TextDecoder().decode(Buffer.concat(chunks));
    }
    if (size > limit) {
      oversized.push(`${name}:${filename}`);
      return undefined;
    }
    return new File([Buffer.concat(chunks)], filename, { type: contentType });
  };
  return { form: await unstable_parseMultipartFormData(request, handler), oversized };
}
