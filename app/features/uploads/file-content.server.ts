import { inflateSync } from "node:zlib";
import { loadSharp } from "../../server/on-demand-modules.server";

/**
 * The checks of a file's content that its first bytes cannot answer (decision 037): a photo must
 * decode to its last row (a truncated JPEG is refused, not stored), and a PDF must carry no
 * JavaScript. `checkUpload` (app/domain/upload-types.ts) has already matched name and signature.
 */

const IMAGES = new Set(["jpg", "jpeg", "png", "gif"]);
/** A 50-megapixel photo is the largest a phone makes; anything bigger is refused unread. */
const MAX_PIXELS = 50_000_000;

export async function contentIsSound(extension: string, bytes: Uint8Array): Promise<boolean> {
  if (IMAGES.has(extension)) return imageDecodes(bytes);
  if (extension === "pdf") return !pdfHasJavaScript(bytes);
  return true;
}

async function imageDecodes(bytes: Uint8Array): Promise<boolean> {
  const sharp = await loadSharp();
  try {
    // Decoding a small copy reads every row of the original: a cut-off file fails here.
    await sharp(bytes, { failOn: "truncated", limitInputPixels: MAX_PIXELS, animated: false })
      .resize(16, 16, { fit: "inside" })
      .raw()
      .toBuffer();
    return true;
  } catch {
    return false;
  }
}

/** `/JS` and `/JavaScript`, also spelled with `#xx` escapes, in the file or a packed stream. */
const SCRIPT_NAME = /\/(JS|JavaScript)(?![A-Za-z0-9])/;
const STREAM = /stream\r?\n/g;
/** Streams are inflated up to this much each, so a zip bomb in a PDF costs nothing. */
const MAX_INFLATED = 4 * 1024 * 1024;

export function pdfHasJavaScript(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes).toString("latin1");
  if (containsScriptName(text)) return true;
  for (const match of text.matchAll(STREAM)) {
    const start = match.index + match[0].length;
    const end = text.indexOf("endstream", start);
    if (end < 0) break;
    let inflated: Buffer;
    try {
      inflated = inflateSync(Buffer.from(bytes.subarray(start, end)), {
        maxOutputLength: MAX_INFLATED,
      });
    } catch {
      continue;
    }
    if (containsScriptName(inflated.toString("latin1"))) return true;
  }
  return false;
}

function containsScriptName(text: string): boolean {
  const unescaped = text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return SCRIPT_NAME.test(unescaped);
}
