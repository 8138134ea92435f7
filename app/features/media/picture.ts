import { sizedDimensions, type ImageSize } from "#app/domain/image-sizes";

/**
 * What an `<img>` needs to show a stored image well (decision 038): the named sizes as a
 * `srcset` with their real widths, the `sizes` the layout gives it, and width and height so the
 * page reserves its space before the picture arrives. Square sizes for cards (cropped around the
 * focal point), proportional ones for a large picture.
 */
export interface Picture {
  src: string;
  srcSet: string;
  /** The layout's slot; none for a fixed slot, whose srcset names densities (`6.25x`). */
  sizes?: string;
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

/**
 * The densest screens worth a candidate of their own: a slot of a fixed width never needs a
 * picture wider than three times that width (phones are 2x or 3x; a denser screen shows the
 * widest kept candidate slightly enlarged).
 */
const MAX_DENSITY = 3;

/** The slot's width in CSS pixels when `sizes` is a single fixed length such as `64px`. */
function fixedSlotWidth(sizes: string): number | null {
  const match = /^\s*(\d+)px\s*$/.exec(sizes);
  return match ? Number(match[1]) : null;
}

export function pictureOf(image: StoredImage, shape: "square" | "wide", sizes: string): Picture {
  const name = `${image.id}-${image.version}.${image.extension}`;
  const names = shape === "square" ? SQUARE : WIDE;
  const candidates = names.map((size) => ({
    size,
    url: `/image/${size}/${name}`,
    ...sizedDimensions(size, image.width, image.height),
  }));
  // A small original gives the same width several times: one candidate per width.
  const unique = candidates
    .filter(
      (candidate, index) =>
        candidates.findIndex((other) => other.width === candidate.width) === index,
    )
    .sort((a, b) => a.width - b.width);
  // A fixed slot (a menu row's 64 px thumbnail) names no candidate beyond the first wide enough
  // for the densest screen: thumbnails naming a 600 px size no screen picks for them made the
  // bench's 300-product menu page 10.6 KB longer.
  const slot = fixedSlotWidth(sizes);
  const enough = slot === null ? -1 : unique.findIndex((c) => c.width >= slot * MAX_DENSITY);
  const offered = enough < 0 ? unique : unique.slice(0, enough + 1);
  // A fixed square slot (a thumbnail) needs no `sizes`: the candidates as densities of the slot (a 400 px picture in
  // a 64 px slot is `6.25x`) make the browser pick what it picked from widths, in fewer bytes,
  // and width and height are the slot's. The bench's 300-product menu repeats this 300 times in
  // its rows and again in their loader data (issue 36, item 6, decision 078).
  if (slot !== null && shape === "square") {
    const first = offered.find((candidate) => candidate.width >= slot) ?? offered.at(-1)!;
    const density = (width: number) => Math.round((width / slot) * 100) / 100;
    return {
      src: first.url,
      srcSet: offered
        .filter((candidate) => candidate.width > first.width)
        .map((candidate) => `${candidate.url} ${density(candidate.width)}x`)
        .join(", "),
      width: slot,
      height: Math.round((slot * first.height) / first.width),
      alt: image.alt ?? "",
    };
  }
  // The plain `src` (for a browser without srcset) is the preferred size when it is offered;
  // else the widest offered (the preferred one is never narrower, or it was a same-width copy).
  const preferred: ImageSize = shape === "square" ? "product" : "medium";
  const main = offered.find((candidate) => candidate.size === preferred) ?? offered.at(-1)!;
  return {
    src: main.url,
    srcSet: offered.map((candidate) => `${candidate.url} ${candidate.width}w`).join(", "),
    sizes,
    width: main.width,
    height: main.height,
    alt: image.alt ?? "",
  };
}
