import { readHeldMultipart } from "./multipart.server";

/** Beyond the limit the rest is read and dropped up to here, so the client gets its 400. */
const DRAIN_BYTES = 64 * 1024 * 1024;

export type TooLarge = { tooLarge: true };

/**
 * The body's bytes up to `limit`; past it nothing more is kept (the rest is dropped unread up to a
 * cap, so the client still gets its answer rather than a reset connection). In the running server
 * the Express body guard has already answered the same 400 before this (decisions 027, 036).
 */
export async function readBytes(request: Request, limit: number): Promise<Buffer | TooLarge> {
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

/**
 * A form from bytes already read within their limit: multipart through the one reader (decision
 * 075, a file name with `filename*` too), anything else as the platform parses it. Throws when the
 * body is no form.
 */
export async function formFromBytes(bytes: Uint8Array, type: string): Promise<FormData> {
  return type.startsWith("multipart/form-data")
    ? await readHeldMultipart(new Uint8Array(bytes), type)
    : await new Response(new Blob([new Uint8Array(bytes)]), {
        headers: { "Content-Type": type },
      }).formData();
}
