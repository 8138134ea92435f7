import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { DateTime } from "luxon";
import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { orderAsCustomer, signIn } from "./helpers";
import { checkoutPort } from "./servers";
import { expect, test } from "./fixtures";

/**
 * The statistics page (issue 19, decision 055), once with JavaScript and once without: after a
 * customer's order in the shop, today's orders and revenue have grown, the charts are there with
 * their tables, the date form and the presets choose the days, and a figure downloads as CSV.
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

const origin = `http://127.0.0.1:${checkoutPort}`;

/** '1.234' → 1234, '1.234,50 €' → 123450 (cents). */
const numberOf = (text: string) => Number(text.replace(/[^\d,]/g, "").replace(",", "."));

async function totals(page: Page) {
  const orders = numberOf(await page.getByTestId("stats-total-orders").innerText());
  const revenue = Math.round(
    numberOf(await page.getByTestId("stats-total-revenue").innerText()) * 100,
  );
  return { orders, revenue };
}

test.describe("the back office's statistics", () => {
  test.describe.configure({ timeout: 120_000 });

  test("show today's orders and revenue after an order, and download a figure as CSV", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const today = DateTime.now().setZone("Europe/Berlin").toISODate()!;
    const target = `/backend/statistics?von=${today}&bis=${today}`;
    await signIn(page, testStaff.admin, target);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Statistiken");
    const before = await totals(page);

    const customer = await orderAsCustomer(
      browser,
      javaScriptEnabled,
      `Statistik ${javaScriptEnabled ? "JS" : "Ohne"}`,
      origin,
    );
    await customer.context.close();
    await page.reload();
    const after = await totals(page);
    expect(after.orders).toBeGreaterThanOrEqual(before.orders + 1);
    expect(after.revenue).toBeGreaterThan(before.revenue);
    expect(after.revenue % 1).toBe(0);
    await expect(page.getByTestId("stats-total-revenue")).toHaveText(
      /^\d{1,3}(\.\d{3})*,\d{2}\s€$/,
    );

    // The chart is an image with a name, and its values are a table.
    await expect(page.getByRole("img", { name: "Bestellungen", exact: true })).toBeVisible();
    const orders = page.getByRole("region", { name: "Bestellungen", exact: true });
    await orders.getByText("Werte als Tabelle").click();
    const day = DateTime.fromISO(today).toFormat("dd.MM.yyyy");
    await expect(orders.getByRole("row", { name: new RegExp(day) })).toBeVisible();
    if (javaScriptEnabled)
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // The branch and the days from the form; a preset link.
    await page
      .getByLabel("Filiale", { exact: true })
      .selectOption({ label: testBranches.open.name });
    await page.getByRole("button", { name: "Anzeigen" }).click();
    await expect(page).toHaveURL(/filiale=\d+/);
    expect((await totals(page)).orders).toBeGreaterThanOrEqual(1);
    await page.getByRole("link", { name: "Letzte 7 Tage" }).click();
    await expect(page).toHaveURL(/von=\d{4}-\d{2}-\d{2}&bis=/);
    await expect(page.getByLabel("Bis", { exact: true })).toHaveValue(today);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Umsatz (brutto) als CSV herunterladen" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^statistik-revenue-.*\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv).toContain("Tag;Umsatz (brutto) (EUR)");
    expect(csv).toMatch(new RegExp(`${day.replace(/\./g, "\\.")};\\d+,\\d{2}`));
  });
});
