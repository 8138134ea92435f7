import { test as base, expect } from "@playwright/test";

/**
 * Every page fails its test on a console error or an uncaught exception: a broken hydration or a
 * CSP violation must not pass silently.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
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
