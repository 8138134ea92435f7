import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { euro } from "./helpers";

/** The smallest valid PNG: what a phone photo is to the upload check. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const photo = { name: "lina.png", mimeType: "image/png", buffer: PNG };

// A cheap phone (issue 17).
test.use({ viewport: { width: 360, height: 740 } });

function runningPrice(dialog: Locator) {
  return dialog.getByTestId("laufender-preis");
}

function cartLine(page: Page, name: string) {
  return page
    .getByRole("complementary", { name: "Warenkorb" })
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) });
}

async function noSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, "Seitenbreite").toBeLessThanOrEqual(360);
}

test("the photo cake through its steps: its running price, then the same label in the cart", async ({
  page,
}) => {
  await page.goto("/store/wiehre");
  await page.getByRole("link", { name: "Motivtorte mit Fototortenaufleger auswählen" }).click();
  const dialog = page.getByRole("dialog", { name: "Motivtorte mit Fototortenaufleger" });
  await expect(dialog.getByText("Vorlaufzeit: 2 Tage")).toBeVisible();
  // Nothing chosen yet: the price of the cake as it stands, not 'ab'.
  await expect(runningPrice(dialog)).toHaveText(euro(3900));
  const next = dialog.getByRole("button", { name: "Weiter" });

  // A step is checked before the next one shows, with and without JavaScript.
  await expect(dialog.getByText("Schritt 1 von 6")).toBeVisible();
  await next.click();
  await expect(dialog.getByText("Bitte wählen Sie eine Option aus.")).toBeVisible();
  await expect(dialog.getByText("Schritt 2 von 6")).toBeHidden();

  const steps: [string, () => Promise<void>, number][] = [
    ["Schritt 1 von 6", () => dialog.getByLabel("Ø 22 cm (12–14 Stücke)").check(), 4900],
    ["Schritt 2 von 6", () => dialog.getByLabel("Himbeer-Quark").check(), 5200],
    [
      "Schritt 3 von 6",
      () => dialog.getByLabel("Foto für den Tortenaufleger").setInputFiles(photo),
      5200,
    ],
    [
      "Schritt 4 von 6",
      () => dialog.getByRole("textbox", { name: "Aufschrift" }).fill("Alles Gute, Lina!"),
      5200,
    ],
    [
      "Schritt 5 von 6",
      async () => {
        await dialog.getByLabel("Kerzen-Set (12 Stück)").check();
        await dialog.getByLabel("Schokoladenschild mit Namen").check();
      },
      5800,
    ],
  ];
  for (const [label, choose, price] of steps) {
    await expect(dialog.getByText(label)).toBeVisible();
    await choose();
    await next.click();
    await expect(dialog.getByText(label)).toBeHidden();
    // Computed in place with JavaScript, by the server on each step without it.
    await expect(runningPrice(dialog)).toHaveText(euro(price));
  }
  await expect(dialog.getByText("Schritt 6 von 6")).toBeVisible();
  await expect(dialog.getByText("Höchstens 30 Zeichen.")).toBeAttached();
  await noSidewaysScroll(page);
  await dialog.getByRole("button", { name: "In den Warenkorb" }).click();

  await expect(page).toHaveURL(/\/store\/wiehre\?hinweis=added(#produkt-\d+)?$/);
  const cake = cartLine(page, "Motivtorte mit Fototortenaufleger");
  await expect(cake).toContainText(euro(5800));
  await expect(cake).not.toContainText("ab ");
  await expect(cake).toContainText("Foto für den Tortenaufleger: 1 Datei");
  const cart = page.getByRole("complementary", { name: "Warenkorb" });
  await expect(cart.getByText("Gesamt").locator("xpath=..")).toHaveText(`Gesamt${euro(5800)}`);
  await expect(cart.getByText(/tatsächlichen Gewicht/)).toHaveCount(0);
});

test("the chosen photo survives the quantity buttons", async ({ page, javaScriptEnabled }) => {
  await page.goto("/store/wiehre");
  await page.getByRole("link", { name: "Fototortenaufleger (einzeln) auswählen" }).click();
  let dialog = page.getByRole("dialog", { name: "Fototortenaufleger (einzeln)" });
  await dialog.getByLabel("Foto für den Tortenaufleger").setInputFiles(photo);
  await dialog.getByLabel("Rechteckig, DIN A4").check();
  // With JavaScript the price follows at once; without, on the next round trip.
  if (javaScriptEnabled) await expect(runningPrice(dialog)).toHaveText(euro(1090));

  await dialog.getByRole("button", { name: "Menge erhöhen" }).click();
  dialog = page.getByRole("dialog", { name: "Fototortenaufleger (einzeln)" });
  await expect(dialog.getByRole("textbox", { name: "Menge" })).toHaveValue("2");
  await expect(runningPrice(dialog)).toHaveText(euro(2180));
  await expect(dialog.getByLabel("Rechteckig, DIN A4")).toBeChecked();
  const kept = dialog.getByRole("checkbox", { name: "lina.png behalten" });
  if (javaScriptEnabled) {
    // The browser keeps the file in its field.
    expect(
      await dialog
        .getByLabel("Foto für den Tortenaufleger")
        .evaluate((input: HTMLInputElement) => input.files?.[0]?.name),
    ).toBe("lina.png");
  } else {
    // Stored on the way and shown with its preview.
    await expect(kept).toBeChecked();
    await expect(dialog.getByRole("img", { name: /lina\.png/ })).toBeVisible();
  }

  await dialog.getByRole("button", { name: "Menge verringern" }).click();
  dialog = page.getByRole("dialog", { name: "Fototortenaufleger (einzeln)" });
  await expect(dialog.getByRole("textbox", { name: "Menge" })).toHaveValue("1");
  if (!javaScriptEnabled) await expect(kept).toBeChecked();
  await dialog.getByRole("button", { name: "In den Warenkorb" }).click();
  await expect(page).toHaveURL(/\/store\/wiehre\?hinweis=added(#produkt-\d+)?$/);
  const line = cartLine(page, "Fototortenaufleger (einzeln)");
  await expect(line).toContainText("Foto für den Tortenaufleger: 1 Datei");
  await expect(line).toContainText(euro(1090));
});

test("a cart item is changed through its dialog: one line, the new choice, the photo kept", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/store/wiehre");
  await page.getByRole("link", { name: "Fototortenaufleger (einzeln) auswählen" }).click();
  let dialog = page.getByRole("dialog", { name: "Fototortenaufleger (einzeln)" });
  await dialog.getByLabel("Foto für den Tortenaufleger").setInputFiles(photo);
  await dialog.getByLabel("Rechteckig, DIN A4").check();
  await dialog.getByRole("button", { name: "In den Warenkorb" }).click();
  await expect(page).toHaveURL(/\/store\/wiehre\?hinweis=added(#produkt-\d+)?$/);
  const line = cartLine(page, "Fototortenaufleger (einzeln)");
  await expect(line).toContainText(euro(1090));

  // 'Bearbeiten' opens the dialog with what was chosen; the stored photo is offered to keep.
  await line.getByRole("link", { name: "Fototortenaufleger (einzeln) bearbeiten" }).click();
  await expect(page).toHaveURL(/\/store\/wiehre\/product\/\d+\?artikel=\d+$/);
  dialog = page.getByRole("dialog", { name: "Fototortenaufleger (einzeln)" });
  await expect(dialog.getByLabel("Rechteckig, DIN A4")).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "lina.png behalten" })).toBeChecked();
  await expect(runningPrice(dialog)).toHaveText(euro(1090));

  // Without JavaScript a step of the quantity is a round trip that must keep the edit going.
  await dialog.getByRole("button", { name: "Menge erhöhen" }).click();
  dialog = page.getByRole("dialog", { name: "Fototortenaufleger (einzeln)" });
  await expect(dialog.getByRole("textbox", { name: "Menge" })).toHaveValue("2");
  await dialog.getByLabel("Rund, Ø 20 cm").check();
  if (javaScriptEnabled) await expect(runningPrice(dialog)).toHaveText(euro(1780));
  await expect(dialog.getByRole("checkbox", { name: "lina.png behalten" })).toBeChecked();
  await dialog.getByRole("button", { name: "Änderungen speichern" }).click();

  await expect(page).toHaveURL(/\/store\/wiehre(\?[^#]*)?(#produkt-\d+)?$/);
  const lines = page
    .getByRole("complementary", { name: "Warenkorb" })
    .getByRole("listitem")
    .filter({ has: page.getByText("Fototortenaufleger (einzeln)", { exact: true }) });
  await expect(lines).toHaveCount(1);
  await expect(lines).toContainText("Rund, Ø 20 cm");
  await expect(lines).not.toContainText("DIN A4");
  await expect(lines).toContainText("Foto für den Tortenaufleger: 1 Datei");
  await expect(lines).toContainText(euro(1780));
});

test("a 44-character inscription is refused by the server, beside its field", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/store/wiehre");
  await page.getByRole("link", { name: "Geburtstagstorte auswählen" }).click();
  const dialog = page.getByRole("dialog", { name: "Geburtstagstorte" });
  await expect(dialog.getByText("Höchstens 30 Zeichen.")).toBeVisible();
  const inscription = dialog.getByRole("textbox", { name: "Aufschrift" });
  await expect(inscription).toHaveAttribute("maxlength", "30");
  // A browser that ignores the hint (or a hand-made request): the server decides.
  await inscription.evaluate((input) => input.removeAttribute("maxlength"));
  const text = "Herzlichen Glückwunsch zum Geburtstag, Lina!";
  await inscription.fill(text);
  await dialog.getByLabel("Ø 20 cm (10 Stücke)").check();
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await dialog.getByRole("button", { name: "In den Warenkorb" }).click();
  if (!javaScriptEnabled) expect((await answer).status()).toBe(400);
  const refused = page.getByRole("dialog", { name: "Geburtstagstorte" });
  await expect(refused.getByText("Bitte geben Sie höchstens 30 Zeichen ein.")).toBeVisible();
  await expect(refused.getByRole("textbox", { name: "Aufschrift" })).toHaveValue(text);
  await expect(refused.getByLabel("Ø 20 cm (10 Stücke)")).toBeChecked();
  await page.goto("/store/wiehre");
  await expect(
    page.getByRole("complementary", { name: "Warenkorb" }).getByText("Keine Produkte im Warenkorb"),
  ).toBeVisible();
});

test("a weighed loaf is 'ca.' in the dialog and the cart, with the note on the actual weight", async ({
  page,
}) => {
  await page.goto("/store/wiehre");
  await page.getByRole("link", { name: "Bauernbrot vom Laib auswählen" }).click();
  const dialog = page.getByRole("dialog", { name: "Bauernbrot vom Laib" });
  await expect(runningPrice(dialog)).toHaveText(`ca. ${euro(295)}`);
  await expect(
    dialog.getByText("Der Endpreis richtet sich nach dem tatsächlichen Gewicht."),
  ).toBeVisible();
  // The unit select stays inside the dialog at 360 px.
  const select = await dialog.getByLabel("Einheit").boundingBox();
  const box = await dialog.boundingBox();
  expect(select!.x + select!.width).toBeLessThanOrEqual(box!.x + box!.width);
  await noSidewaysScroll(page);
  await dialog.getByRole("button", { name: "In den Warenkorb" }).click();
  const cart = page.getByRole("complementary", { name: "Warenkorb" });
  await expect(cartLine(page, "Bauernbrot vom Laib")).toContainText(`ca. ${euro(295)}`);
  await expect(cart.getByText("Gesamt").locator("xpath=..")).toContainText(`ca. ${euro(295)}`);
  await expect(
    cart.getByText("Der Endpreis richtet sich nach dem tatsächlichen Gewicht."),
  ).toBeVisible();
});

test("choices are big enough, buttons styled, nothing scrolls sideways", async ({ page }) => {
  await page.goto("/store/wiehre");
  await page.getByRole("link", { name: "Belegtes Brötchen nach Wahl auswählen" }).click();
  const dialog = page.getByRole("dialog", { name: "Belegtes Brötchen nach Wahl" });
  const choices = dialog.locator("input[type=radio], input[type=checkbox]");
  await expect(choices.first()).toBeVisible();
  expect(await choices.count()).toBeGreaterThan(5);
  for (const choice of await choices.all()) {
    const box = await choice.boundingBox();
    expect(box!.width, "Breite").toBeGreaterThanOrEqual(24);
    expect(box!.height, "Höhe").toBeGreaterThanOrEqual(24);
  }
  // No browser-grey button: every visible button has a background of its own.
  for (const button of await dialog
    .locator("button:visible:not(.visually-hidden), .button:visible")
    .all()) {
    const background = await button.evaluate(
      (element) => getComputedStyle(element).backgroundColor,
    );
    const name = await button.innerText();
    expect(background, name).not.toBe("rgb(239, 239, 239)");
    expect(background).not.toBe("rgba(0, 0, 0, 0)");
    const box = await button.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(24);
  }
  await noSidewaysScroll(page);
});

test.describe("accessibility of the dialog", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs as a script in the page");

  test("axe finds nothing in the photo cake's dialog at 360 px", async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto("/store/wiehre");
    await page.getByRole("link", { name: "Motivtorte mit Fototortenaufleger auswählen" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    const results = await new AxeBuilder({ page }).include("dialog").analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    await context.close();
  });
});
