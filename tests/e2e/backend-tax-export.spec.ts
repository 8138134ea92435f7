import AxeBuilder from "@axe-core/playwright";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { DateTime } from "luxon";
import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { checkOutCart, customerBrowser, signIn } from "./helpers";
import { checkoutPort } from "./servers";
import { expect, test } from "./fixtures";

/**
 * The tax adviser's export (issue 39 part 3, decision 116), with and without JavaScript: a
 * customer orders a Baguette (7 %) and an Apfelschorle (19 %); the administrator enters the
 * adviser's numbers, chooses this month and the branch, sees the totals per tax rate with their
 * accounts, and downloads the DATEV batch (header "EXTF", 7 % to 8300, 19 % to 8400) and the
 * order lines. Both projects share the shop's database and save the same settings.
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

const origin = `http://127.0.0.1:${checkoutPort}`;
const branch = testBranches.open;

async function addToCart(page: Page, product: string) {
  await page.getByRole("link", { name: `${product} auswählen` }).click();
  await page
    .getByRole("dialog", { name: product })
    .getByRole("button", { name: "In den Warenkorb" })
    .click();
  await expect(page.getByText("Produkt zum Warenkorb hinzugefügt.").first()).toBeVisible();
}

async function expectAccessible(page: Page) {
  if (test.info().project.name !== "js") return;
  const found = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    found.violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
    page.url(),
  ).toEqual([]);
}

async function fitsPhone(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  if (size) await page.setViewportSize(size);
}

test("a month's totals per tax rate, the DATEV batch and the order lines", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(180_000);
  const { context, page: customer } = await customerBrowser(browser, javaScriptEnabled, origin);
  await customer.goto(`/store/${branch.identifier}`);
  await addToCart(customer, "Baguette");
  await addToCart(customer, "Apfelschorle (0,5 l)");
  await checkOutCart(customer, `Steuerberater ${javaScriptEnabled ? "JS" : "Ohne"} ${Date.now()}`);
  await context.close();

  // The adviser's numbers, as an administrator.
  await signIn(page, testStaff.admin, "/backend/exports/settings");
  await expect(
    page.getByRole("heading", { level: 1, name: "Einstellungen des Steuerberater-Exports" }),
  ).toBeVisible();
  await expect(page.getByLabel("Erlöse 7 % USt")).toHaveValue("8300");
  await expect(page.getByLabel("Erlöse 19 % USt")).toHaveValue("8400");
  await page.getByLabel("Beraternummer").fill("29098");
  await page.getByLabel("Mandantennummer").fill("55003");
  await page.getByRole("button", { name: "Einstellungen speichern" }).click();
  await expect(page.getByText("Die Einstellungen wurden gespeichert.")).toBeVisible();
  await expectAccessible(page);
  await fitsPhone(page);

  // The month and the branch: a GET form.
  await page.getByRole("link", { name: "Zurück zum Export" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Steuerberater-Export" })).toBeVisible();
  const month = DateTime.now().setZone("Europe/Berlin").toFormat("yyyy-MM");
  await page.getByLabel("Monat", { exact: true }).fill(month);
  await page.getByLabel("Filiale", { exact: true }).selectOption({ label: branch.name });
  await page.getByRole("button", { name: "Filtern" }).click();
  await expect(page).toHaveURL(new RegExp(`monat=${month}`));
  const monthText = DateTime.fromISO(`${month}-01`).toFormat("MM.yyyy");
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(
    `Umsätze ${monthText} – ${branch.name}`,
  );
  const rates = page.getByRole("table", { name: "Umsatz nach Steuersatz" });
  await expect(rates.getByRole("row", { name: /^7 %/ }).getByRole("cell").nth(1)).toHaveText(
    "8300",
  );
  await expect(rates.getByRole("row", { name: /^19 %/ }).getByRole("cell").nth(1)).toHaveText(
    "8400",
  );
  await expect(page.getByRole("table", { name: "Umsatz nach Zahlungsart" })).toContainText(
    "Barzahlung",
  );
  await expectAccessible(page);
  await fitsPhone(page);

  // The DATEV batch: Windows-1252, the EXTF header, bookings to 8300 and 8400.
  const datevDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "DATEV-Buchungsstapel (CSV)" }).click();
  const datev = await datevDownload;
  expect(datev.suggestedFilename()).toMatch(new RegExp(`^EXTF_Buchungsstapel_${month}_filiale-`));
  const batch = new TextDecoder("windows-1252").decode(await readFile((await datev.path())!));
  const [header, columns, ...bookings] = batch.split("\r\n");
  expect(header).toMatch(
    /^"EXTF";700;21;"Buchungsstapel";13;\d{17};;"RE";"Backstube";"";29098;55003;/,
  );
  expect(columns).toMatch(/^Umsatz \(ohne Soll\/Haben-Kz\);Soll\/Haben-Kennzeichen;/);
  const contra = new Set(bookings.filter(Boolean).map((line) => line.split(";")[7]));
  expect(contra).toContain("8300");
  expect(contra).toContain("8400");
  expect(bookings.some((line) => line.startsWith('2,50;"S";"EUR";;;"";1000;8400;'))).toBe(true);

  // Every order line, UTF-8 with the tax of each.
  const linesDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Alle Bestellpositionen (CSV)" }).click();
  const lines = await (await linesDownload).path();
  const csv = await readFile(lines!, "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain(
    "Datum;Bestellung;Nr.;Filiale;Produkt;Menge;Einheit;Netto (EUR);Steuersatz (%);Steuer (EUR);Brutto (EUR);Zahlungsart;Bestellart;Erstattet",
  );
  expect(csv).toMatch(/;Apfelschorle \(0,5 l\);1;[^;]*;2,10;19;0,40;2,50;Barzahlung;Abholung;nein/);
  expect(csv).toMatch(/;Baguette;1;/);
});
