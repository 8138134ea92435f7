import type { Page } from "@playwright/test";
import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { tinyPng } from "#tests/support/tiny-png";
import { signIn } from "./helpers";
import { demoAdminPassword } from "./servers";
import { expect, test, whenHydrated } from "./fixtures";

/**
 * Issue 36, items 8 and 11 (decision 080): a picture chosen in a back-office form survives the
 * round trips of adding rows and of a refused save, shown as "Bild ausgewählt: <name>", and is
 * saved with its alt text; adding a row is no save: it is not refused for empty fields, shows no
 * errors in the new row and (with JavaScript) leaves the page where it was.
 */
const demoAdmin = { email: DEMO_ADMIN_EMAIL, password: demoAdminPassword };
const picture = (name: string) => ({
  name,
  mimeType: "image/png",
  buffer: Buffer.from(tinyPng()),
});

const parts = (page: Page) => page.getByRole("group", { name: "Bestandteile (Konfiguration)" });
const part = (page: Page, position: number) =>
  parts(page).getByRole("group", { name: `Bestandteil ${position}`, exact: true });

async function ready(page: Page, javaScriptEnabled: boolean) {
  await page.waitForLoadState("load");
  if (javaScriptEnabled) await whenHydrated(page);
}

test.describe("pictures and rows in back-office forms", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a product's picture survives adding a part and an option, and is saved with its alt text", async ({
    page,
    javaScriptEnabled,
  }) => {
    const name = `Bildtorte ${javaScriptEnabled ? "JS" : "ohne JS"} ${Date.now().toString(36)}`;
    await signIn(page, demoAdmin, "/backend/products/new");
    await ready(page, javaScriptEnabled);
    const images = page.getByRole("group", { name: "Bilder", exact: true });
    await images.getByLabel("Bilder hochladen").setInputFiles(picture("Torte; Geburtstag.png"));
    await images.getByLabel("Bildbeschreibung (Alternativtext)").fill("Eine Bildtorte");

    // Nothing else filled in: adding a part is no save and is not refused (item 11).
    const add = parts(page).getByRole("button", { name: "Bestandteil hinzufügen" });
    await add.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    await add.click();
    await expect(part(page, 1)).toBeVisible();
    await expect(page.getByText("Bitte füllen Sie dieses Feld aus.")).toHaveCount(0);
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled / 2);
    }
    await expect(images.getByText("Bild ausgewählt: Torte; Geburtstag.png")).toBeVisible();
    await expect(images.getByLabel("Bildbeschreibung (Alternativtext)")).toHaveValue(
      "Eine Bildtorte",
    );

    await ready(page, javaScriptEnabled);
    await part(page, 1).getByRole("textbox", { name: "Name", exact: true }).first().fill("Größe");
    await part(page, 1)
      .getByRole("combobox", { name: "Art", exact: true })
      .selectOption({ label: "Auswahl (eine Option)" });
    await part(page, 1).getByRole("button", { name: "Option hinzufügen" }).click();
    const option = part(page, 1).getByRole("group", { name: "Option 1", exact: true });
    await expect(option).toBeVisible();
    await expect(page.getByText("Bitte füllen Sie dieses Feld aus.")).toHaveCount(0);
    await expect(images.getByText("Bild ausgewählt: Torte; Geburtstag.png")).toBeVisible();

    await ready(page, javaScriptEnabled);
    await option.getByRole("textbox", { name: "Name", exact: true }).fill("Ø 22 cm");
    await option.getByRole("textbox", { name: "Betrag", exact: true }).fill("5,00");
    await page.getByRole("textbox", { name: "Name", exact: true }).first().fill(name);
    await page
      .getByRole("combobox", { name: "Art", exact: true })
      .first()
      .selectOption({ label: "Konfigurierbar" });
    await page.getByRole("textbox", { name: "Preis", exact: true }).fill("39,00");
    await page.getByRole("button", { name: "Anlegen" }).last().click();
    await expect(page).toHaveURL(/\/backend\/products\/\d+\?hinweis=angelegt$/);
    await expect(page.getByRole("img", { name: "Eine Bildtorte", exact: true })).toBeVisible();
    await expect(page.getByText("Noch kein Bild.")).toHaveCount(0);
  });

  test("a category refused on saving keeps its picture and saves it once corrected", async ({
    page,
    javaScriptEnabled,
  }) => {
    const suffix = `${javaScriptEnabled ? "js" : "nojs"}-${Date.now().toString(36)}`;
    const taken = `bild-belegt-${suffix}`;
    await signIn(page, demoAdmin, "/backend/categories/new");
    await ready(page, javaScriptEnabled);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Belegt ${suffix}`);
    await page.getByRole("textbox", { name: "Kennung", exact: true }).fill(taken);
    await page.getByRole("button", { name: "Anlegen" }).last().click();
    await expect(page).toHaveURL(/\/backend\/categories\/\d+\?hinweis=angelegt$/);

    await page.goto("/backend/categories/new");
    await ready(page, javaScriptEnabled);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Kuchen ${suffix}`);
    // Only the server knows the identifier is taken: the save comes back refused.
    await page.getByRole("textbox", { name: "Kennung", exact: true }).fill(taken);
    await page.getByLabel("Bild hochladen").setInputFiles(picture("kuchen.png"));
    await page.getByLabel("Bildbeschreibung (Alternativtext)").fill("Ein Kuchen");
    await page.getByRole("button", { name: "Anlegen" }).last().click();
    await expect(page.getByText("Dieser Wert ist schon vergeben.").first()).toBeVisible();
    await expect(page.getByText("Bild ausgewählt: kuchen.png")).toBeVisible();

    await ready(page, javaScriptEnabled);
    await page.getByRole("textbox", { name: "Kennung", exact: true }).fill(`kuchen-${suffix}`);
    await page.getByRole("button", { name: "Anlegen" }).last().click();
    await expect(page).toHaveURL(/\/backend\/categories\/\d+\?hinweis=angelegt$/);
    await expect(page.getByRole("img", { name: "Ein Kuchen", exact: true })).toBeVisible();
  });

  test("a part added right after loading, ten fresh loads in a row, is added and crashes nothing", async ({
    page,
    javaScriptEnabled,
  }) => {
    // React error #345 ("Root did not complete") twice in five runs with JavaScript (item 8).
    test.skip(!javaScriptEnabled, "the page's JavaScript is what crashed");
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await signIn(page, demoAdmin, "/backend/products/new");
    for (let round = 0; round < 10; round += 1) {
      // A fresh load that does not wait for the page's JavaScript (the fixture's goto would).
      await Promise.all([
        page.waitForEvent("framenavigated"),
        page.evaluate(() => window.location.assign("/backend/products/new")),
      ]);
      // Clicks spread over the page's start: before, while and after its JavaScript takes over
      // (not a measure of time; the build before the fix refused 16 of 20 such clicks).
      await page.waitForTimeout(round * 150);
      await parts(page).getByRole("button", { name: "Bestandteil hinzufügen" }).click();
      await expect(part(page, 1)).toBeVisible();
    }
    expect(errors).toEqual([]);
  });
});
