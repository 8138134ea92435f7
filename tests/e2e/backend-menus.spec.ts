import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { signIn } from "./helpers";
import { checkoutPort, demoAdminPassword } from "./servers";
import { expect, test, whenHydrated } from "./fixtures";

/**
 * Menus ("Kataloge", issue 15): an administrator creates a menu that goes live tomorrow for a
 * branch, adds a category and two products in the catalogue editor, reorders them (plain buttons
 * without JavaScript, the keyboard's drag and drop with it), and the preview for tomorrow shows
 * them in that order while today's shop does not show them.
 *
 * Each project works on a branch of its own (created through the API), so the `js` and `nojs`
 * runs never see each other's menus.
 */
// The runs create public branches: on the checkout server, whose home page no spec counts (the
// main server's storefront specs list exactly the seeded branches).
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

const demoAdmin = { email: DEMO_ADMIN_EMAIL, password: demoAdminPassword };
const FIRST = "Walnussbrot (500 g)";
const SECOND = "Ciabatta";

function tomorrow() {
  const date = new Date(Date.now() + 24 * 60 * 60 * 1000);
  return date.toLocaleDateString("sv-SE", { timeZone: "Europe/Berlin" });
}

async function entryNames(page: Page) {
  return page
    .locator(".menu-editor-entry .menu-editor-name")
    .evaluateAll((names) => names.map((name) => name.firstChild?.textContent?.trim() ?? ""));
}

async function addProduct(page: Page, category: string, search: string, name: string) {
  await page
    .getByRole("searchbox", { name: `Produkt oder Gruppe für „${category}“ suchen` })
    .fill(search);
  await page.getByRole("button", { name: "Suchen" }).click();
  await page.getByRole("button", { name: `„${name}“ hinzufügen` }).click();
  await expect(page.getByText("Gespeichert.")).toBeVisible();
  await expect(page.locator(".menu-editor-entry").filter({ hasText: name })).toBeVisible();
}

test.describe("menus in the back office", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a menu going live tomorrow: editor, reordering, preview, today's shop", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    const project = javaScriptEnabled ? "js" : "nojs";
    const suffix = `${project}-${Date.now().toString(36)}`;
    await signIn(page, demoAdmin, "/backend/menus");

    // A branch of this run's own, public, with nothing on its menu yet.
    const identifier = `katalog-${suffix}`;
    const created = await page.request.post("/api/branches", {
      headers: { Origin: baseURL! },
      data: {
        name: `Katalogfiliale ${project}`,
        identifier,
        isPublic: true,
        isTakeawayEnabled: true,
        isCashEnabled: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const branchName = `Katalogfiliale ${project}`;

    // The menu: name, live from tomorrow 00:00, this branch.
    await page.getByRole("link", { name: "Neuer Katalog" }).click();
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Morgenkarte ${suffix}`);
    await page.getByLabel("Gültig ab").fill(`${tomorrow()}T00:00`);
    await page.getByLabel("Filialen").selectOption({ label: branchName });
    await page.getByRole("button", { name: "Anlegen" }).last().click();
    await expect(page.getByText("Der Katalog wurde angelegt.")).toBeVisible();
    const menuId = Number(/\/backend\/menus\/(\d+)/.exec(page.url())![1]);

    // The catalogue editor: a category and two products.
    await page.getByRole("link", { name: "Kategorien und Produkte bearbeiten" }).click();
    await expect(page).toHaveURL(new RegExp(`/backend/menus/${menuId}/catalogue`));
    await expect(page.getByText("Dieser Katalog hat noch keine Kategorien.")).toBeVisible();
    await page.getByLabel("Kategorie", { exact: true }).selectOption({ label: "Brot" });
    await page.getByRole("button", { name: "Kategorie hinzufügen" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Brot" })).toBeVisible();
    await addProduct(page, "Brot", "Walnuss", FIRST);
    await addProduct(page, "Brot", "Ciabatta", SECOND);
    expect(await entryNames(page)).toEqual([FIRST, SECOND]);

    // Reordering: the second comes first.
    if (javaScriptEnabled) {
      await whenHydrated(page);
      const handle = page.getByRole("button", {
        name: `„${SECOND}“ verschieben (Leertaste, dann Pfeiltasten)`,
      });
      await handle.focus();
      await page.keyboard.press("Space");
      await expect(page.getByText(`„${SECOND}“ aufgenommen, Position 2 von 2.`)).toBeAttached();
      await page.keyboard.press("ArrowUp");
      await expect(handle).toBeFocused();
      const saved = page.waitForResponse(
        (response) =>
          response.url().includes(`/backend/menus/${menuId}/catalogue`) &&
          response.request().method() === "POST",
      );
      await page.keyboard.press("Space");
      expect((await saved).status()).toBe(200);
      await expect(page.getByText(`„${SECOND}“ abgelegt auf Position 1 von 2.`)).toBeAttached();
      expect(await entryNames(page)).toEqual([SECOND, FIRST]);
      // Stored: the page loaded anew shows the same order.
      await page.reload();
      expect(await entryNames(page)).toEqual([SECOND, FIRST]);
    } else {
      // A row's controls are named by the product and the control's word (aria-labelledby).
      // Each step loads the page anew, streamed: the names are read until the rows have come.
      await page.getByRole("button", { name: `${SECOND} nach oben`, exact: true }).click();
      await expect(page).toHaveURL(/#eintrag-\d+$/);
      await expect.poll(() => entryNames(page)).toEqual([SECOND, FIRST]);
      // And back and forth once more with "verschieben nach": the row opens its field first.
      await page.getByRole("link", { name: `${SECOND} verschieben nach …` }).click();
      await page.getByLabel(`Position für „${SECOND}“`).fill("2");
      await page.getByRole("button", { name: `„${SECOND}“ verschieben` }).click();
      await expect.poll(() => entryNames(page)).toEqual([FIRST, SECOND]);
      await expect(page.getByLabel(`Position für „${SECOND}“`)).toHaveCount(0);
      await page.getByRole("button", { name: `${FIRST} nach unten`, exact: true }).click();
      await expect.poll(() => entryNames(page)).toEqual([SECOND, FIRST]);
    }
    if (javaScriptEnabled) {
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations).toEqual([]);
    }

    // The preview for tomorrow shows them, in the new order; opening one shows its dialog.
    await page.goto(`/backend/menus/${menuId}/preview?date=${tomorrow()}`);
    const [year, month, day] = tomorrow().split("-");
    await expect(page.getByText(`Vorschau für ${day}.${month}.${year}, 12:00 Uhr`)).toBeVisible();
    await expect(
      page.getByText("Zu diesem Zeitpunkt gilt in dieser Filiale dieser Katalog."),
    ).toBeVisible();
    const cards = page.locator(".menu-list .product h3");
    await expect(cards).toHaveText([SECOND, FIRST]);
    await page
      .getByRole("link", { name: new RegExp(SECOND) })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: SECOND });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "In den Warenkorb" })).toBeDisabled();
    if (javaScriptEnabled) {
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations).toEqual([]);
    }

    // Today's preview and today's shop do not show them.
    await page.goto(`/backend/menus/${menuId}/preview`);
    await expect(page.locator(".menu-list .product")).toHaveCount(0);
    await page.goto(`/store/${identifier}`);
    await expect(page.getByRole("heading", { level: 1, name: branchName })).toBeVisible();
    await expect(page.getByText(FIRST)).toHaveCount(0);
    await expect(page.getByText(SECOND)).toHaveCount(0);
  });
});
