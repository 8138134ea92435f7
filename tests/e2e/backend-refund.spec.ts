import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { DateTime } from "luxon";
import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { checkoutPort, mailboxUrl } from "./servers";
import { expect, test } from "./fixtures";
import { customerBrowser, dayOf } from "./helpers";

/**
 * Decisions 022 and 023 in the browser, with JavaScript and without: an order paid online through
 * the fake provider is rejected and the customer's status page shows the refund; a refund the
 * provider fails is retried with "Zahlung erstatten"; a proposed time reaches the customer by
 * e-mail (the SMTP sink) with the link to answer it.
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

const origin = `http://127.0.0.1:${checkoutPort}`;
/** The fake Stripe beside the checkout server (see start-e2e-checkout-server.mjs). */
const fakeStripe = `http://127.0.0.1:${checkoutPort + 10}`;

async function signIn(page: Page, target: string) {
  await page.goto(target);
  await expect(page).toHaveURL(/\/backend\/login\?redirectTo=/);
  await page.getByLabel("E-Mail-Adresse").first().fill(testStaff.open.email);
  await page.getByLabel("Passwort", { exact: true }).fill(testStaff.open.password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
}

const emailOf = (name: string) => `${name.replace(/\W+/g, "-").toLowerCase()}@example.org`;

/**
 * A customer's order in their own browser, paid at the counter or online on the fake provider's
 * page; answers the status page.
 */
async function customerOrder(
  browser: Browser,
  javaScriptEnabled: boolean,
  name: string,
  payment: "Barzahlung" | "Kreditkarte (Stripe)" | "PayPal",
) {
  const { context, page } = await customerBrowser(browser, javaScriptEnabled, origin);
  await page.goto(`/store/${testBranches.open.identifier}`);
  await page.getByRole("link", { name: "Baguette auswählen" }).click();
  await page.getByRole("button", { name: "In den Warenkorb" }).click();
  await expect(page.getByText("Produkt zum Warenkorb hinzugefügt.")).toBeVisible();
  await page.getByRole("link", { name: "Jetzt bestellen" }).click();
  await page.getByLabel("Name *").fill(name);
  await page.getByLabel(/^E-Mail/).fill(emailOf(name));
  await page.getByLabel(payment).check();
  await page.getByLabel("Ich akzeptiere die AGB.").check();
  await page.getByLabel("Ich habe die Datenschutzerklärung gelesen und stimme ihr zu.").check();
  await page.getByRole("button", { name: "Bestellung abschicken" }).click();
  if (payment !== "Barzahlung") {
    // The fake provider's own page.
    await page.getByRole("button", { name: "Bezahlen" }).click();
  }
  await expect(page).toHaveTitle(/^Bestellstatus - /);
  if (payment !== "Barzahlung") {
    await expect(page.getByText("Zahlungsstatus: Bezahlt")).toBeVisible();
  }
  return { page, context, statusUrl: page.url() };
}

/** From the board to the order's page. */
async function openOrder(page: Page, name: string) {
  await signIn(page, "/backend/orders");
  await page.getByRole("row").filter({ hasText: name }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/backend\/orders\/\d+$/);
}

/**
 * Reloads the customer's status page until `text` shows: the server may answer a reload within a
 * second of a staff change with 304 from its short cache (decision 008).
 */
async function reloadUntil(page: Page, text: string) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(text)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

async function mailsTo(page: Page, address: string) {
  const mails = (await (await page.request.get(mailboxUrl)).json()) as {
    to: string;
    subject: string;
    text: string;
  }[];
  return mails.filter((mail) => mail.to.includes(address));
}

test.describe("refunds and the customer's notices", () => {
  // Two browsers and a provider's page: long stories on small machines.
  test.describe.configure({ timeout: 120_000 });

  for (const payment of ["Kreditkarte (Stripe)", "PayPal"] as const) {
    test(`a paid order (${payment}) is rejected and the status page shows the refund`, async ({
      page,
      browser,
      javaScriptEnabled,
    }) => {
      const name = `Erstattung ${payment.slice(0, 6)} ${javaScriptEnabled ? "JS" : "Ohne"} ${Date.now()}`;
      const customer = await customerOrder(browser, javaScriptEnabled, name, payment);

      await openOrder(page, name);
      await page.getByRole("button", { name: "Ablehnen" }).click();
      await page.getByLabel("Nachricht an den Kunden (optional)").fill("Leider ausverkauft.");
      await page.getByRole("button", { name: "Ja, ablehnen" }).click();
      await expect(page.getByText("Die Bestellung wurde abgelehnt.")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Abgelehnt");
      await expect(page.locator(".order-facts")).toContainText("Erstattet");
      await expect(page.getByRole("button", { name: "Zahlung erstatten" })).toHaveCount(0);
      await expect(page.getByRole("region", { name: "Verlauf der Bearbeitung" })).toContainText(
        "Erstattung der Zahlung",
      );

      await reloadUntil(customer.page, "Zahlungsstatus: Erstattet");
      await expect(customer.page.getByRole("heading", { level: 1 })).toHaveText(
        "Bestellung storniert",
      );
      await expect(customer.page.getByText("Zahlungsstatus: Erstattet")).toBeVisible();
      await expect(
        customer.page.getByText("Den bezahlten Betrag haben wir Ihnen erstattet."),
      ).toBeVisible();
      await expect(customer.page.getByText("Leider ausverkauft.")).toBeVisible();

      // The customer's mail says so too.
      await expect
        .poll(
          async () =>
            (await mailsTo(page, emailOf(name))).find((mail) => mail.subject.includes("storniert"))
              ?.text ?? "",
          { timeout: 20_000 },
        )
        .toContain("Den bezahlten Betrag von 2,20");
      await customer.context.close();
    });
  }

  test("a refund the provider fails stays owed, and 'Zahlung erstatten' gives it back", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const name = `Nochmal ${javaScriptEnabled ? "JS" : "Ohne"} ${Date.now()}`;
    const customer = await customerOrder(browser, javaScriptEnabled, name, "Kreditkarte (Stripe)");
    const uid = new URL(customer.statusUrl).pathname.split("/")[2];
    const sessions = (await (await page.request.get(`${fakeStripe}/_fake/sessions`)).json()) as {
      id: string;
      client_reference_id: string;
    }[];
    const session = sessions.find((each) => each.client_reference_id === uid)!;
    await page.request.post(`${fakeStripe}/_fake/sessions/${session.id}/fail-refunds`, {
      data: { count: 1 },
    });

    await openOrder(page, name);
    await page.getByRole("button", { name: "Stornieren" }).click();
    await page.getByRole("button", { name: "Ja, stornieren" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Die Bestellung wurde storniert. Die Online-Zahlung konnte aber nicht erstattet werden: Der Zahlungsanbieter ist gerade nicht erreichbar. Bitte versuchen Sie es später mit „Zahlung erstatten“ erneut.",
    );
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Storniert");
    await expect(
      page.getByText(/^Die Online-Zahlung über 2,20\s€ ist noch nicht erstattet\.$/),
    ).toBeVisible();
    if (javaScriptEnabled)
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await reloadUntil(customer.page, "Den bezahlten Betrag erstatten wir Ihnen.");
    await expect(customer.page.getByText("Zahlungsstatus: Bezahlt")).toBeVisible();

    await page.getByRole("button", { name: "Zahlung erstatten" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Die Zahlung wurde erstattet." }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Zahlung erstatten" })).toHaveCount(0);
    await expect(page.locator(".order-facts")).toContainText("Erstattet");

    await reloadUntil(customer.page, "Zahlungsstatus: Erstattet");
    await customer.context.close();
  });

  test("a proposed time reaches the customer by e-mail, with the link to answer it", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const name = `Termin ${javaScriptEnabled ? "JS" : "Ohne"} ${Date.now()}`;
    const customer = await customerOrder(browser, javaScriptEnabled, name, "Barzahlung");
    await openOrder(page, name);
    const tomorrow = DateTime.now().setZone("Europe/Berlin").plus({ days: 1 });
    await page.getByLabel("Datum").fill(tomorrow.toISODate()!);
    await page.getByLabel("Uhrzeit").fill("10:30");
    await page.getByRole("button", { name: "Vorschlagen" }).click();
    await expect(
      page.getByText("Der Terminvorschlag wurde an den Kunden geschickt."),
    ).toBeVisible();

    const proposal = async () =>
      (await mailsTo(page, emailOf(name))).find((mail) =>
        mail.subject.startsWith("Neuer Terminvorschlag"),
      );
    await expect.poll(proposal, { timeout: 20_000 }).toBeDefined();
    const mail = (await proposal())!;
    expect(mail.text).toContain(
      `Wir schlagen Ihnen stattdessen den ${tomorrow.toFormat("dd.MM.yyyy")} um 10:30 Uhr vor.`,
    );
    expect(mail.text).toContain(customer.statusUrl);

    // The link in the mail leads to the answer.
    const link = /^https?:\/\/\S+\/status\/\S+$/m.exec(mail.text)![0];
    // The customer's tab is still on the status page, whose refresh (without JavaScript) can
    // interrupt the navigation to the same address: leave it first.
    await customer.page.goto("about:blank");
    await customer.page.goto(link);
    await customer.page
      .getByRole("button", { name: `Ja, ${dayOf(tomorrow.toJSDate())}, 10:30 Uhr ist in Ordnung` })
      .click();
    await expect(
      customer.page.getByText(
        `Ihre Bestellung wurde bestätigt. Wir bereiten sie für ${dayOf(tomorrow.toJSDate())}, 10:30 Uhr für Sie vor.`,
      ),
    ).toBeVisible();
    await customer.context.close();
  });
});
