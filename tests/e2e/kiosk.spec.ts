import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { checkoutPort, landingPort } from "./servers";
import { testBranches } from "../support/prepare-checkout-database";
import { expect, test } from "./fixtures";

/**
 * The self-service kiosk (issue 19, decision 053): the idle screen, an order paid at the counter,
 * the reset after it and after two minutes without a touch, no way out of the shop.
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

const BRANCH = testBranches.open.identifier;
const customer = {
  first: "Erika",
  last: "Mustermann",
  email: "erika.kiosk@example.org",
  phone: "0761 1234567",
};
/** A link that leaves the shop: another site, a phone call, a mail, a new tab. */
const OUTSIDE = 'a[href^="http"], a[href^="//"], a[href^="tel:"], a[href^="mailto:"], a[target]';

async function enterKiosk(page: Page) {
  await page.goto("/kiosk");
  await expect(page.getByRole("heading", { name: "Tippen um zu bestellen" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Cookies" })).toHaveCount(0);
}

async function tapIntoShop(page: Page) {
  await page.getByRole("link", { name: "Tippen um zu bestellen" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
}

async function addBaguette(page: Page) {
  await page.goto(`/store/${BRANCH}`);
  await page.getByRole("link", { name: "Baguette auswählen" }).click();
  const dialog = page.getByRole("dialog", { name: "Baguette" });
  await expect(dialog.locator(OUTSIDE)).toHaveCount(0);
  await dialog.getByRole("button", { name: "In den Warenkorb" }).click();
  await expect(page.getByText("Produkt zum Warenkorb hinzugefügt.")).toBeVisible();
}

async function expectEmptyForm(page: Page) {
  for (const label of ["Vorname", "Name *", /^E-Mail/, /^Telefon/]) {
    await expect(page.getByLabel(label).first()).toHaveValue("");
  }
  const text = await page.content();
  for (const value of [customer.last, customer.email, customer.phone]) {
    expect(text).not.toContain(value);
  }
}

test.describe("the self-service kiosk", () => {
  test("idle screen, an order paid in cash, back to an empty idle kiosk", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.setTimeout(150_000);
    await enterKiosk(page);
    await tapIntoShop(page);
    await addBaguette(page);
    await page.getByRole("link", { name: "Jetzt bestellen" }).first().click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.locator(OUTSIDE)).toHaveCount(0);

    // Only what the kiosk's counter takes: cash and card (the shop also takes vouchers, Stripe
    // and PayPal online).
    const payment = page.locator("#checkout-paymentMethod");
    await expect(payment.getByRole("radio")).toHaveCount(2);
    await expect(payment.getByLabel("Barzahlung")).toBeChecked();
    await expect(payment.getByLabel("EC-Karte")).toBeVisible();

    await page.getByLabel("Vorname").fill(customer.first);
    await page.getByLabel("Name *").fill(customer.last);
    await page.getByLabel(/^E-Mail/).fill(customer.email);
    await page.getByLabel(/^Telefon/).fill(customer.phone);
    // The legal texts open in the form itself, not in a new tab.
    await page.getByText("AGB lesen").first().click();
    await page.getByLabel("Ich akzeptiere die AGB.").check();
    await page.getByLabel("Ich habe die Datenschutzerklärung gelesen und stimme ihr zu.").check();
    await page.getByRole("button", { name: "Bestellung abschicken" }).click();

    await expect(page).toHaveURL(/\/status\/[0-9a-f-]{36}\/[A-Za-z0-9_-]+$/);
    await expect(page.getByText(/^Ticket\s*\d+$/)).toBeVisible();
    await expect(page.locator(OUTSIDE)).toHaveCount(0);

    // The status page stays 45 s for the ticket number, then the kiosk resets by itself.
    await expect(page).toHaveURL(/\/kiosk$/, { timeout: 70_000 });
    await expect(page.getByRole("heading", { name: "Tippen um zu bestellen" })).toBeVisible();

    // The next customer: an empty cart and an empty form.
    await tapIntoShop(page);
    await page.goto(`/store/${BRANCH}`);
    await expect(page.getByText("Keine Produkte im Warenkorb").first()).toBeVisible();
    await addBaguette(page);
    await page.getByRole("link", { name: "Jetzt bestellen" }).first().click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expectEmptyForm(page);
    await expect(page.getByText("Baguette").first()).toBeVisible();
    expect(javaScriptEnabled === true || javaScriptEnabled === false).toBe(true);
  });

  test("two minutes without a touch empty the kiosk", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the timer needs JavaScript; without it the meta refresh");
    await page.clock.install();
    await enterKiosk(page);
    await tapIntoShop(page);
    await addBaguette(page);
    await page.getByRole("link", { name: "Jetzt bestellen" }).first().click();
    await expect(page).toHaveURL(/\/checkout$/);
    await page.getByLabel("Name *").fill(customer.last);

    // A touch restarts the two minutes.
    await page.clock.fastForward(100_000);
    await page.getByLabel(/^E-Mail/).fill(customer.email);
    await page.clock.fastForward(100_000);
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByLabel("Name *")).toHaveValue(customer.last);

    await page.clock.fastForward(21_000);
    await expect(page).toHaveURL(/\/kiosk$/);
    await tapIntoShop(page);
    await page.goto(`/store/${BRANCH}`);
    await expect(page.getByText("Keine Produkte im Warenkorb").first()).toBeVisible();
  });

  test("pages without JavaScript reset themselves after two minutes", async ({ page }) => {
    await enterKiosk(page);
    // The server's page: scripts read the meta refresh as text, without them the browser follows it.
    const served = async (path: string) => (await page.request.get(path)).text();
    expect(await served("/")).toContain(
      '<noscript><meta http-equiv="refresh" content="120;url=/kiosk/neu"/></noscript>',
    );
    expect(await served(`/store/${BRANCH}`)).toContain('content="120;url=/kiosk/neu"');
    // Typing is no request: the checkout without JavaScript waits five minutes.
    expect(await served(`/store/${BRANCH}/checkout`)).toContain('content="300;url=/kiosk/neu"');
    // The idle screen itself waits for the next customer.
    expect(await served("/kiosk")).not.toContain("/kiosk/neu");
  });

  test("no link leads out of the shop", async ({ page, baseURL }) => {
    // Without the kiosk the shop does link to route planners, phones and mail: the check can fail.
    const landing = `http://127.0.0.1:${landingPort}`;
    await page.goto("/");
    expect(await page.locator(OUTSIDE).count()).toBeGreaterThan(0);
    await page.goto(`${landing}/`);
    expect(await page.locator(OUTSIDE).count()).toBeGreaterThan(0);

    await enterKiosk(page);
    await expect(page.locator(OUTSIDE)).toHaveCount(0);
    for (const path of [
      "/",
      `/store/${BRANCH}`,
      "/store/wiehre",
      "/site/privacy",
      "/site/terms-and-conditions",
      "/site/imprint",
      "/site/allergens",
      "/ueber-uns",
    ]) {
      await page.goto(path);
      await expect(page.locator(OUTSIDE), path).toHaveCount(0);
    }
    // The landing page (contact block with phone, mail, website, route planner and map).
    // The kiosk cookie belongs to the host, whatever the port: the landing server's kiosk too.
    await page.goto(`${landing}/`);
    await expect(page.locator("#kontakt")).toBeVisible();
    await expect(page.locator(OUTSIDE)).toHaveCount(0);
    await expect(page.locator(".contact-map")).toHaveCount(0);
    expect(baseURL).toBeTruthy();
  });

  test("the idle screen passes axe", async ({ browser, baseURL, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "axe runs as a script in the page");
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto("/kiosk");
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    await context.close();
  });
});
