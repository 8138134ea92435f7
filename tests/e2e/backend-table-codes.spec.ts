import AxeBuilder from "@axe-core/playwright";
import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { branches as seededBranches } from "#app/db/seed/branches";
import { signIn } from "./helpers";
import { demoAdminPassword, port } from "./servers";
import { expect, test } from "./fixtures";

/**
 * The tables' QR codes (issue 36, item 4; decision 076), with and without JavaScript: from the
 * tables list to the branch's printable sheet; a code's address is the shop's public one (the
 * e2e server's default PUBLIC_ORIGIN, http://localhost:PORT, not the 127.0.0.1 the browser came
 * from); following it opens the menu, a '+' starts a dine-in cart and the checkout suggests the
 * scanned table.
 */
const demoAdmin = { email: DEMO_ADMIN_EMAIL, password: demoAdminPassword };
const altstadt = seededBranches.find((branch) => branch.identifier === "altstadt")!;

test("the QR sheet opens from the tables and a code leads to that table's menu", async ({
  page,
}, info) => {
  await signIn(page, demoAdmin, "/backend/tables");
  await page.getByRole("link", { name: "QR-Codes drucken" }).click();
  await expect(page).toHaveURL(/\/backend\/tables\/qr-codes$/);
  await expect(page.getByRole("heading", { level: 1, name: "QR-Codes der Tische" })).toBeVisible();
  await page
    .getByRole("combobox", { name: "Filiale", exact: true })
    .selectOption({ label: altstadt.name });
  await page.getByRole("button", { name: "Anzeigen" }).click();
  await expect(page).toHaveURL(/\?filiale=\d+$/);

  const sheet = page.getByRole("region", { name: altstadt.name });
  await expect(sheet.getByRole("img", { name: /^QR-Code für Tisch \d+$/ })).toHaveCount(8);
  await expect(sheet.getByRole("img", { name: "QR-Code für Tisch 2" })).toBeVisible();
  if (info.project.name === "js") {
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  }
  const link = sheet.getByRole("link", { name: /\/store\/altstadt\?tisch=T2$/ });
  const menu = `http://localhost:${port}/store/altstadt`;
  await expect(link).toHaveAttribute("href", `${menu}?tisch=T2`);
  await link.click();
  await expect(page).toHaveURL(menu);

  const cart = page.getByRole("complementary", { name: "Warenkorb" });
  await page.getByRole("button", { name: "Baguette hinzufügen" }).click();
  await expect(cart.getByText("1 Produkt im Warenkorb")).toBeVisible();
  await expect(
    page.getByLabel("Art der Lieferung", { exact: true }).locator("option:checked"),
  ).toHaveText("Dine In");
  await page.goto(`${menu}/checkout`);
  await expect(
    page.getByLabel("Tischnummer *", { exact: true }).locator("option:checked"),
  ).toHaveText("Tisch 2");
});
