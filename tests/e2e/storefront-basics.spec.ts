import AxeBuilder from "@axe-core/playwright";
import { branches as seededBranches } from "#app/db/seed/branches";
import { categories as seededCategories } from "#app/db/seed/catalogue";
import { menus as seededMenus } from "#app/db/seed/menus";
import { expect, test } from "./fixtures";

/** Seeded product names by identifier, groups included. */
const productNames = new Map(
  seededCategories.flatMap((category) =>
    category.entries.flatMap((entry) =>
      "group" in entry
        ? entry.products.map((p) => [p.identifier, p.name] as const)
        : [[entry.identifier, entry.name] as const],
    ),
  ),
);

const publicBranches = seededBranches.filter((branch) => branch.isPublic !== false);
const hiddenBranches = seededBranches.filter((branch) => branch.isPublic === false);

test.describe("demo shop", () => {
  test("the home page lists every seeded branch in German", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { name: "Unsere Filialen" })).toBeVisible();
    const total = seededBranches.length;
    await expect(page.getByText(`${total} von ${total} Filialen`)).toBeVisible();

    for (const branch of publicBranches) {
      const link = page.getByRole("link", { name: branch.name, exact: true });
      await expect(link).toHaveAttribute("href", `/store/${branch.identifier}`);
      const card = page.getByRole("listitem").filter({ has: link });
      await expect(card.locator(".opening-state")).toHaveText(
        /^(Geöffnet bis \d\d:\d\d|Geschlossen)$/,
      );
      await expect(card.getByRole("link", { name: "Route planen" })).toHaveAttribute(
        "href",
        /google\.com\/maps\/dir/,
      );
    }
    for (const branch of hiddenBranches) {
      const card = page.getByRole("listitem").filter({ hasText: branch.name });
      await expect(card).toContainText("Derzeit nicht verfügbar");
      await expect(card.getByRole("link", { name: branch.name })).toHaveCount(0);
    }
    const footer = page.getByRole("contentinfo");
    for (const label of ["AGB", "Datenschutz", "Impressum", "Allergene"]) {
      await expect(footer.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });

  test("a branch page shows the branch's current menu", async ({ page }) => {
    const branch = publicBranches[0]!;
    const menusOfBranch = seededMenus
      .filter(
        (candidate) =>
          candidate.branches.includes(branch.identifier) && candidate.availableDaysAgo >= 0,
      )
      .sort((a, b) => a.availableDaysAgo - b.availableDaysAgo);
    const [menu, olderMenu] = [menusOfBranch[0]!, menusOfBranch[1]!];

    await page.goto("/");
    await page.getByRole("link", { name: branch.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/store/${branch.identifier}$`));
    await expect(page.getByRole("heading", { level: 1, name: branch.name })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${branch.name} - `));

    const categoryNames = seededCategories
      .filter((category) => menu.categories.includes(category.identifier!))
      .map((category) => category.name);
    // The click does not wait for the whole document: poll until enough of it has been parsed.
    await expect
      .poll(
        async () => {
          const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
          return categoryNames.filter((name) => headings.includes(name)).length;
        },
        { message: `Kategorien von ${menu.name}` },
      )
      .toBeGreaterThanOrEqual(3);

    const bread = page.getByRole("region", { name: "Brot" });
    await expect(bread.getByRole("heading", { name: "Bauernbrot vom Laib" })).toBeVisible();
    await expect(bread.getByText("ca. 5,90 € pro kg")).toBeVisible();
    // Only on the older menu: the active menu is the latest one already begun.
    const retired = menu.without.filter((identifier) => !olderMenu.without.includes(identifier));
    expect(retired.length).toBeGreaterThan(0);
    for (const identifier of retired) {
      const name = productNames.get(identifier)!;
      await expect(page.getByRole("heading", { level: 3, name, exact: true })).toHaveCount(0);
    }
  });

  test("an unknown branch and an unknown page answer 404 in German", async ({ page }) => {
    const branchResponse = await page.goto("/store/gibt-es-nicht");
    expect(branchResponse?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();

    const pageResponse = await page.goto("/irgendwo/anders");
    expect(pageResponse?.status()).toBe(404);
    await expect(
      page.getByText("Die angeforderte Seite wurde leider nicht gefunden."),
    ).toBeVisible();
  });

  test("an interrupted load's AbortError is no page or console error; any other error still is", async ({
    page,
    consoleErrors,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "Nur mit JavaScript gibt es Ladevorgänge, die abbrechen.");
    await page.goto("/store/wiehre");
    // What turbo-stream leaves behind when the router aborts a navigation mid-answer (CI, stop 26).
    // And what Remix's single fetch logs while it decodes such an answer (CI, stop 32).
    await page.evaluate(() => {
      void Promise.reject(new DOMException("signal is aborted without reason", "AbortError"));
      console.error(new DOMException("signal is aborted without reason", "AbortError"));
      void Promise.reject(new TypeError("Etwas anderes ging schief"));
      console.error(new TypeError("Auch das wird gemeldet"));
    });
    await expect.poll(() => consoleErrors.length).toBeGreaterThan(1);
    expect(consoleErrors).toHaveLength(2);
    expect(consoleErrors).toContain("Etwas anderes ging schief");
    expect(consoleErrors.find((text) => text.includes("Auch das wird gemeldet"))).toBeDefined();
    consoleErrors.length = 0;
  });
});

test.describe("accessibility", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs as a script in the page");

  for (const path of ["/", `/store/${publicBranches[0]!.identifier}`]) {
    test(`axe finds no violations on ${path}`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await page.goto(path);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual(
        [],
      );
      await context.close();
    });
  }
});
