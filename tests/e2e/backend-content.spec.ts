import type { Page } from "@playwright/test";
import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { signIn } from "./helpers";
import { checkoutPort, demoAdminPassword } from "./servers";
import { expect, test } from "./fixtures";

/**
 * Content pages and navigations (issue 16, decision 039): the owner creates a page, puts it into
 * a menu of the shop, moves it up, and it appears in the shop's frame and opens; a page kept as a
 * draft is a 404 for visitors and carries the draft marker for signed-in staff.
 *
 * The `js` run arranges the header menu, the `nojs` run the footer menu, so the two never edit
 * the same navigation. Both change the shop's menus: on the checkout server, whose frame no other
 * spec counts links in (the main server's shell spec lists the footer's links).
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

const demoAdmin = { email: DEMO_ADMIN_EMAIL, password: demoAdminPassword };

async function createSite(
  page: Page,
  javaScript: boolean,
  site: { name: string; path: string; text: string; isPublic: boolean },
) {
  await page.goto("/backend/sites/new");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(site.name);
  await page.getByRole("textbox", { name: "Titel", exact: true }).fill(site.name);
  await page.getByRole("textbox", { name: "Pfad", exact: true }).fill(site.path);
  await page.getByRole("combobox", { name: "Typ" }).selectOption({ label: "Standardseite" });
  if (site.isPublic) await page.getByRole("checkbox", { name: "Öffentlich" }).check();
  if (javaScript) {
    // The toolbar over an editable copy of the HTML: type, then make it bold.
    const editor = page.getByRole("textbox", { name: "Inhalt" });
    await editor.click();
    await page.keyboard.type(site.text);
    await page.keyboard.press("Control+A");
    await page.getByRole("button", { name: "Fett" }).click();
  } else {
    await page
      .getByRole("textbox", { name: "Inhalt" })
      .fill(`<p><strong>${site.text}</strong></p>`);
  }
  await page.getByRole("button", { name: "Anlegen" }).last().click();
  await expect(page.getByText("Die Seite wurde angelegt.")).toBeVisible();
}

test.describe("content pages and navigations", () => {
  test("the owner creates a page under a navigation; it appears in the shop's menu and opens", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const project = testInfo.project.name;
    const menu = javaScriptEnabled
      ? { name: "Kopfzeile", region: "banner" as const }
      : { name: "Fußzeile", region: "contentinfo" as const };
    const label = `Saisonales ${project}`;
    const path = `saisonales-${project}`;
    await signIn(page, demoAdmin, "/backend/sites");
    await createSite(page, javaScriptEnabled, {
      name: `Saisonales (${project})`,
      path,
      text: "Kürbisbrot ab Oktober",
      isPublic: true,
    });

    await page.goto("/backend/navigations");
    await page.getByRole("link", { name: `${menu.name} bearbeiten` }).click();
    await expect(page.getByRole("heading", { level: 1, name: menu.name })).toBeVisible();
    // The page streams: count its rows once all of it has arrived.
    await page.waitForLoadState("load");
    const rows = page.locator(".nav-editor > .nav-row");
    const before = await rows.count();
    expect(before).toBeGreaterThan(1);
    await page.getByRole("button", { name: "Eintrag hinzufügen", exact: true }).click();
    await expect(rows).toHaveCount(before + 1);
    const added = rows.last();
    await added.getByRole("textbox", { name: "Beschriftung" }).fill(label);
    await added
      .getByRole("combobox", { name: "Seite" })
      .selectOption({ label: `Saisonales (${project}) (/${path})` });
    // Arranged: one place up, before the entry that was last.
    // A new row's buttons are named by its number until it is saved with a label.
    await added.getByRole("button", { name: `„Eintrag ${before + 1}“ nach oben` }).click();
    await expect(rows.nth(before - 1).getByRole("textbox", { name: "Beschriftung" })).toHaveValue(
      label,
    );
    // The form's own row of actions: without JavaScript "nach oben" loads the page anew, and
    // while it streams in, the last "Speichern" so far may be the hidden default button (CI).
    await page.locator(".resource-actions").getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Die Navigation wurde gespeichert.")).toBeVisible();

    await page.goto("/");
    const links = page.getByRole(menu.region).getByRole("navigation").getByRole("link");
    const names = await links.allTextContents();
    const position = names.indexOf(label);
    expect(position, names.join(", ")).toBeGreaterThanOrEqual(0);
    // The entry that was last before is still after it.
    expect(names.length).toBeGreaterThan(position + 1);
    await page.getByRole(menu.region).getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${path}$`));
    await expect(
      page.getByRole("heading", { level: 1, name: `Saisonales (${project})` }),
    ).toBeVisible();
    // Bold is <b> from the browser's editing command, <strong> typed as HTML.
    await expect(page.locator(".site-body").locator("b, strong")).toHaveText(
      "Kürbisbrot ab Oktober",
    );
    await expect(page.getByText("Entwurf", { exact: true })).toHaveCount(0);
  });

  test("a page kept as a draft: 404 for visitors, the draft marker for staff", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const project = testInfo.project.name;
    const path = `entwurf-${project}`;
    await signIn(page, demoAdmin, "/backend/sites");
    await createSite(page, javaScriptEnabled, {
      name: `Neue Kurse (${project})`,
      path,
      text: "Backkurse im Winter",
      isPublic: false,
    });

    await page.goto(`/${path}`);
    await page.waitForLoadState("load");
    await expect(page.getByRole("note")).toContainText("Entwurf");
    await expect(page.getByText("Backkurse im Winter")).toBeVisible();

    const visitorContext = await browser.newContext({ javaScriptEnabled });
    try {
      const visitor = await visitorContext.newPage();
      const response = await visitor.goto(`http://127.0.0.1:${checkoutPort}/${path}`);
      expect(response?.status()).toBe(404);
      await expect(visitor.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
      await expect(visitor.getByText("Backkurse im Winter")).toHaveCount(0);
    } finally {
      await visitorContext.close();
    }
  });
});
