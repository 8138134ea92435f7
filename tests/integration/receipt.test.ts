import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { findBranchByIdentifier } from "#app/db/queries/branches";
import type { Db } from "#app/db/schema";
import { formatMoney } from "#app/domain/money";
import { loadReceipt } from "#app/features/orders/receipt.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import { placeTestOrder } from "#tests/support/place-test-order";
import {
  prepareCheckoutDatabase,
  testAreas,
  testBranches,
} from "#tests/support/prepare-checkout-database";

const printedAt = new Date("2026-11-21T09:45:00Z");

describe.each(databaseTargets())("loading an order's receipt on %s", (target) => {
  let handle: DatabaseHandle;
  let db: Db;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    await prepareCheckoutDatabase(db);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("shows a placed delivery order as the order service stored it", async () => {
    const branch = (await findBranchByIdentifier(db, testBranches.open.identifier))!;
    const area = branch.deliveryAreas.find((candidate) => candidate.name === testAreas[1]!.name)!;
    const donatee = await db
      .selectFrom("donatees")
      .select(["id", "name"])
      .orderBy("position")
      .executeTakeFirstOrThrow();
    const placed = await placeTestOrder(db, {
      branch: testBranches.open.identifier,
      products: [
        { name: "Baguette", amount: "5" },
        { name: "Laugenbrezel", amount: "2" },
      ],
      change: { intent: "set-delivery-area", deliveryAreaId: String(area.id) },
      fields: {
        phone: "0049 761 1234567",
        company: "Kanzlei Weber",
        street: "Kaiser-Joseph-Straße 1",
        city: "79098 Freiburg",
        floor: "3",
        comment: "Bitte bei „Weber“ klingeln <script>alert(1)</script>",
        donateeId: String(donatee.id),
      },
    });
    const stored = await db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", placed.id)
      .executeTakeFirstOrThrow();
    const items = await db
      .selectFrom("orderItems")
      .select(["name", "gross"])
      .where("orderId", "=", placed.id)
      .orderBy("position")
      .execute();
    const taxes = await db
      .selectFrom("orderTaxes")
      .selectAll()
      .where("orderId", "=", placed.id)
      .orderBy("taxRate")
      .execute();

    const loaded = await loadReceipt(db, placed.id, printedAt);
    expect(loaded).not.toBeNull();
    const { receipt, branchId, orderId } = loaded!;
    expect({ branchId, orderId }).toEqual({ branchId: branch.id, orderId: placed.id });
    expect(receipt.header).toEqual({
      shopName: "Bäckerei Sonnenkorn",
      branchName: testBranches.open.name,
      address: ["Teststraße 1", "79098 Freiburg im Breisgau"],
      phone: "+49 761 000000",
    });
    expect(receipt.ticket).toEqual({ label: "Ticket", number: String(placed.ticketNumber) });
    expect(receipt.facts[0]).toEqual({ label: "Art", value: "Lieferung" });
    expect(receipt.facts.map((fact) => fact.label)).toEqual(["Art", "Termin", "Bestellt am"]);
    expect(receipt.customer).toEqual([
      { label: "Name", value: "Erika Mustermann" },
      { label: "Firma", value: "Kanzlei Weber" },
      { label: "Telefon", value: "+49 761 1234567" },
      { label: "E-Mail", value: "erika@example.org" },
    ]);
    expect(receipt.deliveryAddress).toEqual([
      "Kaiser-Joseph-Straße 1",
      "Stock 3",
      "79098 Freiburg",
      `Liefergebiet: ${area.name}`,
    ]);
    expect(receipt.items.map((item) => [item.quantity, item.name, item.price])).toEqual([
      ["5 Stk.", "Baguette", formatMoney(items[0]!.gross)],
      ["2 Stk.", "Laugenbrezel", formatMoney(items[1]!.gross)],
    ]);
    expect(receipt.comment).toBe("Bitte bei „Weber“ klingeln <script>alert(1)</script>");
    expect(receipt.donation).toBe(`Spende: ${formatMoney(7)} an ${donatee.name}`);
    expect(receipt.payment).toEqual([
      { label: "Zahlungsart", value: "Barzahlung" },
      { label: "Zahlungsstatus", value: "offen" },
    ]);
    expect(receipt.totals).toEqual([
      { label: "Zwischensumme", value: formatMoney(stored.gross), isGrandTotal: false },
      {
        label: "Lieferkosten",
        value: stored.deliveryGross === 0 ? "kostenlos" : formatMoney(stored.deliveryGross),
        isGrandTotal: false,
      },
      { label: "Gesamt", value: formatMoney(stored.totalGross), isGrandTotal: true },
    ]);
    expect(receipt.taxes).toEqual(
      taxes.map((row) => ({
        rate: `${row.taxRate} %`,
        net: formatMoney(row.net),
        tax: formatMoney(row.tax),
        gross: formatMoney(row.gross),
      })),
    );
    expect(receipt.footer.at(-1)).toBe("Gedruckt am 21.11.2026 10:45");
  });

  it("lists the configured parts of an item", async () => {
    const order = await insertTestOrder(db, { branchIdentifier: "wiehre", isDineIn: true });
    const { receipt } = (await loadReceipt(db, order.id, printedAt))!;
    expect(receipt.items).toEqual([
      { quantity: "1 Stk.", name: "Bauernbrot", details: [], price: formatMoney(450) },
      {
        quantity: "1 Stk.",
        name: "Geburtstagstorte",
        details: ["Größe: Ø 26 cm", "Aufschrift: Alles Gute, Oma!", "Foto: 1 Datei"],
        price: formatMoney(3900),
      },
    ]);
    expect(receipt.facts.slice(0, 2)).toEqual([
      { label: "Art", value: "Dine In" },
      { label: "Termin", value: "21.11.2026 11:30" },
    ]);
  });

  it("answers null for an order that does not exist", async () => {
    expect(await loadReceipt(db, 987_654)).toBeNull();
    expect(await loadReceipt(db, -1)).toBeNull();
    expect(await loadReceipt(db, Number.NaN)).toBeNull();
  });
});
