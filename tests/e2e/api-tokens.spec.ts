import AxeBuilder from "@axe-core/playwright";
import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { deApiTokens } from "#app/i18n/de-api-tokens";
import { signIn } from "./helpers";
import { demoAdminPassword } from "./servers";
import { expect, test } from "./fixtures";

/**
 * Personal API tokens (issue 38, decisions 095 and 096), once with JavaScript and once without:
 * the administrator makes a token on "API-Zugänge", sees it once, another system uses it (the
 * request fixture: no cookie, only the header), the administrator revokes it after the
 * confirmation, and the next call is 401.
 */
test("an administrator makes an API token, sees it once, uses it and revokes it", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const name = `Kasse ${javaScriptEnabled ? "js" : "nojs"} ${Date.now().toString(36)}`;
  await signIn(
    page,
    { email: DEMO_ADMIN_EMAIL, password: demoAdminPassword },
    "/backend/api-tokens",
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API-Zugänge");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("checkbox", { name: "Administration", exact: true }).check();
  await page.getByRole("button", { name: deApiTokens.create, exact: true }).click();

  const shown = page.getByTestId("api-token");
  await expect(shown).toHaveText(/^bt_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText(deApiTokens.createdOnce(name))).toBeVisible();
  const token = (await shown.textContent())!;
  const asOtherSystem = { headers: { Authorization: `Bearer ${token}` } };
  const products = await request.get("/api/products", asOtherSystem);
  expect(products.status()).toBe(200);

  // Listed with its owner and status; the token itself is never shown again.
  await page.goto("/backend/api-tokens");
  await expect(page.getByText(token)).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText(deApiTokens.status.active);
  await expect(row).toContainText("Administration");
  if (javaScriptEnabled) {
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  }

  await row.getByRole("button", { name: deApiTokens.revoke, exact: true }).click();
  await expect(page.getByText(deApiTokens.revokeQuestion(name))).toBeVisible();
  await page.getByRole("button", { name: deApiTokens.revokeConfirm, exact: true }).click();
  await expect(page.getByText(deApiTokens.revoked(name))).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText(
    deApiTokens.status.revoked,
  );

  const refused = await request.get("/api/products", asOtherSystem);
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ errors: [{ message: deApiTokens.api.invalid }] });
});
