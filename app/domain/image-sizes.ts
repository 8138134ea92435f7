/**
 * The named sizes of a stored image (spec section 3: large, tiny, small, medium, icon, product,
 * category; decision 038) and the arithmetic around them, free of any image library: which box a
 * size fills, where a square is cut around the focal point, which format a browser gets.
 */
export const IMAGE_SIZES = {
  /** A picture across the page (gallery, hero). */
  large: { width: 1600, square: false },
  /** Content images beside text. */
  medium: { width: 800, square: false },
  small: { width: 400, square: false },
  /** A blur placeholder: the browser scales it up while the real picture loads. */
  tiny: { width: 40, square: false },
  icon: { width: 64, square: true },
  product: { width: 600, square: true },
  category: { width: 400, square: true },
} as const;

export type ImageSize = keyof typeof IMAGE_SIZES;
export const IMAGE_SIZE_NAMES = Object.keys(IMAGE_SIZES) as ImageSize[];

export function isImageSize(name: string): name is ImageSize {
  return Object.hasOwn(IMAGE_SIZES, name);
}

/** The pixel size an image of `width` × `height` gets in a named size (never enlarged). */
export function sizedDimensions(
  size: ImageSize,
  width: number,
  height: number,
): { width: number; height: number } {
  const { width: target, square } = IMAGE_SIZES[size];
  if (square) {
    const side = Math.min(target, width, height);
    return { width: side, height: side };
  }
  if (width <= target) return { width, height };
  return { width: target, height: Math.max(1, Math.round((height * target) / width)) };
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * A square size made from an image scaled so that its shorter side is the square's side: the
 * scaled size, and the square cut from it, centred on the focal point as far as the edges allow.
 */
export function squareCrop(
  side: number,
  width: number,
  height: number,
  focal: { x: number; y: number },
): { scaledWidth: number; scaledHeight: number; left: number; top: number } {
  const scale = side / Math.min(width, height);
  const scaledWidth = Math.max(side, Math.round(width * scale));
  const scaledHeight = Math.max(side, Math.round(height * scale));
  const left = Math.round(clamp(focal.x * scaledWidth - side / 2, 0, scaledWidth - side));
  const top = Math.round(clamp(focal.y * scaledHeight - side / 2, 0, scaledHeight - side));
  return { scaledWidth, scaledHeight, left, top };
}

export type SentFormat = "avif" | "webp" | "jpg" | "png";

export const FORMAT_TYPES: Record<SentFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
};

/**
 * The format a size is sent in: AVIF or WebP when the browser's Accept header names them (the
 * smallest files), otherwise the original's own format. An explicit `q=0` refuses a type.
 */
export function chooseFormat(accept: string | null, original: string): SentFormat {
  const accepted = new Set(
    (accept ?? "")
      .split(",")
      .map((part) => part.trim().toLowerCase().split(";"))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([type]) => type?.trim()),
  );
  if (accepted.has("image/avif")) return "avif";
  if (accepted.has("image/webp")) return "webp";
  return original === "png" ? "png" : "jpg";
}
