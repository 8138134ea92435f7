import type { Locator } from "@playwright/test";
import { branches as seededBranches } from "#app/db/seed/branches";
import { productDrawings } from "#app/db/seed/pictures/catalogue";
import { settings } from "#app/db/seed/settings";
import { expect, test } from "./fixtures";

/** The demo shop's pictures (decision 042): logo, branch photos, product photos. */

const publicBranches = seededBranches.filter((branch) => branch.isPublic !== false);
const productAlts = new Set(Object.values(productDrawings).map((drawing) => drawing.alt));

/** The picture arrived and was decoded, and its box was reserved by width and height. */
async function expectLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveAttribute("width", /^\d+$/);
  await expect(image).toHaveAttribute("height", /^\d+$/);
  await expect
    .poll(() =>
      image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
    )
    .toBeGreaterThan(0);
}

test.describe("demo pictures", () => {
  test("the header shows the logo and every branch card a photo of its shop", async ({ page }) => {
    await page.goto("/");
    await page.waitForLoadState("load");
    const logo = page.getByRole("banner").getByRole("img", { name: settings.shopName ?? "" });
    await expect(logo).toBeVisible();
    await expectLoaded(logo);

    for (const branch of publicBranches) {
      const link = page.getByRole("link", { name: branch.name, exact: true });
      const card = page.getByRole("listitem").filter({ has: link });
      const photo = card.locator("img.branch-image");
      await expect(photo).toHaveAttribute("alt", /^Ladenfront /);
      await expect(photo).toHaveAttribute("srcset", /\/image\/small\/\d+-\d+\.webp 400w/);
      await expectLoaded(photo);
    }
  });

  test("the menu's product cards show their pictures with alt text", async ({ page }) => {
    await page.goto("/store/altstadt");
    await page.waitForLoadState("load");
    const pictures = page.locator(".product-list img.product-image");
    expect(await pictures.count()).toBeGreaterThan(20);
    // Below the first screenful the pictures wait until they are scrolled near.
    await expect(pictures.nth(10)).toHaveAttribute("loading", "lazy");
    for (const index of [0, 1, 10]) {
      const picture = pictures.nth(index);
      const alt = (await picture.getAttribute("alt")) ?? "";
      expect(productAlts.has(alt), alt).toBe(true);
      await expectLoaded(picture);
    }
  });
});
