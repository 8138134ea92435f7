import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "@playwright/test";
import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { checkOutCart, customerBrowser, signIn } from "./helpers";
import { checkoutPort } from "./servers";
import { expect, test } from "./fixtures";

/**
 * Staff change an order's contact data and comment on its edit page (decision 033), with and
 * without JavaScript, and a second person saving an old copy of the page is told instead of
 * overwriting the first one's change.
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

const origin = `http://127.0.0.1:${checkoutPort}`;
const ROLL = "Belegtes Brötchen nach Wahl";

async function customerOrder(browser: Browser, javaScriptEnabled: boolean, name: string) {
  const { context, page } = await customerBrowser(browser, javaScriptEnabled, origin);
  await page.goto(`/store/${testBranches.open.identifier}`);
  await page.getByRole("link", { name: `${ROLL} auswählen` }).click();
  const roll = page.getByRole("dialog", { name: ROLL });
  await roll.getByLabel("Bergkäse").check();
  await roll.getByRole("button", { name: "In den Warenkorb" }).click();
  await expect(page.getByText("Produkt zum Warenkorb hinzugefügt.")).toBeVisible();
  await checkOutCart(page, name);
  await context.close();
}

test("staff change an order's contact data and comment; an old copy is refused", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const name = `Angaben ${javaScriptEnabled ? "JS" : "Ohne"} ${Date.now()}`;
  await customerOrder(browser, javaScriptEnabled, name);

  await signIn(page, testStaff.open, "/backend/orders?view=history");
  await page.getByRole("row").filter({ hasText: name }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/backend\/orders\/\d+$/);
  const orderUrl = page.url();

  await page.getByRole("link", { name: "Kontakt, Termin und Kommentar bearbeiten" }).click();
  await expect(page).toHaveURL(`${orderUrl}/edit`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Angaben bearbeiten");
  await expect(page.getByLabel("Name *")).toHaveValue(name);
  if (javaScriptEnabled) {
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  }

  // What cannot be a telephone number is named beside its field; nothing is saved.
  await page.getByLabel("Telefon").fill("0761");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText(/Bitte geben Sie eine gültige Nummer im Format/)).toBeVisible();
  await expect(page.getByLabel("Telefon")).toHaveAttribute("aria-invalid", "true");

  // A second copy of the page, opened now, will be out of date after the first save.
  const second = await page.context().newPage();
  await second.goto(`${orderUrl}/edit`);

  await page.getByLabel("Telefon").fill("0049 761 1234567");
  await page.getByLabel("Kommentar").fill("Bitte klingeln");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page).toHaveURL(`${orderUrl}?done=update-details`);
  await expect(page.getByText("Die Angaben der Bestellung wurden gespeichert.")).toBeVisible();
  await expect(page.getByText("Bitte klingeln")).toBeVisible();
  await expect(page.getByRole("region", { name: "Verlauf der Bearbeitung" })).toContainText(
    `${testStaff.open.name} · Angaben geändert`,
  );

  await second.getByLabel("Kommentar").fill("Nicht klingeln");
  await second.getByRole("button", { name: "Speichern" }).click();
  await expect(
    second.getByText(/Die Bestellung wurde inzwischen von jemand anderem geändert/),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByText("Bitte klingeln")).toBeVisible();
  await expect(page.getByText("Nicht klingeln")).toHaveCount(0);
  await second.close();
});

test("a counter PC hides customer data on its order board, and only there", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const name = `Diskret ${javaScriptEnabled ? "JS" : "Ohne"} ${Date.now()}`;
  await customerOrder(browser, javaScriptEnabled, name);
  await signIn(page, testStaff.open, "/backend/orders?view=history");
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);

  await page.getByRole("link", { name: "Anzeige an diesem Gerät" }).click();
  await expect(page).toHaveURL(/\/backend\/display$/);
  if (javaScriptEnabled) {
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  }
  await expect(page.getByLabel("Kundendaten anzeigen")).toBeChecked();
  await page.getByLabel("Kundendaten anzeigen").uncheck();
  await page.getByRole("button", { name: "Übernehmen" }).click();
  await expect(page).toHaveURL(/\/backend\/orders$/);
  await page.goto("/backend/orders?view=history");
  await expect(page.getByText(name)).toHaveCount(0);
  await expect(page.getByRole("cell", { name: "ausgeblendet" }).first()).toBeVisible();

  // Another browser (another device) of the same person still shows everything.
  const other = await browser.newPage({ javaScriptEnabled, baseURL: origin });
  await signIn(other, testStaff.open, "/backend/orders?view=history");
  await expect(other.getByRole("row").filter({ hasText: name })).toHaveCount(1);
  await other.close();
});
