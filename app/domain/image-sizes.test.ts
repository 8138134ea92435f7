import { describe, expect, it } from "vitest";
import { chooseFormat, isImageSize, sizedDimensions, squareCrop } from "./image-sizes";

describe("image sizes", () => {
  it("scales wide sizes to their width, never enlarging", () => {
    expect(sizedDimensions("large", 4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(sizedDimensions("medium", 500, 300)).toEqual({ width: 500, height: 300 });
    expect(sizedDimensions("tiny", 4000, 3000)).toEqual({ width: 40, height: 30 });
  });

  it("makes square sizes no bigger than the shorter side", () => {
    expect(sizedDimensions("product", 4000, 3000)).toEqual({ width: 600, height: 600 });
    expect(sizedDimensions("product", 300, 500)).toEqual({ width: 300, height: 300 });
  });

  it("cuts a square around the focal point, kept inside the picture", () => {
    // 4000 × 3000 scaled to 800 × 600, square 600.
    expect(squareCrop(600, 4000, 3000, { x: 0.5, y: 0.5 })).toEqual({
      scaledWidth: 800,
      scaledHeight: 600,
      left: 100,
      top: 0,
    });
    expect(squareCrop(600, 4000, 3000, { x: 0, y: 0.5 }).left).toBe(0);
    expect(squareCrop(600, 4000, 3000, { x: 1, y: 0.5 }).left).toBe(200);
    expect(squareCrop(600, 4000, 3000, { x: 0.6, y: 0.5 }).left).toBe(180);
    expect(squareCrop(100, 1000, 2000, { x: 0.5, y: 0.1 })).toEqual({
      scaledWidth: 100,
      scaledHeight: 200,
      left: 0,
      top: 0,
    });
  });

  it("knows the spec's size names only", () => {
    expect(isImageSize("product")).toBe(true);
    expect(isImageSize("toString")).toBe(false);
    expect(isImageSize("huge")).toBe(false);
  });

  it("sends AVIF or WebP when the browser takes them, else the original's format", () => {
    expect(chooseFormat("image/avif,image/webp,*/*", "jpg")).toBe("avif");
    expect(chooseFormat("image/webp,*/*", "png")).toBe("webp");
    expect(chooseFormat("image/avif;q=0, image/webp", "jpg")).toBe("webp");
    expect(chooseFormat("*/*", "png")).toBe("png");
    expect(chooseFormat(null, "webp")).toBe("jpg");
    expect(chooseFormat(null, "jpg")).toBe("jpg");
  });
});
