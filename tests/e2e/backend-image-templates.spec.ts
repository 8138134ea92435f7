import type { Locator, Page } from "@playwright/test";
import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { signIn } from "./helpers";
import { demoAdminPassword } from "./servers";
import { expect, test, whenHydrated } from "./fixtures";

/**
 * Issue 16 (decision 041): the owner creates a price card for a product — a background colour
 * area, the product's name and price as text in a chosen font — with the layer editor's buttons,
 * saves it, chooses a product for the preview and sees the rendered PNG. With and without
 * JavaScript: the buttons are submit buttons that the server turns into list changes.
 */
const demoAdmin = { email: DEMO_ADMIN_EMAIL, password: demoAdminPassword };

const layers = (page: Page) => page.getByRole("group", { name: "Ebenen (von unten nach oben)" });
const layer = (page: Page, position: number, kind: string) =>
  layers(page).getByRole("group", { name: `Ebene ${position}: ${kind}`, exact: true });

async function add(page: Page, label: string, javaScriptEnabled: boolean, expected: Locator) {
  await page.waitForLoadState("load");
  if (javaScriptEnabled) await whenHydrated(page);
  await layers(page).getByRole("button", { name: label }).click();
  await expect(expected).toBeVisible();
}

test.describe("image templates in the back office", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a price card with a colour area, the name and the price, previewed as PNG", async ({
    page,
    javaScriptEnabled,
  }) => {
    const suffix = `${javaScriptEnabled ? "js" : "nojs"}-${Date.now().toString(36)}`;
    const name = `Preisschild ${suffix}`;
    await signIn(page, demoAdmin, "/backend/image-templates/new");
    await expect(page.getByRole("heading", { level: 1, name: "Neue Bildvorlage" })).toBeVisible();
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await page.getByRole("textbox", { name: "Kennung" }).fill(`preisschild-${suffix}`);
    await page.getByRole("textbox", { name: "Breite (Pixel)" }).fill("600");
    await page.getByRole("textbox", { name: "Höhe (Pixel)" }).fill("400");

    // The background: a colour area over the whole card.
    const background = layer(page, 1, "Farbfläche");
    await add(page, "Farbfläche hinzufügen", javaScriptEnabled, background);
    await background.getByRole("textbox", { name: "Farbe" }).fill("#F5E6C8");
    await background.getByRole("textbox", { name: "Breite" }).fill("600");
    await background.getByRole("textbox", { name: "Höhe" }).fill("400");

    // The price first, then the name: moved below each other with the buttons.
    const first = layer(page, 2, "Text");
    await add(page, "Text hinzufügen", javaScriptEnabled, first);
    await first.getByRole("textbox", { name: "Text" }).fill("{price}");
    await first.getByRole("textbox", { name: "Oben (y)" }).fill("280");
    const second = layer(page, 3, "Text");
    await add(page, "Text hinzufügen", javaScriptEnabled, second);
    await expect(first.getByRole("textbox", { name: "Text" })).toHaveValue("{price}");
    await second.getByRole("textbox", { name: "Text" }).fill("{name}");
    await second.getByRole("combobox", { name: "Schriftart" }).selectOption("Playfair Display");
    await second.getByRole("combobox", { name: "Schnitt" }).selectOption("700");
    await page.waitForLoadState("load");
    await second.getByRole("button", { name: "Ebene 3: Text nach oben" }).click();
    await expect(layer(page, 2, "Text").getByRole("textbox", { name: "Text" })).toHaveValue(
      "{name}",
    );
    await expect(layer(page, 3, "Text").getByRole("textbox", { name: "Text" })).toHaveValue(
      "{price}",
    );

    await page.waitForLoadState("load");
    await page.getByRole("button", { name: "Anlegen" }).last().click();
    await expect(
      page.getByRole("status").filter({ hasText: "Die Bildvorlage wurde angelegt." }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    // The preview for a product of the shop.
    const preview = page.getByRole("region", { name: "Vorschau" });
    const select = preview.getByRole("combobox", { name: "Produkt für die Platzhalter" });
    const product = (await select.locator("option").nth(1).textContent()) ?? "";
    await select.selectOption({ label: product });
    await page.waitForLoadState("load");
    await preview.getByRole("button", { name: "Vorschau zeigen" }).click();
    await expect(page).toHaveURL(/produkt=\d+/);
    await page.waitForLoadState("load");
    const image = preview.getByRole("img", { name: `Vorschau der Bildvorlage „${name}“` });
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
      .toBe(600);
    const src = (await image.getAttribute("src")) ?? "";
    expect(src).toMatch(/\/bild\.png\?product=\d+$/);
    const withProduct = await page.request.get(src);
    expect(withProduct.headers()["content-type"]).toBe("image/png");
    const without = await page.request.get(src.replace(/\?.*$/, ""));
    expect(without.status()).toBe(200);
    // The placeholders were filled: the product's card is another image than the bare template.
    expect(Buffer.compare(await withProduct.body(), await without.body())).not.toBe(0);
  });
});
