import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { findBranchByIdentifier, type BranchDetails } from "#app/db/queries/branches";
import type { CatalogueProduct } from "#app/db/queries/catalogue";
import { getSettings } from "#app/db/queries/settings";
import type { Database, Settings } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { changeCart } from "#app/features/cart/cart-changes.server";
import { loadCart } from "#app/features/cart/cart.server";
import { loadActiveCatalogue } from "#app/features/storefront/menu-catalogue.server";
import type { FileStorage } from "#app/integrations/storage/file-storage";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * Products in the back office (issue 15) through the JSON API and the HTML form: every section 3
 * field with units, parts, options, bundles and the schedule; each bad input of the issue as a
 * 400 with a German message beside its field and nothing saved; the version check; the audit;
 * the copy; deleting what menus still name; the storefront's text limit of a part; and the
 * customer's notice when staff change a product that is in an open cart.
 */
type Problem = { message: string; field?: string };
type Body = { data?: any; errors?: Problem[]; meta?: any };

/** A Saturday, 10:30 in Freiburg: the seeded menus and schedules are open. */
const now = new Date("2026-11-21T09:30:00Z");

const noStorage: FileStorage = {
  put: async () => undefined,
  remove: async () => undefined,
} as unknown as FileStorage;

/** The allergens' ids by their EU code (the list of decision 083, seeded by its migration). */
const allergenIds = new Map<string, number>();

function cake(overrides: Record<string, unknown> = {}) {
  return {
    name: "Zitronentraum",
    identifier: "motivtorte-test",
    type: "configurable",
    description: "Biskuit mit Sahne.",
    // Products name their allergens from the list now; the EU codes follow (decision 083).
    allergenIds: ["milk", "gluten", "eggs"].map((code) => allergenIds.get(code)),
    allergens: "Kann Spuren von Nüssen enthalten.",
    price: 3900,
    unit: "piece",
    pricing: "je Torte",
    calculationModel: "minimum",
    isPriceHidden: false,
    // The spec's names (decision 097); the old ones are still taken.
    tax: 7,
    takeawayTax: 7,
    dineInTax: 19,
    minimumQuantity: 1,
    maximumQuantity: 5,
    quantityStepSize: 1,
    defaultQuantity: 1,
    isEnabled: true,
    isVisibleWhenUnavailable: true,
    isStepByStep: true,
    isLeadTimeEnabled: true,
    leadTimeType: "days",
    leadTimeValue: 2,
    schedule: [{ type: "daily", from: "08:00", to: "18:00", isClosed: false }],
    alternativeUnits: [],
    parts: [
      { name: "Aufschrift", type: "text", maxLength: 30, isOptional: false },
      { name: "Foto", type: "image" },
      {
        name: "Größe",
        type: "select",
        options: [
          { name: "Ø 22 cm", modifier: "add", value: 500 },
          { name: "Ø 26 cm", modifier: "add", value: 850 },
        ],
      },
    ],
    bundleItems: [],
    ...overrides,
  };
}

describe.each(databaseTargets())("products in the back office (%s)", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let server: AppServer;
  let admin: StaffClient;
  let manager: StaffClient;
  let adminId: number;
  let settings: Settings;
  let tagId: number;
  let imageId: number;

  const json = async (response: Response) => (await response.json()) as Body;
  const countProducts = async () =>
    Number(
      (
        await db
          .selectFrom("products")
          .select((eb) => eb.fn.countAll<string>().as("count"))
          .executeTakeFirstOrThrow()
      ).count,
    );
  const productNamed = async (identifier: string) =>
    db
      .selectFrom("products")
      .selectAll()
      .where("identifier", "=", identifier)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await seedDemoData(db, { now });
    for (const row of await (db as unknown as Kysely<any>)
      .selectFrom("allergens")
      .select(["id", "regulationCode"])
      .execute()) {
      allergenIds.set(row.regulationCode, row.id);
    }
    settings = await getSettings(db);
    server = await startAppServer(db);
    const adminUser = await createStaff(db, { roles: ["ROLE_ADMIN"] });
    adminId = adminUser.id;
    const branch = await db.selectFrom("branches").select("id").executeTakeFirstOrThrow();
    const managerUser = await createStaff(db, { roles: ["ROLE_MANAGER"], branchIds: [branch.id] });
    admin = await new StaffClient(server).signInAs(server.context, adminUser.id);
    manager = await new StaffClient(server).signInAs(server.context, managerUser.id);
    tagId = (
      await db
        .insertInto("tags")
        .values({ identifier: "torten-test", name: "Torten" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    imageId = (
      await db
        .insertInto("images")
        .values({
          extension: "png",
          mimeType: "image/png",
          width: 1,
          height: 1,
          alt: "Torte",
          storageKey: "test-torte",
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("creates, reads, lists, updates and deletes a configurable cake, each audited", async () => {
    const created = await admin.send("/api/products", {
      json: cake({ tagIds: [tagId], imageIds: [imageId] }),
    });
    const body = await json(created);
    expect(created.status, JSON.stringify(body.errors)).toBe(201);
    const product = body.data;
    expect(product).toMatchObject({
      name: "Zitronentraum",
      type: "configurable",
      price: 3900,
      allergenCodes: ["gluten", "eggs", "milk"],
      calculationModel: "minimum",
      maximumQuantity: 5,
      leadTimeType: "days",
      tags: [{ id: tagId }],
      images: [{ id: imageId }],
      schedule: [{ type: "daily", date: null, isClosed: false, from: "08:00", to: "18:00" }],
    });
    expect(product.config).toMatchObject({
      parts: [
        { name: "Aufschrift", type: "text", maxLength: 30, options: [] },
        { name: "Foto", type: "image", maxLength: null },
        {
          name: "Größe",
          type: "select",
          options: [
            { name: "Ø 22 cm", modifier: "add", value: 500 },
            { name: "Ø 26 cm", modifier: "add", value: 850 },
          ],
        },
      ],
    });
    // The storefront reads the schedule as `branch_hours`-like rules.
    const stored = await productNamed("motivtorte-test");
    expect(stored.schedule).toEqual([
      { type: "daily", date: null, isClosed: false, fromTime: "08:00", toTime: "18:00" },
    ]);

    const read = await admin.send(`/api/products/${product.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get("ETag")).toBe(`"${product.version}"`);

    const listed = await json(await admin.send("/api/products?search=ZITRONENTR"));
    expect(listed.data.map((row: { name: string }) => row.name)).toEqual(["Zitronentraum"]);
    const byIdentifier = await json(await admin.send("/api/products?search=motivtorte-test"));
    expect(byIdentifier.meta.total).toBe(1);

    // Reordering the parts keeps their ids (carts name them), and options move with their part.
    const [inscription, photo, size] = product.config.parts;
    const updated = await admin.send(`/api/products/${product.id}`, {
      method: "PUT",
      json: {
        version: product.version,
        price: 4200,
        parts: [size, inscription, { ...photo, name: "Foto für den Aufleger" }],
      },
    });
    const after = (await json(updated)).data;
    expect(updated.status).toBe(200);
    expect(after.price).toBe(4200);
    expect(after.config.parts.map((part: { id: number }) => part.id)).toEqual([
      size.id,
      inscription.id,
      photo.id,
    ]);
    expect(after.config.parts[0].options.map((option: { id: number }) => option.id)).toEqual(
      size.options.map((option: { id: number }) => option.id),
    );
    expect(after.config.parts[2].name).toBe("Foto für den Aufleger");

    const deleted = await admin.send(`/api/products/${product.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect((await admin.send(`/api/products/${product.id}`)).status).toBe(404);
    const log = await db
      .selectFrom("auditLog")
      .select(["action", "data", "userId"])
      .where("entityType", "=", "product")
      .where("entityId", "=", String(product.id))
      .orderBy("id")
      .execute();
    expect(log.map((entry) => entry.action)).toEqual([
      "product.created",
      "product.updated",
      "product.deleted",
    ]);
    expect(log[1]!.data).toMatchObject({ before: { price: 3900 }, after: { price: 4200 } });
    expect(log.every((entry) => entry.userId === adminId)).toBe(true);
  });

  it("lists products by name, case-insensitively, with price and type, sortable", async () => {
    const page = await admin.send("/backend/products?suche=Brot");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Produkte");
    const sorted = await json(await admin.send("/api/products?sort=price&dir=desc&pageSize=3"));
    const prices = sorted.data.map((row: { price: number }) => row.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const names = (await json(await admin.send("/api/products?pageSize=200"))).data.map(
      (row: { name: string }) => row.name.toLowerCase(),
    );
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("is for administrators only", async () => {
    expect((await manager.send("/api/products")).status).toBe(403);
    expect((await manager.send("/api/products", { json: cake() })).status).toBe(403);
    expect((await new StaffClient(server).send("/api/products")).status).toBe(401);
  });

  const badInputs: [string, Record<string, unknown>, string, string][] = [
    ["a price of abc", { price: "abc" }, "price", "Bitte geben Sie einen Betrag wie 2,50 ein."],
    ["a negative minimum", { minimumQuantity: -2 }, "minimumQuantity", "Mindestens 0,001."],
    ["an absurd maximum", { maximumQuantity: 1e12 }, "maximumQuantity", "Höchstens 100.000."],
    [
      "a minimum above the maximum",
      { minimumQuantity: 6, maximumQuantity: 5, defaultQuantity: 6 },
      "minimumQuantity",
      "Die Mindestmenge darf nicht über der Höchstmenge liegen.",
    ],
    ["a step of 0", { quantityStepSize: 0 }, "quantityStepSize", "Mindestens 0,001."],
    [
      "a quantity finer than the column",
      { quantityStepSize: 0.0001 },
      "quantityStepSize",
      "Höchstens 3 Nachkommastellen.",
    ],
    [
      "a default outside minimum and maximum",
      { defaultQuantity: 9 },
      "defaultQuantity",
      "Die Vorgabemenge muss zwischen Mindest- und Höchstmenge liegen.",
    ],
    [
      "an alternative unit with ratio 0",
      { alternativeUnits: [{ unit: "gram", ratio: 0, calculationModel: "fixed" }] },
      "alternativeUnits.0.ratio",
      "Das Verhältnis muss größer als 0 sein.",
    ],
    [
      "a repeated alternative unit",
      {
        alternativeUnits: [
          { unit: "gram", ratio: 0.001, calculationModel: "fixed" },
          { unit: "gram", ratio: 0.002, calculationModel: "fixed" },
        ],
      },
      "alternativeUnits.1.unit",
      "Diese Einheit ist schon eingetragen.",
    ],
    [
      "a subtraction larger than the price",
      {
        price: 300,
        parts: [
          {
            name: "Größe",
            type: "select",
            options: [{ name: "Mini", modifier: "subtract", value: 500 }],
          },
        ],
      },
      "parts.0.options.0.value",
      "Der Abzug ist größer als der Preis; der Preis würde negativ.",
    ],
    [
      "an unknown option modifier",
      {
        parts: [
          {
            name: "Größe",
            type: "select",
            options: [{ name: "Mini", modifier: "multiply", value: 5 }],
          },
        ],
      },
      "parts.0.options.0.modifier",
      "Bitte wählen Sie einen der angebotenen Werte.",
    ],
    [
      "a select without options",
      { parts: [{ name: "Größe", type: "select", options: [] }] },
      "parts.0.options",
      "Eine Auswahl braucht mindestens eine Option.",
    ],
    [
      "options on a text part",
      { parts: [{ name: "Aufschrift", type: "text", options: [{ name: "A", modifier: "add" }] }] },
      "parts.0.options",
      "Optionen gibt es nur bei Auswahl und Mehrfachauswahl.",
    ],
    [
      "a max length of 0",
      { parts: [{ name: "Aufschrift", type: "text", maxLength: 0 }] },
      "parts.0.maxLength",
      "Mindestens 1.",
    ],
    [
      "a max length above 10000",
      { parts: [{ name: "Aufschrift", type: "text", maxLength: 10_001 }] },
      "parts.0.maxLength",
      "Höchstens 10.000.",
    ],
    ["an unknown tag", { tagIds: [999_999] }, "tagIds", "Dieser Eintrag existiert nicht (mehr)."],
    [
      "an unknown image",
      { imageIds: [999_999] },
      "imageIds",
      "Dieser Eintrag existiert nicht (mehr).",
    ],
    [
      "a bundle naming an unknown product",
      { type: "bundle", parts: [], bundleItems: [{ productId: 999_999, quantity: 1 }] },
      "bundleItems[0].productId",
      "Unbekannter Eintrag.",
    ],
  ];

  it.each(badInputs)(
    "refuses %s with a German message beside the field",
    async (_, change, field, message) => {
      const before = await countProducts();
      const response = await admin.send("/api/products", {
        json: cake({ identifier: null, ...change }),
      });
      const body = await json(response);
      expect(response.status).toBe(400);
      expect(body.errors?.[0]?.message).toBe("Produkt konnte nicht erstellt werden.");
      expect(body.errors).toContainEqual({ field, message });
      expect(await countProducts()).toBe(before);
    },
  );

  it("refuses a bundle that contains itself or another bundle, and saves nothing", async () => {
    const baguette = await productNamed("baguette");
    const created = await admin.send("/api/products", {
      json: cake({
        name: "Frühstückspaket",
        identifier: "fruehstueck-test",
        type: "bundle",
        parts: [],
        bundleItems: [{ productId: baguette.id, quantity: 2 }],
      }),
    });
    expect(created.status).toBe(201);
    const bundle = (await json(created)).data;
    expect(bundle.bundleItems).toEqual([{ productId: baguette.id, quantity: 2 }]);

    const itself = await admin.send(`/api/products/${bundle.id}`, {
      method: "PUT",
      json: { bundleItems: [{ productId: bundle.id, quantity: 1 }] },
    });
    expect(itself.status).toBe(400);
    expect((await json(itself)).errors).toContainEqual({
      field: "bundleItems[0].productId",
      message: "Ein Paket kann sich nicht selbst enthalten.",
    });

    const other = await admin.send("/api/products", {
      json: cake({
        identifier: null,
        type: "bundle",
        parts: [],
        bundleItems: [{ productId: bundle.id, quantity: 1 }],
      }),
    });
    expect(other.status).toBe(400);
    expect((await json(other)).errors).toContainEqual({
      field: "bundleItems[0].productId",
      message: "Ein Paket kann kein anderes Paket enthalten.",
    });
    const items = await db
      .selectFrom("productBundleItems")
      .select("componentProductId")
      .where("bundleProductId", "=", bundle.id)
      .execute();
    expect(items).toEqual([{ componentProductId: baguette.id }]);

    // A component that bundles name cannot go.
    const refused = await admin.send(`/api/products/${baguette.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
  });

  it("refuses the second of two saves of the same version (409)", async () => {
    const product = (
      await json(await admin.send("/api/products", { json: cake({ identifier: "konflikt-test" }) }))
    ).data;
    const first = await admin.send(`/api/products/${product.id}`, {
      method: "PUT",
      json: { price: 4000 },
      headers: { "If-Match": `"${product.version}"` },
    });
    expect(first.status).toBe(200);
    const second = await admin.send(`/api/products/${product.id}`, {
      method: "PUT",
      json: { price: 4100, parts: [] },
      headers: { "If-Match": `"${product.version}"` },
    });
    expect(second.status).toBe(409);
    const stored = (await json(await admin.send(`/api/products/${product.id}`))).data;
    expect(stored.price).toBe(4000);
    expect(stored.config.parts).toHaveLength(3);
  });

  it("copies a product with its units, parts, options, bundle, images and tags (API and page)", async () => {
    const source = (
      await json(
        await admin.send("/api/products", {
          json: cake({
            identifier: "kopiervorlage",
            tagIds: [tagId],
            imageIds: [imageId],
            alternativeUnits: [{ unit: "serving", ratio: 0.1, calculationModel: "approximate" }],
          }),
        }),
      )
    ).data;
    const copied = await admin.send(`/api/products/${source.id}/copy`, { method: "POST" });
    expect(copied.status).toBe(201);
    const copy = (await json(copied)).data;
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      name: "Zitronentraum (Kopie)",
      identifier: null,
      price: source.price,
      allergenCodes: source.allergenCodes,
      tags: [{ id: tagId }],
      images: [{ id: imageId }],
      schedule: source.schedule,
      alternativeUnits: source.alternativeUnits,
    });
    expect(copy.uid).not.toBe(source.uid);
    const strip = (parts: any[]) =>
      parts.map(({ id: _id, options, ...part }) => ({
        ...part,
        options: options.map(({ id: _o, ...option }: any) => option),
      }));
    expect(strip(copy.config.parts)).toEqual(strip(source.config.parts));
    const sourceIds = source.config.parts.map((part: { id: number }) => part.id);
    expect(copy.config.parts.some((part: { id: number }) => sourceIds.includes(part.id))).toBe(
      false,
    );
    const audit = await db
      .selectFrom("auditLog")
      .select("action")
      .where("entityType", "=", "product")
      .where("entityId", "=", String(copy.id))
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(["product.created"]);

    const page = await admin.send(`/backend/products/${source.id}/copy`, { form: {} });
    expect(page.status).toBe(302);
    const location = page.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/backend\/products\/\d+\?hinweis=kopiert$/);
    const html = await (await admin.send(location)).text();
    expect(html).toContain("Zitronentraum (Kopie)");
    expect(html).toContain("Das Produkt wurde kopiert.");
    expect((await admin.send("/api/products/999999/copy", { method: "POST" })).status).toBe(404);
    expect((await manager.send(`/api/products/${source.id}/copy`, { method: "POST" })).status).toBe(
      403,
    );
  });

  it("refuses to delete a product that menus list, and says in how many", async () => {
    const entry = await db
      .selectFrom("menuEntries")
      .select("productId")
      .where("productId", "is not", null)
      .executeTakeFirstOrThrow();
    const id = entry.productId!;
    const menus = await db
      .selectFrom("menuEntries")
      .select("menuId")
      .distinct()
      .where("productId", "=", id)
      .execute();
    const response = await admin.send(`/api/products/${id}`, { method: "DELETE" });
    expect(response.status).toBe(409);
    const count = menus.length;
    expect((await json(response)).errors?.[0]?.message).toBe(
      `Kann nicht gelöscht werden: Das Produkt ist in ${count === 1 ? "einem Katalog" : `${count} Katalogen`}.`,
    );
  });

  it("edits parts and their options without JavaScript: add, move down, remove", async () => {
    const base = {
      name: "Formtorte",
      type: "configurable",
      price: "39,00",
      unit: "piece",
      calculationModel: "fixed",
      "parts[0].name": "Aufschrift",
      "parts[0].type": "text",
      "parts[0].maxLength": "30",
      "parts[1].name": "Größe",
      "parts[1].type": "select",
      "parts[1].options[0].name": "Ø 22 cm",
      "parts[1].options[0].modifier": "add",
      "parts[1].options[0].value": "5,00",
    };
    const send = (form: Record<string, string>) => admin.send("/backend/products/new", { form });
    const before = await countProducts();

    const added = await send({ ...base, intent: "parts[1].options-add" });
    expect(added.status).toBe(200);
    let html = await added.text();
    expect(html).toContain('name="parts[1].options[1].name"');
    expect(html).toContain('value="parts[1].options-down-0"');

    const moved = await send({
      ...base,
      "parts[1].options[1].name": "Ø 26 cm",
      "parts[1].options[1].modifier": "add",
      "parts[1].options[1].value": "8,50",
      intent: "parts-down-0",
    });
    html = await moved.text();
    // The select part is first now, its options with it; the text part second.
    expect(html.indexOf('name="parts[0].options[1].name"')).toBeGreaterThan(-1);
    expect(html).toMatch(
      /name="parts\[1\]\.name"[^>]*value="Aufschrift"|value="Aufschrift"[^>]*name="parts\[1\]\.name"/,
    );

    const removed = await send({ ...base, intent: "parts-remove-0" });
    html = await removed.text();
    expect(html).not.toContain('name="parts[1].name"');
    expect(await countProducts()).toBe(before);

    // The German message stands beside the nested field.
    const refused = await send({
      ...base,
      "parts[1].options[0].modifier": "multiply",
      intent: "save",
    });
    expect(refused.status).toBe(400);
    html = await refused.text();
    expect(html).toContain("Bitte wählen Sie einen der angebotenen Werte.");

    const saved = await send({
      ...base,
      allergenIds: String(allergenIds.get("milk")),
      intent: "save",
    });
    expect(saved.status).toBe(302);
    const stored = await db
      .selectFrom("products")
      .select(["id", "allergenCodes", "price"])
      .where("name", "=", "Formtorte")
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ allergenCodes: ["milk"], price: 3900 });
  });

  it("enforces a part's max length in the shop and shows it", async () => {
    const torte = await productNamed("geburtstagstorte");
    const current = (await json(await admin.send(`/api/products/${torte.id}`))).data;
    const parts = current.config.parts.map((part: { name: string }) =>
      part.name === "Aufschrift" ? { ...part, maxLength: 30 } : part,
    );
    const saved = await admin.send(`/api/products/${torte.id}`, { method: "PUT", json: { parts } });
    expect(saved.status).toBe(200);
    const inscription = (await json(saved)).data.config.parts.find(
      (part: { name: string }) => part.name === "Aufschrift",
    );

    const branch = (await findBranchByIdentifier(db, "altstadt")) as BranchDetails;
    const catalogue = await loadActiveCatalogue(db, branch.id, now, settings.businessTimeZone);
    const product = catalogue.orderable.get(torte.id) as CatalogueProduct;
    expect(product).toBeDefined();
    const form = new FormData();
    form.set("intent", "add");
    form.set("productId", String(torte.id));
    form.set("amount", "1");
    form.set(`part-${inscription.id}`, "Alles Gute zum Geburtstag, liebe Oma Hildegard");
    for (const part of product.parts) {
      if (part.type === "select" && !part.isOptional)
        form.set(`part-${part.id}`, String(part.options[0]!.id));
    }
    const result = await changeCart(db, {
      branch,
      orderable: catalogue.orderable,
      preferredType: "takeaway",
      cartId: null,
      form,
      oversized: [],
      storage: noStorage,
    });
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { [`part-${inscription.id}`]: "Bitte geben Sie höchstens 30 Zeichen ein." },
    });

    // Staff changing an order's item meet the same limit (the item form is the shop's).
    const order = await insertTestOrder(db, { branchIdentifier: "altstadt" });
    await db
      .updateTable("orderItems")
      .set({ productId: torte.id })
      .where("orderId", "=", order.id)
      .where("position", "=", 1)
      .execute();
    const staffEdit = await admin.send(`/api/orders/${order.id}/items/1`, {
      method: "PUT",
      json: {
        amount: 1,
        parts: [{ partId: inscription.id, value: "Herzlichen Glückwunsch zum 80., liebe Hilde!" }],
      },
    });
    expect(staffEdit.status).toBe(400);
    expect((await json(staffEdit)).errors).toContainEqual({
      field: `parts.${inscription.id}`,
      message: "Bitte geben Sie höchstens 30 Zeichen ein.",
    });

    const page = await new StaffClient(server).send(`/store/altstadt/product/${torte.id}`);
    const html = await page.text();
    expect(html).toContain("Höchstens 30 Zeichen.");
    expect(html).toMatch(
      new RegExp(`id="part-${inscription.id}"[^>]*maxLength="30"|maxlength="30"`, "i"),
    );
  });

  it("tells the customer when staff change a product in the cart (price, option, disabled)", async () => {
    const branch = (await findBranchByIdentifier(db, "altstadt")) as BranchDetails;
    const open = () => loadActiveCatalogue(db, branch.id, now, settings.businessTimeZone);
    const addToCart = async (
      identifier: string,
      extra: (product: CatalogueProduct) => Record<string, string> = () => ({}),
    ) => {
      const catalogue = await open();
      const product = [...catalogue.orderable.values()].find((p) => p.identifier === identifier)!;
      const form = new FormData();
      form.set("intent", "add");
      form.set("productId", String(product.id));
      form.set("amount", "1");
      for (const [key, value] of Object.entries(extra(product))) form.set(key, value);
      const result = await changeCart(db, {
        branch,
        orderable: catalogue.orderable,
        preferredType: "takeaway",
        cartId: null,
        form,
        oversized: [],
        storage: noStorage,
      });
      if (!result.ok) throw new Error(JSON.stringify(result));
      return { cartId: result.cartId, product };
    };
    const view = async (cartId: string) =>
      loadCart(db, {
        branch,
        currency: settings.currency,
        preferredType: "takeaway",
        active: (await open()).active,
        cartId,
      });

    // The price changes.
    const { cartId: first, product: baguette } = await addToCart("baguette");
    expect((await view(first)).removedByMenuChange).toEqual([]);
    const repriced = await admin.send(`/api/products/${baguette.id}`, {
      method: "PUT",
      json: { price: baguette.price + 10 },
    });
    expect(repriced.status).toBe(200);
    expect((await view(first)).removedByMenuChange).toEqual(["Baguette"]);

    // An option the customer chose is removed.
    const { cartId: second, product: torte } = await addToCart("geburtstagstorte", (product) =>
      Object.fromEntries(
        product.parts.flatMap((part) =>
          part.type === "select"
            ? [[`part-${part.id}`, String(part.options[0]!.id)]]
            : part.type === "text" && !part.isOptional
              ? [[`part-${part.id}`, "Alles Gute"]]
              : [],
        ),
      ),
    );
    expect((await view(second)).removedByMenuChange).toEqual([]);
    const stored = (await json(await admin.send(`/api/products/${torte.id}`))).data;
    const withoutFirstOption = stored.config.parts.map(
      (part: { type: string; options: unknown[] }) =>
        part.type === "select" ? { ...part, options: part.options.slice(1) } : part,
    );
    const changed = await admin.send(`/api/products/${torte.id}`, {
      method: "PUT",
      json: { parts: withoutFirstOption },
    });
    expect(changed.status).toBe(200);
    expect((await view(second)).removedByMenuChange).toEqual(["Geburtstagstorte"]);

    // The product is disabled.
    const { cartId: third, product: other } = await addToCart("laugenbrezel");
    const disabled = await admin.send(`/api/products/${other.id}`, {
      method: "PUT",
      json: { isEnabled: false },
    });
    expect(disabled.status).toBe(200);
    expect((await view(third)).removedByMenuChange).toEqual([other.name]);
  });
});
