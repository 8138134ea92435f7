import type { Page } from "@playwright/test";
import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { orderAsCustomer, signIn } from "./helpers";
import { checkoutPort } from "./servers";
import { expect, test } from "./fixtures";

/**
 * The shop's shared devices (issue 36, items 7 and 13, decision 079), with JavaScript and without:
 * the time clock forgets the person after every tap and after half a minute without input, and a
 * second "Gehen" without typing clocks nobody out; the time clock and the counter view have a
 * plain staff frame (no cookie banner, no shop navigation or footer, no "App installieren"); the
 * counter view shows a new order without a reload (without JavaScript: after its refresh), its
 * items, styled checkboxes, and "Bestätigen"/"Abschließen".
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

/** Screenshots for the note, only when asked for (SHOT_DIR=/some/dir). */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function expectStaffFrame(page: Page) {
  await expect(page.locator(".cookie-banner")).toHaveCount(0);
  await expect(page.locator(".site-header")).toHaveCount(0);
  await expect(page.locator(".site-footer")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "App installieren" })).toHaveCount(0);
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
}

test.describe("shared devices", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the time clock forgets the person after each tap and after idle time", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const mode = javaScriptEnabled ? "js" : "nojs";
    const branch = javaScriptEnabled ? testBranches.quotation : testBranches.holidays;
    const suffix = Date.now().toString(36);
    const name = `Lena Stempel ${mode} ${suffix}`;
    const pin = javaScriptEnabled ? "81357" : "92468";

    // A new employee of the branch, her PIN, and the branch's time-clock key.
    await signIn(page, testStaff.admin, "/backend/users/new");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("E-Mail-Adresse").fill(`stempel-${mode}-${suffix}@sonnenkorn.example`);
    await page.getByLabel("Mitarbeiter/in", { exact: true }).check();
    await page.getByLabel(branch.name, { exact: true }).check();
    await page.getByLabel("Passwort", { exact: true }).fill("stempel-passwort-123");
    await page.getByRole("button", { name: "Benutzer anlegen" }).click();
    await expect(page.getByText("Der Benutzer wurde angelegt.")).toBeVisible();
    await page.goto("/backend/clock-credentials");
    await page.getByLabel("Person").selectOption({ label: name });
    await page.getByLabel("Neue PIN").fill(pin);
    await page.getByRole("button", { name: "PIN und Karte speichern" }).click();
    await expect(page.getByText(`PIN und Karte von ${name} gespeichert.`)).toBeVisible();
    await page.goto("/backend/device-keys");
    const section = page.getByRole("region", { name: branch.name, exact: true });
    await section.getByLabel("Bezeichnung des Geräts").fill(`Stempeluhr ${mode}`);
    await section.getByLabel("Zweck").selectOption({ label: "Stempeluhr" });
    await section.getByRole("button", { name: "Schlüssel erzeugen" }).click();
    const address = await page.locator("code", { hasText: "/time-clock/" }).innerText();
    const clockPath = new URL(address).pathname;

    // The shared tablet, at 1024 × 768: nothing of the shop around the clock.
    const tablet = await browser.newContext({
      javaScriptEnabled,
      viewport: { width: 1024, height: 768 },
    });
    const clock = await tablet.newPage();
    if (javaScriptEnabled) await clock.clock.install();
    await clock.goto(clockPath);
    await expect(clock.getByRole("heading", { level: 1 })).toContainText("Stempeluhr");
    await expectStaffFrame(clock);
    for (const action of ["Kommen", "Pause", "Weiter", "Gehen"]) {
      await expect(clock.getByRole("button", { name: action, exact: true })).toBeInViewport();
    }

    const nameField = clock.getByLabel("Name");
    const pinField = clock.getByLabel("PIN");
    const cardField = clock.getByLabel(/Karte/);
    const expectEmpty = async () => {
      await expect(nameField).toHaveValue("");
      await expect(pinField).toHaveValue("");
      await expect(cardField).toHaveValue("");
    };

    // Lena clocks in: afterwards the form is empty.
    await nameField.selectOption({ label: name });
    await pinField.fill(pin);
    await clock.getByRole("button", { name: "Kommen", exact: true }).click();
    await expect(clock.getByRole("status")).toHaveText(
      new RegExp(`^${name}: Arbeitsbeginn um \\d\\d:\\d\\d Uhr erfasst\\.$`),
    );
    await expectEmpty();
    await shot(clock, `time-clock-1024-${mode}`);

    // The next person taps "Gehen" without typing: refused, and Lena is still at work.
    await clock.getByRole("button", { name: "Gehen", exact: true }).click();
    await expect(clock.getByRole("alert")).toContainText(
      "Aktivität konnte nicht beendet werden. Bitte wählen Sie Ihren Namen und geben Sie Ihre PIN ein, oder halten Sie Ihre Karte an.",
    );
    await expectEmpty();

    // A refused tap empties the form too (a wrong PIN).
    await nameField.selectOption({ label: name });
    await pinField.fill("0000");
    await clock.getByRole("button", { name: "Pause", exact: true }).click();
    await expect(clock.getByRole("alert")).toContainText("Aktivität konnte nicht pausiert werden.");
    await expectEmpty();

    // Typed, then left alone: after half a minute the name and PIN are gone.
    await nameField.selectOption({ label: name });
    await pinField.fill(pin);
    if (javaScriptEnabled) {
      await clock.clock.fastForward(20_000);
      await expect(pinField).toHaveValue(pin);
      await clock.clock.fastForward(11_000);
      await expectEmpty();
    } else {
      // Without JavaScript the page itself goes back to the empty clock after 30 s.
      await expect(clock.locator('meta[http-equiv="refresh"]')).toHaveAttribute(
        "content",
        `30;url=${clockPath}`,
      );
      await clock.goto(clockPath);
      await expectEmpty();
    }

    // Lena ends her day herself: she was still clocked in.
    await nameField.selectOption({ label: name });
    await pinField.fill(pin);
    await clock.getByRole("button", { name: "Gehen", exact: true }).click();
    await expect(clock.getByRole("status")).toHaveText(/Arbeitsende um \d\d:\d\d Uhr erfasst\./);
    await expectEmpty();
    await clock.setViewportSize({ width: 360, height: 740 });
    await shot(clock, `time-clock-360-${mode}`);
    await tablet.close();
  });

  test("the counter view: staff frame, live orders, items, confirm and complete", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const mode = javaScriptEnabled ? "js" : "nojs";
    const branch = testBranches.open;
    const customer = `Theo Tresen ${mode} ${Date.now().toString(36)}`;

    // The counter views are on, and the branch has a key for the counter PC.
    await signIn(page, testStaff.admin, "/backend/settings");
    const toggle = page.getByLabel("Theken-Ansichten (Frontdesk)");
    if (!(await toggle.isChecked())) {
      await toggle.check();
      await page.getByRole("button", { name: "Speichern" }).last().click();
      await expect(page.getByLabel("Theken-Ansichten (Frontdesk)")).toBeChecked();
    }
    await page.goto("/backend/device-keys");
    const section = page.getByRole("region", { name: branch.name, exact: true });
    await section.getByLabel("Bezeichnung des Geräts").fill(`Theken-PC ${mode}`);
    await section.getByLabel("Zweck").selectOption({ label: "Bestellanzeige (Theke, Backstube)" });
    await section.getByRole("button", { name: "Schlüssel erzeugen" }).click();
    const address = await page.locator("code", { hasText: "/orders/frontdesk/" }).innerText();
    const counterPath = new URL(address).pathname;

    const device = await browser.newContext({
      javaScriptEnabled,
      viewport: { width: 1024, height: 768 },
    });
    const counter = await device.newPage();
    await counter.goto(counterPath);
    await expect(counter.getByRole("heading", { level: 1 })).toHaveText(`Theke – ${branch.name}`);
    await expectStaffFrame(counter);
    if (javaScriptEnabled) await expect(counter.getByRole("status")).toHaveText("Live");

    // The checkboxes are the design's, big enough for a finger.
    const box = await counter.getByLabel("Artikel anzeigen").boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);

    // A customer orders in their own browser; the counter shows it (js: without a reload).
    const navigations = () =>
      counter.evaluate(() => (window as { h6Marker?: number }).h6Marker ?? 0);
    // A mark in the page's window: a reload would lose it.
    if (javaScriptEnabled)
      await counter.evaluate(() => ((window as { h6Marker?: number }).h6Marker = 7));
    const placed = await orderAsCustomer(
      browser,
      javaScriptEnabled,
      customer,
      `http://127.0.0.1:${checkoutPort}`,
    );
    await placed.context.close();
    const card = counter.locator(".counter-order", { hasText: customer });
    if (javaScriptEnabled) {
      await expect(card).toBeVisible();
      expect(new URL(counter.url()).pathname).toBe(counterPath);
      expect(await navigations()).toBe(7);
    } else {
      await expect(counter.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "10");
      await counter.getByRole("link", { name: "Jetzt aktualisieren" }).click();
      await expect(card).toBeVisible();
    }
    // Its items, with "Artikel anzeigen" ticked.
    await expect(counter.getByLabel("Artikel anzeigen")).toBeChecked();
    await expect(card.getByRole("list", { name: "Artikel" })).toContainText("Baguette");
    await shot(counter, `counter-1024-${mode}`);

    // Confirm, then complete: the order leaves the counter's list.
    await card.getByRole("button", { name: /^Bestätigen: Bestellung / }).click();
    await expect(card).toContainText("Bestätigt");
    await card.getByRole("button", { name: /^Abschließen: Bestellung / }).click();
    await expect(card).toHaveCount(0);

    await counter.setViewportSize({ width: 360, height: 740 });
    await counter.goto(counterPath);
    if (javaScriptEnabled) {
      const overflow = await counter.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    }
    await shot(counter, `counter-360-${mode}`);
    await device.close();
  });
});
