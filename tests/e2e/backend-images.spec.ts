import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { DEMO_ADMIN_EMAIL } from "#app/db/seed.server";
import { signIn } from "./helpers";
import { checkoutPort, demoAdminPassword } from "./servers";
import { expect, test, whenHydrated } from "./fixtures";

/**
 * Images (issue 16, decision 038): the owner uploads a product photo with its alt text in the
 * back office ("Bilder"; with JavaScript by dropping the file on the form, without it through the
 * plain file field), sets the focal point, gives the photo to a product, and sees it on the menu
 * in every size: the product card's `srcset` of the square sizes and the item dialog's of the wide
 * ones, with width and height, every size answering as an image.
 */
// The runs create a public branch: on the checkout server, whose home page no spec counts.
test.use({ baseURL: `http://127.0.0.1:${checkoutPort}` });

const demoAdmin = { email: DEMO_ADMIN_EMAIL, password: demoAdminPassword };

async function photo() {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#c08a4b" } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">' +
            '<circle cx="1100" cy="500" r="260" fill="#7a3b12"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

test.describe("images in the back office", () => {
  test.describe.configure({ timeout: 90_000 });

  test("the owner uploads a product photo with alt text and sees it in all sizes on the menu", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    const project = javaScriptEnabled ? "js" : "nojs";
    const suffix = `${project}-${Date.now().toString(36)}`;
    const alt = `Ein Bauernbrot im Anschnitt (${project})`;
    await signIn(page, demoAdmin, "/backend/images/new");
    await expect(page.getByRole("heading", { level: 1, name: "Bild hochladen" })).toBeVisible();

    // The upload: dropped on the form with JavaScript, chosen in the file field without.
    const bytes = await photo();
    if (javaScriptEnabled) {
      await whenHydrated(page);
      const drop = await page.evaluateHandle(
        ([base64]) => {
          const binary = atob(base64!);
          const data = new Uint8Array(binary.length);
          for (let index = 0; index < binary.length; index += 1)
            data[index] = binary.charCodeAt(index);
          const transfer = new DataTransfer();
          transfer.items.add(new File([data], "bauernbrot.jpg", { type: "image/jpeg" }));
          return transfer;
        },
        [bytes.toString("base64")],
      );
      await page.getByTestId("image-drop").dispatchEvent("dragover", { dataTransfer: drop });
      await page.getByTestId("image-drop").dispatchEvent("drop", { dataTransfer: drop });
      // The dropped picture is shown at once, to click for the focal point.
      await expect(page.getByRole("button", { name: /Bildmittelpunkt zu setzen/ })).toBeVisible();
    } else {
      await page
        .getByLabel("Bilddatei")
        .setInputFiles({ name: "bauernbrot.jpg", mimeType: "image/jpeg", buffer: bytes });
    }
    await page.getByLabel("Bildbeschreibung (Alternativtext)").fill(alt);
    await page.getByLabel("Waagerecht (0 = links, 100 = rechts)").fill("70");
    await page.getByLabel("Senkrecht (0 = oben, 100 = unten)").fill("40");
    await page.getByRole("button", { name: "Hochladen" }).click();
    await expect(page.getByText("Das Bild wurde hochgeladen.")).toBeVisible();
    const imageId = Number(/\/backend\/images\/(\d+)/.exec(page.url())![1]);
    await expect(page.getByRole("heading", { level: 1, name: `Bild „${alt}“` })).toBeVisible();
    // The edit page shows all seven sizes.
    await expect(page.locator(".image-sizes img")).toHaveCount(7);
    await expect(page.getByText("Produkt: 600 × 600 px")).toBeVisible();
    if (javaScriptEnabled) {
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations).toEqual([]);
    }

    // The list shows it.
    await page.goto(`/backend/images?suche=${encodeURIComponent(project)}`);
    await expect(page.getByRole("link", { name: alt })).toBeVisible();

    // A branch, a product with this photo and a menu of this run's own (through the API).
    const headers = { Origin: baseURL! };
    const identifier = `bilder-${suffix}`;
    const branch = await page.request.post("/api/branches", {
      headers,
      data: {
        name: `Bilderfiliale ${project}`,
        identifier,
        isPublic: true,
        isTakeawayEnabled: true,
        isCashEnabled: true,
      },
    });
    expect(branch.status(), await branch.text()).toBe(201);
    const branchId = (await branch.json()).data.id as number;
    const category = await page.request.post("/api/categories", {
      headers,
      data: { name: `Brote ${project}`, isEnabled: true },
    });
    expect(category.status(), await category.text()).toBe(201);
    const categoryId = (await category.json()).data.id as number;
    const productName = `Bauernbrot ${project}`;
    const product = await page.request.post("/api/products", {
      headers,
      data: {
        name: productName,
        type: "simple",
        price: 450,
        unit: "piece",
        calculationModel: "minimum",
        taxRate: 7,
        takeawayTaxRate: 7,
        dineInTaxRate: 19,
        isEnabled: true,
        imageIds: [imageId],
      },
    });
    expect(product.status(), await product.text()).toBe(201);
    const productId = (await product.json()).data.id as number;
    const menu = await page.request.post("/api/menus", {
      headers,
      data: {
        name: `Bilderkarte ${suffix}`,
        availableFrom: "2026-01-01T00:00",
        branchIds: [branchId],
        catalog: [{ id: categoryId, products: [{ productId }] }],
      },
    });
    expect(menu.status(), await menu.text()).toBe(201);

    // The menu: the card's picture in the square sizes, with its alt text, width and height.
    await page.goto(`/store/${identifier}`);
    await page.waitForLoadState("load");
    const card = page.locator(".product").filter({ hasText: productName });
    const picture = card.getByRole("img", { name: alt });
    await expect(picture).toBeVisible();
    // A 64 px thumbnail needs nothing wider than 3 × 64 px: the 600 px size is not named. The
    // icon is its 1x, the 400 px size its dense screens' (densities of the slot, decision 078).
    await expect(picture).toHaveAttribute("width", "64");
    await expect(picture).toHaveAttribute("height", "64");
    const srcset = (await picture.getAttribute("srcset"))!;
    const name = `${imageId}-1.jpg`;
    await expect(picture).toHaveAttribute("src", `/image/icon/${name}`);
    expect(srcset).toBe(`/image/category/${name} 6.25x`);
    // The browser took one of them and shows it.
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    // The item dialog: the wide sizes.
    await card.getByRole("link").first().click();
    const dialog = page.getByRole("dialog", { name: productName });
    await expect(dialog).toBeVisible();
    const large = dialog.getByRole("img", { name: alt });
    await expect(large).toHaveAttribute(
      "srcset",
      `/image/small/${name} 400w, /image/medium/${name} 800w, /image/large/${name} 1600w`,
    );
    await expect(large).toHaveAttribute("width", "800");
    await expect(large).toHaveAttribute("height", "600");

    // Every size answers as an image, for a long time, in the format the browser takes.
    for (const size of ["large", "medium", "small", "tiny", "icon", "product", "category"]) {
      const response = await page.request.get(`/image/${size}/${name}`, {
        headers: { Accept: "image/avif,image/webp,*/*" },
      });
      expect(response.status(), size).toBe(200);
      expect(response.headers()["content-type"], size).toBe("image/avif");
      expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });
});
