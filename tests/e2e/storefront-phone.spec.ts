import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Issue 17 on a cheap phone (360 × 740), with and without JavaScript: a '+' adds a simple
 * product in one tap and the first screen says so (the toast at the top, the cart bar at the
 * foot); configurable products open their dialog; the search filters the menu; unavailable
 * products come last; nothing scrolls sideways; every control is a target of at least 24 px.
 */
test.use({ viewport: { width: 360, height: 740 } });

const ADDED = "Produkt zum Warenkorb hinzugefügt.";

/** The whole element inside the screen, not only a corner of it. */
async function expectFullyInViewport(locator: Locator) {
  await expect(locator).toBeInViewport({ ratio: 1 });
}

async function openMenu(page: Page) {
  await page.goto("/store/altstadt");
  await page.waitForLoadState("load");
}

/** The menu with a product in the cart: the cart panel's controls and the bar are there. */
async function openFilledMenu(page: Page) {
  await openMenu(page);
  await page.getByRole("button", { name: "Baguette hinzufügen" }).click();
  await page.waitForLoadState("load");
  await expect(page.getByRole("link", { name: /Warenkorb öffnen/ })).toBeVisible();
}

test.describe("the menu on a phone", () => {
  test("one tap on '+' adds a simple product, and the first screen says so", async ({
    page,
    javaScriptEnabled,
  }) => {
    await openMenu(page);
    await expect(page.getByRole("link", { name: /Warenkorb öffnen/ })).toHaveCount(0);

    const add = page.getByRole("button", { name: "Baguette hinzufügen" });
    await add.scrollIntoViewIfNeeded();
    await add.click();
    await page.waitForLoadState("load");

    const toast = page.getByRole("status").filter({ hasText: ADDED });
    await expect(toast).toBeVisible();
    await expectFullyInViewport(toast);
    const bar = page.getByRole("link", { name: /1 Produkt\s*2,20\s€\s*Warenkorb öffnen/ });
    await expect(bar).toBeVisible();
    await expectFullyInViewport(bar);
    // The customer stays where they tapped: the row is still on the screen.
    await expect(
      page.locator("#produkt-7, li:has([aria-label='Baguette auswählen'])").first(),
    ).toBeInViewport();
    if (!javaScriptEnabled) await expect(page).toHaveURL(/hinweis=added#produkt-\d+$/);

    // A second tap counts up; the bar opens the cart.
    await page.getByRole("button", { name: "Baguette hinzufügen" }).click();
    await page.waitForLoadState("load");
    await expect(
      page.getByRole("link", { name: /2 Produkte\s*4,40\s€\s*Warenkorb öffnen/ }),
    ).toBeVisible();
    await page.getByRole("link", { name: /Warenkorb öffnen/ }).click();
    const cart = page.getByRole("complementary", { name: "Warenkorb" });
    await expect(cart.getByText("2 Produkte im Warenkorb")).toBeInViewport();
  });

  test("a configurable product opens its dialog", async ({ page }) => {
    await openMenu(page);
    await expect(
      page.getByRole("button", { name: "Motivtorte mit Fototortenaufleger hinzufügen" }),
    ).toHaveCount(0);
    await page.getByRole("link", { name: "Motivtorte mit Fototortenaufleger auswählen" }).click();
    await expect(
      page.getByRole("dialog", { name: "Motivtorte mit Fototortenaufleger" }),
    ).toBeVisible();
  });

  test("the search filters the menu", async ({ page, javaScriptEnabled }) => {
    await openMenu(page);
    const baguette = page.getByRole("link", { name: "Baguette auswählen" });
    const rolls = page.getByRole("link", { name: "Weizenbrötchen auswählen" });
    await expect(baguette).toHaveCount(1);
    const search = page.getByLabel("Speisekarte durchsuchen");
    await search.fill("weizenbroetchen");
    if (javaScriptEnabled) {
      // As the customer types, before any button.
      await expect(baguette).toHaveCount(0);
      await expect(rolls).toBeVisible();
    }
    await page.getByRole("button", { name: "Suchen", exact: true }).click();
    await page.waitForLoadState("load");
    await expect(page).toHaveURL(/suche=weizenbroetchen/);
    await expect(baguette).toHaveCount(0);
    await expect(rolls).toBeVisible();

    await search.fill("zzzz-gibt-es-nicht");
    await page.getByRole("button", { name: "Suchen", exact: true }).click();
    await page.waitForLoadState("load");
    await expect(page.getByText("Leider wurden keine Ergebnisse gefunden.")).toBeVisible();

    // Searching and adding: the '+' comes back to the same results.
    await search.fill("weizenbroetchen");
    await page.getByRole("button", { name: "Suchen", exact: true }).click();
    await page.waitForLoadState("load");
    await page.getByRole("button", { name: "Weizenbrötchen hinzufügen" }).click();
    await page.waitForLoadState("load");
    await expect(page.getByRole("status").filter({ hasText: ADDED })).toBeVisible();
    await expect(page).toHaveURL(/suche=weizenbroetchen/);
    await expect(baguette).toHaveCount(0);
  });

  test("unavailable products come after the available ones of their category", async ({ page }) => {
    await openMenu(page);
    const categories = await page
      .locator(".menu-list section.category")
      .evaluateAll((sections) =>
        sections.map((section) =>
          [...section.querySelectorAll(".product-list > li")].map((row) =>
            row.classList.contains("unavailable") ? "u" : "a",
          ),
        ),
      );
    expect(categories.length).toBeGreaterThan(3);
    for (const rows of categories) expect(rows.join("")).toMatch(/^a*u*$/);
    // The first category has something to order now.
    expect(categories[0]).toContain("a");
  });

  test("no sideways scrolling, every control at least 24 px", async ({ page }) => {
    await openFilledMenu(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    const small = await page
      .locator(
        "button:visible, select:visible, input[type=checkbox]:visible, input[type=radio]:visible, input[type=search]:visible, input[type=text]:visible, input:not([type]):visible",
      )
      .evaluateAll((controls) =>
        controls.flatMap((control) => {
          const box = control.getBoundingClientRect();
          return box.width < 24 || box.height < 24
            ? [`${control.outerHTML.slice(0, 80)} ${box.width}×${box.height}`]
            : [];
        }),
      );
    expect(small).toEqual([]);
  });
});

test.describe("accessibility of the phone menu", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs as a script in the page");

  test("axe finds no violations on the menu with a filled cart", async ({ page }) => {
    // axe reads the whole 80-product menu: on a busy two-core machine that takes a while.
    test.slow();
    await openFilledMenu(page);
    const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
      (violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`,
    );
    expect(violations).toEqual([]);
  });
});

test.describe("menu freshness (spec section 4)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the check runs in the page");

  test("a changed menu is taken up within 10 s, and the customer is told", async ({ page }) => {
    await page.clock.install();
    await page.goto("/store/altstadt");
    let checks = 0;
    let answer: string | null = null;
    await page.route("**/store/altstadt/menu-version", async (route) => {
      checks += 1;
      if (answer === null) return route.continue();
      return route.fulfill({ json: { data: { version: answer } } });
    });
    // Unchanged: the page asks, and leaves everything as it is.
    await page.clock.runFor(10_500);
    await expect.poll(() => checks).toBeGreaterThanOrEqual(1);
    await expect(page.getByText("Die Speisekarte wurde aktualisiert.")).toHaveCount(0);

    // Changed: the page reloads its data (the route's loader) and says so.
    answer = "eine-neue-version";
    const reload = page.waitForRequest((request) => request.url().includes(".data"));
    await page.clock.runFor(10_500);
    await reload;
    await expect(
      page.getByRole("status").filter({ hasText: "Die Speisekarte wurde aktualisiert." }),
    ).toBeVisible();
  });

  test("a page open for 4 hours reloads its menu even when nothing changed", async ({ page }) => {
    await page.clock.install();
    await page.goto("/store/altstadt");
    const reload = page.waitForRequest((request) => request.url().includes(".data"));
    // Jumps (each timer fires once), then one check at the 10 s beat sees the page's age.
    await page.clock.fastForward(4 * 60 * 60 * 1000);
    await page.clock.runFor(11_000);
    await reload;
    await expect(page.getByText("Die Speisekarte wurde aktualisiert.")).toHaveCount(0);
  });
});

test.describe("the menu search at tablet width", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the scroll is JavaScript's");
  test.use({ viewport: { width: 700, height: 900 } });

  test("focusing the search brings it to the top of the screen", async ({ page }) => {
    await page.goto("/store/altstadt");
    const form = page.getByRole("search");
    expect(await form.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThan(
      100,
    );
    await page.getByLabel("Speisekarte durchsuchen").focus();
    await expect
      .poll(() => form.evaluate((element) => element.getBoundingClientRect().top))
      .toBeLessThan(20);
  });
});
