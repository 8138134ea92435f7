import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "@playwright/test";
import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { orderAsCustomer, signIn } from "./helpers";
import { checkoutPort } from "./servers";
import { expect, test } from "./fixtures";

/**
 * The order notifier (decisions 057, 063), once with JavaScript and once without: an
 * administrator creates a notifier for the open test branch and copies its address from the
 * device page; the kitchen tablet opens it; a customer orders; the order appears on the tablet:
 * live with JavaScript, after the page's own refresh (here: a reload) without.
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

const origin = `http://127.0.0.1:${checkoutPort}`;

/** A customer's order in the shop, in a browser of their own; answers its ticket number. */
async function customerOrder(browser: Browser, javaScriptEnabled: boolean, name: string) {
  const { page, context } = await orderAsCustomer(browser, javaScriptEnabled, name, origin);
  const ticket = (await page.getByText(/^Ticket\s*\d+$/).textContent())!.replace(/\D/g, "");
  await context.close();
  return ticket;
}

test("a new order appears on the kitchen's order notifier", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const suffix = `${javaScriptEnabled ? "js" : "nojs"}-${Date.now().toString(36)}`;
  await signIn(
    page,
    { email: testStaff.admin.email, password: testStaff.admin.password },
    "/backend/devices/new",
  );
  const field = (role: "textbox" | "combobox", label: string) =>
    page.getByRole(role, { name: label, exact: true });
  await field("textbox", "Name").fill(`Küchenmelder ${suffix}`);
  await field("textbox", "Kennung").fill(`melder-${suffix}`);
  await field("combobox", "Filiale").selectOption({ label: testBranches.open.name });
  await field("combobox", "Art").selectOption({ label: "Bestellmelder" });
  await page.getByRole("button", { name: "Anlegen" }).last().click();
  await expect(page.getByText("Das Gerät wurde angelegt.")).toBeVisible();

  // The address to type into the tablet, on the device page.
  const address = field("textbox", "Adresse des Bestellmelders");
  await expect(address).toHaveValue(new RegExp(`^${origin}/melder/[0-9a-f]{64}$`));
  const notifierUrl = await address.inputValue();

  const tablet = await browser.newContext({ javaScriptEnabled });
  const notifier = await tablet.newPage();
  await notifier.goto(notifierUrl);
  await expect(notifier).toHaveTitle(
    `Bestellmelder Küchenmelder ${suffix} – ${testBranches.open.name}`,
  );
  await expect(notifier.getByRole("heading", { name: "Neue Bestellungen" })).toBeVisible();
  if (javaScriptEnabled) {
    await expect(
      notifier.getByText("Die Seite läutet bei neuen Bestellungen, solange sie geöffnet ist."),
    ).toBeVisible();
    expect((await new AxeBuilder({ page: notifier }).analyze()).violations).toEqual([]);
  }

  // The orders listed before; ticket numbers repeat across days, so the new row is told by both.
  const listed = () =>
    notifier.locator("tr[data-order-id]").evaluateAll((rows) =>
      rows.map((row) => ({
        id: row.getAttribute("data-order-id"),
        ticket: row.querySelector("td")?.textContent?.trim() ?? "",
        text: row.textContent ?? "",
      })),
    );
  const before = new Set((await listed()).map((row) => row.id));
  const ticket = await customerOrder(browser, javaScriptEnabled, `Melder Kunde ${suffix}`);
  const arrived = async () =>
    (await listed()).filter((row) => !before.has(row.id) && row.ticket === ticket);
  if (javaScriptEnabled) {
    // Live: no reload, the page hears the order event.
    await expect.poll(async () => (await arrived()).length, { timeout: 15_000 }).toBe(1);
  } else {
    // Without JavaScript the page refreshes itself every 15 s; a reload does the same at once.
    try {
      await notifier.reload();
    } catch (error) {
      if (!String(error).includes("ERR_ABORTED")) throw error;
      await notifier.waitForLoadState("load");
    }
    expect(await arrived()).toHaveLength(1);
  }
  const [row] = await arrived();
  expect(row!.text).toContain("Baguette");
  expect(row!.text).toContain("Abholung");
  await tablet.close();
});
