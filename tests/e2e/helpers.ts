import type { Page } from "@playwright/test";
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
