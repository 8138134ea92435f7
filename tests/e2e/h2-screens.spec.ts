import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { signIn } from "./helpers";
import { checkoutPort } from "./servers";
import { test } from "./fixtures";

test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

test("screens", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled);
  test.setTimeout(120_000);
  await signIn(page, testStaff.admin, "/backend/daily-closing");
  await page.getByLabel("Filiale", { exact: true }).selectOption({ label: testBranches.open.name });
  await page.getByRole("button", { name: "Filtern" }).click();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "/tmp/h2-desktop.png", fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: "/tmp/h2-phone.png", fullPage: true });
  await page.emulateMedia({ media: "print" });
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.screenshot({ path: "/tmp/h2-print.png", fullPage: true });
});
