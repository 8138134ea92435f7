import { describe, expect, it } from "vitest";
import { DEFAULT_SHOP_COLOUR, shopColourCss } from "./shop-colour";

describe("the shop's colour as tokens", () => {
  it("adds nothing for the design's own colour, in any case", () => {
    expect(shopColourCss(DEFAULT_SHOP_COLOUR)).toBeNull();
    expect(shopColourCss(DEFAULT_SHOP_COLOUR.toUpperCase())).toBeNull();
    expect(shopColourCss(null)).toBeNull();
  });

  it("sets the primary colour and a readable text colour on it", () => {
    expect(shopColourCss("#1f4e8c")).toBe(
      ":root{--color-primary:#1f4e8c;--color-on-primary:var(--white)}",
    );
    expect(shopColourCss("#F5D76E")).toBe(
      ":root{--color-primary:#F5D76E;--color-on-primary:var(--ink)}",
    );
    expect(shopColourCss("#0a0")).toBe(":root{--color-primary:#0a0;--color-on-primary:var(--ink)}");
  });

  it("lets nothing but a hex colour through", () => {
    for (const value of [
      "red",
      "#12345",
      "#1234567",
      "#123456;}body{display:none",
      "#123456</style><script>alert(1)</script>",
      "var(--ink)",
      " #123456",
    ]) {
      expect(shopColourCss(value)).toBeNull();
    }
  });
});
