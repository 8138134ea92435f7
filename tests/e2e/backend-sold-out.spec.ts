import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { signIn } from "./helpers";
import { checkoutPort } from "./servers";
import { expect, test } from "./fixtures";

/**
 * Sold out today (issue 15, decision 036), once with JavaScript (the toggle posts by a fetcher and
 * the page stays) and once without (the form redirects back with a notice): an employee of the
 * branch opens "Heute ausverkauft" from the order board, finds a product, marks it sold out, and
 * the branch page stops listing it within 2 s; then it is made available again.
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

const branch = testBranches.open;

/** Whether the branch page (as a visitor without a cart gets it, kept or not) lists the product. */
async function branchPageLists(request: APIRequestContext, product: string) {
  const response = await request.get(`/store/${branch.identifier}`);
  // A menu row's heading is named by the product alone (its link adds "auswählen").
  return (await response.text()).includes(`<h3 aria-label="${product}">`);
}

test("staff mark a product sold out from the order board's page; the shop drops it", async ({
  page,
  request,
  browser,
  javaScriptEnabled,
}) => {
  // Each project its own product: both run at once against one shop.
  const product = javaScriptEnabled ? "Roggenbrötchen" : "Dinkelbrötchen";
  await expect.poll(() => branchPageLists(request, product)).toBe(true);

  // A customer has the branch page open; with JavaScript its menu-version check (spec section 4)
  // takes the change up (without, the page refreshes itself after hours, not tested here).
  const customer = javaScriptEnabled ? await browser.newContext() : null;
  const shop = await customer?.newPage();
  await shop?.clock.install();
  await shop?.goto(`/store/${branch.identifier}`);
  const listed = shop?.locator(`h3[aria-label="${product}"]`);
  if (listed) await expect(listed).toHaveCount(1);

  await signIn(page, testStaff.open, "/backend/orders");
  // The board's own link (for the board's branch), not the navigation's entry of the same name.
  await page.locator(`a[href^="/backend/sold-out?branch="]`).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Heute ausverkauft – ${branch.name}`,
  );
  await page.getByRole("searchbox", { name: "Produkt suchen" }).fill(product);
  await page.getByRole("button", { name: "Anzeigen" }).click();
  const row = page.getByRole("row").filter({ hasText: product });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("verfügbar");
  if (javaScriptEnabled) {
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  }

  const before = page.url();
  await row
    .getByRole("button", { name: `„${product}“ in ${branch.name} heute ausverkauft` })
    .click();
  await expect(row.getByText("Heute ausverkauft")).toBeVisible();
  if (javaScriptEnabled) {
    // The fetcher stayed on the page; its data was loaded again.
    expect(page.url()).toBe(before);
  } else {
    await expect(
      page.getByRole("status").filter({ hasText: `„${product}“ ist heute ausverkauft.` }),
    ).toBeVisible();
    expect(page.url()).toContain("hinweis=ausverkauft");
  }

  // The shop follows within 2 s (its kept page is dropped by the change's notification).
  await expect
    .poll(() => branchPageLists(request, product), { timeout: 2_000, intervals: [100] })
    .toBe(false);
  // The open page takes the real change up at its next check, and tells the customer.
  if (shop && listed) {
    await shop.clock.runFor(10_500);
    await expect(
      shop.getByRole("status").filter({ hasText: "Die Speisekarte wurde aktualisiert." }),
    ).toBeVisible();
    await expect(listed).toHaveCount(0);
    await customer?.close();
  }

  await row
    .getByRole("button", { name: `„${product}“ in ${branch.name} wieder verfügbar` })
    .click();
  await expect(row).toContainText("verfügbar");
  await expect(row.getByText("Heute ausverkauft")).toHaveCount(0);
  if (!javaScriptEnabled) {
    await expect(
      page.getByRole("status").filter({ hasText: `„${product}“ ist wieder verfügbar.` }),
    ).toBeVisible();
  }
  await expect
    .poll(() => branchPageLists(request, product), { timeout: 2_000, intervals: [100] })
    .toBe(true);
});
