import AxeBuilder from "@axe-core/playwright";
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { checkOutCart, customerBrowser, signIn } from "./helpers";
import { checkoutPort } from "./servers";
import { expect, test, whenHydrated } from "./fixtures";

/**
 * The daily closing (issue 39 part 3, decision 117), with and without JavaScript: a customer
 * orders, the administrator finds today's figures of the branch on "Tagesabschluss", closes the
 * day with the confirmation, sees who closed it and when, cancels the order afterwards, and finds
 * the closed day unchanged and the cancellation as a correction on the next day with its reference.
 *
 * Both projects share the shop's database and run side by side: each closes today in a branch of
 * its own (the one open day and night, the one closed on public holidays).
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

const origin = `http://127.0.0.1:${checkoutPort}`;

/** A customer's order of a Baguette in the branch, for as soon as possible. */
async function orderBaguette(
  browser: Browser,
  javaScriptEnabled: boolean,
  identifier: string,
  name: string,
) {
  const { context, page } = await customerBrowser(browser, javaScriptEnabled, origin);
  await page.goto(`/store/${identifier}`);
  await page.getByRole("link", { name: "Baguette auswählen" }).click();
  await page.getByRole("button", { name: "In den Warenkorb" }).click();
  await expect(page.getByText("Produkt zum Warenkorb hinzugefügt.").first()).toBeVisible();
  await checkOutCart(page, name);
  await context.close();
}

/** The text of a PDF, as pdf.js reads it. */
async function pdfText(path: string) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(await readFile(path)) }).promise;
  let text = "";
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    text += content.items.map((item) => ("str" in item ? item.str : "")).join(" ") + " ";
  }
  await pdf.destroy();
  return text.replace(/\s+/g, " ");
}

/** Today and tomorrow in Freiburg (YYYY-MM-DD), and today as the page shows it. */
function days() {
  const iso = (date: Date) => date.toLocaleDateString("sv-SE", { timeZone: "Europe/Berlin" });
  const now = new Date();
  const today = iso(now);
  const tomorrow = iso(new Date(now.getTime() + 24 * 3600_000));
  const [year, month, day] = today.split("-");
  return { today, tomorrow, todayText: `${day}.${month}.${year}` };
}

async function showDay(page: Page, branchName: string, day: string) {
  await page.getByLabel("Tag", { exact: true }).fill(day);
  await page.getByLabel("Filiale", { exact: true }).selectOption({ label: branchName });
  await page.getByRole("button", { name: "Filtern" }).click();
  await expect(page.getByRole("heading", { level: 2 })).toContainText(branchName);
}

test("closes a branch's day; a later cancellation leaves it and is booked on the next day", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(180_000);
  const branch = javaScriptEnabled ? testBranches.open : testBranches.holidays;
  const stamp = `${Date.now()}`;
  const customer = `Abschluss ${javaScriptEnabled ? "js" : "nojs"} ${stamp}`;
  await orderBaguette(browser, javaScriptEnabled, branch.identifier, customer);
  const { today, tomorrow, todayText } = days();

  await signIn(page, testStaff.admin, "/backend/daily-closing");
  await expect(page.getByRole("heading", { level: 1, name: "Tagesabschluss" })).toBeVisible();
  await showDay(page, branch.name, today);
  await expect(page.getByText("Noch nicht abgeschlossen.")).toBeVisible();
  const taxTable = page
    .getByRole("table")
    .filter({ has: page.getByRole("columnheader", { name: "Steuersatz" }) })
    .first();
  await expect(taxTable.getByRole("rowheader", { name: "7 %" })).toBeVisible();
  if (javaScriptEnabled) {
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  }

  // Closing asks for the confirmation first (the box is required, the server checks it too).
  const close = page.getByRole("region", { name: "Tag abschließen" });
  if (javaScriptEnabled) await whenHydrated(page);
  await close.getByLabel("Ich habe die Zahlen geprüft und möchte den Tag abschließen.").check();
  await close.getByRole("button", { name: "Tag abschließen" }).click();
  await expect(
    page.getByText(/^Der Tag wurde abgeschlossen \(Abschluss Nr\. \d+\)\.$/),
  ).toBeVisible();
  await expect(
    page.getByText(`abgeschlossen von ${testStaff.admin.name} am ${todayText}`),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Tag abschließen" })).toHaveCount(0);
  const closedUrl = page.url();

  // The printout as a PDF: the same figures, the closing's number and who closed it.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Als PDF herunterladen" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(
    `tagesabschluss-${today}-filiale-${new URL(closedUrl).searchParams.get("filiale")}.pdf`,
  );
  const text = await pdfText((await download.path())!);
  expect(text).toContain(`Tagesabschluss ${todayText} – ${branch.name}`);
  expect(text).toMatch(/Abschluss Nr\. \d+, abgeschlossen von Clara Chefin/);
  expect(text).toContain("Umsatz nach Steuersatz");
  expect(text).toContain("7 %");
  const frozen = await page.locator(".daily-closing-figures").textContent();

  // The order is cancelled after the closing.
  await page.goto("/backend/orders?view=history");
  await page.getByRole("row").filter({ hasText: customer }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/backend\/orders\/\d+$/);
  const ticket = Number(
    (await page.getByRole("heading", { level: 1 }).textContent())?.match(/\d+/)?.[0],
  );
  expect(ticket).toBeGreaterThan(0);
  if (javaScriptEnabled) await whenHydrated(page);
  await page
    .getByRole("group", { name: "Ablehnen oder stornieren" })
    .getByRole("button", { name: "Stornieren" })
    .click();
  const ask = page.getByRole(javaScriptEnabled ? "dialog" : "region", {
    name: "Wirklich stornieren?",
  });
  await ask.getByRole("button", { name: "Ja, stornieren" }).click();
  await expect(page.getByText("Die Bestellung wurde storniert.")).toBeVisible();

  // The closed day stays as it was closed.
  await page.goto(closedUrl);
  await expect(page.getByText(`abgeschlossen von ${testStaff.admin.name}`)).toBeVisible();
  expect(await page.locator(".daily-closing-figures").textContent()).toBe(frozen);

  // Tomorrow (not closed yet) shows the correction it will book, with its reference.
  await showDay(page, branch.name, tomorrow);
  await expect(page.getByText("Dieser Tag hat noch nicht begonnen.")).toBeVisible();
  const correction = page.getByRole("row").filter({
    has: page.getByRole("rowheader", {
      name: `Korrektur zu Bestellung ${ticket} vom ${todayText}`,
    }),
  });
  await expect(correction).toContainText("storniert");
  await expect(correction).toContainText(/-\d+,\d{2}\s€/);
});

test("answers the day as JSON and refuses a second closing", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the API needs no browser; once is enough");
  await signIn(page, testStaff.admin, "/backend/daily-closing");
  const branchId = await page
    .getByLabel("Filiale", { exact: true })
    .locator("option", { hasText: testBranches.quotation.name })
    .getAttribute("value");
  const yesterday = new Date(Date.now() - 24 * 3600_000).toLocaleDateString("sv-SE", {
    timeZone: "Europe/Berlin",
  });
  const open = await page.request.get(`/api/daily-closings?branchId=${branchId}&date=${yesterday}`);
  expect(open.status()).toBe(200);
  expect((await open.json()).data).toMatchObject({ isClosed: false, date: yesterday });
  const headers = { Origin: origin };
  const closed = await page.request.post("/api/daily-closings", {
    data: { branchId: Number(branchId), date: yesterday },
    headers,
  });
  expect(closed.status()).toBe(201);
  expect((await closed.json()).data).toMatchObject({
    isClosed: true,
    closedBy: { name: testStaff.admin.name },
  });
  const again = await page.request.post("/api/daily-closings", {
    data: { branchId: Number(branchId), date: yesterday },
    headers,
  });
  expect(again.status()).toBe(409);
  const unknown = await page.request.post("/api/daily-closings", {
    data: { branchId: Number(branchId), date: yesterday, tip: 1 },
    headers,
  });
  expect(unknown.status()).toBe(400);
});
