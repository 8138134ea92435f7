import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { signIn } from "./helpers";
import { demoAdminPassword } from "./servers";
import { expect, test } from "./fixtures";

/**
 * Issue 15's bulk change and CSV (decision 036): the administrator raises two products' prices by
 * 5 %, sees old and new prices in the preview, confirms, and the Altstadt branch page shows the new
 * prices; a CSV dry run with one bad row shows its German error and saves nothing. Both work
 * without JavaScript. The `js` and `nojs` runs share the main server, so each changes products of
 * its own (pastries no other spec looks at).
 */
// Axe on a page of 80 products takes a while on a busy machine.
test.describe.configure({ timeout: 180_000 });

const demoAdmin = { email: DEMO_ADMIN_EMAIL, password: demoAdminPassword };

const PRODUCTS = {
  // 1,90 € + 5 % = 1,995 € → 2,00 € (half a cent up); 1,80 € + 5 % = 1,89 €.
  js: [
    { name: "Nussecke", before: "1,90 €", after: "2,00 €" },
    { name: "Franzbrötchen", before: "1,80 €", after: "1,89 €" },
  ],
  // 1,90 € → 2,00 €; 1,60 € + 5 % = 1,68 €.
  nojs: [
    { name: "Kirschplunder", before: "1,90 €", after: "2,00 €" },
    { name: "Amerikaner", before: "1,60 €", after: "1,68 €" },
  ],
} as const;

/** Money as the page writes it: a no-break space before the euro sign. */
const money = (text: string) => new RegExp(`^${text.replace(" €", "\\s€")}$`);

/** Axe needs JavaScript in the page: it runs in the `js` project (as in the other specs). */
async function expectNoAxeViolations(page: Page) {
  if (test.info().project.name !== "js") return;
  expect((await new AxeBuilder({ page }).analyze()).violations, page.url()).toEqual([]);
}

test("a bulk price change of +5 % shows its preview and then the new prices in the shop", async ({
  page,
}, testInfo) => {
  const products = PRODUCTS[testInfo.project.name === "nojs" ? "nojs" : "js"];
  await signIn(page, demoAdmin, "/backend/products/bulk");
  await expect(
    page.getByRole("heading", { level: 1, name: "Preise und Steuersätze ändern" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  for (const product of products) {
    await page.getByRole("checkbox", { name: product.name, exact: true }).check();
  }
  await page.getByRole("radio", { name: "Preis", exact: true }).check();
  await page.getByRole("radio", { name: /^Um Prozent/ }).check();
  await page.getByRole("textbox", { name: "Wert" }).fill("5");
  await page.getByRole("button", { name: "Vorschau anzeigen" }).click();

  const preview = page.getByRole("region", { name: "Vorschau" }).first();
  await expect(page.getByRole("heading", { level: 2, name: "Vorschau" })).toBeVisible();
  await expect(page.getByText("2 Produkte werden geändert.", { exact: false })).toBeVisible();
  await expect(page.getByText(/ab einem halben Cent aufwärts/)).toBeVisible();
  for (const product of products) {
    const row = preview.getByRole("row").filter({ hasText: product.name });
    await expect(row.getByRole("cell").nth(1)).toHaveText(money(product.before));
    await expect(row.getByRole("cell").nth(2)).toHaveText(money(product.after));
  }
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Änderung übernehmen" }).click();
  await expect(page).toHaveURL(/\/backend\/products\/bulk\?hinweis=gespeichert&anzahl=2/);
  await expect(page.getByText("2 Produkte wurden geändert.")).toBeVisible();

  // The shop follows (the products table is watched, decision 032).
  await page.goto("/store/altstadt");
  for (const product of products) {
    const card = page
      .locator("li.product")
      .filter({ has: page.getByRole("heading", { level: 3, name: product.name, exact: true }) });
    await expect(card.locator(".price")).toHaveText(money(product.after));
  }
});

test("a CSV dry run with one bad row shows its German error and saves nothing", async ({
  page,
}) => {
  await signIn(page, demoAdmin, "/backend/products/import");
  await expect(page.getByRole("heading", { level: 1, name: "Produkte als CSV" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("CSV-Datei").setInputFiles({
    name: "produkte.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("\uFEFFname;price;unit\nProbebrot;3,20;piece\nProbesemmel;abc;piece\n"),
  });
  await page.getByRole("button", { name: "Probelauf" }).click();
  await expect(
    page.getByRole("alert").getByText("Zeile 3: Preis „abc“ ist kein Betrag."),
  ).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({ hasText: "Zeile 3: Preis „abc“" }),
  ).toBeVisible();
  await expect(page.getByText("1 neu, 0 geändert, 0 unverändert.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/backend/products/bulk?suche=Probebrot");
  await expect(page.getByText("Keine Produkte gefunden.")).toBeVisible();
});
