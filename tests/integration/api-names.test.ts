import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * The JSON API under the spec's names (issue 38 part 4, decisions 097 and 098): records answer
 * `tax`, `tags: [{ id }]`, `branch: { id }`, `config.parts`, `color-1`, `enablePluginPWA`; bodies
 * are read under those names and the project's old ones; a key that is neither is refused in
 * German, naming it, with nothing written; identifiers left empty are made from the name; a
 * product without unit or calculation model is sold by the piece at a fixed price.
 */
type Problem = { message: string; field?: string };
type Body = { data?: any; errors?: Problem[]; meta?: any };

/** German: no English of zod's, no empty message, the words of the shop. */
function expectGerman(errors: Problem[] | undefined) {
  expect(errors?.length).toBeGreaterThan(0);
  for (const error of errors ?? []) {
    expect(error.message).toMatch(/[a-zäöüß]/);
    expect(error.message).not.toMatch(/Invalid|expected|Required|Unrecognized|erwartet/);
  }
}

describe.each(databaseTargets())("the API under the spec's names (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let branchId: number;
  let imageId: number;

  const json = async (response: Response) => (await response.json()) as Body;
  const count = async (table: "tags" | "products" | "tables" | "devices" | "categories") =>
    Number(
      (
        await handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("count"))
          .executeTakeFirstOrThrow()
      ).count,
    );

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    branchId = (
      await handle.db
        .insertInto("branches")
        .values({ identifier: "altstadt", name: "Altstadt", position: 1 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    imageId = (
      await handle.db
        .insertInto("images")
        .values({
          extension: "png",
          mimeType: "image/png",
          width: 40,
          height: 30,
          storageKey: "api-names.png",
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    server = await startAppServer(handle.db);
    const user = await createStaff(handle.db, { roles: ["ROLE_ADMIN"] });
    admin = await new StaffClient(server).signInAs(server.context, user.id);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("makes a tag's identifier from its name, numbered while taken, and keeps a given one", async () => {
    const first = await admin.send("/api/tags", { json: { name: "Sommer" } });
    expect(first.status).toBe(201);
    expect((await json(first)).data).toMatchObject({ name: "Sommer", identifier: "sommer" });
    // Tag names are unique; names that make the same identifier are numbered.
    const second = await json(await admin.send("/api/tags", { json: { name: "Sommer!" } }));
    expect(second.data.identifier).toBe("sommer-2");
    const third = await json(await admin.send("/api/tags", { json: { name: "SOMMER" } }));
    expect(third.data.identifier).toBe("sommer-3");
    const umlauts = await json(
      await admin.send("/api/tags", { json: { name: "Große Brötchen für Äpfel", identifier: "" } }),
    );
    expect(umlauts.data.identifier).toBe("grosse-broetchen-fuer-aepfel");
    const given = await json(
      await admin.send("/api/tags", { json: { name: "Winter", identifier: "kalt" } }),
    );
    expect(given.data.identifier).toBe("kalt");
    // Still editable; emptied again, it is made anew from the name.
    const edited = await json(
      await admin.send(`/api/tags/${given.data.id}`, {
        method: "PUT",
        json: { identifier: "frost" },
      }),
    );
    expect(edited.data.identifier).toBe("frost");
    const emptied = await json(
      await admin.send(`/api/tags/${given.data.id}`, { method: "PUT", json: { identifier: "" } }),
    );
    expect(emptied.data.identifier).toBe("winter");
    // A name of nothing but signs still gets one.
    const signs = await json(await admin.send("/api/tags", { json: { name: "!!!" } }));
    expect(signs.data.identifier).toBe("tag");
  });

  it("answers and takes a tag's image as { id }, the old imageId still taken", async () => {
    const created = await json(
      await admin.send("/api/tags", { json: { name: "Bild", image: { id: imageId } } }),
    );
    expect(created.data.image).toEqual({ id: imageId });
    expect(created.data).not.toHaveProperty("imageId");
    const old = await json(
      await admin.send("/api/tags", { json: { name: "Altes Bild", imageId: imageId } }),
    );
    expect(old.data.image).toEqual({ id: imageId });
    const listed = await json(await admin.send("/api/tags?search=Bild"));
    expect(listed.data.every((tag: any) => tag.image?.id === imageId)).toBe(true);
  });

  it("refuses unknown keys in German, naming each, and writes nothing", async () => {
    const before = await count("tags");
    const response = await admin.send("/api/tags", {
      json: { name: "Herbst", foo: 1, colour: "rot" },
    });
    expect(response.status).toBe(400);
    const { errors } = await json(response);
    expect(errors?.[0]?.message).toBe("Tag konnte nicht erstellt werden.");
    expect(errors?.slice(1)).toEqual([
      { message: "Unbekanntes Feld „foo“.", field: "foo" },
      { message: "Unbekanntes Feld „colour“.", field: "colour" },
    ]);
    expect(await count("tags")).toBe(before);

    const tag = (await json(await admin.send("/api/tags", { json: { name: "Frühling" } }))).data;
    const put = await admin.send(`/api/tags/${tag.id}`, { method: "PUT", json: { tax: 19 } });
    expect(put.status).toBe(400);
    expect((await json(put)).errors).toContainEqual({
      message: "Unbekanntes Feld „tax“.",
      field: "tax",
    });
    // What a GET answered may come back as it was read.
    const read = (await json(await admin.send(`/api/tags/${tag.id}`))).data;
    const roundTrip = await admin.send(`/api/tags/${tag.id}`, {
      method: "PUT",
      json: { ...read, name: "Frühjahr" },
    });
    expect(roundTrip.status).toBe(200);
    expect((await json(roundTrip)).data).toMatchObject({
      name: "Frühjahr",
      identifier: read.identifier,
    });
  });

  it("creates a simple product from name, price and the spec's taxes: piece, fixed price", async () => {
    const tag = (await json(await admin.send("/api/tags", { json: { name: "Brot" } }))).data;
    const response = await admin.send("/api/products", {
      json: { name: "Roggenbrot", price: 450, tax: 7, takeawayTax: 7, dineInTax: 19 },
    });
    expect(response.status).toBe(201);
    const product = (await json(response)).data;
    expect(product).toMatchObject({
      name: "Roggenbrot",
      type: "simple",
      unit: "piece",
      calculationModel: "fixed",
      price: 450,
      tax: 7,
      takeawayTax: 7,
      dineInTax: 19,
      tags: [],
      images: [],
      config: { parts: [] },
    });
    for (const old of [
      "taxRate",
      "takeawayTaxRate",
      "dineInTaxRate",
      "tagIds",
      "imageIds",
      "parts",
    ]) {
      expect(product).not.toHaveProperty(old);
    }
    const stored = await handle.db
      .selectFrom("products")
      .select(["taxRate", "dineInTaxRate", "unit", "calculationModel"])
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ unit: "piece", calculationModel: "fixed" });
    expect(Number(stored.dineInTaxRate)).toBe(19);

    // The spec's nested shapes, and the old names, both taken.
    const nested = await admin.send(`/api/products/${product.id}`, {
      method: "PUT",
      json: {
        tax: 19,
        tags: [{ id: tag.id }],
        images: [{ id: imageId }],
        config: { parts: [{ name: "Gruß", type: "text" }] },
      },
    });
    expect(nested.status).toBe(200);
    const updated = (await json(nested)).data;
    expect(updated).toMatchObject({
      tax: 19,
      tags: [{ id: tag.id }],
      images: [{ id: imageId }],
      config: { parts: [{ name: "Gruß", type: "text" }] },
    });
    const old = await json(
      await admin.send(`/api/products/${product.id}`, {
        method: "PUT",
        json: { taxRate: 7, tagIds: [], parts: [] },
      }),
    );
    expect(old.data).toMatchObject({ tax: 7, tags: [], config: { parts: [] } });
    // Both sent: the spec's name wins.
    const both = await json(
      await admin.send(`/api/products/${product.id}`, {
        method: "PUT",
        json: { tax: 19, taxRate: 7 },
      }),
    );
    expect(both.data.tax).toBe(19);
    // A list sorted by the spec's name.
    const sorted = await admin.send("/api/products?sort=dineInTax&dir=desc");
    expect(sorted.status).toBe(200);
  });

  it("names a bad value by the key it was sent under, in German, writing nothing", async () => {
    const before = await count("products");
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "A", price: 100, tax: "viel" }, "tax"],
      [{ name: "A", price: 100, taxRate: 250 }, "taxRate"],
      [{ name: "A", price: 100, unit: "fass" }, "unit"],
      [{ name: "A", price: 100, tags: [{ id: 999_999 }] }, "tags"],
      [
        { name: "A", price: 100, config: { parts: [{ name: "", type: "text" }] } },
        "config.parts.0.name",
      ],
      [{ name: "A", price: 100, config: { teile: [] } }, "config.teile"],
      [{ name: "A", price: 100, config: 5 }, "config"],
      [{ price: 100 }, "name"],
    ];
    for (const [body, field] of cases) {
      const response = await admin.send("/api/products", { json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { errors } = await json(response);
      expectGerman(errors);
      expect(
        errors?.map((error) => error.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect(await count("products")).toBe(before);
  });

  it("takes a table as identifier and branch.id, named like its identifier", async () => {
    const created = await admin.send("/api/tables", {
      json: { identifier: "T1", branch: { id: branchId } },
    });
    expect(created.status).toBe(201);
    const table = (await json(created)).data;
    expect(table).toMatchObject({ identifier: "T1", name: "T1", branch: { id: branchId } });
    expect(table).not.toHaveProperty("branchId");
    const old = await json(
      await admin.send("/api/tables", { json: { identifier: "T2", branchId, name: "Fenster" } }),
    );
    expect(old.data).toMatchObject({ name: "Fenster", branch: { id: branchId } });
    const unknown = await admin.send("/api/tables", {
      json: { identifier: "T3", branch: { id: 999_999_999 } },
    });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).errors).toContainEqual({
      message: "Dieser Eintrag existiert nicht (mehr).",
      field: "branch",
    });
    const missing = await json(
      await admin.send("/api/tables", { json: { branch: { id: branchId } } }),
    );
    expect(missing.errors).toContainEqual({
      message: "Bitte füllen Sie dieses Feld aus.",
      field: "identifier",
    });
  });

  it("speaks the spec's names for a branch: tags, images, logo, isATMCardEnabled, delivery areas", async () => {
    const tag = (await json(await admin.send("/api/tags", { json: { name: "Bio" } }))).data;
    const created = await admin.send("/api/branches", { json: { name: "Süd-Ost Filiale" } });
    expect(created.status).toBe(201);
    const branch = (await json(created)).data;
    expect(branch).toMatchObject({
      identifier: "sued-ost-filiale",
      tags: [],
      images: [],
      logo: null,
      isATMCardEnabled: false,
    });
    const response = await admin.send(`/api/branches/${branch.id}`, {
      method: "PUT",
      json: {
        tags: [{ id: tag.id }],
        images: [{ id: imageId }],
        logo: { id: imageId },
        isATMCardEnabled: true,
        deliveryAreas: [
          { area: "Innenstadt", price: 250, tax: 19, free: false, minimumOrderValue: 1500 },
          { name: "Umland", price: 400, taxRate: 7, isFree: true },
        ],
      },
    });
    expect(response.status).toBe(200);
    const updated = (await json(response)).data;
    expect(updated).toMatchObject({
      tags: [{ id: tag.id }],
      images: [{ id: imageId }],
      logo: { id: imageId },
      isATMCardEnabled: true,
      deliveryAreas: [
        { area: "Innenstadt", price: 250, tax: 19, free: false, minimumOrderValue: 1500 },
        { area: "Umland", price: 400, tax: 7, free: true },
      ],
    });
    for (const old of ["tagIds", "imageIds", "logoImageId", "isAtmCardEnabled"]) {
      expect(updated).not.toHaveProperty(old);
    }
    const badArea = await admin.send(`/api/branches/${branch.id}`, {
      method: "PUT",
      json: { deliveryAreas: [{ area: "X", price: 100, tax: 250 }] },
    });
    expect(badArea.status).toBe(400);
    const errors = (await json(badArea)).errors;
    expectGerman(errors);
    expect(errors?.map((error) => error.field)).toContain("deliveryAreas.0.tax");
  });

  it("answers and takes the config under the spec's names, refusing what it does not know", async () => {
    const read = (await json(await admin.send("/api/config"))).data;
    expect(read).toHaveProperty("color-1");
    expect(read).toHaveProperty("enablePluginPWA");
    expect(read).toHaveProperty("enablePluginSMS");
    expect(read).toHaveProperty("enablePluginATMCard");
    expect(read).toHaveProperty("enableATMCard");
    for (const old of ["color1", "enablePluginPwa", "enablePluginSms", "enableAtmCard"]) {
      expect(read).not.toHaveProperty(old);
    }
    const spec = await admin.send("/api/config", {
      json: { "color-1": "#112233", enablePluginPWA: true, enablePluginSMS: true },
    });
    expect(spec.status).toBe(200);
    expect((await json(spec)).data).toMatchObject({
      "color-1": "#112233",
      enablePluginPWA: true,
      enablePluginSMS: true,
    });
    const old = await json(
      await admin.send("/api/config", { json: { color1: "#445566", enablePluginPwa: false } }),
    );
    expect(old.data).toMatchObject({ "color-1": "#445566", enablePluginPWA: false });
    const unknown = await admin.send("/api/config", { json: { enablePluginPwaa: true } });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).errors).toContainEqual({
      message: "Unbekanntes Feld „enablePluginPwaa“.",
      field: "enablePluginPwaa",
    });
    const wrong = await json(await admin.send("/api/config", { json: { "color-1": "rot" } }));
    expect(wrong.errors?.map((error) => error.field)).toContain("color-1");
    // The whole config as read goes back unchanged.
    const whole = (await json(await admin.send("/api/config"))).data;
    expect((await admin.send("/api/config", { json: whole })).status).toBe(200);
  });

  it("runs the issue's script: a tag, a category, a product, a table and a printer, then lists them", async () => {
    const steps: [string, Record<string, unknown>][] = [
      ["/api/tags", { name: "Sommer-Skript" }],
      ["/api/categories", { name: "Brote & Brötchen" }],
      ["/api/products", { name: "Dinkelbrot", price: 390, tax: 7, takeawayTax: 7, dineInTax: 7 }],
      ["/api/tables", { identifier: "Terrasse-1", branch: { id: branchId } }],
      [
        "/api/devices",
        { name: "Küchendrucker", branchId, kind: "printer", connection: "star_cloudprnt" },
      ],
    ];
    for (const [path, body] of steps) {
      const response = await admin.send(path, { json: body });
      expect(response.status, `${path} ${JSON.stringify(await response.clone().json())}`).toBe(201);
      const record = (await json(response)).data;
      const listed = await json(await admin.send(`${path}?pageSize=200`));
      expect(listed.data.map((row: { id: number }) => row.id)).toContain(record.id);
    }
    const device = (await json(await admin.send("/api/devices?search=drucker"))).data[0];
    expect(device.identifier).toBe("kuechendrucker");
    // Every refusal it can provoke is German and names the field.
    const mistakes: [string, Record<string, unknown>][] = [
      ["/api/tags", {}],
      ["/api/tags", { name: "x", bild: 1 }],
      ["/api/categories", { name: 5 }],
      ["/api/products", { name: "B", price: "teuer" }],
      ["/api/tables", { identifier: "T 9", branch: { id: branchId } }],
      ["/api/devices", { name: "D", branchId, kind: "printer" }],
    ];
    for (const [path, body] of mistakes) {
      const response = await admin.send(path, { json: body });
      expect(response.status, path).toBe(400);
      const errors = (await json(response)).errors ?? [];
      expectGerman(errors);
      expect(
        errors.slice(1).every((error) => typeof error.field === "string"),
        path,
      ).toBe(true);
    }
  });
  it("refuses unknown keys in the other JSON writes: users, an order's PUT, a planned shift", async () => {
    const user = await admin.send("/api/users", {
      json: {
        name: "Neu",
        email: "neu@example.org",
        roles: ["ROLE_ADMIN"],
        password: "ein-langes-passwort-2026",
        rolle: "chef",
      },
    });
    expect(user.status).toBe(400);
    expect((await json(user)).errors).toContainEqual({
      message: "Unbekanntes Feld „rolle“.",
      field: "rolle",
    });
    const order = await insertTestOrder(handle.db);
    const put = await admin.send(`/api/orders/${order.id}`, {
      method: "PUT",
      json: { comment: "Bitte klingeln", version: "1", tip: 5 },
    });
    expect(put.status).toBe(400);
    expect((await json(put)).errors).toContainEqual({
      message: "Unbekanntes Feld „tip“.",
      field: "tip",
    });
    const shift = await admin.send("/api/working-schedules", {
      json: { branchId, day: "2026-12-01", start: "08:00", end: "12:00", pause: 30 },
    });
    expect(shift.status).toBe(400);
    expect((await json(shift)).errors).toContainEqual({
      message: "Unbekanntes Feld „pause“.",
      field: "pause",
    });
  });
});
