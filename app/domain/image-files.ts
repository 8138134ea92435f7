/**
 * Images the back office accepts (JPEG, PNG, WebP), judged by their first bytes, never by the
 * name or the type the browser claimed, with their size in pixels read from the header.
 */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_FILES = 10;
/** The text fields of a back-office form, whatever its files weigh. */
export const FORM_TEXT_BYTES = 512 * 1024;
/** A whole back-office form with images: every file at its limit and the text fields. */
export const IMAGE_FORM_BYTES = IMAGE_MAX_FILES * IMAGE_MAX_BYTES + FORM_TEXT_BYTES;
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";

export interface ImageFacts {
  extension: "jpg" | "png" | "webp";
  mimeType: string;
  width: number;
  height: number;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 65536 + u16be(b, i + 2);

function pngSize(bytes: Uint8Array) {
  // The IHDR chunk comes first: width and height at bytes 16 and 20.
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return null;
  return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
}

function jpegSize(bytes: Uint8Array) {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = u16be(bytes, offset + 2);
    // Start of frame (baseline, progressive, …; not DHT 0xc4, JPG 0xc8, DAC 0xcc).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: u16be(bytes, offset + 5), width: u16be(bytes, offset + 7) };
    }
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

function webpSize(bytes: Uint8Array) {
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === "VP8X") return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
  if (chunk === "VP8L" && bytes[20] === 0x2f) {
    const bits =
      (bytes[21] ?? 0) |
      ((bytes[22] ?? 0) << 8) |
      ((bytes[23] ?? 0) << 16) |
      ((bytes[24] ?? 0) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8 " && startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) {
    return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  }
  return null;
}

/** What the bytes are, or null when they are not a JPEG, PNG or WebP image with a size. */
export function sniffImage(bytes: Uint8Array): ImageFacts | null {
  let facts: Omit<ImageFacts, "width" | "height"> | null = null;
  let size: { width: number; height: number } | null = null;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    facts = { extension: "png", mimeType: "image/png" };
    size = pngSize(bytes);
  } else if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    facts = { extension: "jpg", mimeType: "image/jpeg" };
    size = jpegSize(bytes);
  } else if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    facts = { extension: "webp", mimeType: "image/webp" };
    size = webpSize(bytes);
  }
  if (!facts || !size || size.width < 1 || size.height < 1) return null;
  return { ...facts, ...size };
}
