import type { Browser, Locator, Page } from "@playwright/test";
import { testBranches, testStaff } from "../support/prepare-checkout-database";
import { checkOutCart, signIn } from "./helpers";
import { checkoutPort } from "./servers";
import { expect, test, whenHydrated } from "./fixtures";

/**
 * Issue 16's acceptance (decision 037): a customer uploads a cake photo, sees its preview in the
 * item dialog and the cart, orders, and staff see the preview on the order and its receipt, linked
 * to the file. Then an administrator adds and deletes a staff file in "Dateien". With and without
 * JavaScript, on the checkout server (its test branch is open day and night).
 */
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

const origin = `http://127.0.0.1:${checkoutPort}`;
const TOPPER = "Fototortenaufleger (einzeln)";

/** A real 96 × 64 JPEG (orange), as a phone photo is to the checks: it decodes to its last row. */
const PHOTO = Buffer.from(
  "/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCABAAGADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCIBGrgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB//2Q==",
  "base64",
);

async function photo(): Promise<Buffer> {
  return PHOTO;
}

/** The image has arrived and decoded: a broken preview has no natural width. */
async function expectLoadedImage(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
}

async function expectPreviewLinkedToFile(page: Page, region: Locator, fileName: string) {
  const image = region.getByRole("img", { name: `Vorschau: ${fileName}` });
  await expectLoadedImage(image);
  const preview = await image.getAttribute("src");
  expect(preview).toMatch(/^\/upload\/[a-f0-9]{32}\/preview\/\d+-1\.jpg$/);
  const link = image.locator("xpath=ancestor::a[1]");
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/upload\/[a-f0-9]{32}\/\d+-1\.jpg$/);
  const file = await page.request.get(`${origin}${href}`);
  expect(file.headers()["content-type"]).toBe("image/jpeg");
}

async function customerOrdersWithPhoto(
  browser: Browser,
  javaScriptEnabled: boolean,
  name: string,
  fileName: string,
) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL: origin });
  const page = await context.newPage();
  await page.goto(`/store/${testBranches.open.identifier}`);
  // A page of its own context, not the fixture's: its goto does not wait for the scripts. A
  // click before them loads the dialog as a new page, and a file chosen before that one's
  // scripts run has no preview.
  if (javaScriptEnabled) await whenHydrated(page);
  await page.getByRole("link", { name: `${TOPPER} auswählen` }).click();
  const dialog = page.getByRole("dialog", { name: TOPPER });
  await expect(dialog).toBeVisible();
  // The preview is the script's work: the file is chosen once the page runs it.
  if (javaScriptEnabled) await whenHydrated(page);
  await dialog
    .getByLabel("Foto für den Tortenaufleger")
    .setInputFiles({ name: fileName, mimeType: "image/jpeg", buffer: await photo() });
  if (javaScriptEnabled) {
    // With JavaScript the chosen photo shows before anything is sent.
    await expectLoadedImage(dialog.getByRole("img", { name: `Vorschau: ${fileName}` }));
  }
  await dialog.getByLabel("Rund, Ø 20 cm").check();
  await dialog.getByRole("button", { name: "In den Warenkorb" }).click();
  await expect(page.getByText("Produkt zum Warenkorb hinzugefügt.")).toBeVisible();

  const cart = page.getByRole("complementary", { name: "Warenkorb" });
  await expectLoadedImage(cart.getByRole("img", { name: `Vorschau: ${fileName}` }));

  // Opened again from the cart, the dialog shows the posted photo's preview from the server.
  await cart.getByRole("link", { name: `${TOPPER} bearbeiten` }).click();
  const editing = page.getByRole("dialog", { name: TOPPER });
  await expectLoadedImage(editing.getByRole("img", { name: `Vorschau: ${fileName}` }));
  await expect(editing.getByRole("checkbox", { name: new RegExp(fileName) })).toBeChecked();
  await editing.getByRole("link", { name: "Abbrechen" }).click();

  await checkOutCart(page, name);
  await context.close();
}

test("a customer's cake photo shows in the dialog and cart; staff see it on the order and receipt", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const project = javaScriptEnabled ? "js" : "ohne";
  const name = `Foto ${project} ${Date.now()}`;
  const fileName = `torte-${project}-${Date.now()}.jpg`;
  await customerOrdersWithPhoto(browser, javaScriptEnabled, name, fileName);

  await signIn(page, testStaff.open, "/backend/orders?view=history");
  await page.getByRole("row").filter({ hasText: name }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/backend\/orders\/\d+$/);
  const orderUrl = page.url();
  await expectPreviewLinkedToFile(page, page.locator("main"), fileName);

  await page.goto(`${orderUrl}/receipt`);
  await expectPreviewLinkedToFile(
    page,
    page.getByRole("region", { name: "Hochgeladene Dateien" }),
    fileName,
  );
});

test("an administrator adds a staff file in Dateien, a disguised page is refused, the file is deleted", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const fileName = `aushang-${javaScriptEnabled ? "js" : "ohne"}-${Date.now()}.jpg`;
  await signIn(page, testStaff.admin, "/backend/uploads");
  await expect(page.getByRole("heading", { level: 1, name: "Dateien" })).toBeVisible();

  await page
    .locator('input[type="file"][name="file"]')
    .setInputFiles({ name: fileName, mimeType: "image/jpeg", buffer: await photo() });
  await page.getByRole("button", { name: "Hochladen" }).click();
  await expect(page).toHaveURL(/\/backend\/uploads\?hinweis=hochgeladen$/);
  await expect(page.getByText("Die Datei wurde hochgeladen.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: fileName });
  await expect(row).toContainText("Eigene Datei");
  await expectLoadedImage(row.getByRole("img", { name: `Vorschau von „${fileName}“` }));

  // An HTML page named like a photo is refused with the spec's sentence; nothing is added.
  await page.locator('input[type="file"][name="file"]').setInputFiles({
    name: "plakat.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await page.getByRole("button", { name: "Hochladen" }).click();
  await expect(page.getByRole("alert")).toContainText("Datei konnte nicht erstellt werden.");
  await expect(page.getByRole("alert")).toContainText(
    "Die Datei „plakat.jpg“ konnte nicht verarbeitet werden.",
  );
  await expect(page.getByRole("row").filter({ hasText: "plakat.jpg" })).toHaveCount(0);

  await page.goto("/backend/uploads");
  await page
    .getByRole("row")
    .filter({ hasText: fileName })
    .getByRole("button", { name: "Löschen" })
    .click();
  await page.getByRole("button", { name: "Ja, löschen" }).click();
  await expect(page).toHaveURL(/\/backend\/uploads\?hinweis=geloescht$/);
  await expect(page.getByText("Die Datei wurde gelöscht.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: fileName })).toHaveCount(0);
});
