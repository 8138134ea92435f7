import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { findBranchByIdentifier } from "#app/db/queries/branches";
import type { CatalogueProduct } from "#app/db/queries/catalogue";
import type { Database, Order } from "#app/db/schema";
import { localFolderStorage } from "#app/integrations/storage/local-folder.server";
import { startLiveOrders, type LiveOrders } from "#app/server/notify-hub.server";
import { changeCart } from "#app/features/cart/cart-changes.server";
import { newOrderKey } from "#app/features/checkout/checkout-view.server";
import {
  checkoutSchema,
  loadCheckout,
  type CheckoutInput,
} from "#app/features/checkout/checkout.server";
import { loadActiveCatalogue } from "#app/features/storefront/menu-catalogue.server";
import { editOrderItem, type ItemEditOutcome } from "#app/features/orders/order-item-edit.server";
import { placeOrder } from "#app/features/checkout/place-order.server";
import type { StaffScope } from "#app/features/orders/staff-orders.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { setOrderFlags } from "#tests/support/orders";
import {
  prepareCheckoutDatabase,
  testAreas,
  testBranches,
} from "#tests/support/prepare-checkout-database";
import {
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";

/**
 * Staff change one item of a placed order (decision 020): the service against orders placed the
 * way customers place them, then the JSON route and the back office's form over HTTP.
 */
const BRANCH = testBranches.open.identifier;

/** A cart line: the product by name, and each step by its name with option names or a text. */
interface Line {
  product: string;
  amount: string;
  unit?: string;
  choose?: Record<string, string | string[]>;
}

/** The field name and posted values of a step chosen by names. */
function stepFields(product: CatalogueProduct, choose: Record<string, string | string[]>) {
  return Object.entries(choose).map(([partName, choice]) => {
    const part = product.parts.find((candidate) => candidate.name === partName);
    if (!part) throw new Error(`${product.name} hat keinen Schritt ${partName}`);
    const wanted = Array.isArray(choice) ? choice : [choice];
    if (part.type !== "select" && part.type !== "multiselect") {
      return { field: `part-${part.id}`, values: wanted };
    }
    return {
      field: `part-${part.id}`,
      values: wanted.map((name) => {
        const option = part.options.find((candidate) => candidate.name === name);
        if (!option) throw new Error(`${partName} hat keine Option ${name}`);
        return String(option.id);
      }),
    };
  });
}

describe.each(databaseTargets())("changing an order's item on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let products: Map<string, CatalogueProduct>;
  let branchId: number;
  let staff: StaffScope;
  let outsider: StaffScope;
  let uploads: string;

  /** An order placed through the cart and the order service, as a customer would place it. */
  async function placeConfigured(
    lines: Line[],
    extra: { change?: Record<string, string>; fields?: Partial<CheckoutInput> } = {},
  ): Promise<Order> {
    const branch = (await findBranchByIdentifier(db, BRANCH))!;
    const catalogue = await loadActiveCatalogue(db, branch.id, new Date(), "Europe/Berlin");
    let cartId: string | null = null;
    const forms = lines.map((line) => {
      const product = products.get(line.product)!;
      const form = new FormData();
      form.set("intent", "add");
      form.set("productId", String(product.id));
      form.set("amount", line.amount);
      form.set("unit", line.unit ?? product.unit);
      for (const { field, values } of stepFields(product, line.choose ?? {})) {
        for (const value of values) form.append(field, value);
      }
      return form;
    });
    if (extra.change) {
      const form = new FormData();
      for (const [key, value] of Object.entries(extra.change)) form.set(key, value);
      forms.push(form);
    }
    for (const form of forms) {
      const result = await changeCart(db, {
        branch,
        orderable: new Map(catalogue.active.map((product) => [product.id, product])),
        preferredType: "takeaway",
        cartId,
        form,
        oversized: [],
        storage: localFolderStorage(uploads),
      });
      if (!result.ok) throw new Error(`${result.message} ${JSON.stringify(result.fieldErrors)}`);
      cartId = result.cartId;
    }
    const context = await loadCheckout(db, {
      identifier: BRANCH,
      cartId,
      now: new Date(),
      providersReady: ["stripe", "paypal"],
    });
    const placed = await placeOrder(db, {
      context: context!,
      form: checkoutSchema.parse({
        orderKey: newOrderKey(),
        name: "Erika Mustermann",
        email: "erika@example.org",
        paymentMethod: "cash",
        acceptTerms: "on",
        acceptPrivacy: "on",
        ...extra.fields,
      }),
      now: new Date(),
    });
    if (!placed.ok) throw new Error(JSON.stringify(placed.errors));
    return db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", placed.order.id)
      .executeTakeFirstOrThrow();
  }

  /** The back office's form for a line, as its fields would be posted. */
  function form(line: Omit<Line, "product"> & { product: string }): FormData {
    const product = products.get(line.product)!;
    const fields = new FormData();
    fields.set("amount", line.amount);
    fields.set("unit", line.unit ?? product.unit);
    for (const { field, values } of stepFields(product, line.choose ?? {})) {
      for (const value of values) fields.append(field, value);
    }
    return fields;
  }

  const items = (orderId: number) =>
    db
      .selectFrom("orderItems")
      .selectAll()
      .where("orderId", "=", orderId)
      .orderBy("position")
      .execute();
  const taxes = (orderId: number) =>
    db
      .selectFrom("orderTaxes")
      .select(["taxRate", "net", "tax", "gross"])
      .where("orderId", "=", orderId)
      .orderBy("taxRate")
      .execute();
  const stored = (orderId: number) =>
    db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  const edits = (orderId: number) =>
    db
      .selectFrom("auditLog")
      .selectAll()
      .where("entityType", "=", "order")
      .where("entityId", "=", String(orderId))
      .where("action", "=", "order.edit-item")
      .orderBy("id")
      .execute();
  const partId = (product: string, name: string) =>
    products.get(product)!.parts.find((part) => part.name === name)!.id;
  const optionId = (product: string, part: string, name: string) =>
    products
      .get(product)!
      .parts.find((candidate) => candidate.name === part)!
      .options.find((option) => option.name === name)!.id;

  function expectRefused(outcome: ItemEditOutcome, status: number, message?: string) {
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.status).toBe(status);
    if (message && "message" in outcome) expect(outcome.message).toBe(message);
  }

  function fieldErrorsOf(outcome: ItemEditOutcome): Record<string, string> {
    if (outcome.ok || outcome.status !== 400) throw new Error(JSON.stringify(outcome));
    return outcome.fieldErrors;
  }

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await prepareCheckoutDatabase(db);
    uploads = await mkdtemp(path.join(os.tmpdir(), "artikel-aendern-"));
    const branch = (await findBranchByIdentifier(db, BRANCH))!;
    branchId = branch.id;
    const catalogue = await loadActiveCatalogue(db, branch.id, new Date(), "Europe/Berlin");
    products = new Map(catalogue.active.map((product) => [product.name, product]));
    const wiehre = (await findBranchByIdentifier(db, "wiehre"))!;
    const user = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchId] });
    staff = { userId: user.id, branchIds: [branchId], ip: "203.0.113.7" };
    outsider = { userId: user.id, branchIds: [wiehre.id], ip: "203.0.113.8" };
  });
  afterAll(async () => handle?.close());

  it("prices a configured item again with its options, and the totals by rate follow", async () => {
    const order = await placeConfigured([
      { product: "Belegtes Brötchen nach Wahl", amount: "2", choose: { Belag: "Bergkäse" } },
      { product: "Apfelschorle (0,5 l)", amount: "1" },
    ]);
    expect(order.totalGross).toBe(2 * 290 + 250);

    const outcome = await editOrderItem(db, staff, order.id, 0, {
      kind: "form",
      form: form({
        product: "Belegtes Brötchen nach Wahl",
        amount: "3",
        choose: {
          Belag: "Schwarzwälder Schinken",
          Extras: ["Gurke", "Tomate"],
          Butter: "Ohne Butter",
        },
      }),
    });
    expect(outcome).toMatchObject({ ok: true, isNoop: false, warnings: [] });

    // 290 + 30 (ham) + 20 + 30 (extras) − 10 (no butter) = 360 a roll, three of them.
    const [roll, drink] = await items(order.id);
    expect(roll).toMatchObject({
      amount: 3,
      unit: "piece",
      unitPrice: 360,
      gross: 1080,
      taxRate: 7,
    });
    expect(roll!.parts.map((part) => part.options?.map((option) => option.name))).toEqual([
      ["Schwarzwälder Schinken"],
      ["Gurke", "Tomate"],
      ["Ohne Butter"],
    ]);
    expect(drink).toMatchObject({ amount: 1, gross: 250, taxRate: 19 });

    // 7 %: 1080 → net 1009 (1009,35); 19 %: 250 → net 210 (210,08).
    expect(await taxes(order.id)).toEqual([
      { taxRate: 7, net: 1009, tax: 71, gross: 1080 },
      { taxRate: 19, net: 210, tax: 40, gross: 250 },
    ]);
    const after = await stored(order.id);
    expect(after).toMatchObject({
      net: 1219,
      tax: 111,
      gross: 1330,
      deliveryGross: 0,
      totalNet: 1219,
      totalTax: 111,
      totalGross: 1330,
    });
    expect(after.updatedAt.getTime()).toBeGreaterThan(order.updatedAt.getTime());

    const [entry] = await edits(order.id);
    expect(entry).toMatchObject({ userId: staff.userId, ip: "203.0.113.7" });
    expect(entry!.data).toMatchObject({
      index: 0,
      before: { amount: 2, gross: 580, parts: ["Belag: Bergkäse"] },
      after: {
        amount: 3,
        gross: 1080,
        parts: ["Belag: Schwarzwälder Schinken", "Extras: Gurke, Tomate", "Butter: Ohne Butter"],
      },
      totalGrossBefore: 830,
      totalGrossAfter: 1330,
    });
  });

  it("takes another unit of the product, and refuses units, amounts and numbers it does not sell", async () => {
    const order = await placeConfigured([
      { product: "Bauernbrot vom Laib", amount: "0,5", unit: "kilogram" },
    ]);
    expect(order.totalGross).toBe(295);
    const bread = (fields: { amount: string; unit?: string }) =>
      editOrderItem(db, staff, order.id, 0, {
        kind: "form",
        form: form({ product: "Bauernbrot vom Laib", ...fields }),
      });

    // 750 g of a 5,90 €/kg loaf: 442,5 cents, rounded half away from zero.
    expect(await bread({ amount: "750", unit: "gram" })).toMatchObject({ ok: true });
    expect((await items(order.id))[0]).toMatchObject({ amount: 750, unit: "gram", gross: 443 });
    expect((await stored(order.id)).totalGross).toBe(443);

    expect(fieldErrorsOf(await bread({ amount: "1", unit: "l" }))).toEqual({
      unit: "Dieses Produkt wird in dieser Einheit nicht verkauft.",
    });
    expect(fieldErrorsOf(await bread({ amount: "1", unit: "Kilo" }))).toHaveProperty("unit");
    const range = "Bitte wählen Sie eine Menge von 0,25 bis 3 in Schritten von 0,05.";
    for (const amount of ["0,33", "-1", "0", "12", "3,05"]) {
      expect(fieldErrorsOf(await bread({ amount, unit: "kilogram" })), amount).toEqual({
        amount: range,
      });
    }
    for (const amount of ["1e9", "abc", "", "9".repeat(400)]) {
      expect(fieldErrorsOf(await bread({ amount, unit: "kilogram" })), amount).toHaveProperty(
        "amount",
      );
    }
    expect((await items(order.id))[0]).toMatchObject({ amount: 750, unit: "gram", gross: 443 });
    expect(await edits(order.id)).toHaveLength(1);
  });

  it("overwrites the base price by a size and ignores price fields sent with the JSON", async () => {
    const order = await placeConfigured([
      {
        product: "Geburtstagstorte",
        amount: "1",
        choose: {
          Aufschrift: "Alles Gute, Lina!",
          Größe: "Ø 20 cm (10 Stücke)",
          Extras: "Wunderkerze",
        },
      },
    ]);
    expect(order.totalGross).toBe(3400 + 150);
    const cake = "Geburtstagstorte";
    const outcome = await editOrderItem(db, staff, order.id, 0, {
      kind: "json",
      body: {
        amount: 2,
        gross: 1,
        unitPrice: 1,
        totalGross: 1,
        parts: [
          { partId: partId(cake, "Aufschrift"), value: "Alles Gute, Jonas!" },
          {
            partId: partId(cake, "Größe"),
            options: [
              {
                optionId: optionId(cake, "Größe", "Ø 26 cm (16 Stücke)"),
                modifier: "overwrite",
                value: 1,
              },
            ],
          },
          {
            partId: partId(cake, "Dekor"),
            optionIds: [optionId(cake, "Dekor", "Schlicht, ohne Sahnetupfen")],
          },
        ],
      },
    });
    expect(outcome).toMatchObject({ ok: true });
    // Ø 26 sets 46,00 €, "Schlicht" takes 2,00 € off; the candles were left out of the PUT.
    const [item] = await items(order.id);
    expect(item).toMatchObject({ amount: 2, unitPrice: 4400, gross: 8800 });
    expect(item!.parts.map((part) => part.value ?? part.options?.[0]?.name)).toEqual([
      "Alles Gute, Jonas!",
      "Ø 26 cm (16 Stücke)",
      "Schlicht, ohne Sahnetupfen",
    ]);
    expect(item!.parts[1]!.options![0]).toMatchObject({ modifier: "overwrite", value: 4600 });
    expect((await stored(order.id)).totalGross).toBe(8800);

    // Without `parts` the item keeps its choices; only the amount changes.
    expect(
      await editOrderItem(db, staff, order.id, 0, { kind: "json", body: { amount: "1" } }),
    ).toMatchObject({ ok: true });
    expect((await items(order.id))[0]).toMatchObject({ amount: 1, gross: 4400 });
  });

  it("answers foreign steps and options, missing required steps and wrong types with field messages", async () => {
    const order = await placeConfigured([
      {
        product: "Geburtstagstorte",
        amount: "1",
        choose: { Aufschrift: "Für Oma", Größe: "Ø 20 cm (10 Stücke)" },
      },
    ]);
    const cake = "Geburtstagstorte";
    const size = partId(cake, "Größe");
    const text = partId(cake, "Aufschrift");
    const put = (body: unknown) => editOrderItem(db, staff, order.id, 0, { kind: "json", body });
    const sizeOf = (optionIds: number[]) => ({ partId: size, optionIds });

    // An option of another step, another product's step, an unknown option id.
    expect(
      fieldErrorsOf(
        await put({
          amount: 1,
          parts: [{ partId: text, value: "x" }, sizeOf([optionId(cake, "Extras", "Wunderkerze")])],
        }),
      ),
    ).toEqual({ [`part-${size}`]: "Diese Option gibt es für dieses Produkt nicht." });
    const roll = "Belegtes Brötchen nach Wahl";
    expect(
      fieldErrorsOf(
        await put({
          amount: 1,
          parts: [
            { partId: text, value: "x" },
            sizeOf([optionId(cake, "Größe", "Ø 20 cm (10 Stücke)")]),
            { partId: partId(roll, "Belag"), optionIds: [optionId(roll, "Belag", "Salami")] },
          ],
        }),
      ),
    ).toEqual({
      [`part-${partId(roll, "Belag")}`]: "Diesen Schritt gibt es für dieses Produkt nicht.",
    });
    expect(
      fieldErrorsOf(
        await put({ amount: 1, parts: [{ partId: text, value: "x" }, sizeOf([2_000_000_000])] }),
      ),
    ).toHaveProperty(`part-${size}`);

    // Required steps left empty.
    expect(fieldErrorsOf(await put({ amount: 1, parts: [] }))).toEqual({
      [`part-${text}`]: "Bitte füllen Sie dieses Feld aus.",
      [`part-${size}`]: "Bitte wählen Sie eine Option aus.",
    });
    // Two options for a single choice, a text for a choice, a step twice.
    const twoSizes = sizeOf([
      optionId(cake, "Größe", "Ø 20 cm (10 Stücke)"),
      optionId(cake, "Größe", "Ø 26 cm (16 Stücke)"),
    ]);
    expect(
      fieldErrorsOf(await put({ amount: 1, parts: [{ partId: text, value: "x" }, twoSizes] })),
    ).toEqual({
      [`part-${size}`]: "Bitte wählen Sie nur eine Option aus.",
    });
    expect(
      fieldErrorsOf(
        await put({
          amount: 1,
          parts: [
            { partId: text, value: "x" },
            { partId: size, value: "groß" },
          ],
        }),
      ),
    ).toEqual({ [`part-${size}`]: "Diese Angabe passt nicht zu diesem Schritt." });
    expect(
      fieldErrorsOf(
        await put({
          amount: 1,
          parts: [
            { partId: text, value: "x" },
            { partId: text, value: "y" },
            sizeOf([optionId(cake, "Größe", "Ø 20 cm (10 Stücke)")]),
          ],
        }),
      ),
    ).toEqual({ [`part-${text}`]: "Jeder Schritt darf nur einmal vorkommen." });
    // Wrong types.
    expect(fieldErrorsOf(await put({ amount: true }))).toHaveProperty("amount");
    expect(fieldErrorsOf(await put({ amount: 1, unit: 5 }))).toEqual({
      unit: "Dieses Produkt wird in dieser Einheit nicht verkauft.",
    });
    expect(fieldErrorsOf(await put({ amount: 1, parts: "groß" }))).toHaveProperty("parts");
    expect(fieldErrorsOf(await put({ amount: 1, parts: [{ partId: "x" }] }))).toHaveProperty(
      "parts",
    );
    expect(fieldErrorsOf(await put({ amount: 1, parts: [{ partId: text, value: 7 }] }))).toEqual({
      [`part-${text}`]: "Diese Angabe passt nicht zu diesem Schritt.",
    });
    expect(fieldErrorsOf(await put([1, 2]))).toHaveProperty("amount");
    expect(
      fieldErrorsOf(
        await put({
          amount: 1,
          parts: [
            // The birthday cake's inscription takes 30 characters (decision 044).
            { partId: text, value: "x".repeat(31) },
            sizeOf([optionId(cake, "Größe", "Ø 20 cm (10 Stücke)")]),
          ],
        }),
      ),
    ).toEqual({
      [`part-${text}`]: "Bitte geben Sie höchstens 30 Zeichen ein.",
    });

    // Nothing was written, not even an audit entry for input that never reached the order.
    expect((await items(order.id))[0]).toMatchObject({ amount: 1, gross: 3400 });
    expect(await edits(order.id)).toEqual([]);
  });

  it("does nothing when the same change comes again", async () => {
    const order = await placeConfigured([
      { product: "Belegtes Brötchen nach Wahl", amount: "1", choose: { Belag: "Salami" } },
    ]);
    const change = () =>
      editOrderItem(db, staff, order.id, 0, {
        kind: "form",
        form: form({
          product: "Belegtes Brötchen nach Wahl",
          amount: "2",
          choose: { Belag: "Salami" },
        }),
      });
    expect(await change()).toMatchObject({ ok: true, isNoop: false });
    const first = await stored(order.id);
    expect(await change()).toMatchObject({ ok: true, isNoop: true });
    const second = await stored(order.id);
    expect(second.updatedAt.getTime()).toBe(first.updatedAt.getTime());
    expect(second.totalGross).toBe(2 * 320);
    expect(
      (await edits(order.id)).map(
        (entry) => (entry.data as { repeated?: boolean }).repeated ?? false,
      ),
    ).toEqual([false, true]);
  });

  it("refuses closed orders, and a changed total of an online payment", async () => {
    const line = {
      product: "Belegtes Brötchen nach Wahl",
      amount: "1",
      choose: { Belag: "Bergkäse" },
    };
    const more = () => form({ ...line, amount: "2" });
    const closed = [
      [{ isConfirmed: true, isCompleted: true }, "abgeschlossen"],
      [{ isRejected: true }, "abgelehnt"],
      [{ isCanceled: true }, "storniert"],
    ] as const;
    for (const [flags, word] of closed) {
      const order = await placeConfigured([line]);
      await setOrderFlags(db, order.id, flags);
      const outcome = await editOrderItem(db, staff, order.id, 0, { kind: "form", form: more() });
      expectRefused(
        outcome,
        409,
        `Die Bestellung ist bereits ${word} und kann nicht mehr geändert werden.`,
      );
      expect((await items(order.id))[0]).toMatchObject({ amount: 1, gross: 290 });
      expect((await edits(order.id)).map((entry) => entry.data)).toEqual([
        { index: 0, refused: expect.stringContaining(word) },
      ]);
    }

    const online = await placeConfigured([line], { fields: { paymentMethod: "stripe" } });
    await setOrderFlags(db, online.id, { isPaid: true });
    expectRefused(
      await editOrderItem(db, staff, online.id, 0, { kind: "form", form: more() }),
      409,
      "Die Bestellung wird online bezahlt; ihr Betrag kann nicht mehr geändert werden.",
    );
    expect((await stored(online.id)).totalGross).toBe(290);
    const [refusal] = await edits(online.id);
    expect(refusal!.data).toMatchObject({ refused: expect.stringContaining("online bezahlt") });
    // Egg instead of cheese costs the same: the paid total stands, so that is fine.
    expect(
      await editOrderItem(db, staff, online.id, 0, {
        kind: "form",
        form: form({ ...line, choose: { Belag: "Ei und Kresse" } }),
      }),
    ).toMatchObject({ ok: true, isNoop: false });
    expect((await items(online.id))[0]!.parts[0]!.options![0]!.name).toBe("Ei und Kresse");
  });

  it("answers not found for another branch's order, an unknown order and an index past the end", async () => {
    const order = await placeConfigured([{ product: "Baguette", amount: "1" }]);
    const input = { kind: "form" as const, form: form({ product: "Baguette", amount: "2" }) };
    expectRefused(
      await editOrderItem(db, outsider, order.id, 0, input),
      404,
      "Diese Bestellung wurde nicht gefunden.",
    );
    expectRefused(await editOrderItem(db, staff, 2_000_000_000, 0, input), 404);
    expectRefused(await editOrderItem(db, staff, -1, 0, input), 404);
    expectRefused(
      await editOrderItem(db, staff, order.id, 1, input),
      404,
      "Diesen Artikel gibt es in dieser Bestellung nicht.",
    );
    expect((await items(order.id))[0]).toMatchObject({ amount: 1 });
    expect(await edits(order.id)).toEqual([]);
  });

  it("charges delivery by the area's rule on the new goods total, and warns below its minimum", async () => {
    const branch = (await findBranchByIdentifier(db, BRANCH))!;
    const area = branch.deliveryAreas.find((candidate) => candidate.name === testAreas[1]!.name)!;
    // Innenstadt: 2,90 € at 7 %, free from 20,00 €, at least 8,00 € of goods.
    const order = await placeConfigured([{ product: "Baguette", amount: "4" }], {
      change: { intent: "set-delivery-area", deliveryAreaId: String(area.id) },
      fields: {
        phone: "+49 761 1234567",
        street: "Kaiser-Joseph-Straße 1",
        city: "79098 Freiburg",
      },
    });
    expect(order).toMatchObject({
      isDelivery: true,
      gross: 880,
      deliveryGross: 290,
      totalGross: 1170,
    });
    const baguettes = (amount: string) =>
      editOrderItem(db, staff, order.id, 0, {
        kind: "form",
        form: form({ product: "Baguette", amount }),
      });

    expect(await baguettes("10")).toMatchObject({ ok: true, warnings: [] });
    expect(await stored(order.id)).toMatchObject({
      gross: 2200,
      deliveryGross: 0,
      totalGross: 2200,
    });

    expect(await baguettes("3")).toMatchObject({
      ok: true,
      warnings: ["Der Mindestbestellwert des Liefergebiets wird nicht mehr erreicht."],
    });
    // Goods 660 (net 617) and delivery 290 (net 271), both at 7 %: one row, split apart.
    expect(await stored(order.id)).toMatchObject({
      gross: 660,
      net: 617,
      deliveryGross: 290,
      deliveryNet: 271,
      deliveryTax: 19,
      totalGross: 950,
      totalNet: 888,
      totalTax: 62,
    });
    expect(await taxes(order.id)).toEqual([{ taxRate: 7, net: 888, tax: 62, gross: 950 }]);

    // The area is deleted: the charge stays as it was, at the rate it was taxed at.
    await db.deleteFrom("deliveryAreas").where("id", "=", area.id).execute();
    expect(await baguettes("20")).toMatchObject({ ok: true, warnings: [] });
    expect(await stored(order.id)).toMatchObject({
      gross: 4400,
      deliveryGross: 290,
      totalGross: 4690,
    });
    expect(await taxes(order.id)).toEqual([{ taxRate: 7, net: 4383, tax: 307, gross: 4690 }]);
  });

  it("leaves nothing half written when the transaction fails", async () => {
    const order = await placeConfigured([
      { product: "Belegtes Brötchen nach Wahl", amount: "1", choose: { Belag: "Bergkäse" } },
      { product: "Apfelschorle (0,5 l)", amount: "2" },
    ]);
    const before = {
      order: await stored(order.id),
      items: await items(order.id),
      taxes: await taxes(order.id),
    };
    // The last write of the change fails: the totals by rate of exactly this order.
    await sql`create function test_refuse_taxes() returns trigger language plpgsql as $$
      begin raise exception 'Testfehler'; end $$`.execute(db);
    await sql`create trigger test_refuse_taxes before insert on order_taxes for each row
      when (new.order_id = ${sql.lit(order.id)}) execute function test_refuse_taxes()`.execute(db);
    try {
      await expect(
        editOrderItem(db, staff, order.id, 0, {
          kind: "form",
          form: form({
            product: "Belegtes Brötchen nach Wahl",
            amount: "5",
            choose: { Belag: "Salami" },
          }),
        }),
      ).rejects.toThrow(/Testfehler/);
    } finally {
      await sql`drop trigger test_refuse_taxes on order_taxes`.execute(db);
      await sql`drop function test_refuse_taxes()`.execute(db);
    }
    expect(await stored(order.id)).toEqual(before.order);
    expect(await items(order.id)).toEqual(before.items);
    expect(await taxes(order.id)).toEqual(before.taxes);
    expect(await edits(order.id)).toEqual([]);
  });

  it("keeps the totals right when two people change two items at once", async () => {
    const order = await placeConfigured([
      { product: "Baguette", amount: "1" },
      { product: "Apfelschorle (0,5 l)", amount: "1" },
    ]);
    const [first, second] = await Promise.all([
      editOrderItem(db, staff, order.id, 0, {
        kind: "form",
        form: form({ product: "Baguette", amount: "3" }),
      }),
      editOrderItem(db, staff, order.id, 1, {
        kind: "form",
        form: form({ product: "Apfelschorle (0,5 l)", amount: "4" }),
      }),
    ]);
    expect(first.ok && second.ok).toBe(true);
    expect(await stored(order.id)).toMatchObject({ gross: 3 * 220 + 4 * 250, totalGross: 1660 });
    const rows = await taxes(order.id);
    expect(rows.map((row) => [row.taxRate, row.gross])).toEqual([
      [7, 660],
      [19, 1000],
    ]);
  });

  it("announces the change to the live order boards", async () => {
    const live: LiveOrders = startLiveOrders(handle, { log: () => {}, initialBackoffMs: 50 });
    try {
      await live.ready();
      const order = await placeConfigured([{ product: "Baguette", amount: "1" }]);
      const events: { kind: string; id?: number }[] = [];
      const unsubscribe = live.subscribe({
        branchIds: [branchId],
        onEvent: (event) => events.push(event as { kind: string; id?: number }),
        onClose: () => {},
      });
      await editOrderItem(db, staff, order.id, 0, {
        kind: "form",
        form: form({ product: "Baguette", amount: "2" }),
      });
      const deadline = Date.now() + 5_000;
      while (!events.some((event) => event.kind === "updated" && event.id === order.id)) {
        if (Date.now() > deadline) throw new Error(`Keine Meldung: ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      unsubscribe();
    } finally {
      await live.close();
    }
  });

  describe("over HTTP", () => {
    let server: AppServer;
    let employee: TestStaff;
    let stranger: TestStaff;

    beforeAll(async () => {
      server = await startAppServer(db);
      employee = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branchId] });
      const wiehre = (await findBranchByIdentifier(db, "wiehre"))!;
      stranger = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [wiehre.id] });
    });
    afterAll(async () => server?.close());

    const signedIn = (who: TestStaff) => new StaffClient(server).signInAs(server.context, who.id);

    it("PUT /api/orders/{id}/items/{index} answers the priced order, or why not", async () => {
      const order = await placeConfigured([
        { product: "Belegtes Brötchen nach Wahl", amount: "1", choose: { Belag: "Bergkäse" } },
      ]);
      const roll = "Belegtes Brötchen nach Wahl";
      const url = `/api/orders/${order.id}/items/0`;
      const body = {
        amount: 2,
        parts: [
          {
            partId: partId(roll, "Belag"),
            options: [{ optionId: optionId(roll, "Belag", "Hummus und Gemüse (vegan)") }],
          },
        ],
        gross: 1,
      };

      expect((await new StaffClient(server).send(url, { method: "PUT", json: body })).status).toBe(
        401,
      );
      const strangerResponse = await (
        await signedIn(stranger)
      ).send(url, { method: "PUT", json: body });
      expect(strangerResponse.status).toBe(404);

      const client = await signedIn(employee);
      const response = await client.send(url, { method: "PUT", json: body });
      expect(response.status).toBe(200);
      const answer = (await response.json()) as {
        data: {
          id: number;
          totalGross: number;
          hash?: string;
          items: { index: number; gross: number; parts: unknown[] }[];
          taxes: { taxRate: number; gross: number }[];
        };
      };
      expect(answer.data).toMatchObject({ id: order.id, totalGross: 680 });
      expect(answer.data.hash).toBeUndefined();
      expect(answer.data.items[0]).toMatchObject({ index: 0, gross: 680 });
      expect(answer.data.taxes).toEqual([{ taxRate: 7, net: 636, tax: 44, gross: 680 }]);
      // The order's JSON names the items with their step ids, for the next PUT.
      const detail = (await (await client.send(`/api/orders/${order.id}`)).json()) as {
        data: { items: { parts: { partId: number }[] }[] };
      };
      expect(detail.data.items[0]!.parts[0]!.partId).toBe(partId(roll, "Belag"));

      const bad = await client.send(url, { method: "PUT", json: { amount: -3 } });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({
        errors: [
          {
            message: "Bitte wählen Sie eine Menge von 1 bis 9.999 in Schritten von 1.",
            field: "amount",
          },
        ],
      });
      const foreign = await client.send(url, {
        method: "PUT",
        json: { amount: 1, parts: [{ partId: 2_000_000_000, value: "x" }] },
      });
      expect(foreign.status).toBe(400);
      expect(await foreign.json()).toEqual({
        errors: [
          {
            message: "Diesen Schritt gibt es für dieses Produkt nicht.",
            field: "parts.2000000000",
          },
        ],
      });
      const notJson = await client.send(url, {
        method: "PUT",
        body: "amount=2",
        headers: { "Content-Type": "application/json" },
      });
      expect(notJson.status).toBe(400);
      expect(
        ((await notJson.json()) as { errors: { message: string }[] }).errors[0]!.message,
      ).toMatch(/JSON-Objekt/);

      expect(
        (await client.send(`/api/orders/${order.id}/items/1`, { method: "PUT", json: body }))
          .status,
      ).toBe(404);
      expect(
        (await client.send(`/api/orders/${order.id}/items/x`, { method: "PUT", json: body }))
          .status,
      ).toBe(404);
      expect(
        (await client.send(`/api/orders/2000000000/items/0`, { method: "PUT", json: body })).status,
      ).toBe(404);
      const get = await client.send(url);
      expect(get.status).toBe(405);
      expect(get.headers.get("Allow")).toBe("PUT");
      expect((await client.send(url, { method: "POST", json: body })).status).toBe(405);

      await setOrderFlags(db, order.id, { isCanceled: true });
      const closed = await client.send(url, { method: "PUT", json: { amount: 3 } });
      expect(closed.status).toBe(409);
      expect(await closed.json()).toEqual({
        errors: [
          {
            message:
              "Bestellung konnte nicht aktualisiert werden. Die Bestellung ist bereits storniert und kann nicht mehr geändert werden.",
          },
        ],
      });
    });

    it("the back office's form saves and returns to the order, or shows the message beside the field", async () => {
      const order = await placeConfigured([{ product: "Baguette", amount: "1" }]);
      const client = await signedIn(employee);
      const page = `/backend/orders/${order.id}`;
      const orderPage = await (await client.send(page)).text();
      expect(orderPage).toContain(`href="${page}/items/0"`);

      const editPage = await client.send(`${page}/items/0`);
      expect(editPage.status).toBe(200);
      const html = await editPage.text();
      expect(html).toContain("Baguette bearbeiten");
      expect(html).toContain('name="amount"');

      const refused = await client.send(`${page}/items/0`, {
        form: { amount: "0,5", unit: "piece" },
      });
      expect(refused.status).toBe(400);
      const refusedHtml = await refused.text();
      expect(refusedHtml).toContain(
        "Bitte wählen Sie eine Menge von 1 bis 9.999 in Schritten von 1.",
      );
      expect(refusedHtml).toContain('value="0,5"');

      const saved = await client.send(`${page}/items/0`, { form: { amount: "3", unit: "piece" } });
      expect(saved.status).toBe(303);
      expect(saved.headers.get("Location")).toBe(`${page}?done=edit-item`);
      const after = await (await client.send(saved.headers.get("Location")!)).text();
      expect(after).toContain("Der Artikel wurde geändert und neu berechnet.");
      expect(after).toMatch(/6,60\s€/);

      expect((await (await signedIn(stranger)).send(`${page}/items/0`)).status).toBe(404);
      expect((await client.send(`${page}/items/3`)).status).toBe(404);
    });
  });
});
