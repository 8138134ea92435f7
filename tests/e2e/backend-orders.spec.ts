import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { DateTime } from "luxon";
import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { dayOf, orderAsCustomer, signIn } from "./helpers";
import { checkoutPort, mailboxUrl } from "./servers";
import { expect, test } from "./fixtures";

/**
 * The back office's day of orders, once with JavaScript (live board) and once without (the board
 * refreshes itself; here: reload): a customer orders in the shop, staff confirm, propose another
 * time that the customer accepts, mark it ready and complete it, print and resend; another order
 * is rejected with a message the customer reads; a phone order; and the branch wall between
 * employees.
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

const origin = `http://127.0.0.1:${checkoutPort}`;

const customerOrder = (browser: Browser, javaScriptEnabled: boolean, name: string) =>
  orderAsCustomer(browser, javaScriptEnabled, name, origin);

/** The board row of this customer's order. */
/**
 * Loads the page again. The board and the status page refresh themselves every 10 s without
 * JavaScript (a meta refresh); a reload that meets that refresh is aborted, and the refresh's own
 * load of the same address takes its place.
 */
async function reload(page: Page) {
  try {
    await page.reload();
  } catch (error) {
    if (!String(error).includes("ERR_ABORTED")) throw error;
    await page.waitForLoadState("load");
  }
}

const rowOf = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

test.describe("the back office's orders", () => {
  // Long stories with two browsers; the machines are small.
  test.describe.configure({ timeout: 120_000 });

  test("a new order arrives, is confirmed, moved, accepted, made ready and completed", async ({
    page,
    browser,
    javaScriptEnabled,
    request,
  }) => {
    const name = `Kundin ${javaScriptEnabled ? "JS" : "Ohne"} ${Date.now()}`;
    await signIn(page, testStaff.open, "/backend/orders?view=history");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bestellungen");
    // axe runs as a script in the page.
    if (javaScriptEnabled)
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.getByRole("link", { name: "Aktuell" }).click();
    if (javaScriptEnabled) {
      await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
    } else {
      await expect(page.locator('meta[http-equiv="refresh"]')).toBeAttached();
    }

    const customer = await customerOrder(browser, javaScriptEnabled, name);
    // Live with JavaScript (no reload); without it the board refreshes itself (here: reload).
    if (!javaScriptEnabled) await reload(page);
    await expect(rowOf(page, name)).toBeVisible({ timeout: 5_000 });
    await expect(rowOf(page, name)).toContainText("Neu");

    await rowOf(page, name).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/backend\/orders\/\d+$/);
    const orderUrl = page.url();
    if (javaScriptEnabled)
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // Another time, which the customer accepts on the status page.
    const tomorrow = DateTime.now().setZone("Europe/Berlin").plus({ days: 1 });
    await page.getByLabel("Datum").fill(tomorrow.toISODate()!);
    await page.getByLabel("Uhrzeit").fill("10:30");
    await page.getByRole("button", { name: "Vorschlagen" }).click();
    await expect(
      page.getByText("Der Terminvorschlag wurde an den Kunden geschickt."),
    ).toBeVisible();
    await reload(customer.page);
    await customer.page
      .getByRole("button", { name: `Ja, ${dayOf(tomorrow.toJSDate())}, 10:30 Uhr ist in Ordnung` })
      .click();
    await expect(
      customer.page.getByText(
        `Ihre Bestellung wurde bestätigt. Wir bereiten sie für ${dayOf(tomorrow.toJSDate())}, 10:30 Uhr für Sie vor.`,
      ),
    ).toBeVisible();

    await page.goto(orderUrl);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Bestätigt");
    await page.getByRole("button", { name: "Abholbereit" }).click();
    await expect(page.getByText("Der Status wurde geändert.")).toBeVisible();
    await page.getByRole("button", { name: "Abschließen" }).click();
    await expect(page.getByText("Die Bestellung wurde abgeschlossen.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Abgeschlossen");
    // A completed order offers no status buttons any more; posting one anyway is refused.
    await expect(page.getByRole("button", { name: "Bestätigen" })).toHaveCount(0);
    const refused = await page.request.post(`${orderUrl}`, {
      form: { intent: "reject", message: "zu spät" },
      headers: { Origin: origin },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain(
      "Bestellstatus konnte nicht geändert werden. Die Bestellung ist bereits abgeschlossen",
    );

    // The audit trail names who did it.
    await reload(page);
    await expect(page.getByRole("region", { name: "Verlauf der Bearbeitung" })).toContainText(
      testStaff.open.name,
    );

    // Resend the new-order e-mail: it arrives a second time in the SMTP sink (beside the
    // proposal's mail, decision 023, which is not counted here).
    const email = `${name.replace(/\W+/g, "-").toLowerCase()}@example.org`;
    const mailsTo = async () =>
      ((await (await request.get(mailboxUrl)).json()) as { to: string; subject: string }[]).filter(
        (mail) => mail.to.includes(email) && !mail.subject.includes("Terminvorschlag"),
      ).length;
    await expect.poll(mailsTo, { timeout: 20_000 }).toBe(1);
    await page.getByRole("button", { name: "E-Mail erneut senden" }).click();
    await expect(
      page.getByText("Die Bestellbestätigung wird erneut per E-Mail gesendet."),
    ).toBeVisible();
    await expect.poll(mailsTo, { timeout: 20_000 }).toBe(2);

    // Print: the receipt page (and its ESC/POS bytes).
    await page.getByRole("button", { name: "Beleg im Browser drucken" }).click();
    await expect(page).toHaveURL(/\/receipt$/);
    await expect(page.locator(".receipt")).toContainText(name);
    const bytes = await page.request.get(page.url().replace(/\/receipt$/, "/escpos"));
    expect(bytes.headers()["content-type"]).toBe("application/octet-stream");
    expect((await bytes.body()).subarray(0, 2)).toEqual(Buffer.from([0x1b, 0x40]));

    await customer.context.close();
  });

  test("a rejection's message reaches the customer's status page", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const name = `Abgelehnt ${javaScriptEnabled ? "JS" : "Ohne"} ${Date.now()}`;
    const customer = await customerOrder(browser, javaScriptEnabled, name);
    await signIn(page, testStaff.open, "/backend/orders");
    await rowOf(page, name).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/backend\/orders\/\d+$/);
    // Asked once more (decision 031): the message is written in the confirmation.
    await page.getByRole("button", { name: "Ablehnen" }).click();
    await page
      .getByLabel("Nachricht an den Kunden (optional)")
      .fill("Heute leider <b>ausverkauft</b>.");
    await page.getByRole("button", { name: "Ja, ablehnen" }).click();
    await expect(page.getByText("Die Bestellung wurde abgelehnt.")).toBeVisible();
    await reload(customer.page);
    await expect(customer.page.getByText("Heute leider <b>ausverkauft</b>.")).toBeVisible();
    await customer.context.close();
  });

  test("an employee of another branch sees neither the order nor its JSON", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const name = `Fremd ${javaScriptEnabled ? "JS" : "Ohne"} ${Date.now()}`;
    const customer = await customerOrder(browser, javaScriptEnabled, name);
    await signIn(page, testStaff.open, "/backend/orders");
    await rowOf(page, name).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/backend\/orders\/\d+$/);
    const orderPath = new URL(page.url()).pathname;
    const id = orderPath.split("/").at(-1);

    const other = await browser.newContext({ javaScriptEnabled, baseURL: origin });
    const stranger = await other.newPage();
    await signIn(stranger, testStaff.closed, "/backend/orders");
    await expect(rowOf(stranger, name)).toHaveCount(0);
    const response = await stranger.goto(orderPath);
    expect(response?.status()).toBe(404);
    const json = await stranger.request.get(`/api/orders/${id}`);
    expect(json.status()).toBe(404);
    const change = await stranger.request.post(`/api/orders/${id}/status/confirm`, {
      headers: { Origin: origin },
    });
    expect(change.status()).toBe(404);
    await other.close();
    await customer.context.close();
  });

  test("a phone order goes through the shop and back to the back office", async ({ page }) => {
    await signIn(page, testStaff.open, "/backend/orders/new");
    await page
      .getByRole("button", { name: `Telefonbestellung für ${testBranches.open.name}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/store/${testBranches.open.identifier}$`));
    await expect(page.getByText("Keine Produkte im Warenkorb")).toBeVisible();
    await page.getByRole("link", { name: "Baguette auswählen" }).click();
    await page.getByRole("button", { name: "In den Warenkorb" }).click();
    await expect(page.getByText("Produkt zum Warenkorb hinzugefügt.")).toBeVisible();
    await page.getByRole("link", { name: "Jetzt bestellen" }).click();
    await page.getByLabel("Name *").fill("Herr Telefon");
    await page.getByLabel(/^E-Mail/).fill("telefon@example.org");
    await page.getByLabel(/^Telefon/).fill("+49 761 5550199");
    await page.getByLabel("Ich akzeptiere die AGB.").check();
    await page.getByLabel("Ich habe die Datenschutzerklärung gelesen und stimme ihr zu.").check();
    await page.getByRole("button", { name: "Bestellung abschicken" }).click();
    await expect(page).toHaveURL(/\/backend\/orders\/\d+\?done=create$/);
    await expect(page.getByText("Die Telefonbestellung wurde aufgenommen.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Verlauf der Bearbeitung" })).toContainText(
      "telefonisch erfasst",
    );
  });
});
