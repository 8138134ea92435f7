import type { Browser, Page } from "@playwright/test";
import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { customerBrowser, fillCheckout, signIn } from "./helpers";
import { checkoutPort } from "./servers";
import { expect, test } from "./fixtures";

/**
 * Capacities (issue 39 part 2, decision 113), with and without JavaScript, in the branch that
 * closes on public holidays (no other spec orders there): the staff page sets a product's daily
 * limit and a slot limit; a product at its limit says "Für diesen Tag ausgebucht" in the checkout
 * and links the next free day; a full slot is not offered in the time picker.
 *
 * Both projects share the shop's database and run side by side: each orders its own product on
 * its own days, and the one slot limit (1 order an hour) is set by whichever comes first.
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

const origin = `http://127.0.0.1:${checkoutPort}`;
const branch = testBranches.holidays;

/** The bookable days of the branch's checkout, as the day select offers them. */
async function bookableDays(page: Page): Promise<string[]> {
  await page.goto(`/store/${branch.identifier}/checkout`);
  await page.waitForLoadState("load");
  await expect
    .poll(async () => page.getByLabel("Tag", { exact: true }).locator("option").count())
    .toBeGreaterThan(60);
  return page
    .getByLabel("Tag", { exact: true })
    .locator("option")
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
}

async function addToCart(page: Page, product: string) {
  await page.goto(`/store/${branch.identifier}`);
  await page.getByRole("link", { name: `${product} auswählen` }).click();
  await page
    .getByRole("dialog", { name: product })
    .getByRole("button", { name: "In den Warenkorb" })
    .click();
  await expect(page.getByText("Produkt zum Warenkorb hinzugefügt.").first()).toBeVisible();
}

/** A customer's order of one product for `day` at `time` ('10:00'). */
async function orderFor(
  browser: Browser,
  javaScriptEnabled: boolean,
  product: string,
  day: string,
  time: string,
) {
  const { context, page } = await customerBrowser(browser, javaScriptEnabled, origin);
  await addToCart(page, product);
  await fillCheckout(page, `Kapazität ${product} ${Date.now()}`);
  // The day's times come with the address's `?tag=`; the typed fields are kept by the form.
  const filled = {
    name: await page.getByLabel("Name *").inputValue(),
    email: await page.getByLabel(/^E-Mail/).inputValue(),
  };
  await page.goto(`/store/${branch.identifier}/checkout?tag=${day}`);
  await page.getByLabel("Name *").fill(filled.name);
  await page.getByLabel(/^E-Mail/).fill(filled.email);
  await page.getByLabel("Ich akzeptiere die AGB.").check();
  await page.getByLabel("Ich habe die Datenschutzerklärung gelesen und stimme ihr zu.").check();
  await page.getByLabel("Uhrzeit", { exact: true }).selectOption({ label: `${time} Uhr` });
  await page.getByRole("button", { name: /abschicken$/ }).click();
  await expect(page).toHaveTitle(/^Bestellstatus - /);
  await context.close();
}

async function openCapacities(page: Page) {
  await signIn(page, testStaff.admin, "/backend/capacities");
  await expect(page.getByRole("heading", { level: 1, name: "Kapazitäten" })).toBeVisible();
  await page.getByLabel("Filiale", { exact: true }).selectOption({ label: branch.name });
  await page.getByRole("button", { name: "Filtern" }).click();
  await expect(page.getByRole("heading", { level: 2 })).toContainText(branch.name);
}

test("the staff page sets a product's limit; at its limit the checkout says so and offers the next free day", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(180_000);
  const product = javaScriptEnabled ? "Baguette" : "Laugenbrezel";
  await openCapacities(page);
  await page.getByLabel("Art", { exact: true }).selectOption({ label: "Produkt pro Tag" });
  await page.getByLabel("Produkt", { exact: true }).selectOption({ label: product });
  await page.getByLabel("Höchstens", { exact: true }).fill("3");
  await page.getByRole("button", { name: "Grenze anlegen" }).click();
  await expect(page.getByText("Die Grenze wurde gespeichert.")).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: product }) });
  await expect(row).toContainText("Produkt pro Tag");
  await expect(row).toContainText("0 von 3");
  // Changed in place: one a day.
  await row.getByLabel(`Höchstens: ${product}`).fill("1");
  await row.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Die Grenze wurde gespeichert.")).toBeVisible();
  await expect(row).toContainText("0 von 1");

  const customer = await customerBrowser(browser, javaScriptEnabled, origin);
  const days = await bookableDays(customer.page);
  const [day, nextDay] = javaScriptEnabled ? [days[20]!, days[21]!] : [days[24]!, days[25]!];
  await orderFor(browser, javaScriptEnabled, product, day, "09:00");

  // The staff page shows the day's load next to the limit.
  await page.getByLabel("Tag", { exact: true }).fill(day);
  await page.getByRole("button", { name: "Filtern" }).click();
  await expect(row).toContainText("1 von 1");
  await expect(row).toContainText("ausgebucht");

  // The next customer wants the same product that day.
  await addToCart(customer.page, product);
  await customer.page.goto(`/store/${branch.identifier}/checkout?tag=${day}`);
  await expect(customer.page.getByText(`${product}: Für diesen Tag ausgebucht.`)).toBeVisible();
  const next = customer.page.getByRole("link", { name: /^Nächster freier Tag: / });
  await expect(next).toHaveAttribute("href", new RegExp(`tag=${nextDay}$`));
  await next.click();
  await expect(customer.page).toHaveURL(new RegExp(`tag=${nextDay}$`));
  await expect(customer.page.getByText("Für diesen Tag ausgebucht")).toHaveCount(0);
  // Sent anyway for the full day, the order is refused with the reason.
  await customer.page.goto(`/store/${branch.identifier}/checkout?tag=${day}`);
  await customer.page.getByLabel("Name *").fill("Zu spät");
  await customer.page.getByLabel(/^E-Mail/).fill("zu-spaet@example.org");
  await customer.page.getByLabel("Ich akzeptiere die AGB.").check();
  await customer.page
    .getByLabel("Ich habe die Datenschutzerklärung gelesen und stimme ihr zu.")
    .check();
  await customer.page.getByLabel("Uhrzeit", { exact: true }).selectOption({ label: "12:00 Uhr" });
  await customer.page.getByRole("button", { name: /abschicken$/ }).click();
  await expect(
    customer.page
      .getByText(`${product} ist für diesen Tag ausgebucht. Bitte wählen Sie einen anderen Tag.`)
      .first(),
  ).toBeVisible();
  await customer.context.close();
});

test("a full slot is not offered in the time picker", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(180_000);
  await openCapacities(page);
  await page
    .getByLabel("Art", { exact: true })
    .selectOption({ label: "Bestellungen pro Zeitfenster" });
  await page.getByLabel("Länge des Zeitfensters (Minuten)").selectOption("60");
  await page.getByLabel("Höchstens", { exact: true }).fill("1");
  await page.getByRole("button", { name: "Grenze anlegen" }).click();
  // The other project may have set it first.
  await expect(
    page
      .getByText(/Die Grenze wurde gespeichert\.|Diese Grenze gibt es für die Filiale schon/)
      .first(),
  ).toBeVisible();

  const customer = await customerBrowser(browser, javaScriptEnabled, origin);
  const days = await bookableDays(customer.page);
  const day = javaScriptEnabled ? days[40]! : days[44]!;
  const timesOf = async () => {
    await customer.page.goto(`/store/${branch.identifier}/checkout?tag=${day}`);
    return customer.page
      .getByLabel("Uhrzeit", { exact: true })
      .locator("option")
      .evaluateAll((options) => options.map((option) => option.textContent ?? ""));
  };
  await addToCart(customer.page, "Baguette");
  expect(await timesOf()).toContain("10:15 Uhr");
  await orderFor(browser, javaScriptEnabled, "Baguette", day, "10:15");
  const times = await timesOf();
  // 10:00 to 10:55 are one slot, now full; the hours around it are still offered.
  expect(times.filter((time) => time.startsWith("10:"))).toEqual([]);
  expect(times).toContain("09:55 Uhr");
  expect(times).toContain("11:00 Uhr");
  await customer.context.close();
});
