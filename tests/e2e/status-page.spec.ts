import AxeBuilder from "@axe-core/playwright";
import { proposedTime, statusOrders } from "../support/prepare-checkout-database";
import { checkoutPort, mailboxUrl } from "./servers";
import { expect, test } from "./fixtures";
import { dayOf } from "./helpers";

test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

const statusPath = (order: { uid: string; hash: string }) => `/status/${order.uid}/${order.hash}`;

/** 'HH:mm' in Freiburg, as the page shows times. */
const clock = (date: Date) =>
  date.toLocaleTimeString("de-DE", {
    timeZone: "Europe/Berlin",
    hour: "2-digit",
    minute: "2-digit",
  });

test.describe("order status page", () => {
  test("an order placed in the shop: timeline, refresh and the confirmation e-mail", async ({
    page,
    javaScriptEnabled,
    request,
  }) => {
    await page.goto("/store/tag-und-nacht");
    await page.getByRole("link", { name: "Baguette auswählen" }).click();
    await page.getByRole("button", { name: "In den Warenkorb" }).click();
    await expect(page.getByText("Produkt zum Warenkorb hinzugefügt.")).toBeVisible();
    await page.getByRole("link", { name: "Jetzt bestellen" }).click();
    const email = `kundin-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}@example.org`;
    await page.getByLabel("Name *").fill("Erika Mustermann");
    await page.getByLabel(/^E-Mail/).fill(email);
    await page.getByLabel("Ich akzeptiere die AGB.").check();
    await page.getByLabel("Ich habe die Datenschutzerklärung gelesen und stimme ihr zu.").check();
    await page.getByRole("button", { name: "Bestellung abschicken" }).click();

    await expect(page).toHaveTitle(/^Bestellstatus - /);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Vielen Dank für Ihre Bestellung!",
    );
    const progress = page.getByRole("region", { name: "Fortschritt Ihrer Bestellung" });
    await expect(progress.getByRole("listitem")).toHaveText([
      /Warten auf Bestätigung/,
      /In Zubereitung/,
      /Abholbereit/,
      /Abgeschlossen/,
    ]);
    // Without JavaScript the page refreshes itself while the order is open.
    await expect(page.locator('noscript, meta[http-equiv="refresh"]').first()).toBeAttached();
    const ticket = (await page.getByText(/^Ticket\s*\d+$/).textContent())!.replace(/\D/g, "");

    // The confirmation leaves through the outbox to the SMTP sink.
    await expect
      .poll(
        async () => {
          const mails = (await (await request.get(mailboxUrl)).json()) as {
            to: string;
            subject: string;
          }[];
          return mails.find((mail) => mail.to.includes(email))?.subject ?? null;
        },
        { timeout: 20_000 },
      )
      .toBe(`Ihre Bestellung bei Bäckerei Sonnenkorn – Ticket ${ticket}`);
  });

  test("accepting the shop's proposed time", async ({ page, javaScriptEnabled }) => {
    const order = statusOrders(javaScriptEnabled ? "js" : "nojs").counterAccept;
    await page.goto(statusPath(order));
    const time = clock(proposedTime());
    // The proposal is for tomorrow: the button names the day (issue 17), and nothing is being
    // prepared yet once it is accepted.
    const when = `${dayOf(proposedTime())}, ${time}`;
    await page.getByRole("button", { name: `Ja, ${when} Uhr ist in Ordnung` }).click();
    await expect(page.getByRole("button", { name: /ist in Ordnung/ })).toHaveCount(0);
    await expect(
      page.getByText(
        `Ihre Bestellung wurde bestätigt. Wir bereiten sie für ${when} Uhr für Sie vor.`,
      ),
    ).toBeVisible();
    await expect(page.getByText("wird zubereitet")).toHaveCount(0);
    await expect(page.getByText(new RegExp(`${time}$`)).first()).toBeVisible();
  });

  test("declining the shop's proposed time cancels the order", async ({
    page,
    javaScriptEnabled,
  }) => {
    const order = statusOrders(javaScriptEnabled ? "js" : "nojs").counterDecline;
    await page.goto(statusPath(order));
    await page.getByRole("button", { name: "Nein, Bestellung stornieren" }).click();
    await expect(page.getByText("Bestellung storniert").first()).toBeVisible();
    await expect(page.getByRole("button", { name: /ist in Ordnung/ })).toHaveCount(0);
  });

  test("rating a completed order", async ({ page, javaScriptEnabled }) => {
    const order = statusOrders(javaScriptEnabled ? "js" : "nojs").review;
    await page.goto(statusPath(order));
    const form = page.getByRole("region", { name: "Wie zufrieden waren Sie?" });
    for (const [label, stars] of [
      ["Gesamt", "5 Sterne"],
      ["Essen", "4 Sterne"],
      ["Service", "5 Sterne"],
    ] as const) {
      // The stars are the radios' labels; a customer clicks a star.
      const group = form.getByRole("group", { name: label });
      await group.locator("label").filter({ hasText: stars }).click();
      await expect(group.getByRole("radio", { name: stars, exact: true })).toBeChecked();
    }
    const process = form.getByRole("group", { name: "Ablauf" });
    await process.getByRole("radio", { name: "3 Sterne", exact: true }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(process.getByRole("radio", { name: "4 Sterne", exact: true })).toBeChecked();
    await form.getByLabel("Kommentar (optional)").fill("Sehr lecker, gerne wieder.");
    await form.getByRole("button", { name: "Bewertung senden" }).click();
    await expect(page.getByText("Vielen Dank für Ihre Bewertung!")).toBeVisible();
    await expect(page.getByRole("button", { name: "Bewertung senden" })).toHaveCount(0);
  });

  test("a wrong hash answers 404", async ({ page, javaScriptEnabled }) => {
    const order = statusOrders(javaScriptEnabled ? "js" : "nojs").review;
    const response = await page.goto(`/status/${order.uid}/falscher-hash-0123456789`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
  });
});

test.describe("accessibility of the checkout and the status page", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs as a script in the page");

  test("axe finds no violations", async ({ browser }) => {
    // axe over several pages: more than the default 30 s when the machine is busy.
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${checkoutPort}` });
    const page = await context.newPage();
    const violations = async () =>
      (await new AxeBuilder({ page }).analyze()).violations.map(
        (violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`,
      );
    await page.goto(statusPath(statusOrders("js").counterAccept));
    expect(await violations()).toEqual([]);
    await page.goto("/store/tag-und-nacht");
    await page.getByRole("link", { name: "Baguette auswählen" }).click();
    await page.getByRole("button", { name: "In den Warenkorb" }).click();
    await expect(page.getByText("Produkt zum Warenkorb hinzugefügt.")).toBeVisible();
    await page.getByRole("link", { name: "Jetzt bestellen" }).click();
    await expect(page).toHaveTitle(/^Bestellvorgang - /);
    expect(await violations()).toEqual([]);
    await context.close();
  });
});
