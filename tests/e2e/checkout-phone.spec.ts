import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import Holidays from "date-holidays";
import { checkoutPort } from "./servers";
import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { expect, test, whenHydrated } from "./fixtures";
import { signIn } from "./helpers";

/**
 * Issue 17 on a 360 × 740 phone, with and without JavaScript: a national phone number is taken
 * and stored in international form, a public holiday offers no slot, choosing a day leaves no
 * personal data in the address, and nothing is wider than the screen or too small to tap.
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}`, viewport: { width: 360, height: 740 } });

/** One Baguette into the branch's cart through the item dialog. */
async function addBaguette(page: Page, branch: string) {
  await page.goto(`/store/${branch}`);
  await page.getByRole("link", { name: "Baguette auswählen" }).click();
  const dialog = page.getByRole("dialog", { name: "Baguette" });
  await dialog.getByRole("button", { name: "In den Warenkorb" }).click();
  await expect(page.getByText("Produkt zum Warenkorb hinzugefügt.").first()).toBeVisible();
}

async function openCheckout(page: Page, branch: string, javaScriptEnabled: boolean) {
  await page.goto(`/store/${branch}/checkout`);
  if (!javaScriptEnabled) await page.waitForLoadState("load");
  await expect(page).toHaveTitle(/^Bestellvorgang - /);
}

/** Nothing wider than the viewport; every control at least 24 × 24 px (WCAG 2.2 target size). */
async function expectPhoneSized(page: Page) {
  const report = await page.evaluate(() => {
    const small: string[] = [];
    const selector = "button, select, input:not([type=hidden]), textarea, a.button";
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue; // not shown
      if (box.width < 24 || box.height < 24) {
        small.push(`${element.outerHTML.slice(0, 80)} ${box.width}×${box.height}`);
      }
    }
    return {
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      small,
    };
  });
  expect(report.page, page.url()).toBeLessThanOrEqual(report.viewport);
  expect(report.small, page.url()).toEqual([]);
}

async function expectAxeClean(page: Page, javaScriptEnabled: boolean) {
  // axe runs as a script in the page.
  if (!javaScriptEnabled) return;
  expect((await new AxeBuilder({ page }).analyze()).violations, page.url()).toEqual([]);
}

/** Today and the next 180 days in Freiburg, and Baden-Württemberg's public holidays among them. */
function holidaysAhead(now = new Date()) {
  const calendar = new Holidays("DE", "BW", { types: ["public"] });
  const today = now.toLocaleDateString("sv-SE", { timeZone: "Europe/Berlin" });
  const last = new Date(now.getTime() + 180 * 86_400_000).toLocaleDateString("sv-SE", {
    timeZone: "Europe/Berlin",
  });
  const years = [Number(today.slice(0, 4)), Number(last.slice(0, 4))];
  return [...new Set(years)]
    .flatMap((year) => calendar.getHolidays(year))
    .filter((holiday) => holiday.type === "public")
    .map((holiday) => holiday.date.slice(0, 10))
    .filter((date) => date > today && date <= last);
}

test("an order with the national number 0761 123456 is stored as +49 761 123456", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const name = `Telefon ${javaScriptEnabled ? "JS" : "Ohne"} ${Date.now()}`;
  await addBaguette(page, testBranches.open.identifier);
  await openCheckout(page, testBranches.open.identifier, javaScriptEnabled);
  await expectPhoneSized(page);
  await expectAxeClean(page, javaScriptEnabled);
  await page.getByLabel("Vorname").fill("Erika");
  await page.getByLabel("Nachname *").fill(name);
  await page.getByLabel(/^E-Mail/).fill("erika@example.org");
  await page.getByLabel(/^Telefon/).fill("0761 123456");
  await page.getByLabel("Ich akzeptiere die AGB.").check();
  await page.getByLabel("Ich habe die Datenschutzerklärung gelesen und stimme ihr zu.").check();
  // § 312j BGB: the submit area says that the order costs money.
  await expect(page.getByText(/verbindlich und zahlungspflichtig/)).toBeVisible();
  await page.getByRole("button", { name: "Bestellung abschicken" }).click();
  await expect(page).toHaveTitle(/^Bestellstatus - /);

  await page.context().clearCookies();
  await signIn(page, testStaff.open, "/backend/orders?view=history");
  await page.getByRole("row").filter({ hasText: name }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/backend\/orders\/\d+$/);
  await expect(page.getByText("+49 761 123456").first()).toBeVisible();
  await expect(page.getByText(`Erika ${name}`).first()).toBeVisible();
});

test("the checkout offers no slot on a public holiday, for takeaway and delivery", async ({
  page,
  javaScriptEnabled,
}) => {
  const holidays = holidaysAhead();
  test.skip(holidays.length === 0, "no public holiday within the slot horizon");
  const branch = testBranches.holidays.identifier;
  await addBaguette(page, branch);
  await openCheckout(page, branch, javaScriptEnabled);
  const dayValues = async () =>
    page
      .getByLabel("Tag", { exact: true })
      .locator("option")
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  // Open day and night: every day but the holidays is offered.
  await page.waitForLoadState("load");
  await expect.poll(async () => (await dayValues()).length).toBeGreaterThan(100);
  const takeaway = await dayValues();
  for (const holiday of holidays) expect(takeaway, holiday).not.toContain(holiday);
  const before = new Date(`${holidays[0]}T12:00:00Z`);
  before.setUTCDate(before.getUTCDate() - 1);
  const dayBefore = before.toISOString().slice(0, 10);
  if (!holidays.includes(dayBefore)) expect(takeaway).toContain(dayBefore);

  // Delivery hours follow the branch: closed on the same days.
  const orderType = page.getByLabel("Art der Lieferung", { exact: true });
  if (javaScriptEnabled) await whenHydrated(page);
  await orderType.selectOption({ label: "Lieferung" });
  if (!javaScriptEnabled) {
    await orderType
      .locator("xpath=ancestor::form")
      .getByRole("button", { name: "Übernehmen" })
      .click();
  }
  await expect(page.getByLabel("Liefergebiet", { exact: true })).toBeVisible();
  // Without JavaScript the page after "Übernehmen" streams in: the days may follow the area.
  await page.waitForLoadState("load");
  await expect.poll(async () => (await dayValues()).length).toBeGreaterThan(100);
  const delivery = await dayValues();
  for (const holiday of holidays) expect(delivery, holiday).not.toContain(holiday);
  await expectPhoneSized(page);
  await expectAxeClean(page, javaScriptEnabled);
});

test("'Uhrzeiten anzeigen' keeps name, e-mail, phone and address out of the address bar", async ({
  page,
  javaScriptEnabled,
}) => {
  await addBaguette(page, testBranches.open.identifier);
  await openCheckout(page, testBranches.open.identifier, javaScriptEnabled);
  await page.getByLabel("Nachname *").fill("Geheim-Mustermann");
  await page.getByLabel(/^E-Mail/).fill("geheim@example.org");
  await page.getByLabel(/^Telefon/).fill("0761 999999");
  const days = page.getByLabel("Tag", { exact: true });
  const third = (await days.locator("option").nth(2).textContent())!;
  await days.selectOption({ label: third });
  if (!javaScriptEnabled) {
    await page.getByRole("button", { name: "Uhrzeiten anzeigen" }).click();
    await page.waitForLoadState("load");
  }
  await expect(page.getByText(`Uhrzeiten am ${third}`)).toBeVisible();
  const url = decodeURIComponent(page.url());
  for (const secret of ["Geheim", "geheim@example.org", "999999", "Nachname", "phone"]) {
    expect(url).not.toContain(secret);
  }
  // The typed values are still in the form.
  await expect(page.getByLabel("Nachname *")).toHaveValue("Geheim-Mustermann");
  await expect(page.getByLabel(/^Telefon/)).toHaveValue("0761 999999");
  await expect(page.getByLabel("Tag", { exact: true }).locator("option:checked")).toHaveText(third);
  await expectPhoneSized(page);
});

test("with JavaScript, date, time and donation pickers set the plain form's choices", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the pickers are JavaScript's; without it the selects are all");
  await addBaguette(page, testBranches.open.identifier);
  await openCheckout(page, testBranches.open.identifier, javaScriptEnabled);
  const days = page.getByLabel("Tag", { exact: true });
  const labels = await days.locator("option").allTextContents();

  // The calendar: past days are off, the third offered day can be chosen.
  await page.getByRole("button", { name: "Im Kalender wählen" }).click();
  const calendar = page.getByRole("dialog", { name: "Tag wählen" });
  await expect(calendar).toBeVisible();
  const today = calendar.getByRole("button", { name: labels[0]! });
  await expect(today).toBeEnabled();
  const dayOfMonth = Number(await today.textContent());
  if (dayOfMonth > 1) {
    // The day before today, past: shown, but it cannot be chosen.
    await expect(calendar.locator(".picker-day").nth(dayOfMonth - 2)).toBeDisabled();
    await expect(calendar.locator(".picker-day").nth(dayOfMonth - 2)).toHaveText(
      String(dayOfMonth - 1),
    );
  }
  expect((await new AxeBuilder({ page }).include(".picker-dialog").analyze()).violations).toEqual(
    [],
  );
  let third = calendar.getByRole("button", { name: labels[2]! });
  if ((await third.count()) === 0) {
    await calendar.getByRole("button", { name: "Nächster Monat" }).click();
    third = calendar.getByRole("button", { name: labels[2]! });
  }
  await third.click();
  await expect(calendar).toHaveCount(0);
  await expect(days.locator("option:checked")).toHaveText(labels[2]!);
  await expect(page.getByText(`Uhrzeiten am ${labels[2]}`)).toBeVisible();

  // The time picker: 5-minute steps; 10:35 on a day open day and night is free.
  await page.getByRole("button", { name: "Uhrzeit wählen" }).click();
  const clock = page.getByRole("dialog", { name: "Uhrzeit wählen" });
  await clock.getByLabel("Stunde").selectOption("10");
  await clock.getByLabel("Minute").selectOption("35");
  await expect(clock.getByLabel("Minute").locator("option")).toHaveCount(12);
  await clock.getByRole("button", { name: "Übernehmen" }).click();
  await expect(clock).toHaveCount(0);
  await expect(page.getByLabel("Uhrzeit", { exact: true }).locator("option:checked")).toHaveText(
    "10:35 Uhr",
  );

  // Today's past hours cannot be saved.
  await page.getByRole("button", { name: "Im Kalender wählen" }).click();
  await expect(calendar).toBeVisible();
  // The calendar opens at the chosen day's month: near a month's end that is the next one.
  if ((await calendar.getByRole("button", { name: labels[0]! }).count()) === 0) {
    await calendar.getByRole("button", { name: "Voriger Monat" }).click();
  }
  await calendar.getByRole("button", { name: labels[0]! }).click();
  await expect(page.getByText(`Uhrzeiten am ${labels[0]}`)).toBeVisible();
  const first = await page
    .getByLabel("Uhrzeit", { exact: true })
    .locator("option")
    .nth(1)
    .textContent();
  const firstHour = Number(first!.slice(0, 2));
  if (firstHour > 0) {
    await page.getByRole("button", { name: "Uhrzeit wählen" }).click();
    await clock.getByLabel("Stunde").selectOption(String(firstHour - 1));
    await expect(clock.getByRole("button", { name: "Übernehmen" })).toBeDisabled();
    await expect(clock.getByText("Zu dieser Uhrzeit ist leider kein Termin frei.")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(clock).toHaveCount(0);
  }

  // The donation overlay searches the recipients and ticks the chosen one.
  await page.getByRole("button", { name: "Spendenempfänger suchen" }).click();
  const overlay = page.getByRole("dialog", { name: "Spendenempfänger suchen" });
  await overlay.getByLabel("Name oder Beschreibung").fill("Hunde");
  await expect(overlay.getByRole("button")).toHaveText([/Tierschutzverein/, "Abbrechen"]);
  await overlay.getByRole("button", { name: /Tierschutzverein/ }).click();
  await expect(overlay).toHaveCount(0);
  await expect(page.getByRole("radio", { name: /Tierschutzverein/ })).toBeChecked();
  await expectPhoneSized(page);
});
