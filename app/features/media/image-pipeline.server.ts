import { loadSharp } from "#app/server/on-demand-modules.server";
import { sniffImage, type ImageFacts } from "#app/domain/image-files";
import {
  IMAGE_SIZES,
  IMAGE_SIZE_NAMES,
  sizedDimensions,
  squareCrop,
  type ImageSize,
  type SentFormat,
} from "#app/domain/image-sizes";
import type { FileStorage } from "#app/integrations/storage/file-storage";

/**
 * The image pipeline (issue 16, decision 038), built on sharp (libvips, which works in libuv's
 * thread pool, so the event loop keeps answering while pictures are made):
 * - an upload is judged by its bytes (JPEG, PNG, WebP), decoded with limits (pixels, truncation),
 *   turned upright and written again without any metadata (no EXIF location, no camera serial);
 * - a named size is made from the stored original on its first request, cropped around the focal
 *   point where it is square, and kept in the "image-sizes" store; concurrent first requests for
 *   the same size make it once.
 */

/** More pixels than this is refused: 40 MP decode to 160 MB of memory, and no page needs them. */
export const IMAGE_MAX_PIXELS = 40_000_000;

export type UploadRefusal = "notAnImage" | "tooManyPixels" | "broken";

export type CheckedImage =
  { ok: true; bytes: Uint8Array; facts: ImageFacts } | { ok: false; reason: UploadRefusal };

/**
 * An uploaded file as the store keeps it: upright, without metadata, in its own format. Refuses
 * what is no JPEG, PNG or WebP by its bytes (an SVG, an HTML page named .jpg), what has more than
 * 40 megapixels by its header (before decoding a byte of the picture: a PNG bomb is refused here),
 * and what does not decode completely (a truncated JPEG).
 */
export async function normaliseUpload(bytes: Uint8Array): Promise<CheckedImage> {
  const sharp = await loadSharp();
  const sniffed = sniffImage(bytes);
  if (!sniffed) return { ok: false, reason: "notAnImage" };
  if (sniffed.width * sniffed.height > IMAGE_MAX_PIXELS)
    return { ok: false, reason: "tooManyPixels" };
  try {
    const input = sharp(bytes, {
      limitInputPixels: IMAGE_MAX_PIXELS,
      failOn: "truncated",
      animated: false,
    });
    const meta = await input.metadata();
    if (meta.format !== formatName(sniffed.extension)) return { ok: false, reason: "notAnImage" };
    if ((meta.width ?? 0) * (meta.height ?? 0) > IMAGE_MAX_PIXELS) {
      return { ok: false, reason: "tooManyPixels" };
    }
    // `.rotate()` applies the EXIF orientation; without `.withMetadata()` nothing else is kept.
    const pipeline = input.rotate();
    const encoded =
      sniffed.extension === "png"
        ? pipeline.png({ compressionLevel: 6 })
        : sniffed.extension === "webp"
          ? pipeline.webp({ quality: 90 })
          : pipeline.jpeg({ quality: 90, mozjpeg: false });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      facts: { ...sniffed, width: info.width, height: info.height },
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (/pixel limit|exceeds/i.test(message)) return { ok: false, reason: "tooManyPixels" };
    return { ok: false, reason: "broken" };
  }
}

function formatName(extension: ImageFacts["extension"]): string {
  return extension === "jpg" ? "jpeg" : extension;
}

export interface StoredImage {
  id: number;
  version: number;
  extension: string;
  width: number;
  height: number;
  focalX: number;
  focalY: number;
  storageKey: string;
}

/** The key of a made size: id, version, size and format, in the store's alphabet. */
export function sizeKey(
  image: Pick<StoredImage, "id" | "version">,
  size: ImageSize,
  format: SentFormat,
) {
  return `img${String(image.id).padStart(6, "0")}v${image.version}${size}${format}`;
}

/** Every key a version of an image may have made, for removing them with the version. */
export function allSizeKeys(image: Pick<StoredImage, "id" | "version">): string[] {
  const formats: SentFormat[] = ["avif", "webp", "jpg", "png"];
  return IMAGE_SIZE_NAMES.flatMap((size) => formats.map((format) => sizeKey(image, size, format)));
}

/**
 * The picture decoded once at the size every named size can be cut from (at least 1600 wide and
 * 600 on its shorter side, never more than the original): decoding a 12-MP JPEG is most of the
 * work, so the seven sizes of a new image share one decode instead of seven.
 */
export interface WorkCopy {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

export async function makeWorkCopy(
  original: Uint8Array,
  image: Pick<StoredImage, "width" | "height">,
): Promise<WorkCopy> {
  const sharp = await loadSharp();
  const largest = IMAGE_SIZES.large.width;
  const square = IMAGE_SIZES.product.width;
  const scale = Math.min(
    1,
    Math.max(largest / image.width, square / Math.min(image.width, image.height)),
  );
  const { data, info } = await sharp(original, {
    limitInputPixels: IMAGE_MAX_PIXELS,
    animated: false,
  })
    .resize(
      Math.max(1, Math.round(image.width * scale)),
      Math.max(1, Math.round(image.height * scale)),
      {
        fit: "fill",
      },
    )
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Makes one size in one format, from the stored original or its work copy. */
export async function makeSize(
  source: Uint8Array | WorkCopy,
  image: Pick<StoredImage, "width" | "height" | "focalX" | "focalY">,
  size: ImageSize,
  format: SentFormat,
): Promise<Buffer> {
  const sharp = await loadSharp();
  const work = source instanceof Uint8Array ? null : source;
  // The stored original was checked at upload; the limit stays as a second fence.
  let pipeline = work
    ? sharp(work.data, { raw: { width: work.width, height: work.height, channels: work.channels } })
    : sharp(source as Uint8Array, { limitInputPixels: IMAGE_MAX_PIXELS, animated: false });
  const from = work ?? image;
  // The size's pixels follow the original's (the API announces them); the cut, the copy's.
  const target = sizedDimensions(size, image.width, image.height);
  if (IMAGE_SIZES[size].square) {
    const crop = squareCrop(target.width, from.width, from.height, {
      x: image.focalX,
      y: image.focalY,
    });
    pipeline = pipeline
      .resize(crop.scaledWidth, crop.scaledHeight, { fit: "fill" })
      .extract({ left: crop.left, top: crop.top, width: target.width, height: target.width });
  } else {
    pipeline = pipeline.resize(target.width, target.height, { fit: "fill" });
  }
  switch (format) {
    case "avif":
      return pipeline.avif({ quality: 55, effort: 1 }).toBuffer();
    case "webp":
      return pipeline.webp({ quality: 80, effort: 2 }).toBuffer();
    case "png":
      return pipeline.png({ compressionLevel: 6 }).toBuffer();
    default:
      return pipeline.jpeg({ quality: 82, progressive: true, mozjpeg: false }).toBuffer();
  }
}

/** Work copies of the images whose sizes are being made, the few most recent (about 6 MB each). */
const workCopies = new Map<string, Promise<WorkCopy | null>>();
const WORK_COPIES = 4;

function workCopyFor(originals: FileStorage, image: StoredImage): Promise<WorkCopy | null> {
  const key = `${image.id}-${image.version}`;
  let copy = workCopies.get(key);
  if (copy) {
    workCopies.delete(key);
  } else {
    copy = originals
      .get(image.storageKey)
      .then((original) => original && makeWorkCopy(original, image));
    copy.catch(() => workCopies.delete(key));
  }
  workCopies.set(key, copy);
  for (const oldest of workCopies.keys()) {
    if (workCopies.size <= WORK_COPIES) break;
    workCopies.delete(oldest);
  }
  return copy;
}

/** Sizes being made right now, by key: a second request for the same one waits for the first. */
const making = new Map<string, Promise<Uint8Array | null>>();

/**
 * One size of a stored image in one format: from the size store when it was made before,
 * otherwise made from the original, stored and returned. null when the original is gone.
 */
export async function sizedImage(
  stores: { originals: FileStorage; sizes: FileStorage },
  image: StoredImage,
  size: ImageSize,
  format: SentFormat,
): Promise<Uint8Array | null> {
  const key = sizeKey(image, size, format);
  const cached = await stores.sizes.get(key);
  if (cached) return cached;
  let pending = making.get(key);
  if (!pending) {
    pending = (async () => {
      const work = await workCopyFor(stores.originals, image);
      if (!work) return null;
      const made = new Uint8Array(await makeSize(work, image, size, format));
      await stores.sizes.put(key, made).catch((error: NodeJS.ErrnoException) => {
        // Another instance made the same size a moment earlier: its file is just as good.
        if (error.code !== "EEXIST") throw error;
      });
      return made;
    })().finally(() => making.delete(key));
    making.set(key, pending);
  }
  return pending;
}
