import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * Image templates and fonts (issue 16, decision 041): the resource API (list, one, POST, PUT,
 * DELETE), the layers read, the PNG rendered with a product's fields, the editor's rows without
 * JavaScript, the fonts list and embed CSS with its caching, and the refusals: wrong types, huge
 * canvases, unknown fonts, deleted images, absurd layer counts, foreign ids; 400, nothing stored.
 */
/** The images store's keys are random hex (app/integrations/storage/local-folder.server.ts). */
const RED_KEY = "0123456789abcdef0123456789abcdef01234567";

type Body = { data?: any; errors?: { message: string; field?: string }[] };

const area = { type: "area", x: 0, y: 0, width: 400, height: 300, color: "#f5e6c8", radius: 12 };
const nameText = {
  type: "text",
  text: "{name}",
  fontFamily: "Open Sans",
  fontVariant: "700",
  size: 40,
  color: "#3B2A1A",
  x: 20,
  y: 20,
  width: 360,
  align: "left",
  maxLines: 2,
};
const priceText = {
  ...nameText,
  text: "{price}",
  fontFamily: "Roboto",
  fontVariant: "400",
  y: 200,
};

describe.each(databaseTargets())("image templates and fonts (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let manager: StaffClient;
  let anonymous: StaffClient;
  let productId: number;
  let imageId: number;
  let dataDir: string;

  const json = async (response: Response) => (await response.json()) as Body;
  const count = async () =>
    Number(
      (
        await handle.db
          .selectFrom("imageTemplates")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    dataDir = mkdtempSync(path.join(tmpdir(), "bildvorlagen-"));
    mkdirSync(path.join(dataDir, "images"), { recursive: true });
    // A real 40 × 40 red PNG in the images store, and its row.
    const red = await sharp({
      create: { width: 40, height: 40, channels: 3, background: { r: 255, g: 0, b: 0 } },
    })
      .png()
      .toBuffer();
    writeFileSync(path.join(dataDir, "images", RED_KEY), red);
    imageId = (
      await handle.db
        .insertInto("images")
        .values({
          extension: "png",
          mimeType: "image/png",
          width: 40,
          height: 40,
          storageKey: RED_KEY,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    productId = (
      await handle.db
        .insertInto("products")
        .values({ name: "Laugenbrezel", price: 240, description: "Frisch" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const branchId = (
      await handle.db
        .insertInto("branches")
        .values({ identifier: "altstadt", name: "Altstadt" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    server = await startAppServer(handle.db, {
      config: { publicOrigin: "http://localhost:3000", mode: "demo", dataDir },
    });
    admin = await new StaffClient(server).signInAs(
      server.context,
      (await createStaff(handle.db, { roles: ["ROLE_ADMIN"] })).id,
    );
    manager = await new StaffClient(server).signInAs(
      server.context,
      (await createStaff(handle.db, { roles: ["ROLE_MANAGER"], branchIds: [branchId] })).id,
    );
    anonymous = new StaffClient(server);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("creates, lists, reads, changes and deletes a template through the API", async () => {
    const created = await admin.send("/api/image-templates", {
      json: {
        name: "Preisschild",
        identifier: "preisschild",
        width: 400,
        height: 300,
        layers: [area, nameText, priceText],
      },
    });
    expect(created.status).toBe(201);
    const template = (await json(created)).data;
    expect(template.layers).toEqual([{ ...area, color: "#F5E6C8" }, nameText, priceText]);

    const list = await json(await admin.send("/api/image-templates?search=preis"));
    expect(list.data.map((row: any) => row.identifier)).toEqual(["preisschild"]);

    const one = await admin.send(`/api/image-templates/${template.id}`);
    expect(one.status).toBe(200);
    expect((await json(one)).data.name).toBe("Preisschild");

    const layers = await admin.send(`/api/image-templates/${template.id}/layers`);
    expect(layers.status).toBe(200);
    expect((await json(layers)).data.map((layer: any) => layer.type)).toEqual([
      "area",
      "text",
      "text",
    ]);

    // A PUT without layers keeps them; with them, replaces them.
    const renamed = await admin.send(`/api/image-templates/${template.id}`, {
      method: "PUT",
      json: { name: "Preisschild groß", identifier: "preisschild", width: 800, height: 600 },
    });
    expect(renamed.status).toBe(200);
    expect((await json(renamed)).data.layers).toHaveLength(3);
    const replaced = await admin.send(`/api/image-templates/${template.id}`, {
      method: "PUT",
      json: {
        name: "Preisschild groß",
        identifier: "preisschild",
        width: 800,
        height: 600,
        layers: [area],
      },
    });
    expect((await json(replaced)).data.layers).toHaveLength(1);

    const deleted = await admin.send(`/api/image-templates/${template.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect((await admin.send(`/api/image-templates/${template.id}`)).status).toBe(404);
    expect((await admin.send(`/api/image-templates/${template.id}/layers`)).status).toBe(404);
  });

  it("renders the PNG with the product's name and price, and the image layer", async () => {
    const created = await json(
      await admin.send("/api/image-templates", {
        json: {
          name: "Karte",
          identifier: "karte",
          width: 400,
          height: 300,
          layers: [
            area,
            { type: "image", imageId, x: 300, y: 200, width: 200, height: 200, fit: "cover" },
            priceText,
          ],
        },
      }),
    );
    const id = created.data.id;
    const response = await admin.send(
      `/backend/image-templates/${id}/bild.png?product=${productId}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toMatch(/^private/);
    const png = Buffer.from(await response.arrayBuffer());
    const image = sharp(png);
    expect(await image.metadata()).toMatchObject({ width: 400, height: 300, format: "png" });
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return [data[at], data[at + 1], data[at + 2], data[at + 3]];
    };
    // The colour area, the red image in the corner (cut at the canvas' edge).
    expect(pixel(150, 120)).toEqual([0xf5, 0xe6, 0xc8, 255]);
    expect(pixel(390, 290)).toEqual([255, 0, 0, 255]);
    // The price was drawn as dark outlines in its box (y 200 to 248), and differs per product.
    let dark = 0;
    for (let y = 200; y < 250; y += 1) {
      for (let x = 20; x < 300; x += 1) if ((pixel(x, y)[0] ?? 255) < 0x80) dark += 1;
    }
    expect(dark).toBeGreaterThan(200);
    const other = await handle.db
      .insertInto("products")
      .values({ name: "Brot", price: 1_999 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const otherPng = Buffer.from(
      await (
        await admin.send(`/backend/image-templates/${id}/bild.png?product=${other.id}`)
      ).arrayBuffer(),
    );
    expect(otherPng.equals(png)).toBe(false);

    // A product that does not exist, a foreign id: 400 with a German message.
    const unknown = await admin.send(`/backend/image-templates/${id}/bild.png?product=999999`);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toBe("Dieses Produkt gibt es nicht.");
    expect((await admin.send(`/backend/image-templates/${id}/bild.png?product=abc`)).status).toBe(
      400,
    );
    // Not for a manager, not for strangers.
    expect((await manager.send(`/backend/image-templates/${id}/bild.png`)).status).toBe(403);
    expect((await anonymous.send(`/backend/image-templates/${id}/bild.png`)).status).not.toBe(200);
    expect((await manager.send(`/api/image-templates/${id}/layers`)).status).toBe(403);
    expect((await manager.send("/api/image-templates")).status).toBe(403);
    expect((await anonymous.send("/api/image-templates")).status).toBe(401);
  });

  it("refuses bad input with German messages and stores nothing", async () => {
    const before = await count();
    const base = { name: "X", identifier: "x", width: 400, height: 300 };
    const cases: [unknown, string, string | undefined][] = [
      [{ ...base, width: 50_000 }, "Höchstens 4.096.", "width"],
      [{ ...base, height: "hoch" }, "Bitte geben Sie eine Zahl ein.", "height"],
      [{ ...base, width: 8 }, "Mindestens 16.", "width"],
      [
        { ...base, layers: [{ ...nameText, fontFamily: "Comic Sans" }] },
        "Diese Schriftart gibt es nicht. Bitte wählen Sie eine aus der Liste.",
        "layers.0.fontFamily",
      ],
      [
        {
          ...base,
          layers: [{ ...nameText, fontFamily: "Dancing Script", fontVariant: "400italic" }],
        },
        "Diesen Schnitt gibt es für die Schriftart nicht.",
        "layers.0.fontVariant",
      ],
      [
        { ...base, layers: Array.from({ length: 1_000 }, () => area) },
        "Höchstens 40 Ebenen.",
        "layers",
      ],
      [{ ...base, layers: "viele" }, "Bitte geben Sie die Ebenen als Liste an.", "layers"],
      [
        { ...base, layers: [{ ...area, type: "kreis" }] },
        "Bitte wählen Sie Farbfläche, Bild oder Text.",
        "layers.0.type",
      ],
      [
        { ...base, layers: [{ ...area, color: 'red"/><script>' }] },
        "Bitte ohne spitze Klammern (< >).",
        "layers.0.color",
      ],
      [
        { ...base, layers: [{ ...nameText, text: "x".repeat(501) }] },
        "Höchstens 500 Zeichen.",
        "layers.0.text",
      ],
      [
        {
          ...base,
          layers: [{ type: "image", imageId: 987654, x: 0, y: 0, width: 10, height: 10 }],
        },
        "Dieses Bild gibt es nicht (mehr). Bitte wählen Sie ein anderes.",
        "layers[0].imageId",
      ],
    ];
    for (const [body, message, field] of cases) {
      const response = await admin.send("/api/image-templates", { json: body });
      expect(response.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      const errors = (await json(response)).errors ?? [];
      expect(errors[0]?.message).toBe("Bildvorlage konnte nicht erstellt werden.");
      expect(errors.slice(1)).toContainEqual(field ? { message, field } : { message });
    }
    expect(await count()).toBe(before);

    // A layer pointing at an image deleted since: the save is refused, the stored one unchanged.
    const { id: doomed } = await handle.db
      .insertInto("images")
      .values({
        extension: "png",
        mimeType: "image/png",
        width: 1,
        height: 1,
        storageKey: "weg.png",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const created = await json(
      await admin.send("/api/image-templates", {
        json: {
          ...base,
          identifier: "mit-bild",
          layers: [{ type: "image", imageId: doomed, x: 0, y: 0, width: 10, height: 10 }],
        },
      }),
    );
    await handle.db.deleteFrom("images").where("id", "=", doomed).execute();
    // Drawn without it (the place stays empty) rather than failing.
    const drawn = await admin.send(`/backend/image-templates/${created.data.id}/bild.png`);
    expect(drawn.status).toBe(200);
    const resaved = await admin.send(`/api/image-templates/${created.data.id}`, {
      method: "PUT",
      json: { ...base, identifier: "mit-bild", name: "Neu", layers: created.data.layers },
    });
    expect(resaved.status).toBe(400);
    const stored = await handle.db
      .selectFrom("imageTemplates")
      .select("name")
      .where("id", "=", created.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe("X");
    // A foreign (unknown) template id.
    expect((await admin.send("/api/image-templates/999999")).status).toBe(404);
    expect((await admin.send("/api/image-templates/999999/layers")).status).toBe(404);
    expect((await admin.send("/api/image-templates/abc/layers")).status).toBe(404);
  });

  it("edits the layers without JavaScript: add a kind, move, remove, save", async () => {
    const page = await admin.send("/backend/image-templates/new");
    expect(page.status).toBe(200);
    const base = { name: "Beitrag", identifier: "beitrag", width: "1080", height: "1080" };
    // Adding a text row: nothing saved, the new row comes back with the text's defaults.
    const added = await admin.send("/backend/image-templates/new", {
      form: { ...base, intent: "layers-add-text" },
    });
    expect(added.status).toBe(200);
    const html = await added.text();
    expect(html).toContain('name="layers[0].type" value="text"');
    expect(html).toContain("Ebene 1: Text");
    expect(
      await handle.db
        .selectFrom("imageTemplates")
        .where("identifier", "=", "beitrag")
        .select("id")
        .executeTakeFirst(),
    ).toBeUndefined();

    const rows = {
      "layers[0].type": "area",
      "layers[0].x": "0",
      "layers[0].y": "0",
      "layers[0].width": "1080",
      "layers[0].height": "1080",
      "layers[0].color": "#FFFFFF",
      "layers[1].type": "text",
      "layers[1].text": "{name} für {price}",
      "layers[1].fontFamily": "Lato",
      "layers[1].fontVariant": "700",
      "layers[1].size": "64",
      "layers[1].color": "#000000",
      "layers[1].x": "40",
      "layers[1].y": "40",
      "layers[1].align": "center",
      "layers[1].maxLines": "3",
    };
    const moved = await admin.send("/backend/image-templates/new", {
      form: { ...base, ...rows, intent: "layers-up-1" },
    });
    const movedHtml = await moved.text();
    expect(movedHtml.indexOf("Ebene 1: Text")).toBeGreaterThan(-1);
    expect(movedHtml.indexOf("Ebene 2: Farbfläche")).toBeGreaterThan(
      movedHtml.indexOf("Ebene 1: Text"),
    );

    const saved = await admin.send("/backend/image-templates/new", { form: { ...base, ...rows } });
    expect(saved.status).toBe(302);
    const stored = await handle.db
      .selectFrom("imageTemplates")
      .select(["id", "layers"])
      .where("identifier", "=", "beitrag")
      .executeTakeFirstOrThrow();
    expect(stored.layers).toEqual([
      { type: "area", x: 0, y: 0, width: 1080, height: 1080, color: "#FFFFFF", radius: 0 },
      {
        type: "text",
        text: "{name} für {price}",
        fontFamily: "Lato",
        fontVariant: "700",
        size: 64,
        color: "#000000",
        x: 40,
        y: 40,
        width: null,
        align: "center",
        maxLines: 3,
      },
    ]);
    // The edit page shows the preview image of the chosen product.
    const edit = await (
      await admin.send(`/backend/image-templates/${stored.id}?produkt=${productId}`)
    ).text();
    expect(edit).toContain(`/backend/image-templates/${stored.id}/bild.png?product=${productId}`);

    // A bad font in the form: 400 beside the field, nothing stored.
    const refused = await admin.send(`/backend/image-templates/new`, {
      form: { ...base, identifier: "beitrag-2", ...rows, "layers[1].fontFamily": "Papyrus" },
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Diese Schriftart gibt es nicht.");
    expect(
      await handle.db
        .selectFrom("imageTemplates")
        .where("identifier", "=", "beitrag-2")
        .select("id")
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it("lists the fonts and serves their embed CSS, inlined and cached", async () => {
    const list = await anonymous.send("/api/fonts");
    expect(list.status).toBe(200);
    const fonts = (await json(list)).data as { family: string; variants: string[] }[];
    expect(fonts.map((font) => font.family)).toEqual([
      "Roboto",
      "Open Sans",
      "Lato",
      "Montserrat",
      "Playfair Display",
      "Dancing Script",
    ]);
    expect(fonts.find((font) => font.family === "Dancing Script")?.variants).toEqual([
      "400",
      "500",
      "600",
      "700",
    ]);
    expect(fonts.find((font) => font.family === "Lato")?.variants).toContain("700italic");

    const css = await anonymous.send("/api/fonts/google/Open+Sans/style-700italic.embed.css");
    expect(css.status).toBe(200);
    expect(css.headers.get("Content-Type")).toBe("text/css; charset=utf-8");
    expect(css.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const etag = css.headers.get("ETag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const text = await css.text();
    expect(text.match(/@font-face/g)).toHaveLength(2);
    expect(text).toContain("font-family: 'Open Sans';");
    expect(text).toContain("font-style: italic;");
    expect(text).toContain("font-weight: 700;");
    expect(text).toContain("src: url(data:font/woff2;base64,d09GMg");
    expect(text).not.toContain("./files/");
    // latin and latin-ext with their ranges.
    expect(text).toContain("unicode-range: U+0000-00FF,");
    expect(text).toContain("unicode-range: U+0100-02BA,");

    // The same file for other spellings, and a 304 for the ETag.
    const again = await anonymous.send("/api/fonts/google/open%20sans/style-700italic.embed.css");
    expect(again.headers.get("ETag")).toBe(etag);
    expect(await again.text()).toBe(text);
    const notModified = await anonymous.send(
      "/api/fonts/google/Open+Sans/style-700italic.embed.css",
      { headers: { "If-None-Match": etag! } },
    );
    expect(notModified.status).toBe(304);

    for (const bad of [
      "/api/fonts/google/Comic+Sans/style-400.embed.css",
      "/api/fonts/google/Dancing+Script/style-400italic.embed.css",
      "/api/fonts/google/Roboto/style-450.embed.css",
      "/api/fonts/google/Roboto/style-400.css",
      `/api/fonts/google/${"A".repeat(5_000)}/style-400.embed.css`,
    ]) {
      const response = await anonymous.send(bad);
      expect(response.status, bad).toBe(404);
      expect((await json(response)).errors?.[0]?.message).toBe(
        "Diese Schriftart oder diesen Schnitt gibt es nicht.",
      );
    }
  });
});
