import { describe, expect, it } from "vitest";
import { textsFollowingShopName } from "./shop-name";

const stored = {
  shopName: "Bäckerei Sonnenkorn",
  title: "Bäckerei Sonnenkorn – Handwerksbäckerei in Freiburg",
  seoTitle: "Bäckerei Sonnenkorn Freiburg – online bestellen und abholen",
  description: "Brot aus Freiburg.",
  seoDescription: null,
};

describe("texts following the shop's name (issue 36, item 12)", () => {
  it("puts the new name into the titles that held the old one", () => {
    expect(textsFollowingShopName(stored, { ...stored, shopName: "Backhaus Linde" })).toEqual({
      title: "Backhaus Linde – Handwerksbäckerei in Freiburg",
      seoTitle: "Backhaus Linde Freiburg – online bestellen und abholen",
    });
  });

  it("leaves a title typed anew in the same save, and texts not sent (the API) follow too", () => {
    expect(
      textsFollowingShopName(stored, {
        shopName: "Backhaus Linde",
        seoTitle: "Backhaus Linde – frisch jeden Morgen",
      }),
    ).toEqual({ title: "Backhaus Linde – Handwerksbäckerei in Freiburg" });
  });

  it("changes nothing when the name stays", () => {
    expect(textsFollowingShopName(stored, { ...stored })).toEqual({});
    expect(textsFollowingShopName(stored, { title: "Neu" })).toEqual({});
  });
});
