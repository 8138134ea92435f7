import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { checkoutPort, landingPort } from "./servers";
import { testBranches } from "../support/prepare-checkout-database";
import { expect, test, whenHydrated } from "./fixtures";

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
  await expect(page.getByLabel("Vorname")).toHaveValue("");
  await expectOnlyFirstName(page);
  const text = await page.content();
  for (const value of [customer.last, customer.email, customer.phone]) {
    expect(text).not.toContain(value);
  }
}

/**
 * A walk-in customer is asked for a first name at most (issue 36, item 14): no last name, company,
 * e-mail or phone on the kiosk's checkout.
 */
async function expectOnlyFirstName(page: Page) {
  const contact = page.getByRole("region", { name: "Kontaktdaten" });
  await expect(contact.getByRole("textbox")).toHaveCount(1);
  await expect(contact.getByLabel("Vorname")).toBeVisible();
  for (const label of [/^Name/, /^Firma/, /^E-Mail/, /^Telefon/]) {
    await expect(page.getByLabel(label)).toHaveCount(0);
  }
  await expect(page.getByText("Wir rufen Sie mit Ihrer Ticketnummer auf")).toBeVisible();
}

/**
 * The page a history step led to, once its document is complete: a page from the back-forward
 * cache is at once, one loaded anew after its parse (and the browser's restoring of form fields).
 * Its markup and every field's value, as a customer sees them.
 */
async function settledPage(page: Page): Promise<{ text: string; values: string[] }> {
  for (;;) {
    try {
      const state = await page.locator("html").evaluate(() => document.readyState);
      if (state !== "complete") throw new Error(state);
      const text = await page.content();
      const values = await page
        .locator("input, textarea")
        .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value));
      return { text, values };
    } catch {
      // Still loading, or navigating on (a redirect): read it again in a moment.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Nothing of the customer on the page: not in its text, not in a field's (restored) value. */
async function expectNoCustomer(page: Page) {
  const { text, values } = await settledPage(page);
  for (const value of [customer.first, customer.last, customer.email, customer.phone]) {
    expect(text, page.url()).not.toContain(value);
    expect(values, page.url()).not.toContain(value);
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

    // No name at all: the ticket number is enough.
    await expectOnlyFirstName(page);
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

  test("going back after an order never shows the customer again", async ({
    playwright,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.setTimeout(150_000);
    // A kiosk's browser as shipped: Playwright turns the back-forward cache off, a kiosk does not.
    const { launchOptions, locale, timezoneId } = test.info().project.use;
    const browser = await playwright.chromium.launch({
      ...launchOptions,
      ignoreDefaultArgs: ["--disable-back-forward-cache"],
    });
    try {
      await orderThenGoBack(browser, { baseURL, javaScriptEnabled, locale, timezoneId });
    } finally {
      await browser.close();
    }
  });

  async function orderThenGoBack(
    browser: Browser,
    options: { baseURL?: string; javaScriptEnabled: boolean; locale?: string; timezoneId?: string },
  ) {
    const { javaScriptEnabled } = options;
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const goto = page.goto.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      if (javaScriptEnabled) await whenHydrated(page);
      return response;
    };
    // With JavaScript the reset's timer runs on the page's clock; without it the meta refresh waits.
    if (javaScriptEnabled) await page.clock.install();
    await enterKiosk(page);
    await tapIntoShop(page);
    await addBaguette(page);
    await page.getByRole("link", { name: "Jetzt bestellen" }).first().click();
    await expect(page).toHaveURL(/\/checkout$/);
    await page.getByLabel("Vorname").fill(customer.first);
    await page
      .getByRole("textbox", { name: "Anmerkungen zur Bestellung" })
      .fill(`Bitte ${customer.last} aufrufen`);
    await page.getByLabel("Ich akzeptiere die AGB.").check();
    await page.getByLabel("Ich habe die Datenschutzerklärung gelesen und stimme ihr zu.").check();
    await page.getByRole("button", { name: "Bestellung abschicken" }).click();
    await expect(page).toHaveURL(/\/status\/[0-9a-f-]{36}\/[A-Za-z0-9_-]+$/);
    const statusUrl = page.url();
    await expect(page.getByText(/^Ticket\s*\d+$/)).toBeVisible();

    if (javaScriptEnabled) {
      // The customer taps on into the shop and walks away; two minutes later the kiosk resets.
      // (Left alone, the status page's own reset replaces its history entry with the idle screen.)
      await page.getByRole("link", { name: "Filialen" }).first().click();
      await expect(page).toHaveURL(/:\d+\/$/);
      await page.clock.fastForward(121_000);
    }
    // Without JavaScript the status page's meta refresh resets the kiosk 45 s after the order, in
    // a history entry of its own (Chromium replaces the entry only for a refresh within 1 s).
    await expect(page).toHaveURL(/\/kiosk$/, { timeout: 70_000 });

    // The next customer swipes back, again and again: never the last one's name or contact, never
    // their order again.
    const visited: string[] = [];
    for (let step = 0; step < 10; step += 1) {
      // "commit": a page from the back-forward cache fires no load events.
      await page.goBack({ waitUntil: "commit" });
      await expectNoCustomer(page);
      visited.push(page.url());
      expect(page.url()).not.toBe(statusUrl);
    }
    // The walk did go back past the order: the checkout and the shop before it.
    expect(
      visited.some((url) => url.endsWith("/checkout")),
      visited.join(" "),
    ).toBe(true);
  }

  test("two minutes without a touch empty the kiosk", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the timer needs JavaScript; without it the meta refresh");
    await page.clock.install();
    await enterKiosk(page);
    await tapIntoShop(page);
    await addBaguette(page);
    await page.getByRole("link", { name: "Jetzt bestellen" }).first().click();
    await expect(page).toHaveURL(/\/checkout$/);
    await page.getByLabel("Vorname").fill(customer.first);

    // A touch restarts the two minutes.
    await page.clock.fastForward(100_000);
    await page
      .getByRole("textbox", { name: "Anmerkungen zur Bestellung" })
      .fill(`Bitte ${customer.last} aufrufen`);
    await page.clock.fastForward(100_000);
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByLabel("Vorname")).toHaveValue(customer.first);

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

  // Issue 36, item 14: at 1080 px names broke inside a word ("Schwarzwäld-er") and descriptions
  // were cut after two lines. The common kiosk screens, each with the demo branch's long names.
  for (const [width, height] of [
    [1080, 1920],
    [1280, 800],
    [1920, 1080],
  ] as const) {
    test(`the shop fits a ${width} × ${height} kiosk screen`, async ({
      browser,
      baseURL,
      javaScriptEnabled,
    }) => {
      const context = await browser.newContext({
        baseURL,
        javaScriptEnabled,
        viewport: { width, height },
      });
      const page = await context.newPage();
      await page.goto("/kiosk");
      await page.goto("/store/altstadt");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const shot = process.env.SHOT_DIR;
      if (shot) await page.screenshot({ path: `${shot}/kiosk-${width}x${height}.png` });
      // Nothing wider than the screen.
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      // Every product row, its '+' and the order button inside the screen.
      // (An empty cart's "Jetzt bestellen" is a disabled button, not yet a link.)
      const order = await page.locator(".cart-checkout").first().boundingBox();
      for (const box of [
        order,
        await page.locator(".product").first().boundingBox(),
        await page.locator(".quick-add-button").first().boundingBox(),
      ]) {
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      }
      // No name or description broken inside a word (at its own hyphen is fine), none cut off.
      const problems = await page.evaluate(() => {
        const found: string[] = [];
        const texts = document.querySelectorAll(".product h3 a, .product-description, h1, h2");
        for (const element of texts) {
          // A heading for screen readers only ("Speisekarte") is clipped on purpose.
          if (element.closest(".visually-hidden")) continue;
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? "";
            for (const match of text.matchAll(/[^\s-]+/g)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              const lines = new Set(
                [...range.getClientRects()].map((rect) => Math.round(rect.top)),
              );
              if (lines.size > 1) found.push(`broken: ${match[0]}`);
            }
          }
          if (element.scrollHeight > element.clientHeight + 1 && element.clientHeight > 0) {
            found.push(`cut: ${(element.textContent ?? "").slice(0, 40)}`);
          }
        }
        return found;
      });
      expect(problems).toEqual([]);
      await context.close();
    });
  }

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
