import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { MAX_UPLOAD_BYTES } from "../../domain/upload-types";
import { filesFromSpool, SpooledFile, UploadSpool } from "../../server/upload-spool.server";

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
 * Reads a cart form, multipart or not. Files go to disk while they arrive and are read back
 * once the form is complete (decision 051); a file over the upload limit is drained and named
 * in `oversized`, so the customer learns which file was too big.
 */
export async function readCartForm(request: Request): Promise<ReadForm> {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_REQUEST_BYTES) throw new RequestTooLarge();
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data"))
    return { form: await request.formData(), oversized: [] };

  const oversized: string[] = [];
  let total = 0;
  const count = (bytes: number) => {
    total += bytes;
    if (total > MAX_REQUEST_BYTES) throw new RequestTooLarge();
  };
  const spool = new UploadSpool();
  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    if (filename === undefined) {
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of data) {
        size += chunk.byteLength;
        count(chunk.byteLength);
        if (size <= MAX_TEXT_FIELD_BYTES) chunks.push(chunk);
      }
      return size > MAX_TEXT_FIELD_BYTES ? "" : new TextDecoder().decode(Buffer.concat(chunks));
    }
    const spooled = await spool.write(data, MAX_UPLOAD_BYTES, count);
    if (!spooled.file) {
      oversized.push(`${name}:${filename}`);
      return undefined;
    }
    return new SpooledFile(spooled.file, filename, contentType, spooled.size);
  };
  try {
    const form = await unstable_parseMultipartFormData(request, handler);
    return { form: await filesFromSpool(form, spool), oversized };
  } finally {
    await spool.discard();
  }
}
