import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Issue 36, item 15: on a 360 × 640 phone the branch page's toolbar, header, title, closed
 * notice, category bar and search took the whole first screen; the first product began below it
 * (at 809 px, under the cookie banner). On a phone they are compact now and the banner stands
 * at the top in the flow (decision 078), with and without JavaScript.
 */
test.use({ viewport: { width: 360, height: 640 } });

async function top(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  return box!.y;
}

test.describe("the branch page's first screen on a phone", () => {
  for (const branch of ["altstadt", "wiehre"]) {
    test(`${branch}: the first product shows in the first screen`, async ({ page }) => {
      await page.goto(`/store/${branch}`);
      await page.waitForLoadState("load");
      const firstProduct = ".product-list > li";
      await expect(page.locator(firstProduct).first()).toBeVisible();

      // A first visit: the consent banner stands at the top of the page (in the flow, covering
      // nothing), and the first product's row still begins in the first screen.
      const banner = page.locator(".cookie-banner");
      await expect(banner).toBeInViewport({ ratio: 1 });
      expect(await top(page, ".cookie-banner")).toBe(0);
      expect(await top(page, firstProduct)).toBeLessThan(640);

      // Once the visitor has chosen, the whole first row is in the first screen.
      await page.getByRole("button", { name: "Ablehnen" }).click();
      await expect(banner).toBeHidden();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.locator(firstProduct).first()).toBeInViewport({ ratio: 1 });
      // Nothing scrolls sideways.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
    });
  }
});
