import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";
import { tinyPng } from "#tests/support/tiny-png";

/**
 * Issue 36, items 8 and 11 (decision 080): a picture chosen in a back-office form survives every
 * round trip without JavaScript (a row added to a product, a category refused for a bad field),
 * shown as "Bild ausgewählt: <name>" with its preview, and is saved with its alt text; another
 * staff member's staged picture is not taken. A row added shows no errors before saving.
 */
describe.each(databaseTargets())("pictures kept between round trips (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let other: StaffClient;
  let dataDir: string;

  const png = (name: string) => new File([tinyPng()], name, { type: "image/png" });
  const multipart = (fields: Record<string, string | string[] | File>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
    }
    return form;
  };
  const stagedIds = (html: string, field: string) =>
    [...html.matchAll(new RegExp(`name="${field}__vorgemerkt" value="(\\d+)"`, "g"))].map(
      (match) => match[1]!,
    );

  const product = {
    name: "Motivtorte",
    type: "configurable",
    price: "39,00",
    unit: "piece",
    calculationModel: "fixed",
    "parts[0].name": "Größe",
    "parts[0].type": "select",
  };

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    dataDir = mkdtempSync(path.join(tmpdir(), "bt-staged-"));
    server = await startAppServer(handle.db, {
      config: { publicOrigin: "http://localhost:3000", mode: "demo", dataDir },
    });
    const adminUser = await createStaff(handle.db, { roles: ["ROLE_ADMIN"] });
    const otherUser = await createStaff(handle.db, { roles: ["ROLE_ADMIN"] });
    admin = await new StaffClient(server).signInAs(server.context, adminUser.id);
    other = await new StaffClient(server).signInAs(server.context, otherUser.id);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps a product's picture and alt text through adding an option and a part, then saves both", async () => {
    const addOption = await admin.send("/backend/products/new", {
      multipart: multipart({
        ...product,
        imageIds__datei: png("Torte; Geburtstag.png"),
        imageIds__alt: "Eine Motivtorte",
        intent: "parts[0].options-add",
      }),
    });
    expect(addOption.status).toBe(200);
    let html = await addOption.text();
    expect(html).toContain('name="parts[0].options[0].name"');
    expect(html).toContain("Bild ausgewählt: Torte; Geburtstag.png");
    expect(html).toContain('value="Eine Motivtorte"');
    // A new row is not checked before saving (item 11).
    expect(html).not.toContain("Bitte füllen Sie dieses Feld aus.");
    const [staged] = stagedIds(html, "imageIds");
    expect(staged).toBeDefined();
    const preview = /<img src="(\/upload\/[^"]+)"/.exec(html)?.[1];
    expect(preview).toBeDefined();
    expect((await admin.send(preview!)).status).toBe(200);

    // The second round trip carries the staged id, no file: the picture stays.
    const addPart = await admin.send("/backend/products/new", {
      multipart: multipart({
        ...product,
        "parts[0].options[0].name": "Ø 22 cm",
        "parts[0].options[0].modifier": "add",
        "parts[0].options[0].value": "5,00",
        imageIds__vorgemerkt: staged!,
        imageIds__alt: "Eine Motivtorte",
        intent: "parts-add",
      }),
    });
    expect(addPart.status).toBe(200);
    html = await addPart.text();
    expect(html).toContain('name="parts[1].name"');
    expect(html).toContain("Bild ausgewählt: Torte; Geburtstag.png");
    expect(stagedIds(html, "imageIds")).toEqual([staged]);

    const saved = await admin.send("/backend/products/new", {
      multipart: multipart({
        ...product,
        "parts[0].options[0].name": "Ø 22 cm",
        "parts[0].options[0].modifier": "add",
        "parts[0].options[0].value": "5,00",
        "parts[1].name": "Aufschrift",
        "parts[1].type": "text",
        imageIds__vorgemerkt: staged!,
        imageIds__alt: "Eine Motivtorte",
        intent: "save",
      }),
    });
    expect(saved.status).toBe(302);
    const row = await handle.db
      .selectFrom("products")
      .select(["id"])
      .where("name", "=", "Motivtorte")
      .executeTakeFirstOrThrow();
    const images = await handle.db
      .selectFrom("productImages")
      .innerJoin("images", "images.id", "productImages.imageId")
      .select(["images.alt"])
      .where("productImages.productId", "=", row.id)
      .execute();
    expect(images).toEqual([{ alt: "Eine Motivtorte" }]);
    // The staged upload went with the save.
    const left = await handle.db
      .selectFrom("uploads")
      .select("id")
      .where("id", "=", Number(staged))
      .execute();
    expect(left).toEqual([]);
  });

  it("keeps a category's picture after a refused save and saves it once the name is right", async () => {
    const refused = await admin.send("/backend/categories/new", {
      multipart: multipart({
        name: "<b>Kuchen</b>",
        position: "1",
        imageId__datei: png("kuchen.png"),
        imageId__alt: "Ein Kuchen",
      }),
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Bitte ohne spitze Klammern");
    expect(html).toContain("Bild ausgewählt: kuchen.png");
    const [staged] = stagedIds(html, "imageId");
    expect(staged).toBeDefined();

    // Another staff member cannot take this staged picture.
    const foreign = await other.send("/backend/categories/new", {
      multipart: multipart({ name: "Fremd", position: "2", imageId__vorgemerkt: staged! }),
    });
    expect(foreign.status).toBe(302);
    const fremd = await handle.db
      .selectFrom("categories")
      .select("imageId")
      .where("name", "=", "Fremd")
      .executeTakeFirstOrThrow();
    expect(fremd.imageId).toBeNull();

    const saved = await admin.send("/backend/categories/new", {
      multipart: multipart({
        name: "Kuchen",
        position: "1",
        imageId__vorgemerkt: staged!,
        imageId__alt: "Ein Kuchen",
      }),
    });
    expect(saved.status).toBe(302);
    const category = await handle.db
      .selectFrom("categories")
      .innerJoin("images", "images.id", "categories.imageId")
      .select(["images.alt"])
      .where("categories.name", "=", "Kuchen")
      .executeTakeFirstOrThrow();
    expect(category.alt).toBe("Ein Kuchen");
  });
});
