import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * The dine-in rate since 1 January 2026 (issue 38, item 6; decision 092): a new product without
 * a dine-in rate follows its takeaway rate (food 7 %, drinks 19 %) in the form, the API and the
 * CSV import; stored products are not changed, the product list counts the food still at 19 %
 * eaten in and links to the bulk change, which sets only German VAT rates, all or nothing.
 */
type Body = { data?: any; errors?: { message: string; field?: string }[] };

const NOTICE =
  "beim Verzehr vor Ort noch 19 % MwSt. Seit dem 1. Januar 2026 gelten für Speisen 7 %.";

describe.each(databaseTargets())("the dine-in tax for food (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let ids: { brezel: number; kuchen: number; cola: number; eis: number };

  const json = async (response: Response) => (await response.json()) as Body;
  const rates = async () =>
    Object.fromEntries(
      (
        await handle.db
          .selectFrom("products")
          .select(["id", "takeawayTaxRate", "dineInTaxRate"])
          .orderBy("id")
          .execute()
      ).map((row) => [row.id, [row.takeawayTaxRate, row.dineInTaxRate]]),
    );
  const stored = (name: string) =>
    handle.db
      .selectFrom("products")
      .select(["taxRate", "takeawayTaxRate", "dineInTaxRate"])
      .where("name", "=", name)
      .executeTakeFirstOrThrow();
  const text = async (response: Response) =>
    (await response.text()).replace(/\u00a0|&nbsp;/g, " ").replace(/&amp;/g, "&");

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    server = await startAppServer(handle.db);
    const adminUser = await createStaff(handle.db, { roles: ["ROLE_ADMIN"] });
    admin = await new StaffClient(server).signInAs(server.context, adminUser.id);
  });

  beforeEach(async () => {
    await handle.db.deleteFrom("auditLog").execute();
    await handle.db.deleteFrom("products").execute();
    // As a catalogue from before 2026: food 7 % to take away, 19 % eaten in; a drink 19 %.
    const rows = await handle.db
      .insertInto("products")
      .values([
        { name: "Brezel", identifier: "brezel", price: 250, takeawayTaxRate: 7, dineInTaxRate: 19 },
        { name: "Käsekuchen", identifier: "kaesekuchen", price: 390, dineInTaxRate: 19 },
        { name: "Cola", identifier: "cola", price: 300, taxRate: 19, takeawayTaxRate: 19 },
        { name: "Eis", identifier: "eis", price: 200, takeawayTaxRate: 7, dineInTaxRate: 7 },
      ])
      .returning("id")
      .execute();
    ids = { brezel: rows[0]!.id, kuchen: rows[1]!.id, cola: rows[2]!.id, eis: rows[3]!.id };
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("gives a new product without a dine-in rate its takeaway rate through the API", async () => {
    const base = { type: "simple", price: 250, unit: "piece", calculationModel: "fixed" };
    const food = await admin.send("/api/products", {
      // The spec's names (decision 097).
      json: { ...base, name: "Laugenstange", tax: 7, takeawayTax: 7 },
    });
    expect(food.status).toBe(201);
    expect((await json(food)).data).toMatchObject({ takeawayTax: 7, dineInTax: 7 });
    expect(await stored("Laugenstange")).toEqual({
      taxRate: 7,
      takeawayTaxRate: 7,
      dineInTaxRate: 7,
    });

    const drink = await admin.send("/api/products", {
      json: { ...base, name: "Apfelschorle", taxRate: 19, takeawayTaxRate: 19 },
    });
    expect(drink.status).toBe(201);
    expect(await stored("Apfelschorle")).toMatchObject({ dineInTaxRate: 19 });

    // Given, it is kept; a later change of another field leaves it alone.
    const given = await admin.send("/api/products", {
      json: { ...base, name: "Kaffee", taxRate: 19, takeawayTaxRate: 19, dineInTaxRate: 7 },
    });
    expect(given.status).toBe(201);
    const id = (await json(given)).data.id;
    const renamed = await admin.send(`/api/products/${id}`, {
      method: "PUT",
      json: { name: "Kaffee groß" },
    });
    expect(renamed.status).toBe(200);
    expect(await stored("Kaffee groß")).toMatchObject({ dineInTaxRate: 7 });
  });

  it("gives a new product of the form 7 % eaten in when the field is left empty", async () => {
    const page = await text(await admin.send("/backend/products/new"));
    expect(page).toContain("Leer: wie Abholung. Seit dem 1. Januar 2026 gelten für Speisen");
    const saved = await admin.send("/backend/products/new", {
      form: {
        name: "Mohnschnecke",
        type: "simple",
        price: "2,10",
        unit: "piece",
        calculationModel: "fixed",
        taxRate: "",
        takeawayTaxRate: "",
        dineInTaxRate: "",
        intent: "save",
      },
    });
    expect(saved.status).toBe(302);
    expect(await stored("Mohnschnecke")).toEqual({
      taxRate: 7,
      takeawayTaxRate: 7,
      dineInTaxRate: 7,
    });
  });

  it("leaves the stored products alone and counts the food still at 19 % eaten in", async () => {
    const before = await rates();
    const list = await text(await admin.send("/backend/products"));
    expect(list).toContain(`2 Speisen haben ${NOTICE}`);
    expect(list).toContain(
      'href="/backend/products/bulk?abholung=7&vor-ort=19&alle=1&feld=dineInTax&art=set&wert=7"',
    );
    expect(await rates()).toEqual(before);

    // The list shows and filters the rate, the API too.
    const filtered = await text(await admin.send("/backend/products?vor-ort=19"));
    expect(filtered).toContain("Brezel");
    expect(filtered).toContain("Cola");
    expect(filtered).not.toContain(">Eis<");
    expect(filtered).toContain("MwSt. vor Ort (%)");
    const api = await json(await admin.send("/api/products?dineInTaxRate=7"));
    expect(api.data.map((row: any) => row.name)).toEqual(["Eis"]);
    // The spec's name filters too (decision 097).
    const spec = await json(await admin.send("/api/products?dineInTax=7"));
    expect(spec.data.map((row: any) => row.name)).toEqual(["Eis"]);
    expect((await admin.send("/api/products?dineInTaxRate=sieben")).status).toBe(400);
    const huge = await admin.send("/api/products?dineInTaxRate=999999999");
    expect(huge.status).toBe(200);
    expect((await json(huge)).data).toEqual([]);
    const odd = await text(await admin.send("/backend/products?vor-ort=%3Cscript%3E"));
    expect(odd).toContain("Cola");

    await handle.db
      .updateTable("products")
      .set({ dineInTaxRate: 7 })
      .where("id", "=", ids.kuchen)
      .execute();
    expect(await text(await admin.send("/backend/products"))).toContain(`1 Speise hat ${NOTICE}`);
    await handle.db
      .updateTable("products")
      .set({ dineInTaxRate: 7 })
      .where("id", "=", ids.brezel)
      .execute();
    expect(await text(await admin.send("/backend/products"))).not.toContain(NOTICE);
  });

  it("opens the bulk change from the notice chosen and filled in, and sets only the food", async () => {
    const page = await text(
      await admin.send(
        "/backend/products/bulk?abholung=7&vor-ort=19&alle=1&feld=dineInTax&art=set&wert=7",
      ),
    );
    expect(page).toContain("2 Treffer");
    expect(page).not.toContain("Cola</label>");
    expect(page).toMatch(/<input[^>]*value="dineInTax"[^>]*checked|checked[^>]*value="dineInTax"/);
    expect(page).toMatch(/id="alle"[^>]*checked|checked[^>]*id="alle"/);
    expect(page).toMatch(/id="wert"[^>]*value="7"|value="7"[^>]*id="wert"/);

    const choice = {
      suche: "",
      kategorie: "",
      schlagwort: "",
      abholung: "7",
      "vor-ort": "19",
      alle: "1",
      feld: "dineInTax",
      art: "set",
      wert: "7",
    };
    const preview = await admin.send("/backend/products/bulk", {
      form: { ...choice, intent: "vorschau" },
    });
    expect(preview.status).toBe(200);
    const previewHtml = await text(preview);
    expect(previewHtml).toContain("2 Produkte werden geändert.");
    const checksum = /name="pruefsumme" value="([^"]+)"/.exec(previewHtml)?.[1];
    const confirmed = await admin.send("/backend/products/bulk", {
      form: { ...choice, intent: "uebernehmen", pruefsumme: checksum! },
    });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toContain("abholung=7");
    expect(await rates()).toEqual({
      [ids.brezel]: [7, 7],
      [ids.kuchen]: [7, 7],
      [ids.cola]: [19, 19],
      [ids.eis]: [7, 7],
    });
    const audits = await handle.db.selectFrom("auditLog").select("entityId").execute();
    expect(audits.map((entry) => Number(entry.entityId)).sort()).toEqual(
      [ids.brezel, ids.kuchen].sort(),
    );
    expect(await text(await admin.send("/backend/products"))).not.toContain(NOTICE);
  });

  it.each([
    [
      "a rate German VAT does not know",
      { value: 17 },
      "Bitte geben Sie einen der Steuersätze 0, 7 oder 19 ein",
    ],
    ["a rate of 150", { value: 150 }, "Bitte geben Sie einen der Steuersätze 0, 7 oder 19 ein"],
    ["a word", { value: "sieben" }, "Bitte geben Sie einen der Steuersätze 0, 7 oder 19 ein"],
    [
      "a product that does not exist",
      { foreign: true },
      "Das Produkt 999999 existiert nicht (mehr).",
    ],
  ])("refuses %s with a German 400 and writes no row", async (_name, bad, message) => {
    const before = await rates();
    const productIds = [ids.brezel, ids.kuchen, ...("foreign" in bad ? [999_999] : [])];
    // The spec's names, and an older name (an alias) that still counts.
    for (const field of ["dineInTax", "takeawayTax", "dineInTaxRate"]) {
      const response = await admin.send("/api/products/bulk", {
        json: { productIds, field, mode: "set", value: "value" in bad ? bad.value : 7 },
      });
      expect(response.status).toBe(400);
      const { errors } = await json(response);
      expect(errors?.map((error) => error.message).join(" ")).toContain(message);
    }
    const form = await admin.send("/backend/products/bulk", {
      form: {
        produkt: productIds.map(String),
        feld: "dineInTax",
        art: "set",
        wert: "value" in bad ? String(bad.value) : "7",
        intent: "uebernehmen",
        pruefsumme: "x",
      },
    });
    expect(form.status).toBe(400);
    expect(await text(form)).toContain(message);
    expect(await rates()).toEqual(before);
    expect(await handle.db.selectFrom("auditLog").selectAll().execute()).toEqual([]);
  });

  it("takes 0, 7 and 19 % in the bulk change, written as „7 %“ too", async () => {
    for (const [value, expected] of [
      ["19 %", 19],
      [0, 0],
      ["7", 7],
    ] as const) {
      const response = await admin.send("/api/products/bulk", {
        json: { productIds: [ids.cola], field: "dineInTax", mode: "set", value },
      });
      expect(response.status).toBe(200);
      expect((await rates())[ids.cola]).toEqual([19, expected]);
    }
  });
});
