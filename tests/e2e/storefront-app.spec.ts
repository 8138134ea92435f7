import AxeBuilder from "@axe-core/playwright";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { settings as seededSettings } from "#app/db/seed/settings";
import { statusOrders, testBranches } from "../support/prepare-checkout-database";
import { checkoutPort, port } from "./servers";
import { expect, test, whenHydrated } from "./fixtures";
import { fillCheckout } from "./helpers";

/**
 * Issue 19's installable app (spec sections 2, 4, 9; decision 052). The checkout server has
 * enablePluginPwa on (tests/support/prepare-checkout-database.ts); the main server has it off.
 * Every context is a fresh browser profile: its own cookies and service workers.
 */
const appOrigin = `http://127.0.0.1:${checkoutPort}`;
const offOrigin = `http://127.0.0.1:${port}`;
const shop = seededSettings.shopName!;
/** The worker file the e2e servers hand out (they run the build of this work tree). */
const workerFile = path.resolve(process.env.BUILD_DIR ?? "build", "client/build/service-worker.js");
/** How long a worker may take to install and take over the page (it fetches the build first). */
const WORKER_ACTIVATION_MS = 30_000;

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

const promptHeading = `${shop} als App installieren?`;

async function newContext(
  browser: Browser,
  origin: string,
  options: { consent?: boolean; userAgent?: string; javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 360, height: 740 },
    userAgent: options.userAgent,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    serviceWorkers: "allow",
  });
  if (options.consent) {
    await context.addCookies([{ name: "cookie-consent", value: "1", url: origin }]);
  }
  return context;
}

async function open(context: BrowserContext, path = "/"): Promise<Page> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("ERR_INTERNET_DISCONNECTED")) {
      errors.push(message.text());
    }
  });
  (page as Page & { errors: string[] }).errors = errors;
  await page.goto(path);
  await whenHydrated(page);
  return page;
}

const registrations = (page: Page) =>
  page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((registration) => ({
      scope: registration.scope,
      script: (registration.active ?? registration.waiting ?? registration.installing)?.scriptURL,
    })),
  );

/** What a Chromium browser fires when the app may be installed: an event with prompt(). */
async function fireInstallEvent(page: Page, outcome: "accepted" | "dismissed" = "accepted") {
  await page.evaluate((choice) => {
    const event = new Event("beforeinstallprompt", { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    event.prompt = async () => {
      (window as unknown as { prompted: number }).prompted =
        ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
    };
    event.userChoice = Promise.resolve({ outcome: choice });
    window.dispatchEvent(event);
  }, outcome);
}

/** Reload with a new worker on the server: the update notice, 'App neustarten', the new worker. */
async function updateRoundTrip(page: Page) {
  await page.reload();
  await whenHydrated(page);
  // The check 2.5 s after the start finds it.
  const notice = page.getByRole("alertdialog", { name: "Ein Update wurde installiert!" });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await expect(notice).toContainText(
    "Starten Sie die App neu um die aktuelle Version zu erhalten.",
  );
  await page.screenshot({ path: test.info().outputPath("update-360.png") });
  await page.evaluate(() => ((window as unknown as { before: boolean }).before = true));
  const reloaded = page.waitForEvent("load");
  await notice.getByRole("button", { name: "App neustarten" }).click();
  await reloaded;
  await whenHydrated(page);
  expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBe(
    undefined,
  );
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration("/");
      return { waiting: registration?.waiting ?? null, active: !!registration?.active };
    }),
  ).toEqual({ waiting: null, active: true });
  await page.waitForTimeout(3_500);
  await expect(
    page.getByRole("alertdialog", { name: "Ein Update wurde installiert!" }),
  ).toHaveCount(0);
}

test.describe("the installable app", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the app's overlays need JavaScript");
  test.describe.configure({ timeout: 90_000 });

  test("manifest, icons and the worker's script are served", async ({ request }) => {
    const manifest = await request.get(`${appOrigin}/manifest.webmanifest`);
    expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
    const body = await manifest.json();
    expect(body).toMatchObject({
      name: shop,
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#eedcc4",
      background_color: "#E0CBA2",
    });
    expect(body.icons.map((icon: { sizes: string; purpose: string }) => icon.sizes)).toEqual([
      "192x192",
      "512x512",
      "512x512",
    ]);
    expect(body.icons[2].purpose).toBe("maskable");
    for (const icon of body.icons) {
      const answer = await request.get(`${appOrigin}${icon.src}`);
      expect(answer.headers()["content-type"]).toBe("image/png");
    }
    const worker = await request.get(`${appOrigin}/build/service-worker.js`);
    expect(worker.ok()).toBe(true);
    expect(worker.headers()["service-worker-allowed"]).toBe("/");
    expect(worker.headers()["content-type"]).toContain("javascript");
    const offline = await request.get(`${appOrigin}/build/offline.html`);
    expect(await offline.text()).toContain("Sie sind offline");
  });

  test("accepting cookies brings the prompt; 'Jetzt nicht' keeps it away for a month", async ({
    browser,
  }) => {
    const context = await newContext(browser, appOrigin);
    const page = await open(context);
    await page.locator(".cookie-banner").getByRole("button", { name: "Akzeptieren" }).click();
    const prompt = page.getByRole("dialog", { name: promptHeading });
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText(
      `Fügen Sie diese App zu Ihrem Homescreen hinzu und bestellen Sie zukünftig noch leichter bei ${shop}.`,
    );
    await expect(prompt.getByRole("button", { name: "Installieren" })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("prompt-360.png") });
    expect((await new AxeBuilder({ page }).include("#pwa-prompt").analyze()).violations).toEqual(
      [],
    );
    await prompt.getByRole("button", { name: "Jetzt nicht" }).click();
    await expect(prompt).toBeHidden();
    const dismissal = (await context.cookies()).find((cookie) => cookie.name === "pwa-dismiss");
    expect(dismissal?.value).toBe("true");
    const days = ((dismissal?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    // With consent from the start the prompt would come after 5 s; dismissed, it does not.
    await page.reload();
    await whenHydrated(page);
    await page.waitForTimeout(6_000);
    await expect(page.getByRole("dialog", { name: promptHeading })).toHaveCount(0);
    // The footer still offers the app.
    await expect(
      page.getByRole("contentinfo").getByRole("button", { name: "App installieren" }),
    ).toBeVisible();
    await context.close();
  });

  test("with consent the prompt comes after 5 s; 'Installieren' registers the worker and the browser's install event finishes", async ({
    browser,
  }) => {
    const context = await newContext(browser, appOrigin, { consent: true });
    const page = await open(context);
    const prompt = page.getByRole("dialog", { name: promptHeading });
    await expect(prompt).toBeVisible({ timeout: 10_000 });
    await prompt.getByRole("button", { name: "Installieren" }).click();
    const steps = page.getByRole("dialog", { name: "Fast geschafft!" });
    await expect(steps).toBeVisible();
    // Until the browser fires its install event the button waits.
    await expect(steps.getByRole("button", { name: "Installation läuft" })).toBeDisabled();
    await expect
      .poll(() => registrations(page))
      .toEqual([{ scope: `${appOrigin}/`, script: `${appOrigin}/build/service-worker.js` }]);
    // Registered: the footer no longer offers it.
    await expect(page.getByRole("button", { name: "App installieren" })).toHaveCount(0);
    await fireInstallEvent(page);
    await steps.getByRole("button", { name: "Installation abschliessen" }).click();
    await expect(steps).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  test("a prompt due during the checkout waits for the status page and never covers 'Bestellung abschicken'", async ({
    browser,
  }) => {
    const context = await newContext(browser, appOrigin, { consent: true });
    const page = await open(context, `/store/${testBranches.open.identifier}`);
    await page.getByRole("link", { name: "Baguette auswählen" }).click();
    await page.getByRole("button", { name: "In den Warenkorb" }).click();
    await expect(page.getByText("Produkt zum Warenkorb hinzugefügt.")).toBeVisible();
    await fillCheckout(page, "Ines Install");
    await expect(page).toHaveURL(/\/checkout$/);
    // The page started with consent: the prompt is due 5 s after it, while the form is open.
    await page.waitForTimeout(6_000);
    const prompt = page.getByRole("dialog", { name: promptHeading });
    await expect(prompt).toHaveCount(0);
    await page.getByRole("button", { name: "Bestellung abschicken" }).click();
    await expect(page).toHaveTitle(/^Bestellstatus - /);
    await expect(prompt).toBeVisible({ timeout: 10_000 });
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  test("'Abbrechen' unregisters the worker and shows the prompt again", async ({ browser }) => {
    const context = await newContext(browser, appOrigin);
    const page = await open(context);
    await page.getByRole("contentinfo").getByRole("button", { name: "App installieren" }).click();
    const steps = page.getByRole("dialog", { name: "Fast geschafft!" });
    await expect(steps).toBeVisible();
    await expect.poll(async () => (await registrations(page)).length).toBe(1);
    await steps.getByRole("button", { name: "Abbrechen" }).click();
    await expect(steps).toBeHidden();
    await expect(page.getByRole("dialog", { name: promptHeading })).toBeVisible();
    await expect.poll(async () => (await registrations(page)).length).toBe(0);
    await context.close();
  });

  test("iPhone and iPad get the share-menu steps, other browsers the menu", async ({ browser }) => {
    const iphone = await newContext(browser, appOrigin, { userAgent: IPHONE });
    let page = await open(iphone);
    await page.getByRole("contentinfo").getByRole("button", { name: "App installieren" }).click();
    let steps = page.getByRole("dialog", { name: "App installieren", exact: true });
    await expect(steps).toContainText(
      "Tippen Sie auf das Teilen-Symbol und wählen Sie „Zum Home-Bildschirm“.",
    );
    await expect(steps).toContainText("unten am Bildschirmrand");
    await expect(steps.getByRole("img", { name: /Teilen-Symbol/ })).toBeVisible();
    await expect(steps.getByLabel("Das Teilen-Symbol finden Sie unten")).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("ios-iphone-360.png") });
    await steps.getByRole("button", { name: "Installation abbrechen" }).click();
    await expect(steps).toBeHidden();
    await expect(page.getByRole("dialog", { name: promptHeading })).toBeVisible();
    await iphone.close();

    const ipad = await newContext(browser, appOrigin, { userAgent: IPAD });
    page = await open(ipad);
    await page.getByRole("contentinfo").getByRole("button", { name: "App installieren" }).click();
    steps = page.getByRole("dialog", { name: "App installieren", exact: true });
    await expect(steps).toContainText("oben in der Adressleiste");
    await expect(steps.getByLabel("Das Teilen-Symbol finden Sie unten")).toHaveCount(0);
    await ipad.close();

    // A browser without the install event (Firefox, for one).
    const other = await newContext(browser, appOrigin);
    await other.addInitScript(() => {
      delete (Window.prototype as unknown as { onbeforeinstallprompt?: unknown })
        .onbeforeinstallprompt;
      delete (window as unknown as { onbeforeinstallprompt?: unknown }).onbeforeinstallprompt;
    });
    page = await open(other);
    await page.getByRole("contentinfo").getByRole("button", { name: "App installieren" }).click();
    steps = page.getByRole("dialog", { name: "App installieren", exact: true });
    await expect(steps).toContainText("automatische Installation leider nicht");
    await expect(steps.getByRole("button", { name: "Installation abbrechen" })).toBeVisible();
    await steps.getByRole("button", { name: "Installation abschliessen" }).click();
    await expect(steps).toBeHidden();
    await other.close();
  });

  test("a new version of the worker brings the update notice; 'App neustarten' takes it over and reloads", async ({
    browser,
  }) => {
    const context = await newContext(browser, appOrigin);
    const page = await open(context);
    await page.getByRole("contentinfo").getByRole("button", { name: "App installieren" }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), {
        // Installing fetches and keeps the build's files first: on a busy CI machine over 5 s.
        timeout: WORKER_ACTIVATION_MS,
      })
      .toBe("activated");
    // The next deployment: the server's worker file changes (and is put back afterwards).
    const original = readFileSync(workerFile, "utf8");
    writeFileSync(workerFile, `${original}\n// version 2 (storefront-app.spec.ts)\n`);
    try {
      await updateRoundTrip(page);
    } finally {
      writeFileSync(workerFile, original);
    }
    await context.close();
  });

  test("offline: the warning follows the browser; pages come from the network or the offline page", async ({
    browser,
  }) => {
    const context = await newContext(browser, appOrigin);
    const page = await open(context);
    // The app's chunk has come (it loads after the page; offline before that, it cannot).
    await expect(
      page.getByRole("contentinfo").getByRole("button", { name: "App installieren" }),
    ).toBeVisible();
    await context.setOffline(true);
    const warning = page.getByRole("alertdialog", { name: "Sie sind offline" });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText("Bitte überprüfen Sie Ihre Internetverbindung.");
    await expect(warning.getByRole("button", { name: "Erneut versuchen" })).toBeFocused();
    await context.setOffline(false);
    await expect(warning).toBeHidden();

    // With the worker installed, a page asked for offline is the German offline page.
    await page.getByRole("contentinfo").getByRole("button", { name: "App installieren" }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), {
        // Installing fetches and keeps the build's files first: on a busy CI machine over 5 s.
        timeout: WORKER_ACTIVATION_MS,
      })
      .toBe("activated");
    const status = statusOrders("js").review;
    await page.goto(`/status/${status.uid}/${status.hash}`);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Sie sind offline");
    await context.setOffline(true);
    await page.goto(`/status/${status.uid}/${status.hash}`).catch(() => null);
    await expect(page.getByRole("heading", { level: 1, name: "Sie sind offline" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Erneut versuchen" })).toBeVisible();
    // Nothing of the status answer was kept: only the build's files and the offline page.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((url) => !/\/(assets|icons)\/|\/build\/offline\.html/.test(url))).toEqual(
      [],
    );
    await context.setOffline(false);
    await context.close();
  });

  test("the status page promotes the app", async ({ browser }) => {
    const context = await newContext(browser, appOrigin);
    const status = statusOrders("js").review;
    const page = await open(context, `/status/${status.uid}/${status.hash}`);
    const promo = page.getByRole("region", { name: "Beim nächsten Mal noch schneller" });
    await expect(promo).toContainText(`Installieren Sie ${shop} als App`);
    await promo.getByRole("button", { name: "App installieren" }).click();
    await expect(page.getByRole("dialog", { name: "Fast geschafft!" })).toBeVisible();
    await expect(promo).toBeHidden();
    await context.close();
  });

  test("with the plugin off: no prompt, no footer link, workers unregistered", async ({
    browser,
  }) => {
    const context = await newContext(browser, offOrigin, { consent: true });
    const page = await open(context);
    // A worker left from when the plugin was on.
    await page.evaluate(() =>
      navigator.serviceWorker.register("/build/service-worker.js", { scope: "/" }),
    );
    expect((await registrations(page)).length).toBe(1);
    await page.reload();
    await whenHydrated(page);
    await expect.poll(async () => (await registrations(page)).length).toBe(0);
    await page.waitForTimeout(5_500);
    await expect(page.getByRole("dialog", { name: /als App installieren/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "App installieren" })).toHaveCount(0);
    await context.close();
  });

  test("in the kiosk nothing of the install logic runs", async ({ browser }) => {
    const context = await newContext(browser, appOrigin, { consent: true });
    await context.addCookies([{ name: "self-service", value: "1", url: appOrigin }]);
    const page = await open(context);
    await page.waitForTimeout(5_500);
    await expect(page.getByRole("dialog", { name: promptHeading })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "App installieren" })).toHaveCount(0);
    expect(await registrations(page)).toEqual([]);
    await context.close();
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the nojs project's own check");

  test("none of the overlays appears and the pages work", async ({ browser }) => {
    const context = await newContext(browser, appOrigin, {
      consent: true,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      "href",
      "/manifest.webmanifest",
    );
    await page.waitForTimeout(5_500);
    await expect(page.locator(".pwa-sheet, .pwa-offline")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "App installieren" })).toHaveCount(0);
    const status = statusOrders("nojs").review;
    await page.goto(`/status/${status.uid}/${status.hash}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Beim nächsten Mal noch schneller" }),
    ).toHaveCount(0);
    await page.getByRole("banner").getByRole("link").first().click();
    await expect(page).toHaveURL(`${appOrigin}/`);
    await context.close();
  });
});
