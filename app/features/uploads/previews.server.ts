import { loadSharp } from "#app/server/on-demand-modules.server";
import type { Upload } from "#app/db/schema";
import type { FileStorage } from "#app/integrations/storage/file-storage";
import { storageFor, type StorageSettings } from "#app/integrations/storage/storage.server";
import { openPdf, pdfHasJavaScript } from "./file-content.server";

/**
 * The preview of an upload at `/upload/{publicHash}/preview/{id}-{version}.jpg` (decision 037):
 * a JPEG thumbnail of a photo, the first page of a PDF, a file icon with the file's extension
 * otherwise. Made on the first request and kept in the "upload-previews" area under the
 * original's storage key, so every instance makes it once; a new version has a new key.
 */
export const PREVIEW_SIZE = 320;

const PHOTOS = new Set(["image/jpeg", "image/png", "image/gif"]);

export async function previewOf(
  config: StorageSettings,
  upload: Pick<Upload, "storageKey" | "mimeType" | "extension">,
): Promise<Uint8Array | null> {
  const previews = storageFor(config, "upload-previews");
  const kept = await previews.get(upload.storageKey);
  if (kept) return kept;
  const original = await storageFor(config, "uploads").get(upload.storageKey);
  if (!original) return null;
  const preview = await makePreview(upload.mimeType, upload.extension, original);
  // Two instances may make the same preview at once: the second write changes nothing.
  await previews.put(upload.storageKey, preview).catch(() => undefined);
  return preview;
}

/** Removes an upload's preview (with the file itself, or when a new version replaces it). */
export async function forgetPreview(config: StorageSettings, storageKey: string): Promise<void> {
  await storageFor(config, "upload-previews").remove(storageKey);
}

/**
 * The uploads' store for the clean-up of abandoned carts: removing a file removes its preview
 * too, so neither area keeps what no row names.
 */
export function uploadsWithPreviews(config: StorageSettings): FileStorage {
  const uploads = storageFor(config, "uploads");
  return {
    put: (key, bytes) => uploads.put(key, bytes),
    get: (key) => uploads.get(key),
    async remove(key) {
      await uploads.remove(key);
      await forgetPreview(config, key);
    },
  };
}

export async function makePreview(
  mimeType: string,
  extension: string,
  bytes: Uint8Array,
): Promise<Uint8Array> {
  try {
    if (PHOTOS.has(mimeType)) return await photoPreview(bytes);
    if (mimeType === "application/pdf" && !(await pdfHasJavaScript(bytes))) {
      return await photoPreview(await firstPageOf(bytes));
    }
  } catch {
    // A file the libraries cannot read still gets a preview: the icon.
  }
  return fileIcon(extension);
}

async function photoPreview(bytes: Uint8Array): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const jpeg = await sharp(bytes, { failOn: "none", limitInputPixels: 50_000_000, animated: false })
    .rotate()
    .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
  return new Uint8Array(jpeg);
}

/** The first page as PNG, drawn by pdf.js on @napi-rs/canvas; scripts and eval stay off. */
async function firstPageOf(bytes: Uint8Array): Promise<Uint8Array> {
  const [document, { createCanvas }] = await Promise.all([
    openPdf(bytes),
    import("@napi-rs/canvas"),
  ]);
  try {
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const scale = (PREVIEW_SIZE * 2) / Math.max(natural.width, natural.height, 1);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: canvas.getContext("2d") as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    return new Uint8Array(await canvas.encode("png"));
  } finally {
    await document.destroy();
  }
}

/** A sheet with a folded corner and the extension in capitals, drawn by sharp from SVG. */
export async function fileIcon(extension: string): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const label =
    extension
      .replace(/[^a-z0-9]/g, "")
      .slice(0, 5)
      .toUpperCase() || "DATEI";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_SIZE}" height="${PREVIEW_SIZE}" viewBox="0 0 320 320">
  <rect width="320" height="320" fill="#f4efe8"/>
  <path d="M100 40h90l50 50v190H100z" fill="#ffffff" stroke="#6b5a48" stroke-width="8" stroke-linejoin="round"/>
  <path d="M190 40v50h50" fill="none" stroke="#6b5a48" stroke-width="8" stroke-linejoin="round"/>
  <text x="170" y="210" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" font-weight="700" fill="#6b5a48" text-anchor="middle">${label}</text>
</svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  return new Uint8Array(jpeg);
}
