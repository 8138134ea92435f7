import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { findBranchByIdentifier } from "#app/db/queries/branches";
import type { Db } from "#app/db/schema";
import { de } from "#app/i18n/de";
import { deCheckout } from "#app/i18n/de-checkout";
import { localFolderStorage } from "#app/integrations/storage/local-folder.server";
import { changeCart } from "#app/features/cart/cart-changes.server";
import {
  checkoutSchema,
  loadCheckout,
  type CheckoutInput,
} from "#app/features/checkout/checkout.server";
import { newOrderKey } from "#app/features/checkout/checkout-view.server";
import { placeOrder } from "#app/features/checkout/place-order.server";
import { shopMetrics } from "#app/server/metrics.server";
import { loadActiveCatalogue } from "#app/features/storefront/menu-catalogue.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import {
  prepareCheckoutDatabase,
  testAreas,
  testBranches,
} from "#tests/support/prepare-checkout-database";

const BAGUETTE = "Baguette";
const BREZEL = "Laugenbrezel";

/** The process's order counters (decision 109): placed, and refused. */
async function orderCounts() {
  const metrics = shopMetrics();
  const placed = (await metrics.ordersPlaced.get()).values[0]?.value ?? 0;
  const failed = await metrics.ordersFailed.get();
  const refused = failed.values.find((entry) => entry.labels.reason === "refused")?.value ?? 0;
  return { placed, refused };
}

describe.each(databaseTargets())("placing an order (%s)", (target) => {
  let handle: DatabaseHandle;
  let db: Db;
  let folder: string;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await prepareCheckoutDatabase(db);
    folder = await mkdtemp(path.join(os.tmpdir(), "bestellung-"));
  });

  afterAll(async () => {
    await handle.close();
    await rm(folder, { recursive: true, force: true });
  });

  /** A cart of the branch with the named products, built through the cart service. */
  async function cartWith(
    identifier: string,
    products: { name: string; amount: string }[],
    change?: Record<string, string>,
  ): Promise<string> {
    const branch = (await findBranchByIdentifier(db, identifier))!;
    const catalogue = await loadActiveCatalogue(db, branch.id, new Date(), "Europe/Berlin");
    let cartId: string | null = null;
    const forms = [
      ...products.map(({ name, amount }) => {
        const product = [...catalogue.active].find((candidate) => candidate.name === name)!;
        return { intent: "add", productId: String(product.id), amount, unit: product.unit };
      }),
      ...(change ? [change] : []),
    ];
    for (const fields of forms) {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.set(key, value);
      const result = await changeCart(db, {
        branch,
        orderable: new Map(catalogue.active.map((product) => [product.id, product])),
        preferredType: "takeaway",
        cartId,
        form,
        oversized: [],
        storage: localFolderStorage(folder),
      });
      if (!result.ok) throw new Error(result.message);
      cartId = result.cartId;
    }
    return cartId!;
  }

  const form = (fields: Partial<CheckoutInput> = {}): CheckoutInput =>
    checkoutSchema.parse({
      orderKey: newOrderKey(),
      name: "Erika Mustermann",
      email: "erika@example.org",
      paymentMethod: "cash",
      acceptTerms: "on",
      acceptPrivacy: "on",
      ...fields,
    });

  async function checkout(identifier: string, cartId: string, fields: Partial<CheckoutInput> = {}) {
    const now = new Date();
    const context = (await loadCheckout(db, {
      identifier,
      cartId,
      now,
      providersReady: ["stripe", "paypal"],
    }))!;
    return placeOrder(db, {
      context,
      form: form(fields),
      now,
      messages: (order) => ({
        emails: [
          {
            to: "test@example.org",
            subject: `Ticket ${order.ticketNumber}`,
            text: `Ticket ${order.ticketNumber}, ${order.uid}`,
          },
        ],
        sms: [{ to: "+49 761 555 0101", text: `Ihre Nummer: ${order.ticketNumber}` }],
      }),
    });
  }

  it("stores the order with its items and taxes, queues the mail and empties the cart", async () => {
    const cartId = await cartWith(testBranches.open.identifier, [
      { name: BAGUETTE, amount: "2" },
      { name: BREZEL, amount: "3" },
    ]);
    const placed = await checkout(testBranches.open.identifier, cartId);
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    const order = await db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", placed.order.id)
      .executeTakeFirstOrThrow();
    const items = await db
      .selectFrom("orderItems")
      .select(["name", "amount", "gross", "taxRate"])
      .where("orderId", "=", order.id)
      .orderBy("position")
      .execute();
    expect(items.map((item) => [item.name, item.amount])).toEqual([
      [BAGUETTE, 2],
      [BREZEL, 3],
    ]);
    const baguette = await db
      .selectFrom("products")
      .select(["price"])
      .where("name", "=", BAGUETTE)
      .executeTakeFirstOrThrow();
    const brezel = await db
      .selectFrom("products")
      .select(["price"])
      .where("name", "=", BREZEL)
      .executeTakeFirstOrThrow();
    expect(order.gross).toBe(2 * baguette.price + 3 * brezel.price);
    expect(order.totalGross).toBe(order.gross);
    expect(order.ticketNumber).toBeGreaterThan(0);
    expect(order.hash.length).toBeGreaterThanOrEqual(16);
    expect(order.isPreorder).toBe(false);
    const taxes = await db
      .selectFrom("orderTaxes")
      .selectAll()
      .where("orderId", "=", order.id)
      .execute();
    expect(taxes.reduce((sum, row) => sum + row.gross, 0)).toBe(order.totalGross);
    expect(taxes.every((row) => row.net + row.tax === row.gross)).toBe(true);
    const carts = await db.selectFrom("carts").select("id").where("id", "=", cartId).execute();
    expect(carts).toEqual([]);
    const mails = await db
      .selectFrom("outbox")
      .select("payload")
      .where(sql<boolean>`payload->>'text' like ${`%${order.uid}`}`)
      .execute();
    // Built before the order existed, the mail still names its ticket number.
    expect(mails.map((mail) => mail.payload)).toEqual([
      {
        to: "test@example.org",
        subject: `Ticket ${order.ticketNumber}`,
        text: `Ticket ${order.ticketNumber}, ${order.uid}`,
      },
    ]);
  });

  it("stores each item's configured parts and links its uploads to the stored item", async () => {
    const cartId = await cartWith(testBranches.open.identifier, [
      { name: BAGUETTE, amount: "1" },
      { name: BREZEL, amount: "2" },
    ]);
    const upload = await db
      .insertInto("uploads")
      .values({
        extension: "png",
        publicHash: `hash-${cartId}`,
        mimeType: "image/png",
        sizeBytes: 68,
        originalName: "lina.png",
        storageKey: `uploads/${cartId}.png`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const now = new Date();
    const context = (await loadCheckout(db, {
      identifier: testBranches.open.identifier,
      cartId,
      now,
      providersReady: [],
    }))!;
    // The second line as a configured item would carry it: a text and a photo step.
    const parts = [
      { partId: 901, name: "Aufschrift", type: "text" as const, value: "Alles Gute, Lina!" },
      { partId: 902, name: "Foto", type: "image" as const, uploadIds: [upload.id] },
    ];
    const lines = context.lines.map((line, index) => (index === 1 ? { ...line, parts } : line));
    const placed = await placeOrder(db, { context: { ...context, lines }, form: form(), now });
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    const items = await db
      .selectFrom("orderItems")
      .select(["id", "position", "name", "amount", "unit", "parts"])
      .where("orderId", "=", placed.order.id)
      .orderBy("position")
      .execute();
    expect(items.map((item) => [item.position, item.name, item.amount, item.unit])).toEqual([
      [0, BAGUETTE, 1, "piece"],
      [1, BREZEL, 2, "piece"],
    ]);
    expect(items[0]?.parts).toEqual([]);
    expect(items[1]?.parts).toEqual(parts);
    const links = await db
      .selectFrom("orderItemUploads")
      .selectAll()
      .where("uploadId", "=", upload.id)
      .execute();
    expect(links).toEqual([{ orderItemId: items[1]!.id, uploadId: upload.id, partPosition: 1 }]);
  });

  it("prices delivery from the area and refuses an order under its minimum", async () => {
    const branch = (await findBranchByIdentifier(db, testBranches.open.identifier))!;
    const city = branch.deliveryAreas.find((area) => area.name === testAreas[1]!.name)!;
    const small = await cartWith(testBranches.open.identifier, [{ name: BREZEL, amount: "1" }], {
      intent: "set-delivery-area",
      deliveryAreaId: String(city.id),
    });
    const refused = await checkout(testBranches.open.identifier, small, {
      phone: "+49 761 1234567",
      street: "Kaiser-Joseph-Straße 1",
      city: "79098 Freiburg",
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.errors.map((error) => error.field)).toContain("deliveryArea");
      expect(refused.errors[0]?.message).toContain("Mindestbestellwert");
    }
    const big = await cartWith(testBranches.open.identifier, [{ name: BAGUETTE, amount: "5" }], {
      intent: "set-delivery-area",
      deliveryAreaId: String(city.id),
    });
    const placed = await checkout(testBranches.open.identifier, big, {
      phone: "0049 761 1234567",
      street: "Kaiser-Joseph-Straße 1",
      city: "79098 Freiburg",
    });
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    const order = await db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", placed.order.id)
      .executeTakeFirstOrThrow();
    expect(order.isDelivery).toBe(true);
    // A leading 00 became + and the number is stored in international form with its groups.
    expect(order.phone).toBe("+49 761 1234567");
    expect(order.deliveryAreaName).toBe(city.name);
    expect(order.deliveryGross).toBe(order.gross >= city.freeFromOrderValue! ? 0 : city.price);
    expect(order.totalGross).toBe(order.gross + order.deliveryGross);
  });

  it("answers bad input with German field messages and writes nothing", async () => {
    const cartId = await cartWith(testBranches.open.identifier, [{ name: BAGUETTE, amount: "1" }]);
    const before = await db
      .selectFrom("orders")
      .select(db.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const counted = await orderCounts();
    const cases: [Partial<CheckoutInput>, string, string][] = [
      [{ name: "" }, "name", deCheckout.nameRequired],
      [{ email: "" }, "email", deCheckout.emailRequired],
      [{ email: "kein-at-zeichen" }, "email", deCheckout.emailInvalid],
      [{ phone: "0761" }, "phone", de.phone.invalid("+49 30 1234567")],
      [{ paymentMethod: "bitcoin" }, "paymentMethod", deCheckout.paymentUnavailable],
      [{ acceptTerms: "" }, "acceptTerms", deCheckout.termsRequired],
      [{ acceptPrivacy: "" }, "acceptPrivacy", deCheckout.privacyRequired],
      [{ donateeId: "999999" }, "donateeId", deCheckout.unknownDonatee],
      [{ appointment: "2001-01-01T10:00:00Z" }, "appointment", ""],
      [{ appointment: "gestern" }, "appointment", deCheckout.invalidAppointment],
    ];
    for (const [fields, field, message] of cases) {
      const result = await checkout(testBranches.open.identifier, cartId, fields);
      expect(result.ok, JSON.stringify(fields)).toBe(false);
      if (result.ok) continue;
      const error = result.errors.find((candidate) => candidate.field === field);
      expect(error, JSON.stringify(fields)).toBeDefined();
      if (message) expect(error?.message).toBe(message);
    }
    const tooLong = checkoutSchema.safeParse({
      orderKey: newOrderKey(),
      comment: "x".repeat(10_000_000),
    });
    expect(tooLong.success).toBe(false);
    const after = await db
      .selectFrom("orders")
      .select(db.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await orderCounts()).toEqual({
      placed: counted.placed,
      refused: counted.refused + cases.length,
    });
  });

  it("takes a pre-order while closed and a quotation request where required", async () => {
    const closedCart = await cartWith(testBranches.closed.identifier, [
      { name: BAGUETTE, amount: "1" },
    ]);
    const preorder = await checkout(testBranches.closed.identifier, closedCart);
    expect(preorder.ok).toBe(true);
    const quotationCart = await cartWith(testBranches.quotation.identifier, [
      { name: BAGUETTE, amount: "1" },
    ]);
    const quotation = await checkout(testBranches.quotation.identifier, quotationCart);
    expect(quotation.ok).toBe(true);
    if (!preorder.ok || !quotation.ok) return;
    const rows = await db
      .selectFrom("orders")
      .select(["id", "isPreorder", "isQuotation"])
      .where("id", "in", [preorder.order.id, quotation.order.id])
      .orderBy("id")
      .execute();
    expect(rows.map((row) => [row.isPreorder, row.isQuotation])).toEqual([
      [true, false],
      [false, true],
    ]);
  });

  it("refuses a closed branch without pre-orders", async () => {
    await db
      .updateTable("branches")
      .set({ isPreorderEnabled: false })
      .where("identifier", "=", testBranches.closed.identifier)
      .execute();
    const cartId = await cartWith(testBranches.closed.identifier, [
      { name: BAGUETTE, amount: "1" },
    ]);
    const result = await checkout(testBranches.closed.identifier, cartId);
    await db
      .updateTable("branches")
      .set({ isPreorderEnabled: true })
      .where("identifier", "=", testBranches.closed.identifier)
      .execute();
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors.map((error) => error.message)).toContain(deCheckout.closedNoPreorder);
  });

  it("creates one order for the same form sent 20 times at once", async () => {
    const cartId = await cartWith(testBranches.open.identifier, [{ name: BAGUETTE, amount: "1" }]);
    const orderKey = newOrderKey();
    const counted = await orderCounts();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        checkout(testBranches.open.identifier, cartId, { orderKey }),
      ),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    const ids = new Set(results.map((result) => (result.ok ? result.order.id : null)));
    expect(ids.size).toBe(1);
    const rows = await db
      .selectFrom("orders")
      .select("id")
      .where("idempotencyKey", "=", orderKey)
      .execute();
    expect(rows).toHaveLength(1);
    expect(results.filter((result) => result.ok && result.isNew)).toHaveLength(1);
    // Counted once where it was written, however often the form came.
    expect((await orderCounts()).placed).toBe(counted.placed + 1);
  });

  it("tells a customer who sends an old checkout page with a new cart, and keeps that cart", async () => {
    const orderKey = newOrderKey();
    const first = await cartWith(testBranches.open.identifier, [{ name: BAGUETTE, amount: "1" }]);
    const placed = await checkout(testBranches.open.identifier, first, { orderKey });
    expect(placed.ok && placed.isNew).toBe(true);
    // The same page sent again (the cart is gone): it lands on the order it made.
    const repeated = await checkout(testBranches.open.identifier, first, { orderKey });
    expect(repeated.ok && !repeated.isNew && repeated.order.id).toBe(placed.ok && placed.order.id);

    // The back button's copy of that page, sent with a new cart.
    const second = await cartWith(testBranches.open.identifier, [{ name: BAGUETTE, amount: "3" }]);
    const reused = await checkout(testBranches.open.identifier, second, { orderKey });
    expect(reused).toEqual({ ok: false, errors: [{ message: deCheckout.orderKeyReused }] });
    const kept = await db.selectFrom("carts").select("id").where("id", "=", second).execute();
    expect(kept).toHaveLength(1);
    const orders = await db
      .selectFrom("orders")
      .select("id")
      .where("idempotencyKey", "=", orderKey)
      .execute();
    expect(orders).toHaveLength(1);

    // With a fresh key (the page the customer gets back) the new cart is ordered.
    const fresh = await checkout(testBranches.open.identifier, second);
    expect(fresh.ok && fresh.isNew).toBe(true);
  });

  it("gives 50 parallel checkouts 50 orders with distinct ticket numbers", async () => {
    const carts = await Promise.all(
      Array.from({ length: 50 }, () =>
        cartWith(testBranches.open.identifier, [{ name: BREZEL, amount: "1" }]),
      ),
    );
    const results = await Promise.all(
      carts.map((cartId) => checkout(testBranches.open.identifier, cartId)),
    );
    const ids = results.flatMap((result) => (result.ok ? [result.order.id] : []));
    expect(ids).toHaveLength(50);
    const tickets = await db
      .selectFrom("orders")
      .select("ticketNumber")
      .where("id", "in", ids)
      .execute();
    expect(new Set(tickets.map((row) => row.ticketNumber)).size).toBe(50);
  });
});
