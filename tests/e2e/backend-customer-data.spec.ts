import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { testStaff } from "../support/prepare-checkout-database";
import { orderAsCustomer, signIn } from "./helpers";
import { checkoutPort } from "./servers";
import { expect, test } from "./fixtures";

/**
 * A customer's personal data in the back office (issue 41 part 7, decision 112), with and without
 * JavaScript: a customer orders, the administrator finds the order by the e-mail address, downloads
 * the export (Art. 15) with the customer's name in it, erases the data after a confirmation
 * (Art. 17), and the same search finds nothing any more.
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });
const origin = `http://127.0.0.1:${checkoutPort}`;

test.describe("a customer's data in the back office", () => {
  test.describe.configure({ timeout: 120_000 });

  test("found by e-mail, exported and erased after a confirmation", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const name = `Datenschutz ${javaScriptEnabled ? "JS" : "ohne JS"} ${Date.now()}`;
    const email = `${name.replace(/\W+/g, "-").toLowerCase()}@example.org`;
    const customer = await orderAsCustomer(browser, javaScriptEnabled, name, origin);
    await customer.context.close();

    await signIn(page, testStaff.admin, "/backend/customer-data");
    await expect(
      page.getByRole("heading", { level: 1, name: "Kundendaten (DSGVO)" }),
    ).toBeVisible();
    await page.getByRole("searchbox", { name: "E-Mail-Adresse oder Telefonnummer" }).fill(email);
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page.getByText("1 Bestellung gefunden.")).toBeVisible();
    await expect(page.getByRole("cell", { name })).toBeVisible();
    // axe runs in the page: with JavaScript only, as in the other suites.
    if (javaScriptEnabled) {
      const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
        (violation) => violation.impact === "serious" || violation.impact === "critical",
      );
      expect(serious).toEqual([]);
    }

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Auskunft herunterladen (JSON)" }).click();
    const download = await downloading;
    const exported = JSON.parse(await readFile((await download.path())!, "utf8")) as {
      orders: { contact: { name: string; email: string }; items: { name: string }[] }[];
    };
    expect(exported.orders).toHaveLength(1);
    expect(exported.orders[0]!.contact).toMatchObject({ name, email });
    expect(exported.orders[0]!.items.map((item) => item.name)).toEqual(["Baguette"]);

    await page.getByRole("button", { name: "Kundendaten dieser Bestellungen löschen" }).click();
    await expect(
      page.getByRole("heading", { name: "Kundendaten von 1 Bestellung wirklich löschen?" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Ja, endgültig löschen" }).click();
    await expect(page.getByText("Die Kundendaten von 1 Bestellung wurden gelöscht.")).toBeVisible();
    await expect(
      page.getByText("Keine Bestellungen mit diesen Kontaktdaten gefunden."),
    ).toBeVisible();

    await page.goto(`/backend/customer-data?q=${encodeURIComponent(email)}`);
    await expect(
      page.getByText("Keine Bestellungen mit diesen Kontaktdaten gefunden."),
    ).toBeVisible();
  });
});
