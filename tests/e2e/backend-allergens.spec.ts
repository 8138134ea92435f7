import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { signIn } from "./helpers";
import { demoAdminPassword } from "./servers";
import { expect, test } from "./fixtures";

/**
 * The Allergene area (issue 37, decision 083: added as one folder and one registry line): an
 * administrator creates an allergen, ticks it on a new product, finds it in the allergens' list
 * and in the product's JSON. With and without JavaScript: plain forms either way.
 */
const demoAdmin = { email: DEMO_ADMIN_EMAIL, password: demoAdminPassword };

test.describe("allergens in the back office", () => {
  test.describe.configure({ timeout: 90_000 });

  test("an allergen created, ticked on a product, listed and shown by the product's API", async ({
    page,
    javaScriptEnabled,
  }) => {
    const run = Date.now().toString(36).toUpperCase();
    // One to three capitals or digits, unique per run: J/N for the project, two of the clock.
    const code = `${javaScriptEnabled ? "J" : "N"}${run.slice(-2)}`;
    const name = `Testallergen ${javaScriptEnabled ? "JS" : "ohne JS"} ${run}`;

    await signIn(page, demoAdmin, "/backend/allergens/new");
    await expect(page.getByRole("heading", { level: 1, name: "Neues Allergen" })).toBeVisible();
    await page.getByRole("textbox", { name: "Kurzzeichen", exact: true }).fill(code);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await page.getByRole("button", { name: "Anlegen" }).last().click();
    await expect(page).toHaveURL(/\/backend\/allergens\/\d+\?hinweis=angelegt$/);
    const allergenId = Number(new URL(page.url()).pathname.split("/").at(-1));

    // The list: the EU's 14 from the migration, and the new one found by its name.
    await page.goto("/backend/allergens");
    await expect(page.getByRole("heading", { level: 1, name: "Allergene" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Glutenhaltiges Getreide/ })).toBeVisible();
    await page.getByRole("searchbox", { name: /Allergene durchsuchen/ }).fill(name);
    await page.getByRole("searchbox", { name: /Allergene durchsuchen/ }).press("Enter");
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText(code);

    // A product names it (and milk, one of the EU's) with the form's checkboxes.
    const product = `Allergentest ${run} ${javaScriptEnabled ? "JS" : "ohne JS"}`;
    await page.goto("/backend/products/new");
    await page.getByRole("textbox", { name: "Name", exact: true }).first().fill(product);
    await page.getByRole("textbox", { name: "Preis", exact: true }).fill("2,50");
    const allergens = page.getByRole("group", { name: /Enthaltene Allergene/ });
    await allergens.getByLabel(name, { exact: true }).check();
    await allergens.getByLabel("Milch (einschließlich Laktose)", { exact: true }).check();
    await page.getByRole("button", { name: "Anlegen" }).last().click();
    await expect(page).toHaveURL(/\/backend\/products\/\d+\?hinweis=angelegt$/);
    const productId = Number(new URL(page.url()).pathname.split("/").at(-1));
    await expect(
      page.getByRole("group", { name: /Enthaltene Allergene/ }).getByLabel(name, { exact: true }),
    ).toBeChecked();

    // GET /api/products/{id}: the allergens it names, and the EU code of milk.
    const answer = await page.request.get(`/api/products/${productId}`);
    expect(answer.status()).toBe(200);
    const { data } = (await answer.json()) as {
      data: { allergenIds: number[]; allergenCodes: string[] };
    };
    expect(data.allergenIds).toContain(allergenId);
    expect(data.allergenCodes).toEqual(["milk"]);
  });
});
