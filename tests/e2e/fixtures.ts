import { test as base, expect, type Page } from "@playwright/test";

/**
 * Waits until the page's JavaScript has taken over (decision 015: it starts after the page has
 * loaded, and until then the page works as it does without JavaScript). Documents that are not
 * the app's (no deferred scripts in them) pass at once.
 */
export async function whenHydrated(page: Page) {
  await page.waitForFunction(
    () =>
      document.getElementById("remix-scripts") === null ||
      document.documentElement.dataset.hydrated !== undefined,
  );
}

/**
 * Every page fails its test on a console error or an uncaught exception: a broken hydration or a
 * CSP violation must not pass silently.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // With JavaScript, a test's `goto` and `reload` return once the page is hydrated, so what the
  // test does next meets the page as a visitor a moment later would.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await whenHydrated(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await whenHydrated(page);
        return response;
      };
    }
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // A 404 or 500 page reports its own status as a failed resource: that is the test's subject.
        // So does a form refused with 400 and German messages, which the test then reads.
        const isFailedResource = message.text().startsWith("Failed to load resource");
        const isDocumentStatus = isFailedResource && message.location().url === page.url();
        const isRefusedForm = isFailedResource && message.text().includes("status of 400");
        // The fake payment pages have no icon; the browser asks for one anyway.
        const isMissingIcon = isFailedResource && message.location().url.endsWith("/favicon.ico");
        if (!isDocumentStatus && !isRefusedForm && !isMissingIcon) errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "Konsolenfehler auf der Seite").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
