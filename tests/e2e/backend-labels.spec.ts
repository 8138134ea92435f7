import AxeBuilder from "@axe-core/playwright";
import { readFile } from "node:fs/promises";
import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { signIn } from "./helpers";
import { demoAdminPassword } from "./servers";
import { expect, test } from "./fixtures";

/**
 * Product labels (issue 20, decision 057): the administrator finds a product, asks for three
 * detail labels and downloads the PDF; the test reads its text. The same with and without
 * JavaScript (the form is a plain POST whose answer, after a redirect, is the download).
 */
const demoAdmin = { email: DEMO_ADMIN_EMAIL, password: demoAdminPassword };

test("labels for a product download as a PDF with its name and price", async ({ page }, info) => {
  await signIn(page, demoAdmin, "/backend/products/labels");
  await expect(
    page.getByRole("heading", { level: 1, name: "Produktetiketten drucken" }),
  ).toBeVisible();
  await page.getByRole("searchbox", { name: "Suche" }).fill("Franzbrötchen");
  await page.getByRole("button", { name: "Filtern" }).click();
  await expect(page).toHaveURL(/suche=Franzbr/);
  await page.getByRole("spinbutton", { name: "Anzahl Etiketten für Franzbrötchen" }).fill("3");
  await page.getByRole("radio", { name: /^Ausführlich/ }).check();
  await page.getByRole("spinbutton", { name: "Erstes freies Etikett auf dem Bogen" }).fill("9");
  if (info.project.name === "js") {
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  }
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "PDF erstellen" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("etiketten.pdf");
  const bytes = await readFile((await download.path())!);
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes) }).promise;
  // From position 9 of 10: two on the first sheet, one on the second.
  expect(pdf.numPages).toBe(2);
  let text = "";
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    text += content.items.map((item) => ("str" in item ? item.str : "")).join("");
  }
  await pdf.destroy();
  expect(text.match(/Franzbrötchen/g)).toHaveLength(3);
  expect(text).toMatch(/\d+,\d{2} € \/ Stk\./);
  // The page is still there to print more.
  await expect(
    page.getByRole("heading", { level: 1, name: "Produktetiketten drucken" }),
  ).toBeVisible();
});
