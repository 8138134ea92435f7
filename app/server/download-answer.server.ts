import { firstMessage, type Outcome } from "./outcome";

/** A file to download (a time sheet's CSV or PDF, the products' CSV); a refusal as plain German text. */
export function downloadAnswer(
  file: Outcome<{ body: string | Uint8Array<ArrayBuffer>; contentType: string; filename: string }>,
) {
  if (!file.ok) {
    return new Response(firstMessage(file), {
      status: file.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(file.value.body, {
    headers: {
      "Content-Type": file.value.contentType,
      "Content-Disposition": `attachment; filename="${file.value.filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
