import { sizedDimensions, type ImageSize } from "../../domain/image-sizes";

/**
 * What an `<img>` needs to show a stored image well (decision 038): the named sizes as a
 * `srcset` with their real widths, the `sizes` the layout gives it, and width and height so the
 * page reserves its space before the picture arrives. Square sizes for cards (cropped around the
 * focal point), proportional ones for a large picture.
 */
export interface Picture {
  src: string;
  srcSet: string;
  sizes: string;
  width: number;
  height: number;
  alt: string;
}

interface StoredImage {
  id: number;
  version: number;
  extension: string;
  width: number;
  height: number;
  alt: string | null;
}

const SQUARE: readonly ImageSize[] = ["icon", "category", "product"];
const WIDE: readonly ImageSize[] = ["small", "medium", "large"];

export function pictureOf(image: StoredImage, shape: "square" | "wide", sizes: string): Picture {
  const name = `${image.id}-${image.version}.${image.extension}`;
  const names = shape === "square" ? SQUARE : WIDE;
  const candidates = names.map((size) => ({
    size,
    url: `/image/${size}/${name}`,
    ...sizedDimensions(size, image.width, image.height),
  }));
  // A small original gives the same width several times: one candidate per width.
  const unique = candidates.filter(
    (candidate, index) =>
      candidates.findIndex((other) => other.width === candidate.width) === index,
  );
  const main = candidates.find(
    (candidate) => candidate.size === (shape === "square" ? "product" : "medium"),
  )!;
  return {
    src: main.url,
    srcSet: unique.map((candidate) => `${candidate.url} ${candidate.width}w`).join(", "),
    sizes,
    width: main.width,
    height: main.height,
    alt: image.alt ?? "",
  };
}
