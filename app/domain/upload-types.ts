/**
 * Which files a product step accepts, judged by the file's first bytes as well as its name: a
 * renamed HTML page must not pass as a photo. Spec section 5 names the default extensions;
 * image steps take jpg, jpeg, png and gif only.
 */
export type UploadPartType = "image" | "images" | "file" | "files";

export const DEFAULT_UPLOAD_EXTENSIONS = [
  "txt",
  "csv",
  "gif",
  "jpg",
  "jpeg",
  "png",
  "svg",
  "mp4",
  "mpeg",
  "webm",
  "zip",
  "pdf",
  "doc",
  "docx",
  "xls",
  "xlsx",
  "ppt",
  "pptx",
] as const;

export const IMAGE_UPLOAD_EXTENSIONS = ["jpg", "jpeg", "png", "gif"] as const;

/** Spec section 9 names no limit: 10 MB holds a phone photo or a scanned PDF. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export function allowedExtensions(type: UploadPartType): readonly string[] {
  return type === "image" || type === "images"
    ? IMAGE_UPLOAD_EXTENSIONS
    : DEFAULT_UPLOAD_EXTENSIONS;
}

/** Only the images and files types take several files (spec section 5). */
export function acceptsSeveral(type: UploadPartType): boolean {
  return type === "images" || type === "files";
}

/** The `accept` attribute of the file input. */
export function acceptAttribute(type: UploadPartType): string {
  return allowedExtensions(type)
    .map((extension) => `.${extension}`)
    .join(",");
}

const MIME_TYPES: Record<string, string> = {
  txt: "text/plain",
  csv: "text/csv",
  gif: "image/gif",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  svg: "image/svg+xml",
  mp4: "video/mp4",
  mpeg: "video/mpeg",
  webm: "video/webm",
  zip: "application/zip",
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function asciiHead(bytes: Uint8Array, length: number): string {
  return String.fromCharCode(...bytes.subarray(0, length));
}

/** Text files: no NUL byte and nothing that reads as markup a browser would render. */
function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  const head = asciiHead(bytes, 512).toLowerCase();
  return !/<(html|script|body|iframe|!doctype)/.test(head);
}

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** Does the content look like what the extension promises? */
function contentMatches(extension: string, bytes: Uint8Array): boolean {
  switch (extension) {
    case "jpg":
    case "jpeg":
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case "png":
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case "gif":
      return startsWith(bytes, [0x47, 0x49, 0x46, 0x38]);
    case "pdf":
      return startsWith(bytes, [0x25, 0x50, 0x44, 0x46]);
    case "zip":
    case "docx":
    case "xlsx":
    case "pptx":
      return startsWith(bytes, ZIP);
    case "doc":
    case "xls":
    case "ppt":
      return startsWith(bytes, OLE);
    case "mp4":
      return asciiHead(bytes.subarray(4), 4) === "ftyp";
    case "webm":
      return startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]);
    case "mpeg":
      return (
        startsWith(bytes, [0x00, 0x00, 0x01, 0xba]) || startsWith(bytes, [0x00, 0x00, 0x01, 0xb3])
      );
    case "svg":
      return !bytes.includes(0) && /<svg[\s>]/i.test(asciiHead(bytes, 4096));
    case "txt":
    case "csv":
      return isPlainText(bytes);
    default:
      return false;
  }
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? "" : fileName.slice(dot + 1).toLowerCase();
}

export type UploadCheck =
  { ok: true; extension: string; mimeType: string } | { ok: false; fileName: string };

/** An accepted file gets the stored type of its extension, never the one the browser claimed. */
export function checkUpload(
  type: UploadPartType,
  fileName: string,
  bytes: Uint8Array,
  maxBytes: number = MAX_UPLOAD_BYTES,
): UploadCheck {
  const extension = extensionOf(fileName);
  const mimeType = MIME_TYPES[extension];
  if (
    !mimeType ||
    !allowedExtensions(type).includes(extension) ||
    bytes.byteLength === 0 ||
    bytes.byteLength > maxBytes ||
    !contentMatches(extension, bytes)
  ) {
    return { ok: false, fileName };
  }
  return { ok: true, extension, mimeType };
}
