import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { signIn } from "./helpers";
import { demoAdminPassword } from "./servers";
import { expect, test, whenHydrated } from "./fixtures";

/**
 * Issue 15: an administrator creates a configurable cake — an inscription (text, at most 30
 * characters), a photo (image) and a size to choose with surcharges (+ 5,00 €, + 8,50 €) — adding
 * and reordering parts and options with the editors' buttons, saves it and copies it. With and
 * without JavaScript: the buttons are submit buttons that the server turns into list changes.
 */
const demoAdmin = { email: DEMO_ADMIN_EMAIL, password: demoAdminPassword };

/** Presses a list button of the editors and waits until the page shows `rows` rows in `list`. */
async function press(page: Page, button: Locator, javaScriptEnabled: boolean) {
  await page.waitForLoadState("load");
  if (javaScriptEnabled) await whenHydrated(page);
  await button.click();
}

const parts = (page: Page) => page.getByRole("group", { name: "Bestandteile (Konfiguration)" });
const part = (page: Page, position: number) =>
  parts(page).getByRole("group", { name: `Bestandteil ${position}`, exact: true });
const option = (container: Locator, position: number) =>
  container.getByRole("group", { name: `Option ${position}`, exact: true });

async function addPart(page: Page, javaScriptEnabled: boolean) {
  const before = await parts(page)
    .getByRole("group", { name: /^Bestandteil \d+$/ })
    .count();
  await press(
    page,
    parts(page).getByRole("button", { name: "Bestandteil hinzufügen" }),
    javaScriptEnabled,
  );
  await expect(parts(page).getByRole("group", { name: /^Bestandteil \d+$/ })).toHaveCount(
    before + 1,
  );
  return part(page, before + 1);
}

async function fillPart(row: Locator, name: string, type: string) {
  await row.getByRole("textbox", { name: "Name", exact: true }).first().fill(name);
  await row.getByRole("combobox", { name: "Art", exact: true }).selectOption({ label: type });
}

test.describe("products in the back office", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a configurable cake with an inscription, a photo and sizes, reordered and copied", async ({
    page,
    javaScriptEnabled,
  }) => {
    const project = javaScriptEnabled ? "JS" : "ohne JS";
    const name = `Motivtorte ${project} ${Date.now().toString(36)}`;
    await signIn(page, demoAdmin, "/backend/products/new");
    await expect(page.getByRole("heading", { level: 1, name: "Neues Produkt" })).toBeVisible();
    await page.getByRole("textbox", { name: "Name", exact: true }).first().fill(name);
    await page
      .getByRole("combobox", { name: "Art", exact: true })
      .first()
      .selectOption({ label: "Konfigurierbar" });
    await page.getByRole("textbox", { name: "Preis", exact: true }).fill("39,00");
    await page.getByLabel("Milch (einschließlich Laktose)", { exact: true }).check();
    await page.getByLabel("Aktiv", { exact: true }).check();

    // The photo first (it will move down), then the inscription and the size.
    await fillPart(await addPart(page, javaScriptEnabled), "Foto für den Aufleger", "Ein Bild");
    const inscription = await addPart(page, javaScriptEnabled);
    await fillPart(inscription, "Aufschrift", "Text (eine Zeile)");
    await inscription.getByRole("textbox", { name: "Höchstens Zeichen", exact: true }).fill("30");
    const size = await addPart(page, javaScriptEnabled);
    await fillPart(size, "Größe", "Auswahl (eine Option)");

    // Two options of the size, added inside the third part, the larger one first.
    for (const [position, label, value] of [
      [1, "Ø 26 cm", "8,50"],
      [2, "Ø 22 cm", "5,00"],
    ] as const) {
      await press(
        page,
        part(page, 3).getByRole("button", { name: "Option hinzufügen" }),
        javaScriptEnabled,
      );
      const row = option(part(page, 3), position);
      await expect(row).toBeVisible();
      await row.getByRole("textbox", { name: "Name", exact: true }).fill(label);
      await row
        .getByRole("combobox", { name: "Preisänderung", exact: true })
        .selectOption({ label: "aufschlagen (+)" });
      await row.getByRole("textbox", { name: "Betrag", exact: true }).fill(value);
    }

    // Reorder: the smaller size up, the photo down below the inscription.
    await press(
      page,
      option(part(page, 3), 2).getByRole("button", { name: /^Option 2 .* nach oben verschieben$/ }),
      javaScriptEnabled,
    );
    await expect(
      option(part(page, 3), 1).getByRole("textbox", { name: "Name", exact: true }),
    ).toHaveValue("Ø 22 cm");
    await press(
      page,
      part(page, 1).getByRole("button", { name: /^Bestandteil 1 .*nach unten verschieben$/ }),
      javaScriptEnabled,
    );
    await expect(
      part(page, 1).getByRole("textbox", { name: "Name", exact: true }).first(),
    ).toHaveValue("Aufschrift");
    await expect(
      part(page, 2).getByRole("textbox", { name: "Name", exact: true }).first(),
    ).toHaveValue("Foto für den Aufleger");
    // The registry's fields kept what was typed across the round trips.
    await expect(page.getByRole("textbox", { name: "Name", exact: true }).first()).toHaveValue(
      name,
    );

    await page.getByRole("button", { name: "Anlegen" }).last().click();
    await expect(page).toHaveURL(/\/backend\/products\/\d+\?hinweis=angelegt$/);
    await expect(page.getByText("Das Produkt wurde angelegt.")).toBeVisible();
    const stored = async () => ({
      parts: await parts(page)
        .getByRole("group", { name: /^Bestandteil \d+$/ })
        .evaluateAll((groups) =>
          groups.map(
            (group) => (group.querySelector("input[type=text]") as HTMLInputElement).value,
          ),
        ),
      options: await part(page, 3)
        .getByRole("group", { name: /^Option \d+$/ })
        .evaluateAll((groups) =>
          groups.map((group) =>
            [...group.querySelectorAll("input[type=text]")].map(
              (input) => (input as HTMLInputElement).value,
            ),
          ),
        ),
      inscriptionLimit: await part(page, 1)
        .getByRole("textbox", { name: "Höchstens Zeichen", exact: true })
        .inputValue(),
    });
    const expected = {
      parts: ["Aufschrift", "Foto für den Aufleger", "Größe"],
      options: [
        ["Ø 22 cm", "5,00"],
        ["Ø 26 cm", "8,50"],
      ],
      inscriptionLimit: "30",
    };
    // Read once the whole page is in: a streamed page shows its notice before its parts.
    await expect.poll(stored).toEqual(expected);
    await expect(page.getByLabel("Milch (einschließlich Laktose)", { exact: true })).toBeChecked();
    if (javaScriptEnabled) {
      expect((await new AxeBuilder({ page }).analyze()).violations, page.url()).toEqual([]);
    }

    // The copy: its own edit page, named '… (Kopie)', with the same parts and options.
    const original = page.url();
    await page.getByRole("button", { name: "Kopieren", exact: true }).click();
    await expect(page).toHaveURL(/\/backend\/products\/\d+\?hinweis=kopiert$/);
    expect(page.url()).not.toBe(original);
    await expect(
      page.getByRole("heading", { level: 1, name: `${name} (Kopie)`, exact: true }),
    ).toBeVisible();
    await expect(page.getByText("Das Produkt wurde kopiert.")).toBeVisible();
    await expect.poll(stored).toEqual(expected);

    // Both are in the list, found by name.
    await page.goto(`/backend/products?suche=${encodeURIComponent(name)}`);
    await expect(page.getByRole("link", { name: `${name} bearbeiten`, exact: true })).toBeVisible();
    await expect(
      page.getByRole("link", { name: `${name} (Kopie) bearbeiten`, exact: true }),
    ).toBeVisible();
    await expect(page.getByText("2 Einträge")).toBeVisible();
    await expect(page.getByRole("row", { name: /Konfigurierbar 39,00 € ja/ })).toHaveCount(2);
  });

  test("a part's text limit shows in the shop, and a longer inscription is refused there", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    // Both projects set the same limit; a save refused as stale (the other run) is done again.
    await signIn(page, demoAdmin, "/backend/products?suche=Geburtstagstorte");
    await expect(async () => {
      await page.goto("/backend/products?suche=Geburtstagstorte");
      await page.getByRole("link", { name: "Geburtstagstorte bearbeiten", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Geburtstagstorte" })).toBeVisible();
      if (javaScriptEnabled) await whenHydrated(page);
      const inscription = part(page, 1);
      await expect(
        inscription.getByRole("textbox", { name: "Name", exact: true }).first(),
      ).toHaveValue("Aufschrift");
      await inscription.getByRole("textbox", { name: "Höchstens Zeichen", exact: true }).fill("30");
      await page.getByRole("button", { name: "Speichern" }).last().click();
      await expect(page.getByText("Das Produkt wurde gespeichert.")).toBeVisible({
        timeout: 5_000,
      });
    }).toPass({ timeout: 30_000 });

    const shop = await browser.newPage({ javaScriptEnabled });
    const text = "Herzlichen Glückwunsch zum 80., liebe Hilde!";
    expect(text).toHaveLength(44);
    await shop.goto("/store/wiehre");
    await shop.getByRole("link", { name: "Geburtstagstorte auswählen" }).click();
    const dialog = shop.getByRole("dialog", { name: "Geburtstagstorte" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Höchstens 30 Zeichen.")).toBeVisible();
    const field = dialog.getByRole("textbox", { name: "Aufschrift" });
    await expect(field).toHaveAttribute("maxlength", "30");
    // The browser would stop at 30 characters; the server must refuse what a client sends anyway.
    await field.evaluate((input) => input.removeAttribute("maxlength"));
    await field.fill(text);
    await dialog.getByLabel("Ø 20 cm (10 Stücke)").check();
    await dialog.getByRole("button", { name: "In den Warenkorb" }).click();
    const refused = shop.getByRole("dialog", { name: "Geburtstagstorte" });
    await expect(refused.getByText("Bitte geben Sie höchstens 30 Zeichen ein.")).toBeVisible();
    await expect(
      shop
        .getByRole("complementary", { name: "Warenkorb" })
        .getByText("Keine Produkte im Warenkorb"),
    ).toBeVisible();
    await shop.close();
  });
});
