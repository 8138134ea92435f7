import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { listCartItems } from "#app/db/queries/carts";
import type { CatalogueProduct, CatalogueProductPart } from "#app/db/queries/catalogue";
import type { Db } from "#app/db/schema";
import { configuredPrice } from "#app/domain/price-label";
import { buildReceipt } from "#app/domain/receipt";
import { changeCart } from "#app/features/cart/cart-changes.server";
import { loadCart } from "#app/features/cart/cart.server";
import { DEFAULT_UPLOAD_QUOTA } from "#app/features/cart/upload-quota.server";
import { checkoutSchema, loadCheckout } from "#app/features/checkout/checkout.server";
import { newOrderKey, orderSummary } from "#app/features/checkout/checkout-view.server";
import { placeOrder } from "#app/features/checkout/place-order.server";
import { loadOrderRecord } from "#app/features/orders/order-status.server";
import { orderStatusView } from "#app/features/orders/order-status-view.server";
import { itemDialogView, itemDraft, type Round } from "#app/features/storefront/item-dialog.server";
import { loadStorefront, type Storefront } from "#app/features/storefront/storefront.server";
import type { FileStorage } from "#app/integrations/storage/file-storage";
import { localFolderStorage } from "#app/integrations/storage/local-folder.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { prepareCheckoutDatabase, testBranches } from "#tests/support/prepare-checkout-database";
import { tinyPng } from "#tests/support/tiny-png";

/** Intl puts a no-break space between the amount and the euro sign. */
const plain = (text: string) => text.replace(/\u00a0/g, " ");

type Fields = Record<string, string | File | readonly string[] | undefined>;

function formOf(fields: Fields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value instanceof File) form.append(name, value);
    else if (typeof value === "string") form.append(name, value);
    else for (const item of value) form.append(name, item);
  }
  return form;
}

const png = (name = "lina.png") => new File([tinyPng()], name, { type: "image/png" });

function step(product: CatalogueProduct, name: string): CatalogueProductPart {
  const found = product.parts.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${product.name} hat keinen Schritt "${name}".`);
  return found;
}

function optionId(part: CatalogueProductPart, name: string): string {
  const found = part.options.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`Schritt "${part.name}" hat keine Option "${name}".`);
  return String(found.id);
}

const field = (part: CatalogueProductPart) => `part-${part.id}`;
const keep = (part: CatalogueProductPart) => `keep-${part.id}`;

describe.each(databaseTargets())("the item dialog's prices and limits (%s)", (target) => {
  let handle: DatabaseHandle;
  let db: Db;
  let folder: string;
  let storage: FileStorage;
  let store: Storefront;
  let cake: CatalogueProduct;
  const now = new Date();

  const open = async () =>
    (await loadStorefront(db, testBranches.open.identifier, now)) as Storefront;

  function productNamed(name: string, from: Storefront = store): CatalogueProduct {
    const product = [...from.catalogue.orderable.values()].find((p) => p.name === name);
    if (!product) throw new Error(`${name} ist nicht bestellbar.`);
    return product;
  }

  function change(cartId: string | null, fields: Fields, from: Storefront = store) {
    return changeCart(db, {
      branch: from.branch,
      orderable: from.catalogue.orderable,
      preferredType: "takeaway",
      cartId,
      form: formOf(fields),
      oversized: [],
      storage,
    });
  }

  function draft(cartId: string | null, round: Round | null, fields: Fields) {
    return itemDraft(db, {
      store,
      product: cake,
      form: formOf(fields),
      oversized: [],
      round,
      cartId,
      storage,
      uploader: { clientKey: null, quota: DEFAULT_UPLOAD_QUOTA },
    });
  }

  /** The 58 € cake: Ø 22 cm (49 €), raspberry (+3 €), candles (+2,50 €), shield (+3,50 €). */
  function cakeChoices(): Fields {
    return {
      [field(step(cake, "Größe"))]: optionId(step(cake, "Größe"), "Ø 22 cm (12–14 Stücke)"),
      [field(step(cake, "Füllung"))]: optionId(step(cake, "Füllung"), "Himbeer-Quark"),
      [field(step(cake, "Extras"))]: [
        optionId(step(cake, "Extras"), "Kerzen-Set (12 Stück)"),
        optionId(step(cake, "Extras"), "Schokoladenschild mit Namen"),
      ],
      [field(step(cake, "Aufschrift"))]: "Alles Gute, Lina!",
    };
  }

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await prepareCheckoutDatabase(db);
    folder = await mkdtemp(path.join(os.tmpdir(), "dialog-prices-"));
    storage = localFolderStorage(folder);
    store = await open();
    cake = productNamed("Motivtorte mit Fototortenaufleger");
  });

  afterAll(async () => {
    await handle?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it("tells the inscription's limit and refuses a 44-character inscription", async () => {
    const dialog = await itemDialogView(db, store, cake.id, new URLSearchParams(), null);
    const inscription = dialog!.parts.find((part) => part.name === "Aufschrift")!;
    expect(inscription).toMatchObject({ maxLength: 30, hint: "Höchstens 30 Zeichen." });
    expect(dialog!.leadTime).toBe("Vorlaufzeit: 2 Tage");

    const text = "Herzlichen Glückwunsch zum Geburtstag, Lina!";
    expect(text).toHaveLength(44);
    const carts = await db.selectFrom("carts").select("id").execute();
    const refused = await change(null, {
      intent: "add",
      productId: String(cake.id),
      amount: "1",
      unit: "piece",
      ...cakeChoices(),
      [field(step(cake, "Foto für den Tortenaufleger"))]: png(),
      [field(step(cake, "Aufschrift"))]: text,
    });
    expect(refused).toEqual({
      ok: false,
      message: "Bitte prüfen Sie Ihre Angaben.",
      fieldErrors: {
        [field(step(cake, "Aufschrift"))]: "Bitte geben Sie höchstens 30 Zeichen ein.",
      },
    });
    // Nothing half written: no cart, no file.
    expect(await db.selectFrom("carts").select("id").execute()).toEqual(carts);
  });

  it("refuses the other limits the dialog tells: choices and amounts", async () => {
    await db
      .updateTable("productParts")
      .set({ maxCount: 2 })
      .where("id", "=", step(cake, "Extras").id)
      .execute();
    const fresh = await open();
    const freshCake = productNamed(cake.name, fresh);
    const dialog = await itemDialogView(db, fresh, freshCake.id, new URLSearchParams(), null);
    expect(dialog!.parts.find((part) => part.name === "Extras")!.hint).toBe(
      "Höchstens 2 auswählen.",
    );

    const extras = step(freshCake, "Extras");
    const base = {
      intent: "add",
      productId: String(freshCake.id),
      unit: "piece",
      ...cakeChoices(),
      [field(step(freshCake, "Foto für den Tortenaufleger"))]: png(),
    };
    const tooMany = await change(
      null,
      {
        ...base,
        amount: "1",
        [field(extras)]: extras.options.slice(0, 3).map((o) => String(o.id)),
      },
      fresh,
    );
    expect(tooMany).toMatchObject({
      ok: false,
      fieldErrors: { [field(extras)]: "Bitte wählen Sie höchstens 2 Optionen." },
    });

    const size = step(freshCake, "Größe");
    const twoSizes = await change(
      null,
      { ...base, amount: "1", [field(size)]: size.options.map((o) => String(o.id)) },
      fresh,
    );
    expect(twoSizes).toMatchObject({
      ok: false,
      fieldErrors: { [field(size)]: "Bitte wählen Sie nur eine Option aus." },
    });

    for (const amount of ["0", "-1", "1,5", "10000"]) {
      const refused = await change(null, { ...base, amount }, fresh);
      expect(refused.ok, amount).toBe(false);
      if (!refused.ok) expect(Object.keys(refused.fieldErrors), amount).toEqual(["amount"]);
    }

    const bread = productNamed("Bauernbrot vom Laib", fresh);
    for (const amount of ["100", "333", "3050"]) {
      const refused = await change(
        null,
        { intent: "add", productId: String(bread.id), unit: "gram", amount },
        fresh,
      );
      expect(refused, amount).toMatchObject({
        ok: false,
        fieldErrors: {
          amount: "Bitte wählen Sie eine Menge von 250 bis 3.000 in Schritten von 50.",
        },
      });
    }

    await db
      .updateTable("productParts")
      .set({ maxCount: null })
      .where("id", "=", extras.id)
      .execute();
  });

  it("prices and labels the configured 58 € cake alike in dialog, cart and placed order", async () => {
    const dialog = (await itemDialogView(db, store, cake.id, new URLSearchParams(), null))!;
    // Nothing chosen yet: the price of the cake as it stands, no 'ab'.
    expect(
      plain(
        configuredPrice(dialog.pricing, { amount: 1, unit: "piece", optionIds: [] }, "EUR").label,
      ),
    ).toBe("39,00 €");

    // A round trip without JavaScript: the photo is stored, the choices come back, priced.
    const photo = step(cake, "Foto für den Tortenaufleger");
    const round = await draft(null, "plus", {
      intent: "add",
      productId: String(cake.id),
      amount: "1",
      unit: "piece",
      ...cakeChoices(),
      [field(photo)]: png(),
    });
    expect(round.draft.fieldErrors).toEqual({});
    expect(round.draft.values.amount).toBe("2");
    expect(round.isNewCart).toBe(true);
    const staged = round.draft.values.uploads[field(photo)]!;
    expect(staged).toEqual([
      { id: expect.any(Number), name: "lina.png", previewUrl: expect.stringContaining("/upload/") },
    ]);
    const chosenIds = Object.values(round.draft.values.parts).flat();
    const twice = configuredPrice(
      dialog.pricing,
      { amount: 2, unit: "piece", optionIds: chosenIds },
      "EUR",
    );
    expect(plain(twice.label)).toBe("116,00 €");

    // Back to one, then saved: the kept photo goes with the item, no file is chosen again.
    const back = await draft(round.cartId, "minus", {
      intent: "add",
      productId: String(cake.id),
      amount: round.draft.values.amount,
      unit: "piece",
      ...cakeChoices(),
      [keep(photo)]: String(staged[0]!.id),
    });
    expect(back.draft.values.amount).toBe("1");
    expect(back.draft.values.uploads[field(photo)]).toEqual(staged);
    const once = configuredPrice(
      dialog.pricing,
      { amount: 1, unit: "piece", optionIds: chosenIds },
      "EUR",
    );
    expect(plain(once.label)).toBe("58,00 €");

    const saved = await change(round.cartId, {
      intent: "add",
      productId: String(cake.id),
      amount: "1",
      unit: "piece",
      ...cakeChoices(),
      [keep(photo)]: String(staged[0]!.id),
    });
    expect(saved).toMatchObject({ ok: true, cartId: round.cartId, isNewCart: false });
    const [item] = await listCartItems(db, round.cartId!);
    expect(item!.parts.find((part) => part.partId === photo.id)?.uploadIds).toEqual([
      staged[0]!.id,
    ]);

    const cart = await loadCart(db, {
      branch: store.branch,
      currency: "EUR",
      preferredType: "takeaway",
      active: store.catalogue.active,
      cartId: round.cartId,
    });
    expect(plain(cart.items[0]!.priceLabel)).toBe("58,00 €");
    expect(plain(cart.costs)).toBe("58,00 €");
    expect(plain(cart.total)).toBe("58,00 €");
    expect(cart.priceNotes).toEqual([]);

    const checkout = (await loadCheckout(db, {
      identifier: testBranches.open.identifier,
      cartId: round.cartId!,
      now,
      providersReady: [],
    }))!;
    const summary = orderSummary(checkout);
    expect(plain(summary.lines[0]!.price)).toBe("58,00 €");
    expect(plain(summary.total)).toBe("58,00 €");

    const placed = await placeOrder(db, {
      context: checkout,
      form: checkoutSchema.parse({
        orderKey: newOrderKey(),
        name: "Erika Mustermann",
        email: "erika@example.org",
        phone: "+49 761 123456",
        paymentMethod: "cash",
        acceptTerms: "on",
        acceptPrivacy: "on",
      }),
      now,
      messages: () => ({ emails: [], sms: [] }),
    });
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    const record = (await loadOrderRecord(db, { uid: placed.order.uid, hash: placed.order.hash }))!;
    const status = orderStatusView(record, { now, isBranchOpen: true });
    expect(plain(status.details.items[0]!.price)).toBe("58,00 €");
    expect(plain(status.details.total)).toBe("58,00 €");
    expect(status.details.priceNotes).toEqual([]);
    const receipt = buildReceipt(record as never, now);
    expect(plain(receipt.items[0]!.price)).toBe("58,00 €");
  });

  it("marks a total with a weighed item 'ca.' and says the actual weight decides", async () => {
    const bread = productNamed("Bauernbrot vom Laib");
    const added = await change(null, {
      intent: "add",
      productId: String(bread.id),
      unit: "gram",
      amount: "500",
    });
    if (!added.ok) throw new Error(added.message);
    const cart = await loadCart(db, {
      branch: store.branch,
      currency: "EUR",
      preferredType: "takeaway",
      active: store.catalogue.active,
      cartId: added.cartId,
    });
    expect(plain(cart.items[0]!.priceLabel)).toBe("ca. 2,95 €");
    expect(plain(cart.total)).toBe("ca. 2,95 €");
    expect(cart.priceNotes).toEqual(["Der Endpreis richtet sich nach dem tatsächlichen Gewicht."]);
  });

  it("keeps no upload of another cart, whatever the form names", async () => {
    const photo = step(cake, "Foto für den Tortenaufleger");
    const theirs = await draft(null, "plus", { amount: "1", unit: "piece", [field(photo)]: png() });
    const theirUpload = theirs.draft.values.uploads[field(photo)]![0]!.id;
    const mine = await change(null, {
      intent: "add",
      productId: String(cake.id),
      amount: "1",
      unit: "piece",
    });
    if (!mine.ok) {
      // An empty cake is refused anyway; start a cart with bread instead.
    }
    const bread = productNamed("Bauernbrot vom Laib");
    const cart = await change(null, {
      intent: "add",
      productId: String(bread.id),
      unit: "gram",
      amount: "500",
    });
    if (!cart.ok) throw new Error(cart.message);
    const refused = await change(cart.cartId, {
      intent: "add",
      productId: String(cake.id),
      amount: "1",
      unit: "piece",
      ...cakeChoices(),
      [keep(photo)]: String(theirUpload),
    });
    expect(refused).toMatchObject({
      ok: false,
      fieldErrors: { [field(photo)]: "Bitte laden Sie mindestens eine Datei hoch." },
    });
    const round = await draft(cart.cartId, "weiter", {
      amount: "1",
      unit: "piece",
      schritt: "2",
      [keep(photo)]: String(theirUpload),
    });
    expect(round.draft.values.uploads[field(photo)]).toEqual([]);
    expect(round.draft.step).toBe(2);
    expect(round.draft.fieldErrors).toEqual({
      [field(photo)]: "Bitte laden Sie mindestens eine Datei hoch.",
    });
  });

  it("moves through the steps without JavaScript only when the step is filled", async () => {
    const size = step(cake, "Größe");
    const first = await draft(null, "weiter", { amount: "1", unit: "piece", schritt: "0" });
    expect(first.draft.step).toBe(0);
    expect(first.draft.fieldErrors).toEqual({
      [field(size)]: "Bitte wählen Sie eine Option aus.",
    });
    const second = await draft(null, "weiter", {
      amount: "1",
      unit: "piece",
      schritt: "0",
      [field(size)]: optionId(size, "Ø 26 cm (16–20 Stücke)"),
    });
    expect(second.draft).toMatchObject({ step: 1, fieldErrors: {}, message: null });
    expect(second.draft.values.parts[field(size)]).toEqual([
      optionId(size, "Ø 26 cm (16–20 Stücke)"),
    ]);
    const back = await draft(null, "zurueck", { amount: "1", unit: "piece", schritt: "1" });
    expect(back.draft.step).toBe(0);
  });
});
