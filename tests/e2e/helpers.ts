import type { Browser, Page } from "@playwright/test";
import { testBranches } from "../support/prepare-checkout-database";
import { expect, whenHydrated } from "./fixtures";

/** A sum of cents as the page's text reads it ('12,50 €'). */
export const euro = (cents: number) =>
  `${(cents / 100).toLocaleString("de-DE", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;

/** A select that submits itself with JavaScript; without it, its form's button applies it. */
export async function choose(
  page: Page,
  label: string,
  option: string,
  javaScriptEnabled: boolean,
) {
  if (javaScriptEnabled) await whenHydrated(page);
  const select = page.getByLabel(label, { exact: true });
  await select.selectOption({ label: option });
  if (!javaScriptEnabled) {
    await select
      .locator("xpath=ancestor::form")
      .getByRole("button", { name: "Übernehmen" })
      .click();
  }
  await expect(page.getByLabel(label, { exact: true }).locator("option:checked")).toHaveText(
    option,
  );
}

/** Opens a back-office page, is sent to the sign-in, signs in and lands on that page. */
export async function signIn(page: Page, who: { email: string; password: string }, target: string) {
  await page.goto(target);
  await expect(page).toHaveURL(/\/backend\/login\?redirectTo=/);
  await page.getByLabel("E-Mail-Adresse").first().fill(who.email);
  await page.getByLabel("Passwort", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, "\\?")}$`));
}

/** 'Fr., 27.11.' in Freiburg: the weekday's first two letters and a dot. */
export function dayOf(date: Date): string {
  const zone = { timeZone: "Europe/Berlin" } as const;
  const weekday = date.toLocaleDateString("de-DE", { ...zone, weekday: "long" }).slice(0, 2);
  const day = date.toLocaleDateString("de-DE", { ...zone, day: "2-digit", month: "2-digit" });
  return `${weekday}., ${day}`;
}

/**
 * From a filled cart to a checkout ready to send: 'Jetzt bestellen', the contact form with the
 * customer's name and an address made from it, the two consents.
 */
export async function fillCheckout(page: Page, name: string) {
  await page.getByRole("link", { name: "Jetzt bestellen" }).click();
  await page.getByLabel("Name *").fill(name);
  await page.getByLabel(/^E-Mail/).fill(`${name.replace(/\W+/g, "-").toLowerCase()}@example.org`);
  await page.getByLabel("Ich akzeptiere die AGB.").check();
  await page.getByLabel("Ich habe die Datenschutzerklärung gelesen und stimme ihr zu.").check();
}

/**
 * From a filled cart to the order's status page: 'Jetzt bestellen', the contact form with the
 * customer's name and an address made from it, the two consents, 'Bestellung abschicken'.
 */
export async function checkOutCart(page: Page, name: string) {
  await fillCheckout(page, name);
  await page.getByRole("button", { name: "Bestellung abschicken" }).click();
  await expect(page).toHaveTitle(/^Bestellstatus - /);
}

/**
 * A customer's own browser: a new context and its page. With JavaScript its `goto` returns once
 * the page is hydrated, as for every context a test opens (`fixtures.ts`).
 */
export async function customerBrowser(
  browser: Browser,
  javaScriptEnabled: boolean,
  origin: string,
) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL: origin });
  const page = await context.newPage();
  return { context, page };
}

/** A customer's order in the shop, in a browser of their own; answers its status page (still open), its context and its address. */
export async function orderAsCustomer(
  browser: Browser,
  javaScriptEnabled: boolean,
  name: string,
  origin: string,
) {
  const { context, page } = await customerBrowser(browser, javaScriptEnabled, origin);
  await page.goto(`/store/${testBranches.open.identifier}`);
  await page.getByRole("link", { name: "Baguette auswählen" }).click();
  await page.getByRole("button", { name: "In den Warenkorb" }).click();
  await expect(page.getByText("Produkt zum Warenkorb hinzugefügt.")).toBeVisible();
  await checkOutCart(page, name);
  return { page, context, statusUrl: page.url() };
}
