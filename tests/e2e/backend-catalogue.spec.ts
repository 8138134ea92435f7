import type { Locator, Page } from "@playwright/test";
import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { euro, signIn } from "./helpers";
import { checkoutPort, demoAdminPassword } from "./servers";
import { expect, test, whenHydrated } from "./fixtures";

/**
 * Issue 15's acceptance, as one story: a staff member creates a category and a configurable cake
 * (an inscription of at most 30 characters, a photo step, a size with surcharges), puts them into
 * a new menu that goes live tomorrow for a branch, previews tomorrow (the cake can be configured
 * there) while today's shop does not list it; the menu then goes live ("the next day"), and in the
 * shop a 44-character inscription is refused and a 30-character one lands in the cart at the
 * price with its surcharge. Sold out, bulk prices and the CSV have their own specs
 * (backend-sold-out, backend-bulk); the editors' details are in backend-products and backend-menus.
 *
 * Each project works on a branch, a category and a cake of its own, so the runs never meet.
 */
// The runs create public branches: on the checkout server, whose home page no spec counts (the
// main server's storefront specs list exactly the seeded branches).
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

const demoAdmin = { email: DEMO_ADMIN_EMAIL, password: demoAdminPassword };
const INSCRIPTION_OK = "Alles Gute, liebe Hildegard!!";
const INSCRIPTION_LONG = "Herzlichen Glückwunsch zum 80., liebe Hilde!";

/** A day in the shop's zone, as `<input type="date">` takes it. */
function berlinDay(offsetDays: number) {
  return new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString("sv-SE", {
    timeZone: "Europe/Berlin",
  });
}

async function press(page: Page, button: Locator, javaScriptEnabled: boolean) {
  await page.waitForLoadState("load");
  if (javaScriptEnabled) await whenHydrated(page);
  await button.click();
}

const part = (page: Page, position: number) =>
  page
    .getByRole("group", { name: "Bestandteile (Konfiguration)" })
    .getByRole("group", { name: `Bestandteil ${position}`, exact: true });

test.describe("the catalogue from the back office to the shop", () => {
  test.describe.configure({ timeout: 150_000 });

  test("category, configurable cake, a menu live tomorrow, its preview, then the shop", async ({
    page,
    browser,
    javaScriptEnabled,
    baseURL,
  }) => {
    const project = javaScriptEnabled ? "js" : "nojs";
    const suffix = `${project}-${Date.now().toString(36)}`;
    const categoryName = `Festtorten ${suffix}`;
    const cakeName = `Hochzeitstorte ${suffix}`;
    const branchName = `Tortenfiliale ${suffix}`;
    const branchIdentifier = `torten-${suffix}`;
    await signIn(page, demoAdmin, "/backend/categories/new");

    // A branch of this run's own (the branch pages are issue 14's and tested there).
    const branch = await page.request.post("/api/branches", {
      headers: { Origin: baseURL! },
      data: {
        name: branchName,
        identifier: branchIdentifier,
        isPublic: true,
        isTakeawayEnabled: true,
        isCashEnabled: true,
      },
    });
    expect(branch.status(), await branch.text()).toBe(201);

    // 1. The category.
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(categoryName);
    await page.getByLabel("Aktiv", { exact: true }).check();
    await page.getByRole("button", { name: "Anlegen" }).last().click();
    await expect(page.getByText("Die Kategorie wurde angelegt.")).toBeVisible();

    // 2. The cake: configurable, 39,00 €, inscription (max 30), photo, size with surcharges.
    await page.goto("/backend/products/new");
    await page.getByRole("textbox", { name: "Name", exact: true }).first().fill(cakeName);
    await page
      .getByRole("combobox", { name: "Art", exact: true })
      .first()
      .selectOption({ label: "Konfigurierbar" });
    await page.getByRole("textbox", { name: "Preis", exact: true }).fill("39,00");
    await page.getByLabel("Aktiv", { exact: true }).check();
    const parts = page.getByRole("group", { name: "Bestandteile (Konfiguration)" });
    for (const [position, name, type] of [
      [1, "Aufschrift", "Text (eine Zeile)"],
      [2, "Foto für den Aufleger", "Ein Bild"],
      [3, "Größe", "Auswahl (eine Option)"],
    ] as const) {
      await press(
        page,
        parts.getByRole("button", { name: "Bestandteil hinzufügen" }),
        javaScriptEnabled,
      );
      const row = part(page, position);
      await expect(row).toBeVisible();
      await row.getByRole("textbox", { name: "Name", exact: true }).first().fill(name);
      await row.getByRole("combobox", { name: "Art", exact: true }).selectOption({ label: type });
    }
    await part(page, 1).getByRole("textbox", { name: "Höchstens Zeichen", exact: true }).fill("30");
    await part(page, 2).getByLabel("Optional", { exact: true }).check();
    for (const [position, label, value] of [
      [1, "Ø 22 cm", "5,00"],
      [2, "Ø 26 cm", "8,50"],
    ] as const) {
      await press(
        page,
        part(page, 3).getByRole("button", { name: "Option hinzufügen" }),
        javaScriptEnabled,
      );
      const row = part(page, 3).getByRole("group", { name: `Option ${position}`, exact: true });
      await expect(row).toBeVisible();
      await row.getByRole("textbox", { name: "Name", exact: true }).fill(label);
      await row
        .getByRole("combobox", { name: "Preisänderung", exact: true })
        .selectOption({ label: "aufschlagen (+)" });
      await row.getByRole("textbox", { name: "Betrag", exact: true }).fill(value);
    }
    await page.getByRole("button", { name: "Anlegen" }).last().click();
    await expect(page.getByText("Das Produkt wurde angelegt.")).toBeVisible();

    // 3. A new menu for the branch, live from tomorrow 00:00, with the category and the cake.
    await page.goto("/backend/menus/new");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Festkarte ${suffix}`);
    await page.getByLabel("Gültig ab").fill(`${berlinDay(1)}T00:00`);
    await page.getByLabel("Filialen").selectOption({ label: branchName });
    await page.getByRole("button", { name: "Anlegen" }).last().click();
    await expect(page.getByText("Der Katalog wurde angelegt.")).toBeVisible();
    const menuUrl = page.url().replace(/\?.*$/, "");
    const menuId = Number(/\/backend\/menus\/(\d+)/.exec(menuUrl)![1]);
    await page.getByRole("link", { name: "Kategorien und Produkte bearbeiten" }).click();
    await page.getByLabel("Kategorie", { exact: true }).selectOption({ label: categoryName });
    await page.getByRole("button", { name: "Kategorie hinzufügen" }).click();
    await expect(page.getByRole("heading", { level: 2, name: categoryName })).toBeVisible();
    await page
      .getByRole("searchbox", { name: `Produkt oder Gruppe für „${categoryName}“ suchen` })
      .fill(cakeName);
    await page.getByRole("button", { name: "Suchen" }).click();
    await page.getByRole("button", { name: `„${cakeName}“ hinzufügen` }).click();
    await expect(page.locator(".menu-editor-entry").filter({ hasText: cakeName })).toBeVisible();

    // 4. Tomorrow's preview lists the cake, and its dialog offers the configuration.
    await page.goto(`/backend/menus/${menuId}/preview?date=${berlinDay(1)}`);
    await expect(page.locator(".menu-list .product h3")).toHaveText([cakeName]);
    await page
      .getByRole("link", { name: new RegExp(cakeName) })
      .first()
      .click();
    const preview = page.getByRole("dialog", { name: cakeName });
    await expect(preview.getByText("Höchstens 30 Zeichen.")).toBeVisible();
    await expect(preview.getByText("Ø 22 cm (+ 5,00 €)")).toBeVisible();

    // Today's shop does not list it yet.
    const shop = await browser.newPage({ javaScriptEnabled });
    await shop.goto(`/store/${branchIdentifier}`);
    await expect(shop.getByRole("heading", { level: 1, name: branchName })).toBeVisible();
    await expect(shop.getByText(cakeName)).toHaveCount(0);

    // 5. "The next day": the menu goes live now (its start moved to today 00:00).
    await page.goto(menuUrl);
    await page.getByLabel("Gültig ab").fill(`${berlinDay(0)}T00:00`);
    await page.getByRole("button", { name: "Speichern" }).last().click();
    await expect(page.getByText("Der Katalog wurde gespeichert.")).toBeVisible();

    // 6. In the shop (the 2 s bound of the change's propagation is measured by the integration
    // tests menu-propagation and catalogue-sold-out, not timed here); 44 characters are refused,
    // 30 land in the cart at 44,00 €.
    await expect(async () => {
      await shop.goto(`/store/${branchIdentifier}`);
      await expect(shop.getByRole("link", { name: `${cakeName} auswählen` })).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 15_000 });
    await shop.getByRole("link", { name: `${cakeName} auswählen` }).click();
    const dialog = shop.getByRole("dialog", { name: cakeName });
    const field = dialog.getByRole("textbox", { name: "Aufschrift" });
    await expect(field).toHaveAttribute("maxlength", "30");
    await field.evaluate((input) => input.removeAttribute("maxlength"));
    expect(INSCRIPTION_LONG).toHaveLength(44);
    await field.fill(INSCRIPTION_LONG);
    await dialog.getByLabel(/Ø 22 cm/).check();
    await dialog.getByRole("button", { name: "In den Warenkorb" }).click();
    const refused = shop.getByRole("dialog", { name: cakeName });
    await expect(refused.getByText("Bitte geben Sie höchstens 30 Zeichen ein.")).toBeVisible();

    expect(INSCRIPTION_OK.length).toBeLessThanOrEqual(30);
    await refused.getByRole("textbox", { name: "Aufschrift" }).fill(INSCRIPTION_OK);
    await refused.getByLabel(/Ø 22 cm/).check();
    await refused.getByRole("button", { name: "In den Warenkorb" }).click();
    const cart = shop.getByRole("complementary", { name: "Warenkorb" });
    await expect(cart.getByText(cakeName, { exact: true })).toBeVisible();
    await expect(cart.getByText(INSCRIPTION_OK)).toBeVisible();
    await expect(cart.getByText(euro(4400)).first()).toBeVisible();
    await shop.close();
  });
});
