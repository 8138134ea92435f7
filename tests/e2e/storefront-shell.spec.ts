import AxeBuilder from "@axe-core/playwright";
import { branches as seededBranches } from "#app/db/seed/branches";
import { sites as seededSites } from "#app/db/seed/content";
import { settings as seededSettings } from "#app/db/seed/settings";
import { expect, test } from "./fixtures";

const total = seededBranches.length;
const shopTitle = seededSettings.seoTitle!;
const branch = (identifier: string) => seededBranches.find((b) => b.identifier === identifier)!;

test.describe("finding a branch", () => {
  test("by search: words split on commas and spaces, any word matches", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("searchbox", { name: "Filiale suchen" });
    await search.fill("  wiehre  ");
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByText("1 von 4 Filialen")).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Filiale suchen" })).toHaveValue("  wiehre  ");

    // Street of one branch, zip code of another, separated by a comma.
    await page.goto("/?q=Habsburgerstra%C3%9Fe,79102");
    await expect(page.getByText(`2 von ${total} Filialen`)).toBeVisible();

    await page.goto("/?q=Konditorei");
    await expect(page.getByText(`1 von ${total} Filialen`)).toBeVisible();
    const wiehre = branch("wiehre");
    await page.goto("/?q=WIEHRE");
    await page.getByRole("link", { name: wiehre.name, exact: true }).click();
    await expect(page).toHaveURL(/\/store\/wiehre$/);
    await expect(page.getByRole("heading", { level: 1, name: wiehre.name })).toBeVisible();
  });

  test("no hits say so", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("searchbox", { name: "Filiale suchen" }).fill("Zuckerbergstraße");
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page.getByText("Leider wurden keine Ergebnisse gefunden.")).toBeVisible();
    await expect(page.locator(".branch-list > li")).toHaveCount(0);
    await page.getByRole("link", { name: "Filter zurücksetzen" }).click();
    await expect(page.getByText(`${total} von ${total} Filialen`)).toBeVisible();
  });

  test("by tag", async ({ page }) => {
    const withCafe = seededBranches.filter((b) => b.tags.includes("cafe"));
    await page.goto("/");
    await page.getByRole("combobox", { name: "Nach Merkmal filtern" }).selectOption("Café");
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/[?&]tag=cafe/);
    await expect(page.getByText(`${withCafe.length} von ${total} Filialen`)).toBeVisible();
    const altstadt = branch("altstadt");
    await page.getByRole("link", { name: altstadt.name, exact: true }).click();
    await expect(page).toHaveURL(/\/store\/altstadt$/);
    await expect(page.getByRole("heading", { level: 1, name: altstadt.name })).toBeVisible();
  });
});

test.describe("shell", () => {
  test("header, toolbar and footer links", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("banner").getByRole("link", { name: seededSettings.shopName! }),
    ).toHaveAttribute("href", "/");
    await expect(page.getByRole("complementary", { name: "Standortstatus" })).toHaveText(
      /^(\d Standorte? geöffnet|Alle Standorte geschlossen)$/,
    );
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(seededSettings.shopName!);
    await expect(footer).toContainText(
      `© ${new Date().getFullYear()} ${seededSettings.businessName}`,
    );
    // Three public branches: no single-branch shortcut.
    await expect(footer.getByRole("link", { name: "Online Bestellen" })).toHaveCount(0);
    const links = {
      AGB: "/site/terms-and-conditions",
      Datenschutz: "/site/privacy",
      Impressum: "/site/imprint",
      Allergene: "/site/allergens",
      Barrierefreiheit: "/site/accessibility",
    };
    for (const [label, href] of Object.entries(links)) {
      const link = footer.getByRole("link", { name: label, exact: true });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).not.toHaveAttribute("target", "_blank");
    }
    await footer.getByRole("link", { name: "Impressum", exact: true }).click();
    await expect(page).toHaveURL(/\/site\/imprint$/);
    await expect(page.getByRole("heading", { level: 1, name: "Impressum" })).toBeVisible();
  });

  test("on a branch page the toolbar names the branch and its status", async ({ page }) => {
    const altstadt = branch("altstadt");
    await page.goto("/store/altstadt");
    const toolbar = page.getByRole("complementary", { name: "Standortstatus" });
    await expect(toolbar.getByRole("link", { name: altstadt.name })).toHaveAttribute("href", "/");
    await expect(toolbar.locator(".toolbar-status")).toHaveText(
      /^(Geöffnet bis \d\d:\d\d|Geschlossen)$/,
    );
  });
});

test.describe("cookie banner", () => {
  test("accepting sets the consent cookie for a year and returns to the page", async ({
    page,
    context,
  }) => {
    await page.goto("/site/allergens?quelle=test");
    const banner = page.getByRole("region", { name: "Cookies" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("link", { name: "Mehr erfahren" })).toHaveAttribute(
      "href",
      "/site/privacy",
    );
    await banner.getByRole("button", { name: "Akzeptieren" }).click();
    await expect(banner).toHaveCount(0);
    await expect(page).toHaveURL(/\/site\/allergens\?quelle=test$/);
    const cookie = (await context.cookies()).find((c) => c.name === "cookie-consent");
    expect(cookie?.value).toBe("1");
    const days = (cookie!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365.01);
    await page.reload();
    await expect(
      page.getByRole("heading", { level: 1, name: "Allergene und Zusatzstoffe" }),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Cookies" })).toHaveCount(0);
  });

  test("a redirect target off the site goes home instead", async ({ request }) => {
    const response = await request.post("/cookie-consent", {
      form: { redirectTo: "//evil.example/x" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    expect(response.headers()["location"]).toBe("/");
  });

  test("is not shown in the self-service context", async ({ page }) => {
    // The idle screen first (decision 053); a tap leads into the shop.
    await page.goto("/kiosk");
    await page.getByRole("link", { name: "Tippen um zu bestellen" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Unsere Filialen" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Cookies" })).toHaveCount(0);
    await page.goto("/kiosk?aus");
    await expect(page.getByRole("region", { name: "Cookies" })).toBeVisible();
  });
});

test.describe("site pages", () => {
  test("a legal page with its title and metadata", async ({ page, baseURL }) => {
    const terms = seededSites.find((site) => site.path === "terms-and-conditions")!;
    await page.goto("/site/terms-and-conditions");
    await expect(page.getByRole("heading", { level: 1, name: terms.title! })).toBeVisible();
    await expect(page).toHaveTitle(`${terms.title} - ${shopTitle}`);
    const head = page.locator("head");
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/site/terms-and-conditions$`),
    );
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      `${terms.title} - ${shopTitle}`,
    );
    await expect(head.locator('meta[name="twitter:title"]')).toHaveAttribute(
      "content",
      `${terms.title} - ${shopTitle}`,
    );
    await expect(head.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      seededSettings.seoDescription!,
    );
    await expect(head.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#eedcc4");
    expect(baseURL).toBeTruthy();
  });

  test("any other path is looked up among the sites; a draft is a 404 for visitors", async ({
    page,
  }) => {
    const about = seededSites.find((site) => site.path === "ueber-uns")!;
    await page.goto("/ueber-uns");
    await expect(page.getByRole("heading", { level: 1, name: about.title! })).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      about.description!,
    );
    await expect(page.getByText("Entwurf")).toHaveCount(0);

    // Staff see a draft with its marker (backend-content.spec.ts); visitors do not see it at all.
    const draft = await page.goto("/karriere");
    expect(draft?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404 Not Found" })).toBeVisible();
    await expect(page.getByText("Entwurf")).toHaveCount(0);
  });

  test("an unknown site answers 404", async ({ page }) => {
    const response = await page.goto("/site/gibt-es-nicht");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404 Not Found" })).toBeVisible();
    await expect(page).toHaveTitle(`404 Not Found - ${shopTitle}`);
  });
});

test.describe("accessibility of the shell", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs as a script in the page");

  for (const path of ["/site/privacy", "/?q=zzz", "/?tag=vegan"]) {
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
