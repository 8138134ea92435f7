import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { signIn } from "./helpers";
import { checkoutPort } from "./servers";
import { expect, test } from "./fixtures";

/**
 * Tasks (spec section 4, decision 061), once with JavaScript and once without: an administrator
 * plans a task of a branch and finds it in the list filtered by its state; with JavaScript the
 * open list follows a change made in another window without a reload.
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

test("a task is planned, listed, and the open list follows its change", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const name = javaScriptEnabled ? "Stollen backen (js)" : "Stollen backen (nojs)";
  const branch = javaScriptEnabled ? testBranches.open : testBranches.closed;
  await signIn(page, testStaff.admin, "/backend/tasks/new");
  await page.getByLabel("Filiale").selectOption({ label: branch.name });
  await page.getByLabel("Titel").fill(name);
  await page.getByLabel("Status").selectOption({ label: "Offen" });
  await page.getByLabel("Fällig am").fill("2026-12-10");
  await page.getByRole("button", { name: "Anlegen" }).click();
  await expect(page.getByText("Die Aufgabe wurde angelegt.")).toBeVisible();

  await page.goto(`/backend/tasks?suche=${encodeURIComponent(name)}`);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Offen");

  if (!javaScriptEnabled) return;
  // Another window marks it done; the open list shows it without being reloaded.
  const other = await (
    await browser.newContext({ storageState: await page.context().storageState() })
  ).newPage();
  await other.goto((await row.getByRole("link").first().getAttribute("href"))!);
  await other.getByLabel("Status").selectOption({ label: "Erledigt" });
  await other.getByRole("button", { name: "Speichern" }).click();
  await expect(other.getByText("Die Aufgabe wurde gespeichert.")).toBeVisible();
  await expect(row).toContainText("Erledigt");
  await other.context().close();
});
