import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { findBranchByIdentifier, type BranchDetails } from "#app/db/queries/branches";
import { listCartItems } from "#app/db/queries/carts";
import type { CatalogueProduct, CatalogueProductPart } from "#app/db/queries/catalogue";
import { countRows } from "#app/db/queries/counts";
import { getSettings } from "#app/db/queries/settings";
import type { Database, Settings } from "#app/db/schema";
import { seedDemoData } from "#app/db/seed.server";
import { de } from "#app/i18n/de";
import type { FileStorage } from "#app/integrations/storage/file-storage";
import { localFolderStorage } from "#app/integrations/storage/local-folder.server";
import { changeCart, type CartChangeResult } from "#app/features/cart/cart-changes.server";
import { loadCart } from "#app/features/cart/cart.server";
import {
  loadActiveCatalogue,
  type ActiveCatalogue,
} from "#app/features/storefront/menu-catalogue.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { tinyPng } from "#tests/support/tiny-png";

/** A Saturday, 10:30 in Freiburg: every seeded category and product schedule is open. */
const now = new Date("2026-11-21T09:30:00Z");

/** Intl puts a no-break space between the amount and the euro sign. */
const euro = (text: string) => text.replace(" €", "\u00a0€");

const png = (name = "foto.png") => new File([tinyPng()], name, { type: "image/png" });
const htmlAsPng = (name = "foto.png") =>
  new File(["<!DOCTYPE html><script>alert(1)</script>"], name, { type: "image/png" });

type FormValue = string | number | File | readonly (string | number)[];
type Fields = Record<string, FormValue | undefined>;

function formOf(fields: Fields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value instanceof File) form.append(name, value);
    else if (Array.isArray(value)) for (const item of value) form.append(name, String(item));
    else form.append(name, String(value));
  }
  return form;
}

const part = (product: CatalogueProduct, name: string): CatalogueProductPart => {
  const found = product.parts.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${product.identifier} hat keinen Schritt "${name}".`);
  return found;
};

const option = (step: CatalogueProductPart, name: string) => {
  const found = step.options.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`Schritt "${step.name}" hat keine Option "${name}".`);
  return found;
};

const field = (step: CatalogueProductPart) => `part-${step.id}`;

function okCart(result: CartChangeResult): string {
  if (!result.ok) throw new Error(`Warenkorbänderung abgelehnt: ${result.message}`);
  return result.cartId;
}

interface Store {
  branch: BranchDetails;
  catalogue: ActiveCatalogue;
}

describe.each(databaseTargets())("the cart service on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let settings: Settings;
  let uploadsFolder: string;
  let storage: FileStorage;
  let altstadt: Store;
  let wiehre: Store;
  let herdern: Store;

  async function openStore(identifier: string): Promise<Store> {
    const branch = await findBranchByIdentifier(db, identifier);
    if (!branch) throw new Error(`Keine Filiale ${identifier}.`);
    const catalogue = await loadActiveCatalogue(db, branch.id, now, settings.businessTimeZone);
    return { branch, catalogue };
  }

  function productOf(store: Store, identifier: string): CatalogueProduct {
    const product = [...store.catalogue.orderable.values()].find(
      (candidate) => candidate.identifier === identifier,
    );
    if (!product)
      throw new Error(`${identifier} ist in ${store.branch.identifier} nicht bestellbar.`);
    return product;
  }

  function change(store: Store, cartId: string | null, fields: Fields, oversized: string[] = []) {
    return changeCart(db, {
      branch: store.branch,
      orderable: store.catalogue.orderable,
      preferredType: settings.defaultDeliveryMethod,
      cartId,
      form: formOf(fields),
      oversized,
      storage,
    });
  }

  const add = (store: Store, cartId: string | null, product: CatalogueProduct, fields: Fields) =>
    change(store, cartId, { intent: "add", productId: product.id, ...fields });

  function view(store: Store, cartId: string | null) {
    return loadCart(db, {
      branch: store.branch,
      currency: settings.currency,
      preferredType: settings.defaultDeliveryMethod,
      active: store.catalogue.active,
      cartId,
    });
  }

  const storedFiles = () => readdir(uploadsFolder).catch(() => [] as string[]);

  /** Everything a refused change must leave alone: the cart row, its items, uploads and files. */
  async function snapshot(cartId: string) {
    return {
      cart: await db.selectFrom("carts").selectAll().where("id", "=", cartId).executeTakeFirst(),
      items: await listCartItems(db, cartId),
      uploads: await countRows(db, "uploads"),
      files: (await storedFiles()).sort(),
    };
  }

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await seedDemoData(db, { now });
    settings = await getSettings(db);
    uploadsFolder = await mkdtemp(path.join(os.tmpdir(), "backstube-cart-uploads-"));
    storage = localFolderStorage(uploadsFolder);
    [altstadt, wiehre, herdern] = (await Promise.all(
      ["altstadt", "wiehre", "herdern"].map(openStore),
    )) as [Store, Store, Store];
  });

  afterAll(async () => {
    await handle?.close();
    if (uploadsFolder) await rm(uploadsFolder, { recursive: true, force: true });
  });

  it("uses the seeded shop settings the cart prices with", () => {
    expect(settings).toMatchObject({ currency: "EUR", defaultDeliveryMethod: "takeaway" });
  });

  it("adds a simple product to a new cart and shows it counted, priced and totalled", async () => {
    const baguette = productOf(altstadt, "baguette");
    expect(baguette).toMatchObject({
      type: "simple",
      name: "Baguette",
      price: 220,
      unit: "piece",
      calculationModel: "fixed",
    });

    const result = await add(altstadt, null, baguette, { amount: "1" });
    expect(result).toEqual({
      ok: true,
      cartId: expect.any(String),
      isNewCart: true,
      notice: "added",
    });
    const cartId = okCart(result);

    const cart = await view(altstadt, cartId);
    expect(cart).toMatchObject({
      cartId,
      countText: "1 Produkt im Warenkorb",
      deliveryType: "takeaway",
      deliveryTypes: [
        { value: "takeaway", label: "Takeaway" },
        { value: "dine-in", label: "Dine In" },
      ],
      areas: [],
      deliveryAreaId: null,
      costs: euro("2,20 €"),
      deliveryCosts: null,
      total: euro("2,20 €"),
      isApproximate: false,
      hasHiddenPrices: false,
      minimumNotice: [],
      freeDeliveryHint: null,
      canCheckout: true,
      removedByMenuChange: [],
    });
    expect(cart.items).toEqual([
      expect.objectContaining({
        productId: baguette.id,
        name: "Baguette",
        details: [],
        quantityLabel: "1 Stk.",
        amountInput: "1",
        unitShort: "Stk.",
        priceLabel: euro("2,20 €"),
      }),
    ]);

    // Three pretzels (95 ct each, listed through a product group) go into the same cart.
    const pretzel = productOf(altstadt, "laugenbrezel");
    expect(pretzel).toMatchObject({ price: 95, unit: "piece" });
    const second = await add(altstadt, cartId, pretzel, { amount: "3" });
    expect(second).toEqual({ ok: true, cartId, isNewCart: false, notice: "added" });

    // Farmhouse bread by weight: 5,90 €/kg × 500 g × 0.001 = 2,95 €, an approximate price.
    const loaf = productOf(altstadt, "bauernbrot-vom-laib");
    expect(loaf).toMatchObject({ price: 590, unit: "kilogram", calculationModel: "approximate" });
    okCart(await add(altstadt, cartId, loaf, { amount: "500", unit: "gram" }));

    const full = await view(altstadt, cartId);
    expect(full.items.map((item) => [item.name, item.quantityLabel, item.priceLabel])).toEqual([
      ["Baguette", "1 Stk.", euro("2,20 €")],
      ["Laugenbrezel", "3 Stk.", euro("2,85 €")],
      ["Bauernbrot vom Laib", "500 g", euro("ca. 2,95 €")],
    ]);
    // Pieces count by amount, a weighed line counts once: 1 + 3 + 1.
    expect(full.countText).toBe("5 Produkte im Warenkorb");
    // 2,20 + 2,85 + 2,95 = 8,00 €, marked 'ca.' because the bread is weighed.
    expect(full).toMatchObject({
      costs: euro("ca. 8,00 €"),
      total: euro("ca. 8,00 €"),
      isApproximate: true,
    });
    expect(
      (await listCartItems(db, cartId)).map((item) => [item.position, item.amount, item.unit]),
    ).toEqual([
      [0, 1, "piece"],
      [1, 3, "piece"],
      [2, 500, "gram"],
    ]);
  });

  it("adds the dialog's starting amount when the menu's '+' names the product alone", async () => {
    // A platter for at least four: one tap adds four, as its dialog would start.
    const platter = productOf(altstadt, "brunch-platte");
    expect(platter.minimumQuantity).toBe(4);
    const cartId = okCart(await add(altstadt, null, platter, {}));
    expect((await listCartItems(db, cartId)).map((item) => Number(item.amount))).toEqual([4]);
    const baguette = productOf(altstadt, "baguette");
    await add(altstadt, cartId, baguette, {});
    expect((await listCartItems(db, cartId)).map((item) => Number(item.amount))).toEqual([4, 1]);
    // Only an add has a default: an empty amount is still refused, and so is a change without one.
    expect(await add(altstadt, cartId, baguette, { amount: "" })).toMatchObject({ ok: false });
    const [item] = await listCartItems(db, cartId);
    expect(await change(altstadt, cartId, { intent: "update", itemId: item!.id })).toMatchObject({
      ok: false,
    });
  });

  it("adds the same product with the same choices to one line, with the amounts summed", async () => {
    // Issue 36: "+" twice made two lines of one product (and two on the ticket).
    const baguette = productOf(altstadt, "baguette");
    const cartId = okCart(await add(altstadt, null, baguette, {}));
    await add(altstadt, cartId, baguette, {});
    await add(altstadt, cartId, baguette, { amount: "3" });
    const items = await listCartItems(db, cartId);
    expect(items.map((item) => [item.productId, Number(item.amount)])).toEqual([[baguette.id, 5]]);
    expect((await view(altstadt, cartId)).countText).toBe("5 Produkte im Warenkorb");

    // Ten taps at once still end on one line with every one of them counted.
    await Promise.all([...Array(10).keys()].map(() => add(altstadt, cartId, baguette, {})));
    expect((await listCartItems(db, cartId)).map((item) => Number(item.amount))).toEqual([15]);
  });

  it("keeps a cake with other choices, another inscription or a photo on a line of its own", async () => {
    const cake = productOf(altstadt, "geburtstagstorte");
    const inscription = part(cake, "Aufschrift");
    const size = part(cake, "Größe");
    const extras = part(cake, "Extras");
    const candles = option(extras, "Kerzen-Set (12 Stück)").id;
    const sparkler = option(extras, "Wunderkerze").id;
    const base = {
      amount: "1",
      [field(inscription)]: "Alles Gute, Lina!",
      [field(size)]: option(size, "Ø 20 cm (10 Stücke)").id,
      [field(extras)]: [candles, sparkler],
    };
    const cartId = okCart(await add(altstadt, null, cake, base));
    // The same cake again, its extras ticked in the other order: the same line.
    okCart(await add(altstadt, cartId, cake, { ...base, [field(extras)]: [sparkler, candles] }));
    expect((await listCartItems(db, cartId)).map((item) => Number(item.amount))).toEqual([2]);

    okCart(
      await add(altstadt, cartId, cake, { ...base, [field(inscription)]: "Alles Gute, Ben!" }),
    );
    okCart(await add(altstadt, cartId, cake, { ...base, [field(extras)]: [candles] }));
    expect((await listCartItems(db, cartId)).map((item) => Number(item.amount))).toEqual([2, 1, 1]);

    // A photo makes its own cake, even the same file twice.
    const photoCake = productOf(altstadt, "motivtorte");
    const photo = part(photoCake, "Foto für den Tortenaufleger");
    const photoSize = part(photoCake, "Größe");
    const filling = part(photoCake, "Füllung");
    const withPhoto = {
      amount: "1",
      [field(photoSize)]: option(photoSize, "Ø 22 cm (12–14 Stücke)").id,
      [field(filling)]: option(filling, "Himbeer-Quark").id,
    };
    okCart(await add(altstadt, cartId, photoCake, { ...withPhoto, [field(photo)]: png("a.png") }));
    okCart(await add(altstadt, cartId, photoCake, { ...withPhoto, [field(photo)]: png("a.png") }));
    expect((await listCartItems(db, cartId)).map((item) => Number(item.amount))).toEqual([
      2, 1, 1, 1, 1,
    ]);
  });

  it("stores a configured cake with text, choices and a photo, priced by its options", async () => {
    const cake = productOf(altstadt, "motivtorte");
    const size = part(cake, "Größe");
    const filling = part(cake, "Füllung");
    const photo = part(cake, "Foto für den Tortenaufleger");
    const inscription = part(cake, "Aufschrift");
    const extras = part(cake, "Extras");
    expect(cake).toMatchObject({ type: "configurable", price: 3900, calculationModel: "fixed" });
    expect(part(cake, "Hinweise zur Bestellung")).toMatchObject({
      type: "textarea",
      isOptional: true,
    });
    const medium = option(size, "Ø 22 cm (12–14 Stücke)");
    const raspberry = option(filling, "Himbeer-Quark");
    const candles = option(extras, "Kerzen-Set (12 Stück)");
    const sparkler = option(extras, "Wunderkerze");
    expect([medium, raspberry, candles, sparkler].map((o) => [o.modifier, o.value])).toEqual([
      ["overwrite", 4900],
      ["add", 300],
      ["add", 250],
      ["add", 150],
    ]);
    expect(photo.type).toBe("image");

    const result = await add(altstadt, null, cake, {
      amount: "1",
      [field(size)]: medium.id,
      [field(filling)]: raspberry.id,
      [field(photo)]: png("lina.png"),
      [field(inscription)]: "  Alles Gute, Lina!  ",
      [field(extras)]: [candles.id, sparkler.id],
    });
    const cartId = okCart(result);

    const [item] = await listCartItems(db, cartId);
    const uploadIds = item?.parts.find((chosen) => chosen.partId === photo.id)?.uploadIds ?? [];
    expect(uploadIds).toHaveLength(1);
    expect(item).toMatchObject({
      productId: cake.id,
      amount: 1,
      unit: "piece",
      productName: cake.name,
      productDescription: cake.description,
      productPrice: 3900,
    });
    // Steps in the product's order; the empty optional note is left out.
    expect(item?.parts).toEqual([
      {
        partId: size.id,
        name: "Größe",
        type: "select",
        options: [{ optionId: medium.id, name: medium.name, modifier: "overwrite", value: 4900 }],
      },
      {
        partId: filling.id,
        name: "Füllung",
        type: "select",
        options: [{ optionId: raspberry.id, name: "Himbeer-Quark", modifier: "add", value: 300 }],
      },
      { partId: photo.id, name: photo.name, type: "image", uploadIds },
      { partId: inscription.id, name: "Aufschrift", type: "text", value: "Alles Gute, Lina!" },
      {
        partId: extras.id,
        name: "Extras",
        type: "multiselect",
        options: [
          { optionId: candles.id, name: candles.name, modifier: "add", value: 250 },
          { optionId: sparkler.id, name: "Wunderkerze", modifier: "add", value: 150 },
        ],
      },
    ]);

    const upload = await db
      .selectFrom("uploads")
      .selectAll()
      .where("id", "=", uploadIds[0]!)
      .executeTakeFirstOrThrow();
    expect(upload).toMatchObject({
      extension: "png",
      mimeType: "image/png",
      originalName: "lina.png",
      sizeBytes: tinyPng().byteLength,
    });
    expect(await storage.get(upload.storageKey)).toEqual(tinyPng());

    // The size overwrites 39,00 € with 49,00 €, then + 3,00 + 2,50 + 1,50 = 56,00 €.
    const cart = await view(altstadt, cartId);
    expect(cart.items).toEqual([
      expect.objectContaining({
        name: cake.name,
        priceLabel: euro("56,00 €"),
        details: [
          "Größe: Ø 22 cm (12–14 Stücke)",
          "Füllung: Himbeer-Quark",
          "Foto für den Tortenaufleger: 1 Datei",
          "Aufschrift: Alles Gute, Lina!",
          "Extras: Kerzen-Set (12 Stück), Wunderkerze",
        ],
      }),
    ]);
    // Every size and extra has its fixed price: the configured cake's sum is final (decision 044).
    expect(cart).toMatchObject({
      costs: euro("56,00 €"),
      total: euro("56,00 €"),
      countText: "1 Produkt im Warenkorb",
    });

    // Editing: the largest size, the photo kept, no extras: 64,00 + 3,00 = 67,00 €.
    const large = option(size, "Ø 26 cm (16–20 Stücke)");
    const edited = await change(altstadt, cartId, {
      intent: "edit",
      itemId: item!.id,
      amount: "1",
      [field(size)]: large.id,
      [field(filling)]: raspberry.id,
      [`keep-${photo.id}`]: uploadIds[0]!,
    });
    expect(edited).toEqual({ ok: true, cartId, isNewCart: false, notice: "updated" });
    const [after] = await listCartItems(db, cartId);
    expect(after?.id).toBe(item!.id);
    expect(after?.parts.map((chosen) => chosen.name)).toEqual([
      "Größe",
      "Füllung",
      "Foto für den Tortenaufleger",
    ]);
    expect(after?.parts[2]?.uploadIds).toEqual(uploadIds);
    expect((await view(altstadt, cartId)).items[0]?.priceLabel).toBe(euro("67,00 €"));
  });

  it("prices a subtracting option: birthday cake Ø 26 cm, plain", async () => {
    const cake = productOf(altstadt, "geburtstagstorte");
    const size = option(part(cake, "Größe"), "Ø 26 cm (16 Stücke)");
    const plain = option(part(cake, "Dekor"), "Schlicht, ohne Sahnetupfen");
    expect([cake.price, size.modifier, size.value, plain.modifier, plain.value]).toEqual([
      3400,
      "overwrite",
      4600,
      "subtract",
      200,
    ]);
    const cartId = okCart(
      await add(altstadt, null, cake, {
        amount: "2",
        [field(part(cake, "Aufschrift"))]: "Happy Birthday",
        [field(part(cake, "Größe"))]: size.id,
        [field(part(cake, "Dekor"))]: plain.id,
      }),
    );
    // (46,00 − 2,00) × 2 = 88,00 €.
    const cart = await view(altstadt, cartId);
    expect(cart.items[0]?.priceLabel).toBe(euro("88,00 €"));
    // Every size and decor has its fixed price: the sum is exact (decision 044).
    expect(cart.costs).toBe(euro("88,00 €"));
  });

  it("refuses bad input with the German message and leaves the cart exactly as it was", async () => {
    const baguette = productOf(altstadt, "baguette");
    const rolls = productOf(altstadt, "weizenbroetchen");
    const loaf = productOf(altstadt, "bauernbrot-vom-laib");
    const cake = productOf(altstadt, "motivtorte");
    const size = part(cake, "Größe");
    const filling = part(cake, "Füllung");
    const photo = part(cake, "Foto für den Tortenaufleger");
    const inscription = part(cake, "Aufschrift");
    const birthday = productOf(altstadt, "geburtstagstorte");
    const wedding = productOf(herdern, "hochzeitstorte");
    expect(altstadt.catalogue.orderable.has(wedding.id)).toBe(false);
    expect(rolls).toMatchObject({ minimumQuantity: 1, maximumQuantity: 50, quantityStepSize: 1 });
    expect(baguette.maximumQuantity).toBeNull();
    expect(loaf.alternativeUnits[0]).toMatchObject({
      unit: "gram",
      minimumQuantity: 250,
      maximumQuantity: 3000,
      quantityStepSize: 50,
    });

    const cartId = okCart(await add(altstadt, null, baguette, { amount: "2" }));
    const validCake: Fields = {
      intent: "add",
      productId: cake.id,
      amount: "1",
      [field(size)]: option(size, "Ø 18 cm (8–10 Stücke)").id,
      [field(filling)]: option(filling, "Erdbeer-Sahne").id,
      [field(photo)]: png(),
    };
    okCart(await change(altstadt, cartId, validCake));
    const [bread] = await listCartItems(db, cartId);

    const otherCart = okCart(await add(altstadt, null, rolls, { amount: "1" }));
    const [foreignItem] = await listCartItems(db, otherCart);

    const range = de.itemDialog.quantityRange;
    const cases: {
      title: string;
      fields: Fields;
      oversized?: string[];
      message: string;
      fieldErrors?: Record<string, string>;
    }[] = [
      {
        title: "unknown intent",
        fields: { intent: "bestellen", productId: baguette.id },
        message: de.cartPanel.badRequest,
      },
      {
        title: "product id not a number",
        fields: { intent: "add", productId: "1 or 1=1", amount: "1" },
        message: de.cartPanel.badRequest,
      },
      {
        title: "unknown product id",
        fields: { intent: "add", productId: 999_999, amount: "1" },
        message: de.menu.unknownProduct,
      },
      {
        title: "product of another branch's menu",
        fields: { intent: "add", productId: wedding.id, amount: "1" },
        message: de.menu.unknownProduct,
      },
      {
        title: "negative quantity",
        fields: { intent: "add", productId: rolls.id, amount: "-1" },
        message: de.itemDialog.fixErrors,
        fieldErrors: { amount: range("1", "50", "1") },
      },
      {
        title: "quantity above the product's maximum",
        fields: { intent: "add", productId: rolls.id, amount: "51" },
        message: de.itemDialog.fixErrors,
        fieldErrors: { amount: range("1", "50", "1") },
      },
      {
        title: "huge quantity without a product maximum",
        fields: { intent: "add", productId: baguette.id, amount: "100000" },
        message: de.itemDialog.fixErrors,
        fieldErrors: { amount: range("1", "9.999", "1") },
      },
      {
        title: "quantity off the step grid",
        fields: { intent: "add", productId: loaf.id, amount: "275", unit: "gram" },
        message: de.itemDialog.fixErrors,
        fieldErrors: { amount: range("250", "3.000", "50") },
      },
      {
        title: "half a baguette",
        fields: { intent: "add", productId: baguette.id, amount: "0,5" },
        message: de.itemDialog.fixErrors,
        fieldErrors: { amount: range("1", "9.999", "1") },
      },
      {
        title: "quantity that is no number",
        fields: { intent: "add", productId: baguette.id, amount: "zwei" },
        message: de.itemDialog.fixErrors,
        fieldErrors: { amount: de.itemDialog.notANumber },
      },
      {
        title: "unit the product is not sold in",
        fields: { intent: "add", productId: loaf.id, amount: "1", unit: "l" },
        message: de.itemDialog.fixErrors,
        fieldErrors: { unit: de.itemDialog.unknownUnit },
      },
      {
        title: "missing required step",
        fields: { ...validCake, [field(size)]: undefined, [field(photo)]: png() },
        message: de.itemDialog.fixErrors,
        fieldErrors: { [field(size)]: de.itemDialog.chooseOne },
      },
      {
        title: "missing required photo",
        fields: { ...validCake, [field(photo)]: undefined },
        message: de.itemDialog.fixErrors,
        fieldErrors: { [field(photo)]: de.itemDialog.uploadAtLeastOne },
      },
      {
        title: "option of another step of the same product",
        fields: {
          ...validCake,
          [field(size)]: option(filling, "Himbeer-Quark").id,
          [field(photo)]: png(),
        },
        message: de.itemDialog.fixErrors,
        fieldErrors: { [field(size)]: de.itemDialog.unknownOption },
      },
      {
        title: "option of another product",
        fields: {
          ...validCake,
          [field(size)]: option(part(birthday, "Größe"), "Ø 20 cm (10 Stücke)").id,
          [field(photo)]: png(),
        },
        message: de.itemDialog.fixErrors,
        fieldErrors: { [field(size)]: de.itemDialog.unknownOption },
      },
      {
        title: "two options in a single choice",
        fields: {
          ...validCake,
          [field(size)]: size.options.slice(0, 2).map((choice) => choice.id),
          [field(photo)]: png(),
        },
        message: de.itemDialog.fixErrors,
        fieldErrors: { [field(size)]: de.itemDialog.oneOptionOnly },
      },
      {
        title: "inscription longer than the step's 30 characters",
        fields: { ...validCake, [field(inscription)]: "x".repeat(31), [field(photo)]: png() },
        message: de.itemDialog.fixErrors,
        fieldErrors: { [field(inscription)]: de.itemDialog.textTooLong(30) },
      },
      {
        title: "HTML renamed to .png",
        fields: { ...validCake, [field(photo)]: htmlAsPng("torte.png") },
        message: de.itemDialog.fixErrors,
        fieldErrors: { [field(photo)]: de.uploads.failed("torte.png") },
      },
      {
        title: "file the multipart reader refused for its size",
        fields: { ...validCake, [field(photo)]: undefined },
        oversized: [`${field(photo)}:riesig.png`],
        message: de.itemDialog.fixErrors,
        fieldErrors: { [field(photo)]: de.uploads.failed("riesig.png") },
      },
      {
        title: "amount update to zero",
        fields: { intent: "update", itemId: bread!.id, amount: "0" },
        message: range("1", "9.999", "1"),
        fieldErrors: { [`amount-${bread!.id}`]: range("1", "9.999", "1") },
      },
      {
        title: "update of another cart's item",
        fields: { intent: "update", itemId: foreignItem!.id, amount: "2" },
        message: de.cartPanel.unknownItem,
      },
      {
        title: "removal of another cart's item",
        fields: { intent: "remove", itemId: foreignItem!.id },
        message: de.cartPanel.unknownItem,
      },
      {
        title: "edit of an unknown item",
        fields: { ...validCake, intent: "edit", itemId: 2_147_483_647, [field(photo)]: png() },
        message: de.cartPanel.unknownItem,
      },
      {
        title: "delivery area of another branch, at a branch without delivery",
        fields: { intent: "set-delivery-area", deliveryAreaId: wiehre.branch.deliveryAreas[0]!.id },
        message: de.cartPanel.unknownArea,
      },
    ];

    for (const bad of cases) {
      const before = await snapshot(cartId);
      const result = await change(altstadt, cartId, bad.fields, bad.oversized);
      expect(result, bad.title).toEqual({
        ok: false,
        message: bad.message,
        fieldErrors: bad.fieldErrors ?? {},
      });
      expect(await snapshot(cartId), bad.title).toEqual(before);
    }
    expect(await listCartItems(db, otherCart)).toEqual([foreignItem]);
  });

  it("keeps only the item's own uploads when an edit names others", async () => {
    const cake = productOf(altstadt, "motivtorte");
    const size = part(cake, "Größe");
    const filling = part(cake, "Füllung");
    const photo = part(cake, "Foto für den Tortenaufleger");
    const fields = (cartPhoto: File | undefined) => ({
      amount: "1",
      [field(size)]: size.options[0]!.id,
      [field(filling)]: filling.options[0]!.id,
      [field(photo)]: cartPhoto,
    });
    const mine = okCart(await add(altstadt, null, cake, fields(png("meins.png"))));
    const theirs = okCart(await add(altstadt, null, cake, fields(png("fremd.png"))));
    const [item] = await listCartItems(db, mine);
    const [foreign] = await listCartItems(db, theirs);
    const foreignUpload = foreign!.parts[2]!.uploadIds![0]!;

    const before = await snapshot(mine);
    const result = await change(altstadt, mine, {
      intent: "edit",
      itemId: item!.id,
      ...fields(undefined),
      [`keep-${photo.id}`]: foreignUpload,
    });
    expect(result).toEqual({
      ok: false,
      message: de.itemDialog.fixErrors,
      fieldErrors: { [field(photo)]: de.itemDialog.uploadAtLeastOne },
    });
    expect(await snapshot(mine)).toEqual(before);
  });

  it("updates, removes, switches to delivery and shows delivery costs, minimum and free-delivery hint", async () => {
    const { branch } = wiehre;
    const areaNamed = (name: string) => {
      const found = branch.deliveryAreas.find((area) => area.name === name);
      if (!found) throw new Error(`Kein Liefergebiet ${name}.`);
      return found;
    };
    const neighbourhood = areaNamed("Wiehre (Nachbarschaft bis 1 km)");
    const city = areaNamed("Oberwiehre, Altstadt und Stühlinger");
    const outskirts = areaNamed("Günterstal, Merzhausen und St. Georgen");
    expect(neighbourhood).toMatchObject({ price: 0, isFree: true, minimumOrderValue: 1000 });
    expect(city).toMatchObject({
      price: 290,
      isFree: false,
      freeFromOrderValue: 3000,
      minimumOrderValue: 1500,
    });
    expect(outskirts).toMatchObject({
      price: 490,
      isFree: false,
      freeFromOrderValue: null,
      minimumOrderValue: 2500,
    });
    expect(branch).toMatchObject({
      isTakeawayEnabled: true,
      isDeliveryEnabled: true,
      isDineInEnabled: false,
    });

    const baguette = productOf(wiehre, "baguette");
    expect(baguette.price).toBe(220);
    const cartId = okCart(await add(wiehre, null, baguette, { amount: "1" }));
    const [item] = await listCartItems(db, cartId);
    const itemId = item!.id;
    const amount = async (value: number) =>
      expect(
        await change(wiehre, cartId, { intent: "update", itemId, amount: String(value) }),
      ).toEqual({ ok: true, cartId, isNewCart: false, notice: "updated" });

    await amount(3);
    let cart = await view(wiehre, cartId);
    expect(cart).toMatchObject({
      countText: "3 Produkte im Warenkorb",
      deliveryType: "takeaway",
      deliveryTypes: [
        { value: "takeaway", label: "Takeaway" },
        { value: "delivery", label: "Lieferung" },
      ],
      costs: euro("6,60 €"),
      total: euro("6,60 €"),
      deliveryCosts: null,
    });
    expect(cart.items[0]).toMatchObject({ quantityLabel: "3 Stk.", amountInput: "3" });

    // Wiehre has no café: dine-in is refused and nothing changes.
    const before = await snapshot(cartId);
    expect(
      await change(wiehre, cartId, { intent: "set-delivery-type", deliveryType: "dine-in" }),
    ).toEqual({ ok: false, message: de.cartPanel.deliveryTypeUnavailable, fieldErrors: {} });
    expect(await snapshot(cartId)).toEqual(before);

    expect(
      await change(wiehre, cartId, { intent: "set-delivery-type", deliveryType: "delivery" }),
    ).toEqual({ ok: true, cartId, isNewCart: false, notice: null });
    cart = await view(wiehre, cartId);
    expect(cart).toMatchObject({
      deliveryType: "delivery",
      deliveryAreaId: null,
      deliveryCosts: null,
      minimumNotice: [],
      freeDeliveryHint: null,
      canCheckout: false,
    });
    expect(cart.areas.map((area) => area.id)).toEqual(
      [neighbourhood, city, outskirts].map((area) => area.id),
    );

    // An area of another branch is refused, whoever owns it.
    const { id: stuehlingerId } = await db
      .selectFrom("branches")
      .select("id")
      .where("identifier", "=", "stuehlinger")
      .executeTakeFirstOrThrow();
    const { id: foreignArea } = await db
      .insertInto("deliveryAreas")
      .values({ branchId: stuehlingerId, name: "Stühlinger", price: 100, minimumOrderValue: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const deliveryAreaId of [foreignArea, 999_999]) {
      const unchanged = await snapshot(cartId);
      expect(await change(wiehre, cartId, { intent: "set-delivery-area", deliveryAreaId })).toEqual(
        { ok: false, message: de.cartPanel.unknownArea, fieldErrors: {} },
      );
      expect(await snapshot(cartId)).toEqual(unchanged);
    }

    const chooseArea = async (deliveryAreaId: number) =>
      expect(await change(wiehre, cartId, { intent: "set-delivery-area", deliveryAreaId })).toEqual(
        { ok: true, cartId, isNewCart: false, notice: null },
      );

    // 6,60 € of goods: 15,00 € minimum not reached, 8,40 € missing; 2,90 € delivery.
    await chooseArea(city.id);
    cart = await view(wiehre, cartId);
    expect(cart).toMatchObject({
      deliveryType: "delivery",
      deliveryAreaId: city.id,
      costs: euro("6,60 €"),
      deliveryCosts: euro("2,90 €"),
      total: euro("9,50 €"),
      minimumNotice: [
        euro("Sie haben den Mindestbestellwert in Höhe von 15,00 € leider noch nicht erreicht."),
        euro(
          "Fügen Sie Waren im Wert von mindestens 8,40 € hinzu oder wählen Sie eine andere Art der Lieferung.",
        ),
      ],
      freeDeliveryHint: euro("Kostenlose Lieferung ab 30,00 €."),
      canCheckout: false,
    });

    // 7 × 2,20 = 15,40 €: the minimum is reached, delivery still costs.
    await amount(7);
    cart = await view(wiehre, cartId);
    expect(cart).toMatchObject({
      costs: euro("15,40 €"),
      deliveryCosts: euro("2,90 €"),
      total: euro("18,30 €"),
      minimumNotice: [],
      freeDeliveryHint: euro("Kostenlose Lieferung ab 30,00 €."),
      canCheckout: true,
    });

    // 14 × 2,20 = 30,80 € passes the 30,00 € threshold: delivery is free, no hint.
    await amount(14);
    cart = await view(wiehre, cartId);
    expect(cart).toMatchObject({
      costs: euro("30,80 €"),
      deliveryCosts: de.cartPanel.free,
      total: euro("30,80 €"),
      minimumNotice: [],
      freeDeliveryHint: null,
      canCheckout: true,
    });

    // The outer area: 4,90 € always, 25,00 € minimum, no free-delivery threshold.
    await amount(5);
    await chooseArea(outskirts.id);
    cart = await view(wiehre, cartId);
    expect(cart).toMatchObject({
      costs: euro("11,00 €"),
      deliveryCosts: euro("4,90 €"),
      total: euro("15,90 €"),
      minimumNotice: [
        euro("Sie haben den Mindestbestellwert in Höhe von 25,00 € leider noch nicht erreicht."),
        euro(
          "Fügen Sie Waren im Wert von mindestens 14,00 € hinzu oder wählen Sie eine andere Art der Lieferung.",
        ),
      ],
      freeDeliveryHint: null,
      canCheckout: false,
    });

    // The neighbourhood delivers free from a 10,00 € minimum.
    await chooseArea(neighbourhood.id);
    cart = await view(wiehre, cartId);
    expect(cart).toMatchObject({
      deliveryCosts: de.cartPanel.free,
      total: euro("11,00 €"),
      minimumNotice: [],
      freeDeliveryHint: null,
      canCheckout: true,
    });

    // Back to takeaway forgets the area.
    expect(
      await change(wiehre, cartId, { intent: "set-delivery-type", deliveryType: "takeaway" }),
    ).toEqual({ ok: true, cartId, isNewCart: false, notice: null });
    expect(
      await db
        .selectFrom("carts")
        .select(["isDelivery", "isDineIn", "deliveryAreaId"])
        .where("id", "=", cartId)
        .executeTakeFirst(),
    ).toEqual({ isDelivery: false, isDineIn: false, deliveryAreaId: null });
    cart = await view(wiehre, cartId);
    expect(cart).toMatchObject({
      deliveryType: "takeaway",
      deliveryAreaId: null,
      deliveryCosts: null,
      total: euro("11,00 €"),
      minimumNotice: [],
    });

    expect(await change(wiehre, cartId, { intent: "remove", itemId })).toEqual({
      ok: true,
      cartId,
      isNewCart: false,
      notice: "removed",
    });
    cart = await view(wiehre, cartId);
    expect(cart).toMatchObject({
      cartId,
      items: [],
      countText: "Keine Produkte im Warenkorb",
      costs: euro("0,00 €"),
      canCheckout: false,
    });
    expect(await change(wiehre, cartId, { intent: "remove", itemId })).toEqual({
      ok: false,
      message: de.cartPanel.unknownItem,
      fieldErrors: {},
    });
  });

  it("takes items out whose product changed its price or name, and names them once", async () => {
    const walnut = productOf(altstadt, "walnussbrot");
    const potato = productOf(altstadt, "kartoffelbrot");
    const baguette = productOf(altstadt, "baguette");
    const cartId = okCart(await add(altstadt, null, walnut, { amount: "1" }));
    okCart(await add(altstadt, cartId, potato, { amount: "2" }));
    okCart(await add(altstadt, cartId, baguette, { amount: "1" }));
    const { version } = await db
      .selectFrom("carts")
      .select("version")
      .where("id", "=", cartId)
      .executeTakeFirstOrThrow();

    try {
      await db
        .updateTable("products")
        .set({ price: walnut.price + 20 })
        .where("id", "=", walnut.id)
        .execute();
      await db
        .updateTable("products")
        .set({ name: "Kartoffelbrot vom Blech" })
        .where("id", "=", potato.id)
        .execute();
      const reloaded = await openStore("altstadt");

      const cart = await view(reloaded, cartId);
      expect(cart.removedByMenuChange).toEqual(["Walnussbrot (500 g)", "Kartoffelbrot (1 kg)"]);
      expect(cart.items.map((item) => item.name)).toEqual(["Baguette"]);
      expect(cart).toMatchObject({ countText: "1 Produkt im Warenkorb", total: euro("2,20 €") });
      expect((await listCartItems(db, cartId)).map((item) => item.productId)).toEqual([
        baguette.id,
      ]);
      expect(
        (
          await db
            .selectFrom("carts")
            .select("version")
            .where("id", "=", cartId)
            .executeTakeFirstOrThrow()
        ).version,
      ).toBe(version + 1);

      const again = await view(reloaded, cartId);
      expect(again.removedByMenuChange).toEqual([]);
      expect(again.items.map((item) => item.name)).toEqual(["Baguette"]);
    } finally {
      await db
        .updateTable("products")
        .set({ price: walnut.price })
        .where("id", "=", walnut.id)
        .execute();
      await db
        .updateTable("products")
        .set({ name: potato.name })
        .where("id", "=", potato.id)
        .execute();
    }
  });

  it("loses no item when ten adds to one cart run at the same time", async () => {
    const identifiers = [
      "weizenbroetchen",
      "kaiserbroetchen",
      "koernerbroetchen",
      "dinkelbroetchen",
      "roggenbroetchen",
      "mohnbroetchen",
      "kaesebroetchen",
      "sonnenkornbrot",
      "dinkelvollkornbrot",
      "ciabatta",
    ];
    const products = identifiers.map((identifier) => productOf(altstadt, identifier));
    const baguette = productOf(altstadt, "baguette");
    const cartId = okCart(await add(altstadt, null, baguette, { amount: "1" }));

    const results = await Promise.all(
      products.map((product) => add(altstadt, cartId, product, { amount: "1" })),
    );
    expect(results).toEqual(
      products.map(() => ({ ok: true, cartId, isNewCart: false, notice: "added" })),
    );

    const items = await listCartItems(db, cartId);
    expect(items.map((item) => item.productId).sort((a, b) => a - b)).toEqual(
      [baguette, ...products].map((product) => product.id).sort((a, b) => a - b),
    );
    // The cart lock queues the writers, so each one sees the others' items and takes the next
    // position; without it two writers would read the same max(position) on PostgreSQL.
    expect(items.map((item) => item.position)).toEqual([...Array(11).keys()]);
    const { version } = await db
      .selectFrom("carts")
      .select("version")
      .where("id", "=", cartId)
      .executeTakeFirstOrThrow();
    // A new cart starts at version 1; each of the ten later adds moved it on once.
    expect(version).toBe(1 + 10);
    expect((await view(altstadt, cartId)).countText).toBe("11 Produkte im Warenkorb");
  });

  it("never brings back an item that a concurrent removal took out", async () => {
    const baguette = productOf(altstadt, "baguette");
    const cartId = okCart(await add(altstadt, null, baguette, { amount: "1" }));
    const [item] = await listCartItems(db, cartId);
    const [removed, updated] = await Promise.all([
      change(altstadt, cartId, { intent: "remove", itemId: item!.id }),
      change(altstadt, cartId, { intent: "update", itemId: item!.id, amount: "4" }),
    ]);
    expect(removed).toEqual({ ok: true, cartId, isNewCart: false, notice: "removed" });
    // Whichever took the lock first: the update either ran before the removal or found the item
    // gone inside its transaction; the item never survives the removal.
    expect([
      { ok: true, cartId, isNewCart: false, notice: "updated" },
      { ok: false, message: de.cartPanel.unknownItem, fieldErrors: {} },
    ]).toContainEqual(updated);
    expect(await listCartItems(db, cartId)).toEqual([]);
  });

  it("lets two first adds without a cart create two carts, each with its item", async () => {
    // Without a cart id there is no row to lock: each request creates its own cart and the
    // cookie keeps whichever answer arrives last. The other cart is orphaned (swept by age);
    // the service promises only that each answer names a cart holding exactly that item.
    const baguette = productOf(altstadt, "baguette");
    const pretzel = productOf(altstadt, "laugenbrezel");
    const [first, second] = await Promise.all([
      add(altstadt, null, baguette, { amount: "1" }),
      add(altstadt, null, pretzel, { amount: "2" }),
    ]);
    expect(first).toMatchObject({ ok: true, isNewCart: true, notice: "added" });
    expect(second).toMatchObject({ ok: true, isNewCart: true, notice: "added" });
    const firstId = okCart(first);
    const secondId = okCart(second);
    expect(firstId).not.toBe(secondId);
    expect((await listCartItems(db, firstId)).map((item) => [item.productId, item.amount])).toEqual(
      [[baguette.id, 1]],
    );
    expect(
      (await listCartItems(db, secondId)).map((item) => [item.productId, item.amount]),
    ).toEqual([[pretzel.id, 2]]);
  });
});
