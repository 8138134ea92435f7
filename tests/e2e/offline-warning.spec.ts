import type { Browser, Page } from "@playwright/test";
import { testBranches } from "../support/prepare-checkout-database";
import { checkoutPort, port } from "./servers";
import { expect, test } from "./fixtures";

/**
 * The offline warning (spec section 2, "Overlays"; issue 36, item 1) on storefront pages of a
 * first visit, with the installable-app plugin off (the main server) and on (the checkout
 * server). It used to come in the app's lazy chunk, fetched only once the browser was offline:
 * with the plugin off it never came ("Failed to fetch dynamically imported module").
 *
 * Without JavaScript there is no overlay to show (the browser's own error page, or the installed
 * app's offline page, says it), so the nojs project skips this file.
 */
const servers = [
  { plugin: "off", origin: `http://127.0.0.1:${port}`, branch: "wiehre" },
  {
    plugin: "on",
    origin: `http://127.0.0.1:${checkoutPort}`,
    branch: testBranches.open.identifier,
  },
] as const;

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "no overlay without JavaScript");

/** A fresh browser profile (a first visit) at 360 px, its console errors collected. */
async function firstVisit(browser: Browser, origin: string, path: string) {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 360, height: 740 },
    serviceWorkers: "allow",
  });
  // Registered before the page's own listeners: lets a test make the page miss an 'online' event.
  await context.addInitScript(() =>
    window.addEventListener("online", (event) => {
      if ((window as Window & { missOnline?: boolean }).missOnline)
        event.stopImmediatePropagation();
    }),
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    // A request the browser could not send while offline is the point of the test.
    if (message.type() === "error" && !message.text().includes("ERR_INTERNET_DISCONNECTED")) {
      errors.push(message.text());
    }
  });
  await page.goto(path);
  return { context, page, errors };
}

function warningOf(page: Page) {
  return page.getByRole("alertdialog", { name: "Sie sind offline" });
}

for (const server of servers) {
  for (const path of ["/", `/store/${server.branch}`]) {
    test(`plugin ${server.plugin}, first visit of ${path}: the offline warning shows and 'Erneut versuchen' reloads`, async ({
      browser,
    }, testInfo) => {
      const { context, page, errors } = await firstVisit(browser, server.origin, path);
      const warning = warningOf(page);
      await expect(warning).toHaveCount(0);

      await context.setOffline(true);
      await expect(warning).toBeVisible();
      await expect(warning).toContainText("Bitte überprüfen Sie Ihre Internetverbindung.");
      await expect(warning.getByRole("button", { name: "Erneut versuchen" })).toBeFocused();
      const name = `offline-${server.plugin}${path === "/" ? "-start" : "-filiale"}`;
      await page.screenshot({ path: testInfo.outputPath(`${name}-360.png`) });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: testInfo.outputPath(`${name}-1280.png`) });
      // Online and offline follow the browser's events.
      await context.setOffline(false);
      await expect(warning).toBeHidden();

      // Offline again; the network comes back without the browser saying so (the page misses
      // the 'online' event): 'Erneut versuchen' reloads the page, which then shows no warning.
      await context.setOffline(true);
      await expect(warning).toBeVisible();
      await page.evaluate(() => {
        (window as Window & { missOnline?: boolean }).missOnline = true;
      });
      await context.setOffline(false);
      await expect(warning).toBeVisible();
      await Promise.all([
        page.waitForEvent("load"),
        warning.getByRole("button", { name: "Erneut versuchen" }).click(),
      ]);
      await expect
        .poll(() => page.evaluate(() => (window as Window & { missOnline?: boolean }).missOnline))
        .toBeUndefined();
      await expect(page.getByRole("main")).toBeVisible();
      await expect(warningOf(page)).toHaveCount(0);

      expect(errors.filter((text) => /dynamically imported module/.test(text))).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
}
