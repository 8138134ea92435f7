import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { checkOutCart, customerBrowser, euro, signIn } from "./helpers";
import { checkoutPort } from "./servers";
import { expect, test } from "./fixtures";

/**
 * Staff change an item of an order (decision 020), once with JavaScript and once without: a
 * customer orders a configured roll and bread by weight in the shop; staff open the order, change
 * the roll's amount and topping and the bread's unit, and read the new prices and totals.
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

const origin = `http://127.0.0.1:${checkoutPort}`;
const ROLL = "Belegtes Brötchen nach Wahl";
const BREAD = "Bauernbrot vom Laib";

/** A roll with cheese and half a kilo of bread, ordered in the shop by a customer. */
async function customerOrder(browser: Browser, javaScriptEnabled: boolean, name: string) {
  const { context, page } = await customerBrowser(browser, javaScriptEnabled, origin);
  await page.goto(`/store/${testBranches.open.identifier}`);
  await page.getByRole("link", { name: `${ROLL} auswählen` }).click();
  const roll = page.getByRole("dialog", { name: ROLL });
  await roll.getByLabel("Bergkäse").check();
  await roll.getByRole("button", { name: "In den Warenkorb" }).click();
  await expect(page.getByText("Produkt zum Warenkorb hinzugefügt.")).toBeVisible();
  await page.getByRole("link", { name: `${BREAD} auswählen` }).click();
  const bread = page.getByRole("dialog", { name: BREAD });
  await expect(bread.getByRole("textbox", { name: "Menge" })).toHaveValue("500");
  await bread.getByRole("button", { name: "In den Warenkorb" }).click();
  await expect(page.getByText("2 Produkte im Warenkorb")).toBeVisible();
  await checkOutCart(page, name);
  await context.close();
}

/** The order's item row that names this product. */
const itemRow = (page: Page, product: string) =>
  page.getByRole("region", { name: "Artikel" }).getByRole("row").filter({ hasText: product });

test("staff change an item's amount, a step and the unit, and the totals follow", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const name = `Änderung ${javaScriptEnabled ? "JS" : "Ohne"} ${Date.now()}`;
  await customerOrder(browser, javaScriptEnabled, name);

  await signIn(page, testStaff.open, "/backend/orders?view=history");
  await page.getByRole("row").filter({ hasText: name }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/backend\/orders\/\d+$/);
  const orderUrl = page.url();
  // 2,90 € for the roll, ca. 2,95 € for 500 g at 5,90 €/kg.
  await expect(itemRow(page, ROLL)).toContainText(euro(290));
  await expect(page.getByRole("row", { name: /Gesamt/ })).toContainText(euro(290 + 295));

  await page.getByRole("link", { name: `Bearbeiten: ${ROLL}` }).click();
  await expect(page).toHaveURL(/\/items\/0$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${ROLL} bearbeiten`);
  if (javaScriptEnabled) {
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  }

  // A refused amount is named beside its field, and nothing changes.
  const amount = page.getByRole("textbox", { name: "Menge" });
  await expect(amount).toHaveValue("1");
  await amount.fill("0");
  await page.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(
    page.getByText("Bitte wählen Sie eine Menge von 1 bis 9.999 in Schritten von 1."),
  ).toBeVisible();
  await expect(amount).toHaveAttribute("aria-invalid", "true");

  await amount.fill("3");
  await page.getByLabel("Schwarzwälder Schinken").check();
  await page.getByLabel("Gurke").check();
  await page.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page).toHaveURL(`${orderUrl}?done=edit-item`);
  await expect(page.getByText("Der Artikel wurde geändert und neu berechnet.")).toBeVisible();
  // (2,90 € + 0,30 € ham + 0,20 € cucumber) × 3.
  const roll = itemRow(page, ROLL);
  await expect(roll).toContainText("3 Stk.");
  await expect(roll).toContainText(euro(1020));
  await expect(roll).toContainText("Belag: Schwarzwälder Schinken");
  await expect(roll).toContainText("Extras: Gurke");
  await expect(page.getByRole("row", { name: /Gesamt/ })).toContainText(euro(1020 + 295));

  // The bread in kilograms instead of grams: one kilo at 5,90 €.
  await page.getByRole("link", { name: `Bearbeiten: ${BREAD}` }).click();
  await expect(page.getByRole("textbox", { name: "Menge" })).toHaveValue("500");
  await page.getByLabel("Einheit").selectOption({ label: "Kilogramm" });
  await page.getByRole("textbox", { name: "Menge" }).fill("1");
  await page.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page.getByText("Der Artikel wurde geändert und neu berechnet.")).toBeVisible();
  await expect(itemRow(page, BREAD)).toContainText("1 kg");
  await expect(itemRow(page, BREAD)).toContainText(euro(590));
  const total = 1020 + 590;
  await expect(page.getByRole("row", { name: /Gesamt/ })).toContainText(euro(total));
  // Everything at 7 %: 16,10 € → net 15,05 €, tax 1,05 €.
  await expect(page.getByRole("row", { name: /^7 %/ })).toContainText(euro(1505));
  await expect(page.getByRole("row", { name: /^7 %/ })).toContainText(euro(105));
  // The trail names who changed it.
  await expect(page.getByRole("region", { name: "Verlauf der Bearbeitung" })).toContainText(
    `${testStaff.open.name} · Artikel geändert`,
  );
});
