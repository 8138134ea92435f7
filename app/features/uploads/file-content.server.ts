import { inflateSync } from "node:zlib";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { loadSharp } from "#app/server/on-demand-modules.server";

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
  if (extension === "pdf") return !(await pdfHasJavaScript(bytes));
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
/** Streams are decoded up to this much each, so a zip bomb in a PDF costs nothing. */
const MAX_INFLATED = 4 * 1024 * 1024;

/**
 * Whether a PDF carries JavaScript (decision 037). Two passes. First the names `/JS` and
 * `/JavaScript` in the raw bytes and in every stream decoded through its filter chain (Flate,
 * ASCIIHex, ASCII85, RunLength, in the order its `/Filter` names them): cheap, and it also finds
 * scripts that pdf.js does not report (a link's or a bookmark's action); an object stream whose
 * filters it cannot decode is refused. Then pdf.js, which reads the document as a viewer does
 * (cross-reference streams, object streams) and walks the places a script runs from: the
 * catalogue's OpenAction, AA and Names/JavaScript, the form fields' actions, each page's AA and
 * its annotations' actions. A PDF that pdf.js cannot open is refused too: what cannot be read
 * cannot be shown to be harmless.
 */
export async function pdfHasJavaScript(bytes: Uint8Array): Promise<boolean> {
  return rawScriptNames(bytes) || (await scriptsPdfjsFinds(bytes));
}

function rawScriptNames(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes).toString("latin1");
  if (containsScriptName(text)) return true;
  for (const match of text.matchAll(STREAM)) {
    // The keyword `endstream` ends in the same letters.
    if (text.startsWith("end", match.index - 3)) continue;
    const start = match.index + match[0].length;
    const end = text.indexOf("endstream", start);
    if (end < 0) break;
    const data = Buffer.from(bytes.subarray(start, end));
    const dictionary = unescapeNames(text.slice(text.lastIndexOf("obj", match.index), match.index));
    const decoded = decodeStream(dictionary, data);
    // Objects packed in a stream that cannot be decoded cannot be shown to be harmless.
    if (decoded === null && /\/Type\s*\/ObjStm\b/.test(dictionary)) return true;
    if (decoded && containsScriptName(decoded.toString("latin1"))) return true;
  }
  return false;
}

/** Filter names, also in their abbreviated spelling of inline images. */
const DECODERS: Record<string, (data: Buffer) => Buffer> = {
  FlateDecode: (data) => inflateSync(data, { maxOutputLength: MAX_INFLATED }),
  Fl: (data) => inflateSync(data, { maxOutputLength: MAX_INFLATED }),
  ASCIIHexDecode: asciiHexDecode,
  AHx: asciiHexDecode,
  ASCII85Decode: ascii85Decode,
  A85: ascii85Decode,
  RunLengthDecode: runLengthDecode,
  RL: runLengthDecode,
};

/**
 * A stream's bytes through its filter chain, null when a filter is unknown here (LZW, an image
 * codec, a predictor) or the data does not decode. A stream without a filter is still tried as
 * deflated data: a script hidden in a stream whose dictionary lies about it is refused too.
 */
function decodeStream(dictionary: string, data: Buffer): Buffer | null {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary)?.[1] ?? "";
  const filters = [...filter.matchAll(/\/([A-Za-z0-9]+)/g)].map((name) => name[1]!);
  try {
    if (filters.length === 0) {
      try {
        return DECODERS.FlateDecode!(data);
      } catch {
        return data;
      }
    }
    if (/\/Predictor\s*([2-9]|1\d)/.test(dictionary)) return null;
    let decoded = data;
    for (const name of filters) {
      const decode = DECODERS[name];
      if (!decode) return null;
      decoded = decode(decoded);
      if (decoded.length > MAX_INFLATED) return null;
    }
    return decoded;
  } catch {
    return null;
  }
}

function asciiHexDecode(data: Buffer): Buffer {
  const text = data.toString("latin1");
  const end = text.indexOf(">");
  const digits = (end < 0 ? text : text.slice(0, end)).replace(/\s/g, "");
  if (/[^0-9a-fA-F]/.test(digits)) throw new Error("ASCIIHexDecode: kein Hex");
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, "hex");
}

function ascii85Decode(data: Buffer): Buffer {
  const text = data.toString("latin1").replace(/\s/g, "");
  const end = text.indexOf("~>");
  const body = (end < 0 ? text : text.slice(0, end)).replace(/^<~/, "");
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    while (group.length < 5) group.push(84);
    let value = 0;
    for (const digit of group) value = value * 85 + digit;
    for (let i = 0; i < count - 1; i++) out.push((value >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const char of body) {
    if (char === "z" && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const digit = char.charCodeAt(0) - 33;
    if (digit < 0 || digit > 84) throw new Error("ASCII85Decode: falsches Zeichen");
    group.push(digit);
    if (group.length === 5) flush(5);
    if (out.length > MAX_INFLATED) break;
  }
  if (group.length > 0) flush(group.length);
  return Buffer.from(out);
}

function runLengthDecode(data: Buffer): Buffer {
  const out: Buffer[] = [];
  let size = 0;
  for (let i = 0; i < data.length && size <= MAX_INFLATED;) {
    const length = data[i]!;
    if (length === 128) break;
    if (length < 128) {
      const run = data.subarray(i + 1, i + 2 + length);
      out.push(run);
      size += run.length;
      i += 2 + length;
    } else {
      const run = Buffer.alloc(257 - length, data[i + 1] ?? 0);
      out.push(run);
      size += run.length;
      i += 2;
    }
  }
  return Buffer.concat(out);
}

function unescapeNames(text: string): string {
  return text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

function containsScriptName(text: string): boolean {
  return SCRIPT_NAME.test(unescapeNames(text));
}
interface OutlineItem {
  url?: string | null;
  unsafeUrl?: string;
  items?: OutlineItem[];
}

const isScriptUrl = (url: string | null | undefined) =>
  typeof url === "string" && /^\s*javascript:/i.test(url);
const hasActions = (actions: unknown) =>
  typeof actions === "object" && actions !== null && Object.keys(actions).length > 0;

/**
 * A PDF opened by pdf.js as every upload check and preview opens one: no eval, no XFA, no fonts
 * of the system or the document, stopping at the first error. Rejects when pdf.js cannot read it.
 */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  return getDocument({
    // pdf.js takes the buffer over: a copy, so the caller's bytes stay usable.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  }).promise;
}

async function scriptsPdfjsFinds(bytes: Uint8Array): Promise<boolean> {
  let document: PDFDocumentProxy;
  try {
    document = await openPdf(bytes);
  } catch {
    return true;
  }
  try {
    // The catalogue's OpenAction, AA and Names/JavaScript, and the form fields' actions.
    if (await document.hasJSActions()) return true;
    if (hasActions(await document.getJSActions())) return true;
    const outline = ((await document.getOutline()) ?? []) as OutlineItem[];
    const scriptInOutline = (items: OutlineItem[]): boolean =>
      items.some(
        (item) =>
          isScriptUrl(item.url) || isScriptUrl(item.unsafeUrl) || scriptInOutline(item.items ?? []),
      );
    if (scriptInOutline(outline)) return true;
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      if (hasActions(await page.getJSActions())) return true;
      const annotations = (await page.getAnnotations()) as {
        actions?: unknown;
        url?: string;
        unsafeUrl?: string;
      }[];
      for (const annotation of annotations) {
        if (hasActions(annotation.actions)) return true;
        if (isScriptUrl(annotation.url) || isScriptUrl(annotation.unsafeUrl)) return true;
      }
      page.cleanup();
    }
    return false;
  } catch {
    return true;
  } finally {
    await document.destroy();
  }
}
