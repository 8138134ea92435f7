import AxeBuilder from "@axe-core/playwright";
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { fakeEpsonSdpPrinter } from "../support/fake-epson-sdp";
import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { checkOutCart, customerBrowser, signIn } from "./helpers";
import { checkoutPort } from "./servers";
import { expect, test, whenHydrated } from "./fixtures";

/**
 * The production list (issue 39 part 1, decision 103), with and without JavaScript: customers
 * order a filled roll in three variants in the shop (as it is due now, it is on today's list),
 * staff find them summed per variant on the Backliste, print it (the PDF's text is read), cancel
 * one order and see the list mark the change, and download the CSV.
 *
 * The two projects share the shop's database and run side by side, as do other specs that order
 * the roll with cheese: each project orders its own fillings, so nobody counts another's orders.
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

const origin = `http://127.0.0.1:${checkoutPort}`;
const branch = testBranches.open;
const product = "Belegtes Brötchen nach Wahl";

/** One customer's order of the roll, each line with its filling and extras. */
async function orderRolls(
  browser: Browser,
  javaScriptEnabled: boolean,
  lines: { filling: string; extras?: string[] }[],
  name: string,
) {
  const { context, page } = await customerBrowser(browser, javaScriptEnabled, origin);
  await page.goto(`/store/${branch.identifier}`);
  for (const line of lines) {
    await page.getByRole("link", { name: `${product} auswählen` }).click();
    const dialog = page.getByRole("dialog", { name: product });
    await dialog.getByLabel(line.filling).check();
    for (const extra of line.extras ?? []) await dialog.getByLabel(extra).check();
    await dialog.getByRole("button", { name: "In den Warenkorb" }).click();
    await expect(page.getByText("Produkt zum Warenkorb hinzugefügt.")).toBeVisible();
  }
  await checkOutCart(page, name);
  await context.close();
}

/** The list's row of this variant (its text exactly, so 'Belag: Salami' is not '… · Extras: …'). */
const rowOf = (page: Page, variant: string) =>
  page.getByRole("row").filter({ has: page.getByText(variant, { exact: true }) });
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

test("orders sum per variant on the Backliste; printed, a cancellation is marked; as CSV", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(180_000);
  const [first, second] = javaScriptEnabled
    ? ["Salami", "Ei und Kresse"]
    : ["Schwarzwälder Schinken", "Hummus und Gemüse (vegan)"];
  const stamp = Date.now();
  await orderRolls(
    browser,
    javaScriptEnabled,
    [{ filling: first }, { filling: second }],
    `Backliste A ${stamp}`,
  );
  await orderRolls(
    browser,
    javaScriptEnabled,
    [{ filling: second }, { filling: first, extras: ["Tomate"] }],
    `Backliste B ${stamp}`,
  );

  await signIn(page, testStaff.open, "/backend/production");
  await expect(page.getByRole("heading", { level: 1, name: "Backliste" })).toBeVisible();
  // The employee of one branch sees it chosen among their branches.
  await page.getByLabel("Filiale", { exact: true }).selectOption({ label: branch.name });
  await page.getByRole("button", { name: "Filtern" }).click();
  await expect(page.getByRole("heading", { level: 2 })).toContainText(branch.name);
  const listUrl = page.url();

  const plain = rowOf(page, `Belag: ${first}`);
  const twice = rowOf(page, `Belag: ${second}`);
  const withTomato = rowOf(page, `Belag: ${first} · Extras: Tomate`);
  // A retry finds the first attempt's orders too: count from what is there.
  const amountOf = async (row: ReturnType<typeof rowOf>) =>
    Number(((await row.getByRole("cell").first().textContent()) ?? "").replace(/\D/g, ""));
  const twiceBefore = await amountOf(twice);
  expect(twiceBefore).toBeGreaterThanOrEqual(2);
  await expect(twice.getByRole("cell").nth(1)).toHaveText(/^[2-9]\d*$/);
  await expect(plain.getByRole("cell").first()).toHaveText(/^\d+ Stk\.$/);
  await expect(withTomato.getByRole("cell").first()).toHaveText(/^\d+ Stk\.$/);
  if (javaScriptEnabled) {
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  }

  // Printing: the PDF, and the list remembers it.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Drucken (A4, PDF)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^backliste-\d{4}-\d{2}-\d{2}-filiale-\d+\.pdf$/);
  const text = await pdfText((await download.path())!);
  expect(text).toContain(`Backliste für`);
  expect(text).toContain(branch.name);
  expect(text).toContain(product);
  expect(text).toContain(`Belag: ${second}`);
  expect(text).toContain(`${twiceBefore} Stk.`);

  // B's order is canceled after the print.
  await page.goto("/backend/orders?view=history");
  await page
    .getByRole("row")
    .filter({ hasText: `Backliste B ${stamp}` })
    .getByRole("link")
    .first()
    .click();
  await expect(page).toHaveURL(/\/backend\/orders\/\d+$/);
  const destructive = page.getByRole("group", { name: "Ablehnen oder stornieren" });
  if (javaScriptEnabled) await whenHydrated(page);
  await destructive.getByRole("button", { name: "Stornieren" }).click();
  const ask = page.getByRole(javaScriptEnabled ? "dialog" : "region", {
    name: "Wirklich stornieren?",
  });
  await ask.getByRole("button", { name: "Ja, stornieren" }).click();
  await expect(page.getByText("Die Bestellung wurde storniert.")).toBeVisible();

  await page.goto(listUrl);
  await expect(page.getByText(/Zeilen? ha(t|ben) sich seit dem Druck geändert\./)).toBeVisible();
  await expect(twice.getByRole("cell").nth(3)).toHaveText("−1 Stk.");
  await expect(twice.getByRole("cell").first()).toHaveText(`${twiceBefore - 1} Stk.`);
  if ((await amountOf(withTomato)) === 0) {
    await expect(withTomato.getByRole("cell").nth(3)).toHaveText("entfällt");
  }

  // The CSV holds the same rows.
  const csvLink = page.getByRole("link", { name: "Als CSV herunterladen" });
  const [csv] = await Promise.all([page.waitForEvent("download"), csvLink.click()]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const rows = (await readFile((await csv.path())!, "utf8")).split(/\r?\n/);
  expect(rows[0]).toContain("Gruppe;Produkt;Ausführung;Anzahl;Einheit;Bestellungen");
  expect(
    rows.find((row) => row.includes(`${product};Belag: ${second};${twiceBefore - 1};Stk.`)),
  ).toBeTruthy();
});

/**
 * "Auf dem Bondrucker drucken" (decision 107), with and without JavaScript: an administrator adds
 * an Epson Server Direct Print printer to the branch (it prints no orders, so only the list is
 * queued on it), orders are on today's list, the button puts a job on the queue and the page says
 * so; the fake printer then fetches the short list. "Alle Filialen" asks for branch and printer.
 */
test("the Backliste goes on the branch's receipt printer", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const printerName = `Bondrucker ${javaScriptEnabled ? "js" : "nojs"} ${stamp}`;
  await orderRolls(
    browser,
    javaScriptEnabled,
    [{ filling: javaScriptEnabled ? "Salami" : "Ei und Kresse" }],
    `Bondruck ${stamp}`,
  );

  await signIn(page, testStaff.admin, "/backend/devices/new");
  const field = (role: "textbox" | "combobox", label: string) =>
    page.getByRole(role, { name: label, exact: true });
  await field("textbox", "Name").fill(printerName);
  await field("textbox", "Kennung").fill(`bon-${stamp}`);
  await field("combobox", "Filiale").selectOption({ label: branch.name });
  await field("combobox", "Art").selectOption({ label: "Bondrucker" });
  await field("combobox", "Verbindung").selectOption({ label: "Epson Server Direct Print" });
  await page.getByRole("checkbox", { name: "Neue Bestellungen drucken" }).uncheck();
  await page.getByRole("checkbox", { name: "Bestätigte Bestellungen drucken" }).uncheck();
  await page.getByRole("button", { name: "Anlegen" }).last().click();
  await expect(page.getByText("Das Gerät wurde angelegt.")).toBeVisible();
  // The address the printer is given (a read-only field of the device's page).
  const sdpUrl = await page
    .getByRole("textbox", { name: "Adresse für den Drucker (Server Direct Print)" })
    .inputValue();
  expect(sdpUrl).toMatch(/\/api\/epson-sdp\/[0-9a-f]{64}$/);

  // "Alle Filialen": the button asks which branch's printer.
  await page.goto("/backend/production");
  const allChoice = page.getByRole("combobox", { name: "Filiale und Bondrucker" });
  await expect(allChoice).toBeVisible();
  await expect(
    allChoice.getByRole("option", { name: `${branch.name}: ${printerName}` }),
  ).toHaveCount(1);

  await page.getByLabel("Filiale", { exact: true }).selectOption({ label: branch.name });
  await page.getByRole("button", { name: "Filtern" }).click();
  await expect(page.getByRole("heading", { level: 2 })).toContainText(branch.name);
  // Both projects (and earlier runs) add printers: with several, the page asks which.
  const choice = page.getByRole("combobox", { name: "Bondrucker", exact: true });
  if ((await choice.count()) > 0) await choice.selectOption({ label: printerName });
  if (javaScriptEnabled) {
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  }
  await page.getByRole("button", { name: "Auf dem Bondrucker drucken" }).click();
  await expect(
    page.getByText(`Die Backliste geht an den Bondrucker „${printerName}“.`),
  ).toBeVisible();
  await expect(page).toHaveURL(/gedruckt=\d+/);
  await expect(page.getByText(/Zuletzt gedruckt am .* von Clara Chefin\./)).toBeVisible();

  // The printer asks for its job and gets the short list.
  const printer = fakeEpsonSdpPrinter(sdpUrl);
  const ticket = await printer.poll();
  expect(ticket).not.toBeNull();
  expect(ticket!.text).toContain("Backliste");
  expect(ticket!.text).toContain(branch.name);
  expect(ticket!.text).toContain(product);
  expect(ticket!.text).not.toContain(`Bondruck ${stamp}`);
  expect(await printer.getRequest()).toBeNull();
});
