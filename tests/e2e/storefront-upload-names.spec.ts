import sharp from "sharp";
import { expect, test } from "./fixtures";

/**
 * Issue 36, item 2 (decision 075): a photo whose name holds ';' or '=' could not be added to the
 * cart ("Die Anfrage konnte nicht verarbeitet werden."): the multipart parser refused the name.
 * With and without JavaScript, the browser's own upload of such a photo, and of one whose name
 * has quotes and umlauts, lands in the cart under its name.
 */

const NAMES = ["Torte; Geburtstag=1.jpg", 'Das "Törtchen" ä.jpg'];

for (const name of NAMES) {
  test(`a photo named ${name} goes into the cart`, async ({ page }) => {
    const photo = await sharp({
      create: { width: 16, height: 16, channels: 3, background: "#c0392b" },
    })
      .jpeg()
      .toBuffer();
    await page.goto("/store/wiehre");
    await page.getByRole("link", { name: "Fototortenaufleger (einzeln) auswählen" }).click();
    const dialog = page.getByRole("dialog", { name: "Fototortenaufleger (einzeln)" });
    await dialog
      .getByLabel("Foto für den Tortenaufleger")
      .setInputFiles({ name, mimeType: "image/jpeg", buffer: photo });
    await dialog.getByLabel("Rund, Ø 20 cm").check();
    await dialog.getByRole("button", { name: "In den Warenkorb" }).click();

    const cart = page.getByRole("complementary", { name: "Warenkorb" });
    await expect(cart.getByText("1 Produkt im Warenkorb")).toBeVisible();
    await expect(cart.getByRole("img", { name: `Vorschau: ${name}`, exact: true })).toBeVisible();
    await expect(page.getByText("Die Anfrage konnte nicht verarbeitet werden.")).toHaveCount(0);
  });
}
