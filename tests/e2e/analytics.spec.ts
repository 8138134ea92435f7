import type { BrowserContext, Page, Request } from "@playwright/test";
import { analyticsPort } from "./servers";
import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { expect, test, whenHydrated } from "./fixtures";
import { signIn } from "./helpers";

/**
 * Visitor analytics and the social-media pixel (issue 19, decision 054), in a checkout world of
 * its own (branches open day and night; the pixel it configures would make every other spec's
 * "Akzeptieren" reload the page). The pixel's
 * script address (PIXEL_SCRIPT_URL, tests/support/start-e2e-checkout-server.mjs) has nothing
 * listening: this spec answers it in the browser with a fake that reports every call to its own
 * origin, so nothing is downloaded and the page's policy is put to the test as with Meta's.
 */
test.use({ baseURL: `http://127.0.0.1:${analyticsPort}` });

const pixelOrigin = `http://127.0.0.1:${analyticsPort + 15}`;
const PIXEL_ID = "123456789012345";
const branch = testBranches.open.identifier;

/** Meta's script stand-in: takes over the queue of the base code and reports each call. */
const FAKE_PIXEL = `(function () {
  var fbq = window.fbq;
  function report(args) {
    var kind = args[0] === "track" ? args[1] : args[0];
    new Image().src = ${JSON.stringify(pixelOrigin)} + "/tr?ev=" + encodeURIComponent(kind) +
      "&id=" + encodeURIComponent(args[0] === "init" ? args[1] : "");
  }
  var queued = fbq.queue.slice();
  fbq.callMethod = function () { report(Array.prototype.slice.call(arguments)); };
  queued.forEach(report);
})();`;
const GIF = Buffer.from("R0lGODlhAQABAAAAACwAAAAAAQABAAACAkQBADs=", "base64");

/** What the browser sends: analytics posts (their type) and the pixel's reports (their event). */
async function watch(context: BrowserContext) {
  const logged: string[] = [];
  const bodies: { type?: string; data?: unknown }[] = [];
  const pixel: string[] = [];
  await context.route(`${pixelOrigin}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === "/fbevents.js") {
      await route.fulfill({ contentType: "text/javascript", body: FAKE_PIXEL });
    } else {
      const event = url.searchParams.get("ev") ?? "";
      pixel.push(event === "init" ? `init:${url.searchParams.get("id")}` : event);
      await route.fulfill({ contentType: "image/gif", body: GIF });
    }
  });
  context.on("request", (request: Request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/analytics-log") {
      const body = request.postDataJSON() as { type?: string; data?: unknown } | null;
      logged.push(body?.type ?? "?");
      if (body) bodies.push(body);
    }
  });
  return { logged, bodies, pixel };
}

async function configurePixel(page: Page, javaScriptEnabled: boolean) {
  await signIn(page, testStaff.admin, "/backend/settings");
  await expect(async () => {
    await page.goto("/backend/settings");
    if (javaScriptEnabled) await whenHydrated(page);
    const pixel = page.getByRole("textbox", { name: "Social-Media-Pixel-ID" });
    const days = page.getByRole("textbox", { name: "Rohdaten aufbewahren (Tage)" });
    // Letters are refused beside the field.
    await pixel.fill("abc123");
    await page.getByRole("button", { name: "Speichern" }).last().click();
    await expect(page.getByText("Bitte nur Ziffern eingeben.")).toBeVisible({ timeout: 5_000 });
    await page.getByRole("textbox", { name: "Social-Media-Pixel-ID" }).fill(PIXEL_ID);
    await page.getByRole("textbox", { name: "Rohdaten aufbewahren (Tage)" }).fill("120");
    await page.getByRole("button", { name: "Speichern" }).last().click();
    await expect(page.getByText("Die Einstellungen wurden gespeichert.")).toBeVisible({
      timeout: 5_000,
    });
    await expect(days).toHaveValue("120");
  }).toPass({ timeout: 30_000 });
}

test.describe("visitor analytics after consent", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the settings take the pixel id and the retention days", async ({
    browser,
    javaScriptEnabled,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await configurePixel(page, javaScriptEnabled);
    await context.close();
  });

  test("nothing before consent; after it the four events reach the server and the pixel", async ({
    browser,
    javaScriptEnabled,
  }) => {
    const admin = await browser.newContext({ javaScriptEnabled });
    await configurePixel(await admin.newPage(), javaScriptEnabled);
    await admin.close();

    const context = await browser.newContext({ javaScriptEnabled });
    const { logged, bodies, pixel } = await watch(context);
    const page = await context.newPage();
    // A policy that refused the pixel or its reports would say so here.
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`${page.url()}: ${message.text().slice(0, 160)}`);
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`/store/${branch}`);
    if (javaScriptEnabled) await whenHydrated(page);
    // Before consent: not a single analytics request, no pixel.
    await page.getByRole("link", { name: "Baguette auswählen" }).click();
    await expect(page.getByRole("dialog", { name: "Baguette" })).toBeVisible();
    await page.goto(`/store/${branch}`);
    if (javaScriptEnabled) await whenHydrated(page);
    expect(logged).toEqual([]);
    expect(pixel).toEqual([]);

    // Accepting reloads the page when a pixel is configured (spec section 4).
    const reloaded = page.waitForEvent("load");
    await page
      .getByRole("region", { name: "Cookies" })
      .getByRole("button", { name: "Akzeptieren" })
      .click();
    await reloaded;
    await expect(page.getByRole("region", { name: "Cookies" })).toHaveCount(0);
    if (!javaScriptEnabled) {
      // Without JavaScript: no client events at all, and the shop works as before.
      await page.getByRole("link", { name: "Baguette auswählen" }).click();
      await page.getByRole("button", { name: "In den Warenkorb" }).click();
      await expect(page.getByText("Produkt zum Warenkorb hinzugefügt.")).toBeVisible();
      await page.getByRole("link", { name: "Jetzt bestellen" }).first().click();
      await expect(page).toHaveURL(/\/checkout$/);
      expect(logged).toEqual([]);
      expect(pixel).toEqual([]);
      await context.close();
      return;
    }
    await whenHydrated(page);
    await expect.poll(() => logged).toContain("page_view");
    await expect
      .poll(() => pixel)
      .toEqual(expect.arrayContaining([`init:${PIXEL_ID}`, "PageView"]));

    // Add to cart.
    await page.getByRole("link", { name: "Baguette auswählen" }).click();
    const dialog = page.getByRole("dialog", { name: "Baguette" });
    await dialog.getByRole("button", { name: "In den Warenkorb" }).click();
    await expect(page.getByText("Produkt zum Warenkorb hinzugefügt.")).toBeVisible();
    await expect.poll(() => logged).toContain("add_to_cart");
    await expect.poll(() => pixel).toContain("AddToCart");

    // Initiate checkout.
    await page.getByRole("link", { name: "Jetzt bestellen" }).first().click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect.poll(() => logged).toContain("initiate_checkout");
    await expect.poll(() => pixel).toContain("InitiateCheckout");

    // Purchase.
    await page.getByLabel("Name *").fill("Erika Mustermann");
    await page.getByLabel(/^E-Mail/).fill("erika@example.org");
    await page.getByLabel("Ich akzeptiere die AGB.").check();
    await page.getByLabel("Ich habe die Datenschutzerklärung gelesen und stimme ihr zu.").check();
    await page.getByRole("button", { name: "Bestellung abschicken" }).click();
    await expect(page).toHaveURL(/\/status\//);
    await expect.poll(() => logged).toContain("purchase");
    await expect.poll(() => pixel).toContain("Purchase");
    // The purchase carries the order's value: the total the status page shows.
    const purchase = bodies.find((body) => body.type === "purchase")?.data as {
      value: number;
      currency: string;
    };
    expect(purchase).toEqual({ value: expect.any(Number), currency: "EUR" });
    expect(purchase.value).toBeGreaterThan(0);
    const total = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(
      purchase.value,
    );
    await expect(page.locator("main")).toContainText(total);
    expect(errors).toEqual([]);
    await context.close();
  });
});
