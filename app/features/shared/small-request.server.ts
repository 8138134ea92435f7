import { readHeldMultipart } from "#app/server/multipart.server";

/**
 * Bodies of the small customer forms and JSON calls (a few buttons, a questionnaire). Read with a
 * limit: an endless body is drained up to a hard cap (so the client still gets its 400 rather than
 * a reset connection) and then cut off.
 */
export const SMALL_BODY_BYTES = 16 * 1024;
const DRAIN_LIMIT_BYTES = 1024 * 1024;

export async function readSmallBody(
  request: Request,
  maxBytes: number = SMALL_BODY_BYTES,
): Promise<string | null> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > DRAIN_LIMIT_BYTES) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > DRAIN_LIMIT_BYTES) {
      await reader.cancel();
      return null;
    }
    if (size <= maxBytes) chunks.push(value);
  }
  return size > maxBytes ? null : Buffer.concat(chunks).toString("utf8");
}

/** A urlencoded or multipart form of a few fields, or null when it is too big or unreadable. */
export async function readSmallForm(
  request: Request,
  maxBytes: number = SMALL_BODY_BYTES,
): Promise<FormData | URLSearchParams | null> {
  const type = request.headers.get("Content-Type") ?? "";
  const body = await readSmallBody(request, maxBytes);
  if (body === null) return null;
  if (type.startsWith("multipart/form-data")) {
    // The one multipart reader (decision 075), on the body already read within its limit.
    try {
      return await readHeldMultipart(body, type);
    } catch {
      return null;
    }
  }
  return new URLSearchParams(body);
}

/** `readSmallForm` as FormData, as services that read files or repeated fields take it. */
export async function readSmallFormData(
  request: Request,
  maxBytes: number = SMALL_BODY_BYTES,
): Promise<FormData | null> {
  const posted = await readSmallForm(request, maxBytes);
  if (!posted || posted instanceof FormData) return posted;
  const form = new FormData();
  for (const [name, value] of posted) form.append(name, value);
  return form;
}

/** A JSON object body; an empty body reads as `{}`; null when it is too big or not an object. */
export async function readSmallJson(
  request: Request,
  maxBytes: number = SMALL_BODY_BYTES,
): Promise<Record<string, unknown> | null> {
  const body = await readSmallBody(request, maxBytes);
  if (body === null) return null;
  if (body.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
