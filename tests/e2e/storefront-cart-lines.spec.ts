import { expect, test } from "./fixtures";

/**
 * One cart line per configuration (issue 36, item 10), with and without JavaScript: two taps on
 * the menu's '+' for the same product made two lines (and two on the ticket); they make one line
 * with the quantity 2.
 */
test("two taps on '+' make one line with the quantity 2", async ({ page }) => {
  await page.goto("/store/altstadt");
  const cart = page.getByRole("complementary", { name: "Warenkorb" });
  const add = page.getByRole("button", { name: "Baguette hinzufügen" });
  await add.click();
  await expect(cart.getByText("1 Produkt im Warenkorb")).toBeVisible();
  await page.getByRole("button", { name: "Baguette hinzufügen" }).click();
  await expect(cart.getByText("2 Produkte im Warenkorb")).toBeVisible();

  const lines = cart
    .getByRole("listitem")
    .filter({ has: page.getByText("Baguette", { exact: true }) });
  await expect(lines).toHaveCount(1);
  await expect(cart.getByLabel("Menge von Baguette")).toHaveValue("2");
  await expect(lines).toContainText("4,40");
});
