import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { categories, type GroupSeed, type ProductSeed } from "#app/db/seed/catalogue";
import { branches } from "#app/db/seed/branches";
import { categoryPictureProduct, productDrawings } from "./catalogue";
import { HEIGHT, WIDTH } from "./drawing";

const products = categories.flatMap((category) =>
  category.entries.flatMap((entry: ProductSeed | GroupSeed) =>
    "group" in entry ? entry.products : [entry],
  ),
);

describe("demo pictures", () => {
  it("draw a picture for every demo product, with a German alt text of its own", () => {
    const missing = products.filter((product) => !productDrawings[product.identifier]);
    expect(missing.map((product) => product.identifier)).toEqual([]);
    const alts = products.map((product) => productDrawings[product.identifier]?.alt ?? "");
    for (const alt of alts) expect(alt.length).toBeGreaterThan(10);
    expect(new Set(alts).size).toBe(alts.length);
    // No drawings for products that no longer exist.
    expect(Object.keys(productDrawings).sort()).toEqual(
      products.map((product) => product.identifier).sort(),
    );
  });

  it("give every category a picture of one of its own products", () => {
    for (const category of categories) {
      const product = categoryPictureProduct[category.identifier];
      const own = category.entries.flatMap((entry) =>
        "group" in entry ? entry.products.map((p) => p.identifier) : [entry.identifier],
      );
      expect(own, category.identifier).toContain(product);
    }
  });

  it("are SVG documents of 1200 × 900 that sharp reads", async () => {
    for (const product of products) {
      const svg = productDrawings[product.identifier]?.svg() ?? "";
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect(meta.format, product.identifier).toBe("svg");
      expect([meta.width, meta.height]).toEqual([WIDTH, HEIGHT]);
    }
  });

  it("draw products of one kind differently", () => {
    const svg = (identifier: string) => productDrawings[identifier]?.svg() ?? "";
    expect(svg("weizenbroetchen")).not.toBe(svg("mohnbroetchen"));
    expect(svg("kaffee")).not.toBe(svg("espresso"));
    expect(branches.length).toBeGreaterThan(0);
  });
});
