import { describe, expect, it } from "vitest";
import { pictureOf } from "./picture";

const photo = { id: 7, version: 2, extension: "jpg", width: 1200, height: 900, alt: "Brezel" };

describe("pictureOf", () => {
  it("names every size for a slot that grows with the screen", () => {
    const picture = pictureOf(photo, "square", "(max-width: 40rem) 100vw, 20rem");
    expect(picture.srcSet).toBe(
      "/image/icon/7-2.jpg 64w, /image/category/7-2.jpg 400w, /image/product/7-2.jpg 600w",
    );
    expect(picture).toMatchObject({ src: "/image/product/7-2.jpg", width: 600, height: 600 });
  });

  it("stops at the first size wide enough for a fixed slot on a 3x screen", () => {
    const thumbnail = pictureOf(photo, "square", "64px");
    // Densities of the slot, no `sizes` (decision 078): the same choice in fewer bytes.
    expect(thumbnail).toEqual({
      src: "/image/icon/7-2.jpg",
      srcSet: "/image/category/7-2.jpg 6.25x",
      width: 64,
      height: 64,
      alt: "Brezel",
    });
    // 3 × 150 px is more than the 400 px size: the 600 px one is still needed.
    expect(pictureOf(photo, "square", "150px")).toMatchObject({
      src: "/image/category/7-2.jpg",
      srcSet: "/image/product/7-2.jpg 4x",
      width: 150,
      height: 150,
    });
  });

  it("keeps the widest there is when no size is wide enough", () => {
    const wide = pictureOf(photo, "wide", "900px");
    expect(wide.srcSet).toBe(
      "/image/small/7-2.jpg 400w, /image/medium/7-2.jpg 800w, /image/large/7-2.jpg 1200w",
    );
    expect(wide).toMatchObject({ src: "/image/medium/7-2.jpg", width: 800, height: 600 });
  });

  it("names one candidate per width for a small original", () => {
    const small = pictureOf({ ...photo, width: 300, height: 300 }, "square", "64px");
    expect(small.srcSet).toBe("/image/category/7-2.jpg 4.69x");
    expect(small).toMatchObject({ src: "/image/icon/7-2.jpg", width: 64, height: 64 });
    const wide = pictureOf(
      { ...photo, width: 300, height: 300 },
      "square",
      "(min-width: 40rem) 20rem",
    );
    expect(wide.srcSet).toBe("/image/icon/7-2.jpg 64w, /image/category/7-2.jpg 300w");
  });
});
