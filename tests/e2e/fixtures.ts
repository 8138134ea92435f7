import { test as base, expect, type Browser, type Page } from "@playwright/test";

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

const waitingPages = new WeakSet<Page>();

/**
 * Makes the page's `goto` and `reload` return once the page is hydrated. A click while the page
 * hydrates can be lost (CI: no request at all), so a test's next step must meet the page as a
 * visitor a moment later would. A page can come here twice (the fixture's page is also a page of
 * a new context): it is given the wait once.
 */
function waitForHydrationOnNavigation(page: Page) {
  if (waitingPages.has(page)) return;
  waitingPages.add(page);
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

/**
 * Gives the pages of every context a test opens itself (`browser.newContext`) the same wait, when
 * their JavaScript is on: a second customer, an administrator beside a customer, a phone. Such a
 * context takes the project's `javaScriptEnabled` unless the test names its own. Answers the
 * browser's own `newContext` back, for the end of the test.
 */
function waitForHydrationInNewContexts(browser: Browser, projectJavaScript: boolean) {
  const newContext = browser.newContext;
  const ownNewContext = newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await ownNewContext(options);
    // The event comes for `newPage()` too, before it returns, and for popups.
    if (options?.javaScriptEnabled ?? projectJavaScript) {
      context.on("page", waitForHydrationOnNavigation);
    }
    return context;
  };
  return newContext;
}

/**
 * Every page fails its test on a console error or an uncaught exception: a broken hydration or a
 * CSP violation must not pass silently.
 */
export const test = base.extend<{ consoleErrors: string[]; hydrationInNewContexts: void }>({
  hydrationInNewContexts: [
    async ({ browser, javaScriptEnabled }, use) => {
      const newContext = waitForHydrationInNewContexts(browser, javaScriptEnabled);
      await use();
      browser.newContext = newContext;
    },
    { auto: true },
  ],
  // With JavaScript, a test's `goto` and `reload` return once the page is hydrated, so what the
  // test does next meets the page as a visitor a moment later would.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) waitForHydrationOnNavigation(page);
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
