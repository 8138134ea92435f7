import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { signIn } from "./helpers";
import { demoAdminPassword } from "./servers";
import { expect, test } from "./fixtures";

/**
 * The dine-in tax for food (issue 38, item 6; decision 092): the demo's food is 7 % eaten in.
 * The administrator sets one cake back to 19 % in its form, the product list then counts it in
 * its remark and filters it by the dine-in rate, the remark's link opens the bulk change filled
 * in (dine-in rate, set to 7), and the confirmed change brings the cake to 7 %. Without
 * JavaScript too. The `js` and `nojs` runs share the main server, so each changes a cake of its
 * own, and the remark's number may count the other's.
 */
test.describe.configure({ timeout: 180_000 });

const demoAdmin = { email: DEMO_ADMIN_EMAIL, password: demoAdminPassword };

const CAKES = { js: "Zwetschgendatschi (Stück)", nojs: "Streuselkuchen (Stück)" } as const;

const REMARK = /\d+ Speisen? ha(t|ben) beim Verzehr vor Ort noch 19 % MwSt\./;

async function expectNoAxeViolations(page: Page) {
  if (test.info().project.name !== "js") return;
  expect((await new AxeBuilder({ page }).analyze()).violations, page.url()).toEqual([]);
}

test("food still at 19 % eaten in is counted on the product list and set to 7 % in bulk", async ({
  page,
}, testInfo) => {
  const cake = CAKES[testInfo.project.name === "nojs" ? "nojs" : "js"];
  const search = `/backend/products?suche=${encodeURIComponent(cake.replace(/ \(.*$/, ""))}`;
  await signIn(page, demoAdmin, search);
  const row = page.getByRole("row").filter({ hasText: cake });
  // The column "Vor Ort": the demo's food is 7 % eaten in.
  await expect(row.getByRole("cell").nth(3)).toHaveText("7");

  // Per product: the form's field, with its hint.
  await page.getByRole("link", { name: `${cake} bearbeiten` }).click();
  const field = page.getByRole("textbox", { name: "Steuersatz vor Ort (%)" });
  await expect(page.getByText(/Leer: wie Abholung\. Seit dem 1\. Januar 2026/)).toBeVisible();
  await field.fill("19");
  await page.getByRole("button", { name: "Speichern", exact: true }).last().click();
  await expect(page.getByText("Das Produkt wurde gespeichert.")).toBeVisible();

  // The list counts it and filters by the rate.
  await page.goto("/backend/products?vor-ort=19");
  await expect(page.getByText(REMARK)).toBeVisible();
  await expect(page.getByRole("link", { name: `${cake} bearbeiten` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Laugenbrezel bearbeiten" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The remark's link: the bulk change filtered to such food and filled in.
  await page.getByRole("link", { name: "Steuersatz vor Ort ändern" }).click();
  await expect(page).toHaveURL(/\/backend\/products\/bulk\?abholung=7&vor-ort=19/);
  await expect(page.getByRole("radio", { name: "Steuersatz vor Ort" })).toBeChecked();
  await expect(page.getByRole("radio", { name: /^Auf Wert setzen/ })).toBeChecked();
  await expect(page.getByRole("textbox", { name: "Wert" })).toHaveValue("7");
  await expect(page.getByRole("checkbox", { name: cake, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  // Only this run's cake: the other run may have one of its own in the list.
  await page.getByRole("checkbox", { name: /^Alle Treffer/ }).uncheck();
  await page.getByRole("checkbox", { name: cake, exact: true }).check();
  await page.getByRole("button", { name: "Vorschau anzeigen" }).click();

  const preview = page.getByRole("region", { name: "Vorschau" }).first();
  await expect(page.getByText("1 Produkt wird geändert.", { exact: false })).toBeVisible();
  const changed = preview.getByRole("row").filter({ hasText: cake });
  await expect(changed.getByRole("cell").nth(1)).toHaveText(/^19\s%$/);
  await expect(changed.getByRole("cell").nth(2)).toHaveText(/^7\s%$/);
  await page.getByRole("button", { name: "Änderung übernehmen" }).click();
  await expect(page.getByText("1 Produkt wurde geändert.")).toBeVisible();

  await page.goto(search);
  await expect(row.getByRole("cell").nth(3)).toHaveText("7");
});
