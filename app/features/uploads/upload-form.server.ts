import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { MAX_UPLOAD_BYTES } from "../../domain/upload-types";
import { UploadSpool } from "../../server/upload-spool.server";

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
 * Reads a staff upload form. Every part is read to its end (so the answer is not cut off), but
 * only MAX_FILES_AT_ONCE files of up to MAX_UPLOAD_BYTES are kept; they go to disk while they
 * arrive and are read back once the form is complete (decision 051).
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
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    result.notMultipart = true;
    return result;
  }
  let total = 0;
  let files = 0;
  const count = (bytes: number) => {
    total += bytes;
    if (total > MAX_UPLOAD_REQUEST_BYTES) throw new UploadRequestTooLarge();
  };
  const spool = new UploadSpool();
  const spooled: { file: string; name: string }[] = [];
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (filename === undefined) {
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of data) {
        size += chunk.byteLength;
        count(chunk.byteLength);
        if (size <= MAX_TEXT_FIELD_BYTES) chunks.push(chunk);
      }
      if (size <= MAX_TEXT_FIELD_BYTES) {
        result.fields.set(name, new TextDecoder().decode(Buffer.concat(chunks)));
      }
      return undefined;
    }
    // Past the count the files are drained without being kept.
    const keep = files < MAX_FILES_AT_ONCE ? MAX_UPLOAD_BYTES : -1;
    const part = await spool.write(data, keep, count);
    // A browser sends an empty part for a file input left empty.
    if (part.size === 0 && filename === "") return undefined;
    files += 1;
    if (files > MAX_FILES_AT_ONCE) {
      result.tooMany = true;
      return undefined;
    }
    if (!part.file) {
      result.oversized.push(filename);
      return undefined;
    }
    spooled.push({ file: part.file, name: filename });
    return undefined;
  };
  try {
    try {
      await unstable_parseMultipartFormData(request, handler);
    } catch (error) {
      if (error instanceof UploadRequestTooLarge) throw error;
      // A body that is not well-formed multipart is bad input, not a server fault.
      result.notMultipart = true;
      return result;
    }
    for (const { file, name } of spooled) {
      const bytes = await spool.read(file);
      result.files.push(
        new File(
          [new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength)],
          name,
        ),
      );
    }
    return result;
  } finally {
    await spool.discard();
  }
}
