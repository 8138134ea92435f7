import type { Page } from "@playwright/test";
import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { DEFAULT_SHOP_COLOUR } from "#app/features/settings/shop-colour";
import { signIn } from "./helpers";
import { demoAdminPassword, landingPort } from "./servers";
import { expect, test, whenHydrated } from "./fixtures";

/**
 * Issue 37, item 4 (decision 087): the owner sets the shop's colour in Einstellungen and a
 * customer sees it: the storefront's primary button takes it. On the landing server, where the
 * other specs that change the settings run (each step retried, since the other project may save
 * the form in between); the design's own colour is set back at the end.
 */
const demoAdmin = { email: DEMO_ADMIN_EMAIL, password: demoAdminPassword };
const origin = `http://127.0.0.1:${landingPort}`;

async function saveColour(page: Page, colour: string, javaScriptEnabled: boolean) {
  await page.goto("/backend/settings");
  if (javaScriptEnabled) await whenHydrated(page);
  await page.getByRole("textbox", { name: "Farbe", exact: true }).fill(colour);
  await page.getByRole("button", { name: "Speichern" }).last().click();
  await expect(page.getByText("Die Einstellungen wurden gespeichert.")).toBeVisible({
    timeout: 5_000,
  });
}

test.describe("the shop's colour on the storefront", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a colour set in Einstellungen colours the primary button", async ({
    browser,
    javaScriptEnabled,
  }) => {
    // Two dark colours (white text on them), one for each project.
    const [colour, rgb] = javaScriptEnabled
      ? ["#1f4e8c", "rgb(31, 78, 140)"]
      : ["#2d5a27", "rgb(45, 90, 39)"];
    const context = await browser.newContext({ baseURL: origin, javaScriptEnabled });
    const page = await context.newPage();
    await signIn(page, demoAdmin, "/backend/settings");
    try {
      await expect(async () => {
        await saveColour(page, colour, javaScriptEnabled);
        const shop = await browser.newPage({ baseURL: origin, javaScriptEnabled });
        try {
          // A product's page: not a kept page (decision 025), so it shows the colour at once.
          await shop.goto("/store/altstadt");
          const product = shop.getByRole("link", { name: /auswählen$/ }).first();
          await shop.goto((await product.getAttribute("href"))!);
          const add = shop.getByRole("button", { name: "In den Warenkorb" });
          await expect(add).toHaveCSS("background-color", rgb, { timeout: 2_000 });
          await expect(add).toHaveCSS("color", "rgb(255, 255, 255)");
        } finally {
          await shop.close();
        }
      }).toPass({ timeout: 60_000 });
    } finally {
      await saveColour(page, DEFAULT_SHOP_COLOUR, javaScriptEnabled);
      await context.close();
    }
  });
});
