import type { Browser } from "@playwright/test";
import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { signIn } from "./helpers";
import { demoAdminPassword, landingPort } from "./servers";
import { expect, test, whenHydrated } from "./fixtures";

/**
 * Issue 36, item 12: the owner renames the shop in Einstellungen, and the shop's face follows:
 * the home page's title, the header (its logo named by the shop's name, or the name itself) and a
 * product page's title. On the landing server, where backend-admin.spec.ts renames the shop too
 * (the specs that read the seeded name run on the other servers); each check is retried, since
 * the other project may rename it in between.
 */
const demoAdmin = { email: DEMO_ADMIN_EMAIL, password: demoAdminPassword };
const origin = `http://127.0.0.1:${landingPort}`;

async function visitor(browser: Browser, javaScriptEnabled: boolean) {
  return browser.newPage({ baseURL: origin, javaScriptEnabled });
}

test.describe("the shop's name in its face", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a new name in Einstellungen shows in the titles and the header", async ({
    browser,
    javaScriptEnabled,
  }) => {
    const name = `Backhaus Linde ${javaScriptEnabled ? "JS" : "ohne JS"}`;
    const context = await browser.newContext({ baseURL: origin, javaScriptEnabled });
    const page = await context.newPage();
    await signIn(page, demoAdmin, "/backend/products?suche=Geburtstagstorte");
    const edit = page.getByRole("link", { name: "Geburtstagstorte bearbeiten", exact: true });
    const productId = /\/backend\/products\/(\d+)/.exec((await edit.getAttribute("href"))!)![1]!;

    await expect(async () => {
      await page.goto("/backend/settings");
      if (javaScriptEnabled) await whenHydrated(page);
      // The logo is chosen here too, beside the name it stands for.
      await expect(page.getByRole("group", { name: "Logo", exact: true })).toBeVisible();
      await page.getByRole("textbox", { name: "Name des Shops", exact: true }).fill(name);
      await page.getByRole("button", { name: "Speichern" }).last().click();
      await expect(page.getByText("Die Einstellungen wurden gespeichert.")).toBeVisible({
        timeout: 5_000,
      });

      const shop = await visitor(browser, javaScriptEnabled);
      try {
        await shop.goto("/");
        await expect(shop).toHaveTitle(new RegExp(name), { timeout: 2_000 });
        await expect(shop.getByRole("banner").getByRole("link", { name })).toBeVisible({
          timeout: 2_000,
        });
        await shop.goto(`/store/altstadt/product/${productId}`);
        await expect(shop).toHaveTitle(new RegExp(`^Geburtstagstorte - .* - ${name}`), {
          timeout: 2_000,
        });
      } finally {
        await shop.close();
      }
    }).toPass({ timeout: 60_000 });
    await context.close();
  });
});
