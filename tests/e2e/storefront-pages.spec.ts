import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { branches as seededBranches } from "#app/db/seed/branches";
import { preorderDue, statusOrders } from "../support/prepare-checkout-database";
import { checkoutPort, landingPort } from "./servers";
import { withSharedLock } from "./shared-lock";
import { expect, test } from "./fixtures";

/**
 * Issue 17's storefront pages on a cheap phone (helper "pages"): declining cookies, the branch
 * page's hours, the status wording, the division page, the contact map, the landing overlays.
 */
test.use({ viewport: { width: 360, height: 740 } });

const landing = `http://127.0.0.1:${landingPort}`;
/** Courses are booked through the second public branch (spec section 2). */
const secondBranch = seededBranches
  .filter((branch) => branch.isPublic !== false)
  .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))[1]!.identifier;
const checkout = `http://127.0.0.1:${checkoutPort}`;
/** The tile fake's port: start-e2e-landing-server.mjs points MAP_TILE_URL there. */
const tilePort = landingPort + 17;

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

/** Every visible button, select, checkbox and radio of the page, at least 24 × 24 px. */
async function expectTargetsOf24px(page: Page) {
  const small = await page.evaluate(() =>
    [...document.querySelectorAll("button, select, input[type=checkbox], input[type=radio]")]
      .filter((element) => (element as HTMLElement).offsetParent !== null)
      .map((element) => {
        const box = element.getBoundingClientRect();
        return { html: element.outerHTML.slice(0, 80), width: box.width, height: box.height };
      })
      .filter(({ width, height }) => width < 24 || height < 24),
  );
  expect(small).toEqual([]);
}

/** 'Fr., 27.11., 10:30' in Freiburg. */
function dayAndTime(date: Date): string {
  const zone = { timeZone: "Europe/Berlin" } as const;
  const weekday = date.toLocaleDateString("de-DE", { ...zone, weekday: "long" }).slice(0, 2);
  const day = date.toLocaleDateString("de-DE", { ...zone, day: "2-digit", month: "2-digit" });
  const time = date.toLocaleTimeString("de-DE", { ...zone, hour: "2-digit", minute: "2-digit" });
  return `${weekday}., ${day}, ${time}`;
}

test.describe("the branch page on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("shows the menu first and the cart beside it, in one row", async ({ page }) => {
    await page.goto("/store/altstadt");
    const menu = await page.locator(".store-menu").boundingBox();
    const cart = await page.locator(".cart-panel").boundingBox();
    expect(menu).not.toBeNull();
    expect(cart).not.toBeNull();
    expect(menu!.x).toBeLessThan(cart!.x);
    expect(menu!.width).toBeGreaterThan(cart!.width);
    expect(Math.abs(cart!.y - menu!.y)).toBeLessThan(50);
  });
});

test.describe("cookie banner with two equal choices", () => {
  test("declining keeps only the necessary cookies and the banner away", async ({
    page,
    context,
  }) => {
    await page.goto("/store/altstadt");
    const banner = page.getByRole("region", { name: "Cookies" });
    const decline = banner.getByRole("button", { name: "Ablehnen" });
    const accept = banner.getByRole("button", { name: "Akzeptieren" });
    await expect(decline).toBeVisible();
    await expect(accept).toBeVisible();
    // As easy as accepting: the same size and style, side by side on a phone.
    const [declineBox, acceptBox] = [await decline.boundingBox(), await accept.boundingBox()];
    expect(Math.round(declineBox!.height)).toBe(Math.round(acceptBox!.height));
    expect(Math.abs(declineBox!.width - acceptBox!.width)).toBeLessThan(2);
    expect(declineBox!.height).toBeGreaterThanOrEqual(24);
    await expectTargetsOf24px(page);
    await decline.click();
    await expect(banner).toHaveCount(0);
    await expect(page).toHaveURL(/\/store\/altstadt$/);
    const cookie = (await context.cookies()).find((c) => c.name === "cookie-consent");
    expect(cookie?.value).toBe("0");
    expect((cookie!.expires - Date.now() / 1000) / 86_400).toBeGreaterThan(364);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Unsere Filialen" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Cookies" })).toHaveCount(0);
  });

  test("any other answer is a 400, not a cookie", async ({ request }) => {
    const response = await request.post("/cookie-consent", {
      form: { choice: "vielleicht", redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });
});

test.describe("branch page hours", () => {
  test("switches between opening and delivery hours", async ({ page }) => {
    await page.goto("/store/wiehre");
    const hours = page.getByRole("region", { name: "Zeiten und Kontakt" });
    const opening = hours.getByRole("table", { name: "Öffnungszeiten" });
    const delivery = hours.getByRole("table", { name: "Lieferzeiten" });
    await expect(opening).toBeVisible();
    await expect(opening.getByRole("row")).toHaveCount(8);
    await expect(delivery).toBeHidden();
    await hours.getByRole("radio", { name: "Lieferzeiten" }).check();
    await expect(delivery).toBeVisible();
    await expect(opening).toBeHidden();
    await expect(delivery.getByRole("rowheader", { name: "Montag" })).toBeVisible();
    await hours.getByRole("radio", { name: "Öffnungszeiten" }).check();
    await expect(opening).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectTargetsOf24px(page);
  });

  test("offers a table by phone where guests eat in", async ({ page }) => {
    await page.goto("/store/altstadt");
    const teaser = page.getByRole("region", { name: "Zeiten und Kontakt" });
    await expect(teaser.getByRole("heading", { name: "Tisch reservieren" })).toBeVisible();
    await expect(teaser.getByRole("link", { name: "+49 761 2020 100 anrufen" })).toHaveAttribute(
      "href",
      "tel:+497612020100",
    );
    // Without delivery there is nothing to switch.
    await expect(teaser.getByRole("radio")).toHaveCount(0);
    await page.goto("/store/wiehre");
    await expect(page.getByRole("heading", { name: "Tisch reservieren" })).toHaveCount(0);
  });
});

test.describe("status wording that matches the order", () => {
  test.use({ baseURL: checkout });

  test("a pre-order at an open branch is not put off until reopening", async ({
    page,
    javaScriptEnabled,
  }) => {
    const orders = statusOrders(javaScriptEnabled ? "js" : "nojs");
    const due = dayAndTime(preorderDue());
    await page.goto(`/status/${orders.preorderOpen.uid}/${orders.preorderOpen.hash}`);
    await expect(page.getByRole("status")).toContainText(
      `Ihre Vorbestellung für ${due} Uhr ist bei uns eingegangen.`,
    );
    await expect(page.getByText("sobald wir wieder geöffnet haben")).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    await page.goto(`/status/${orders.preorderClosed.uid}/${orders.preorderClosed.hash}`);
    await expect(page.getByRole("status")).toContainText(
      "Ihre Vorbestellung bearbeiten wir, sobald wir wieder geöffnet haben.",
    );
  });

  test("a pre-order confirmed for a later day is not 'being prepared'", async ({
    page,
    javaScriptEnabled,
  }) => {
    const order = statusOrders(javaScriptEnabled ? "js" : "nojs").preorderConfirmed;
    await page.goto(`/status/${order.uid}/${order.hash}`);
    await expect(page.getByRole("status")).toContainText(
      `Ihre Bestellung wurde bestätigt. Wir bereiten sie für ${dayAndTime(preorderDue())} Uhr für Sie vor.`,
    );
    await expect(page.getByText("wird zubereitet")).toHaveCount(0);
    // The four steps fit the phone: no sideways scrolling, each step within the screen.
    const steps = page
      .getByRole("region", { name: "Fortschritt Ihrer Bestellung" })
      .getByRole("listitem");
    await expect(steps).toHaveCount(4);
    for (const step of await steps.all()) {
      const box = await step.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }
    await expectNoSidewaysScroll(page);
    await expectTargetsOf24px(page);
  });
});

test.describe("division page", () => {
  test("lists the division's branches with address, opening and order status", async ({ page }) => {
    await page.goto("/division/freiburg");
    await expect(page).toHaveTitle(/^Unsere Filialen in Freiburg - /);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsere Filialen in Freiburg");
    const cards = page.locator(".branch-list > li");
    const total = await cards.count();
    expect(total).toBeGreaterThanOrEqual(3);
    await expect(page.getByText(`${total} von ${total} Filialen`)).toBeVisible();
    const altstadt = cards.filter({ hasText: "Sonnenkorn am Münsterplatz" });
    await expect(altstadt.locator("address")).toContainText("Münsterplatz 14");
    await expect(altstadt.locator(".opening-state")).toHaveText(/Geöffnet bis|Geschlossen/);
    await expect(altstadt.locator(".order-state")).toHaveText(
      /Online-Bestellung möglich|Vorbestellung möglich|Derzeit keine Online-Bestellung/,
    );
    await expectNoSidewaysScroll(page);
  });

  test("filters by tag and by search", async ({ page }) => {
    await page.goto("/division/freiburg");
    await page.getByLabel("Nach Merkmal filtern").selectOption({ label: "Lieferung" });
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/\/division\/freiburg\?.*tag=lieferung/);
    await expect(page.locator(".branch-list > li")).toHaveCount(1);
    await expect(page.locator(".branch-list > li h3")).toHaveText("Sonnenkorn Wiehre");
    await page.getByRole("link", { name: "Filter zurücksetzen" }).click();
    await page.getByLabel("Filiale suchen").fill("zzz-nirgends");
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page.getByText("Leider wurden keine Ergebnisse gefunden.")).toBeVisible();
  });

  test("at tablet width the search box scrolls into view on focus", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "scrolling on focus is a script's nicety");
    await page.setViewportSize({ width: 800, height: 500 });
    await page.goto("/division/freiburg");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const search = page.getByLabel("Filiale suchen");
    // Focus without the browser's own scrolling: only the page's handler may move the view.
    expect((await search.boundingBox())!.y).toBeLessThan(0);
    await search.evaluate((input: HTMLInputElement) => input.focus({ preventScroll: true }));
    await expect
      .poll(async () => {
        const top = (await search.boundingBox())!.y;
        return top >= 0 && top < 60;
      })
      .toBe(true);
  });

  test("an unknown division answers 404", async ({ page }) => {
    const response = await page.goto("/division/gibt-es-nicht");
    expect(response?.status()).toBe(404);
  });
});

test.describe("landing page", () => {
  test.use({ baseURL: landing });

  /**
   * The tiles this page asked the fake for (tests/support/start-e2e-landing-server.mjs runs it on
   * tilePort), and their answers: watched in the browser, so parallel tests do not mix.
   */
  function watchTiles(page: Page) {
    const seen: { url: string; status: number }[] = [];
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.port === String(tilePort))
        seen.push({ url: url.pathname, status: response.status() });
    });
    return seen;
  }

  /** With JavaScript the news popup opens by itself after 500 ms; close it to reach the page. */
  async function closeNewsPopup(page: Page, javaScriptEnabled: boolean) {
    if (!javaScriptEnabled) return;
    const popup = page.getByRole("dialog", { name: "Jetzt online vorbestellen" });
    await expect(popup).toBeVisible();
    await popup.getByRole("link", { name: "Schließen" }).click();
    await expect(popup).toHaveCount(0);
  }

  test("the map loads tiles from the configured server only after consent", async ({
    page,
    javaScriptEnabled,
  }) => {
    const tileRequests = watchTiles(page);
    await page.goto("/");
    await closeNewsPopup(page, javaScriptEnabled);
    const contact = page.getByRole("region", { name: "Kontakt" });
    await expect(
      contact.getByText("Die Karte wird angezeigt, sobald Sie Cookies akzeptiert haben."),
    ).toBeVisible();
    await page
      .getByRole("region", { name: "Cookies" })
      .getByRole("button", { name: "Ablehnen" })
      .click();
    await expect(page.getByRole("region", { name: "Cookies" })).toHaveCount(0);
    await expect(contact.getByRole("region", { name: "Karte" })).toHaveCount(0);
    expect(tileRequests).toEqual([]);

    // Changing one's mind: accepting (a fresh answer) brings the map.
    // (The news popup stays closed: its dismissal is remembered in this browser.)
    await page.context().clearCookies();
    await page.goto("/");
    await page
      .getByRole("region", { name: "Cookies" })
      .getByRole("button", { name: "Akzeptieren" })
      .click();
    await expect(page.getByRole("region", { name: "Cookies" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Karte" })).toBeAttached();
    if (javaScriptEnabled) {
      await page.getByRole("region", { name: "Karte" }).scrollIntoViewIfNeeded();
      await expect.poll(() => tileRequests.length, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(
        tileRequests.every(
          ({ url, status }) => /^\/\d+\/\d+\/\d+\.png$/.test(url) && status === 200,
        ),
      ).toBe(true);
      await expect(
        page.locator(`img.leaflet-tile[src^="http://127.0.0.1:${tilePort}/"]`).first(),
      ).toBeAttached();
    } else {
      // Without JavaScript there is no map library: nothing is loaded from the tile server.
      expect(tileRequests).toEqual([]);
    }
  });

  test("the news popup opens, cycles and closes", async ({ page, javaScriptEnabled }) => {
    await page.goto(javaScriptEnabled ? "/" : "/?news=1");
    if (!javaScriptEnabled) await page.waitForLoadState("load");
    const first = page.getByRole("dialog", { name: "Jetzt online vorbestellen" });
    await expect(first).toBeVisible();
    await expect(first.getByText("Neuigkeit 1 von 2")).toBeVisible();
    await first.getByRole("link", { name: "Weiter" }).click();
    const second = page.getByRole("dialog", { name: "Torten nach Wunsch" });
    await expect(second).toBeVisible();
    await expect(second.getByText("Neuigkeit 2 von 2")).toBeVisible();
    await second.getByRole("link", { name: "Schließen" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // A button brings it back.
    await page.getByRole("link", { name: "Neuigkeiten anzeigen" }).click();
    await expect(first).toBeVisible();
  });

  test("the gallery overlay counts, steps and closes", async ({ page, javaScriptEnabled }) => {
    // The back office's blocks spec adds a picture to this gallery and takes it out again on the
    // same server: the two take turns (tests/e2e/shared-lock.ts), and the count is still read.
    test.setTimeout(240_000);
    await withSharedLock(`landing-gallery-${landingPort}`, async () => {
      await page.goto("/#galerie");
      await closeNewsPopup(page, javaScriptEnabled);
      await page
        .getByRole("link", { name: /^Bild 2 von \d+ öffnen$/ })
        .first()
        .click();
      const overlay = page.getByRole("dialog", { name: "Einblicke in unsere Backstube" });
      await expect(overlay).toBeVisible();
      await expect(overlay.getByText(/^2 \/ \d+$/)).toBeVisible();
      await expect(overlay.locator("img.gallery-large")).toHaveAttribute(
        "alt",
        "Laugenbrezeln auf dem Blech",
      );
      await overlay.getByRole("link", { name: "Weiter" }).click();
      await expect(overlay.getByText(/^3 \/ \d+$/)).toBeVisible();
      await overlay.getByRole("link", { name: "Zurück" }).click();
      await expect(overlay.getByText(/^2 \/ \d+$/)).toBeVisible();
      await overlay.getByRole("link", { name: "Zurück" }).click();
      await expect(overlay.getByText(/^1 \/ \d+$/)).toBeVisible();
      // Back from the first is the last, on from the last is the first.
      await overlay.getByRole("link", { name: "Zurück" }).click();
      await expect(overlay.getByText(/^(\d+) \/ \1$/)).toBeVisible();
      await overlay.getByRole("link", { name: "Weiter" }).click();
      await expect(overlay.getByText(/^1 \/ \d+$/)).toBeVisible();
      if (javaScriptEnabled) {
        await page.keyboard.press("ArrowLeft");
        await expect(overlay.getByText(/^(\d+) \/ \1$/)).toBeVisible();
        await page.keyboard.press("Escape");
      } else {
        await overlay.getByRole("link", { name: "Schließen" }).click();
      }
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });
  });

  test("courses open their details or go straight to the second branch", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/#kurse");
    await closeNewsPopup(page, javaScriptEnabled);
    const courses = page.getByRole("region", { name: "Kurse" });
    // More than two content parts: a detail overlay with the booking button.
    await courses.getByRole("link", { name: "Brotbackkurs für Einsteiger" }).click();
    const overlay = page.getByRole("dialog", { name: "Brotbackkurs für Einsteiger" });
    await expect(overlay).toBeVisible();
    await expect(overlay.getByText("Dauer: 4 Stunden")).toBeVisible();
    const book = overlay.getByRole("link", { name: "Kurse buchen" });
    const target = `/store/${secondBranch}`;
    await expect(book).toHaveAttribute("href", target);
    // The booking goes to the second branch, as 'Kurse buchen' under the list does.
    await expect(courses.getByRole("link", { name: "Kurse buchen" }).first()).toHaveAttribute(
      "href",
      target,
    );
    await overlay.getByRole("link", { name: "Schließen" }).click();
    await expect(overlay).toHaveCount(0);
    // Two parts only: straight to the store.
    await courses.getByRole("link", { name: "Kinderbacken" }).click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
  });
});

test.describe("accessibility of the pages", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs as a script in the page");

  for (const [origin, path] of [
    ["", "/store/wiehre"],
    ["", "/division/freiburg"],
    [checkout, "status"],
    [landing, "/"],
  ] as const) {
    test(`axe finds no violations on ${origin}${path}`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({
        baseURL: origin || baseURL,
        viewport: { width: 360, height: 740 },
      });
      const page = await context.newPage();
      const order = statusOrders("js").preorderConfirmed;
      await page.goto(path === "status" ? `/status/${order.uid}/${order.hash}` : path);
      await page.waitForLoadState("load");
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual(
        [],
      );
      await context.close();
    });
  }
});
