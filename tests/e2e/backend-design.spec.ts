import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { checkOutCart, customerBrowser, signIn } from "./helpers";
import { checkoutPort } from "./servers";
import { expect, test, whenHydrated } from "./fixtures";

/**
 * The back office's design system (decision 031): destructive actions are asked once more (a
 * panel without JavaScript, a dialog with it), the navigation lists only the areas a person may
 * use, axe finds nothing on the main pages, and nothing is wider than a 360 px phone.
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

const origin = `http://127.0.0.1:${checkoutPort}`;

/** A customer's order in the shop, in a browser of their own. */
async function customerOrder(browser: Browser, name: string, javaScriptEnabled: boolean) {
  const { context, page } = await customerBrowser(browser, javaScriptEnabled, origin);
  await page.goto(`/store/${testBranches.open.identifier}`);
  await page.getByRole("link", { name: "Baguette auswählen" }).click();
  await page.getByRole("button", { name: "In den Warenkorb" }).click();
  await expect(page.getByText("Produkt zum Warenkorb hinzugefügt.")).toBeVisible();
  await checkOutCart(page, name);
  await context.close();
}

async function openOrder(page: Page, name: string) {
  await page.goto("/backend/orders?view=history");
  await page.getByRole("row").filter({ hasText: name }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/backend\/orders\/\d+$/);
  return page.url();
}

/** The confirmation: a modal dialog with JavaScript, a region of the page without. */
function confirmation(page: Page, javaScriptEnabled: boolean, question: string) {
  return page.getByRole(javaScriptEnabled ? "dialog" : "region", { name: question });
}

async function expectNoAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

async function expectFitsViewport(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page, page.url()).toBeLessThanOrEqual(widths.viewport);
}

test.describe("the back office's design", () => {
  test.describe.configure({ timeout: 240_000 });

  test("an order is cancelled only after confirming; 'Abbrechen' leaves it as it was", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const name = `Storno ${javaScriptEnabled ? "JS" : "Ohne"} ${Date.now()}`;
    await customerOrder(browser, name, javaScriptEnabled);
    await signIn(page, testStaff.open, "/backend/orders");
    await openOrder(page, name);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toContainText("Neu");
    // "Stornieren" and "Ablehnen" sit in their own group, apart from "Bestätigen".
    const destructive = page.getByRole("group", { name: "Ablehnen oder stornieren" });
    await expect(destructive.getByRole("button", { name: "Stornieren" })).toBeVisible();
    await expect(destructive.getByRole("button", { name: "Bestätigen" })).toHaveCount(0);
    if (javaScriptEnabled) await whenHydrated(page);

    await destructive.getByRole("button", { name: "Stornieren" }).click();
    const ask = confirmation(page, javaScriptEnabled, "Wirklich stornieren?");
    await expect(ask).toBeVisible();
    if (!javaScriptEnabled)
      await expect(page).toHaveURL(/\?bestaetigen=cancel#bestaetigung-cancel$/);
    if (javaScriptEnabled) await expectNoAxeViolations(page);
    await ask.getByRole(javaScriptEnabled ? "button" : "link", { name: "Abbrechen" }).click();
    await expect(ask).toBeHidden();
    await page.reload();
    await expect(heading).toContainText("Neu");
    await expect(page.getByText("Die Bestellung wurde storniert.")).toHaveCount(0);

    await destructive.getByRole("button", { name: "Stornieren" }).click();
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Ja, stornieren" }).click();
    await expect(page.getByText("Die Bestellung wurde storniert.")).toBeVisible();
    await expect(heading).toContainText("Storniert");
    await expect(ask).toBeHidden();
    await expect(page.getByRole("button", { name: "Stornieren" })).toHaveCount(0);
  });

  test("the navigation lists only the areas the person may use", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    await signIn(page, testStaff.open, "/backend");
    const navigation = page.getByRole("navigation", { name: "Backoffice-Navigation" });
    await expect(navigation.getByRole("link")).toHaveText([
      /Übersicht/,
      /Bestellungen/,
      /Telefonbestellung/,
      /Backliste/,
      /Heute ausverkauft/,
      /Meine Arbeitszeit/,
      /Passwort ändern/,
    ]);
    await expect(navigation.getByRole("link", { name: /Übersicht/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // The dashboard's tiles are the same list.
    const tiles = page.getByRole("region", { name: "Bereiche" });
    await expect(tiles.getByRole("link", { name: /Benutzer/ })).toHaveCount(0);
    await expect(tiles.getByRole("link", { name: /^Bestellungen/ })).toBeVisible();

    const other = await browser.newContext({ javaScriptEnabled, baseURL: origin });
    const admin = await other.newPage();
    await signIn(admin, testStaff.admin, "/backend/orders");
    const adminNavigation = admin.getByRole("navigation", { name: "Backoffice-Navigation" });
    // Some forty areas under nine headings (decision 066): the daily business and the group of
    // the page one is on are open, the others folded, and every heading opens without JavaScript.
    await expect(adminNavigation.locator("summary")).toHaveText([
      "Tagesgeschäft",
      "Arbeitszeit",
      "Sortiment",
      "Website & Medien",
      "Filialen & Geräte",
      "Digital Signage",
      "Auswertungen",
      "Verwaltung",
      "Schnittstellen",
      "Mein Konto",
    ]);
    await expect(adminNavigation.getByRole("link")).toHaveText([
      /Übersicht/,
      /Bestellungen/,
      /Telefonbestellung/,
      /Backliste/,
      /Kapazitäten/,
      /Tagesabschluss/,
      /Heute ausverkauft/,
    ]);
    await expect(adminNavigation.getByRole("link", { name: /Bestellungen/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await adminNavigation.getByText("Sortiment", { exact: true }).click();
    await expect(adminNavigation.getByRole("link")).toHaveText([
      /Übersicht/,
      /Bestellungen/,
      /Telefonbestellung/,
      /Backliste/,
      /Kapazitäten/,
      /Tagesabschluss/,
      /Heute ausverkauft/,
      /Kategorien/,
      /Produkte/,
      /Produktgruppen/,
      /Kataloge/,
      /Preise & CSV/,
      /Allergene/,
      /Etiketten/,
    ]);
    await adminNavigation.getByRole("link", { name: /Produktgruppen/ }).click();
    await expect(admin).toHaveURL(/\/backend\/product-groups$/);
    // On the new page its group is open and the link marked; the other groups are folded again.
    await expect(adminNavigation.getByRole("link", { name: /Produktgruppen/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(adminNavigation.getByRole("link", { name: /Benutzer/ })).toBeHidden();

    // Every area is in the navigation exactly once, under one of the headings.
    await expect(adminNavigation.getByRole("link", { includeHidden: true })).toHaveText([
      /Übersicht/,
      /Bestellungen/,
      /Telefonbestellung/,
      /Backliste/,
      /Kapazitäten/,
      /Tagesabschluss/,
      /Heute ausverkauft/,
      /Meine Arbeitszeit/,
      /Zeiterfassung/,
      /Arbeitsplanung/,
      /Stundenzettel/,
      /PINs und Karten/,
      /Projekte/,
      /Aufgaben/,
      /Kategorien/,
      /Produkte/,
      /Produktgruppen/,
      /Kataloge/,
      /Preise & CSV/,
      /Allergene/,
      /Etiketten/,
      /Seiten/,
      /Navigationen/,
      /Inhalte/,
      /Bilder/,
      /Bildvorlagen/,
      /Dateien/,
      /Filialen/,
      /Tische/,
      /Geräte/,
      /Geräteschlüssel/,
      /TVs/,
      /TV koppeln/,
      /Filmsequenzen/,
      /Streams/,
      /Statistiken/,
      /Steuerberater-Export/,
      /Protokoll/,
      /Kundendaten/,
      /Benutzer/,
      /Tags/,
      /Spendenempfänger/,
      /Organisationen/,
      /Abteilungen/,
      /Einstellungen/,
      /API-Zugänge/,
      /Webhooks/,
      /Programmierschnittstelle/,
      /Passwort ändern/,
    ]);

    // On a phone the same list hides behind "Menü", which opens without JavaScript too.
    await admin.setViewportSize({ width: 360, height: 740 });
    await expect(adminNavigation.getByRole("link", { name: /Benutzer/ })).toBeHidden();
    await admin.getByText("Menü", { exact: true }).click();
    await adminNavigation.getByText("Verwaltung", { exact: true }).click();
    await adminNavigation.getByRole("link", { name: /Benutzer/ }).click();
    await expect(admin).toHaveURL(/\/backend\/users$/);
    await other.close();
  });

  test("axe finds nothing and no page is wider than a 360 px phone", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const name = `Schmal ${javaScriptEnabled ? "JS" : "Ohne"} ${Date.now()}`;
    await customerOrder(browser, name, javaScriptEnabled);
    await signIn(page, testStaff.admin, "/backend");
    const orderUrl = await openOrder(page, name);
    const pages = [
      "/backend",
      "/backend/orders",
      "/backend/orders?view=history",
      orderUrl,
      `${orderUrl}?bestaetigen=reject`,
      "/backend/orders/new",
      "/backend/users",
      "/backend/device-keys",
      "/backend/statistics",
      "/backend/account/password",
    ];
    // Each page is loaded once at phone width and then widened: the markup is the same, only the
    // layout answers to the width.
    for (const [index, path] of pages.entries()) {
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await expectFitsViewport(page);
        // axe runs as a script in the page.
        if (javaScriptEnabled && index < 5) await expectNoAxeViolations(page);
      }
    }
    // The dashboard lists the new order as waiting, with its state as a badge.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/backend");
    // Eight are shown, oldest first; the rest are one link away (other tests add orders too).
    const waiting = page.getByRole("region", { name: /Warten auf Bestätigung/ });
    const all = waiting.getByRole("link", { name: /wartenden Bestellungen$/ });
    if ((await all.count()) === 0) {
      await expect(waiting).toContainText(name);
    } else {
      await all.click();
      await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("new");
      await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Neu");
      await page.goto("/backend");
    }
    await expect(page.getByRole("region", { name: "Heute" })).toContainText(/Neu: \d+/);
    if (javaScriptEnabled) await expectNoAxeViolations(page);
  });
});
