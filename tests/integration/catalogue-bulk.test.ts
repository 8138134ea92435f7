import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import {
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";

/**
 * Bulk changes of price and tax (issue 15, decision 036) through `POST /api/products/bulk` and
 * the page `/backend/products/bulk`: the preview computes and saves nothing, the confirmation
 * saves all products in one transaction with an audit entry each, a result out of range saves
 * nothing, and a product changed between preview and confirmation makes it a 409.
 */
type Body = { data?: any; errors?: { message: string; field?: string }[] };

describe.each(databaseTargets())("bulk price and tax changes (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let manager: StaffClient;
  let adminUser: TestStaff;
  let ids: { brezel: number; kuchen: number; cent: number };

  const json = async (response: Response) => (await response.json()) as Body;
  const prices = async () =>
    Object.fromEntries(
      (await handle.db.selectFrom("products").select(["id", "price"]).orderBy("id").execute()).map(
        (row) => [row.id, row.price],
      ),
    );

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    server = await startAppServer(handle.db);
    adminUser = await createStaff(handle.db, { roles: ["ROLE_ADMIN"] });
    const managerUser = await createStaff(handle.db, { roles: ["ROLE_MANAGER"] });
    admin = await new StaffClient(server).signInAs(server.context, adminUser.id);
    manager = await new StaffClient(server).signInAs(server.context, managerUser.id);
  });

  beforeEach(async () => {
    await handle.db.deleteFrom("auditLog").execute();
    await handle.db.deleteFrom("products").execute();
    const rows = await handle.db
      .insertInto("products")
      .values([
        { name: "Brezel", identifier: "brezel", price: 250 },
        { name: "Käsekuchen", identifier: "kaesekuchen", price: 199 },
        { name: "Centartikel", identifier: "cent", price: 10 },
      ])
      .returning("id")
      .execute();
    ids = { brezel: rows[0]!.id, kuchen: rows[1]!.id, cent: rows[2]!.id };
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("previews +5 % with old and new prices rounded to whole cents and saves nothing", async () => {
    const before = await prices();
    const response = await admin.send("/api/products/bulk", {
      json: {
        productIds: [ids.brezel, ids.kuchen],
        field: "price",
        mode: "percent",
        value: 5,
        dryRun: true,
      },
    });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(
      data.changes.map(({ id, name, before, after }: any) => ({ id, name, before, after })),
    ).toEqual([
      // 262,5 ct and 208,95 ct: half a cent and more goes up.
      { id: ids.brezel, name: "Brezel", before: 250, after: 263 },
      { id: ids.kuchen, name: "Käsekuchen", before: 199, after: 209 },
    ]);
    expect(data.dryRun).toBe(true);
    expect(await prices()).toEqual(before);
    const audits = await handle.db.selectFrom("auditLog").selectAll().execute();
    expect(audits).toEqual([]);
  });

  it("applies an amount to every chosen product in one go, each audited with before and after", async () => {
    const response = await admin.send("/api/products/bulk", {
      json: { productIds: [ids.brezel, ids.kuchen], field: "price", mode: "amount", value: 20 },
    });
    expect(response.status).toBe(200);
    const after = await prices();
    expect(after[ids.brezel]).toBe(270);
    expect(after[ids.kuchen]).toBe(219);
    expect(after[ids.cent]).toBe(10);
    const audits = await handle.db
      .selectFrom("auditLog")
      .selectAll()
      .where("entityType", "=", "product")
      .orderBy("entityId")
      .execute();
    expect(audits).toHaveLength(2);
    for (const entry of audits) {
      expect(entry.action).toBe("product.updated");
      expect(entry.userId).toBe(adminUser.id);
    }
    const brezel = audits.find((entry) => entry.entityId === String(ids.brezel))!;
    expect(brezel.data).toMatchObject({
      before: { price: 250, name: "Brezel" },
      after: { price: 270, name: "Brezel" },
    });
  });

  it("sets one of the three tax rates; a tax rate cannot change by percent", async () => {
    const set = await admin.send("/api/products/bulk", {
      json: { productIds: [ids.brezel], field: "dineInTax", mode: "set", value: 7 },
    });
    expect(set.status).toBe(200);
    expect((await json(set)).data.changes[0]).toMatchObject({ before: 19, after: 7 });
    const row = await handle.db
      .selectFrom("products")
      .select(["taxRate", "takeawayTaxRate", "dineInTaxRate"])
      .where("id", "=", ids.brezel)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ taxRate: 7, takeawayTaxRate: 7, dineInTaxRate: 7 });

    const percent = await admin.send("/api/products/bulk", {
      json: { productIds: [ids.brezel], field: "tax", mode: "percent", value: 5 },
    });
    expect(percent.status).toBe(400);
    expect((await json(percent)).errors?.[0]?.message).toContain(
      "Steuersätze werden auf einen Wert",
    );
  });

  it("takes the spec's names of the rates, and the older names as aliases (decision 104)", async () => {
    const rates = () =>
      handle.db
        .selectFrom("products")
        .select(["taxRate", "takeawayTaxRate", "dineInTaxRate"])
        .where("id", "=", ids.kuchen)
        .executeTakeFirstOrThrow();
    const before = await rates();
    for (const [field, column, value] of [
      ["tax", "taxRate", 19],
      ["takeawayTax", "takeawayTaxRate", 19],
      ["dineInTax", "dineInTaxRate", 0],
      ["takeawayTaxRate", "takeawayTaxRate", 0],
    ] as const) {
      const answer = await admin.send("/api/products/bulk", {
        json: { productIds: [ids.kuchen], field, mode: "set", value },
      });
      expect(answer.status, field).toBe(200);
      expect((await rates())[column], field).toBe(value);
    }
    expect(before).not.toEqual(await rates());
    // A name that is neither: refused, naming the field.
    const wrong = await admin.send("/api/products/bulk", {
      json: { productIds: [ids.kuchen], field: "mwst", mode: "set", value: 7 },
    });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).errors?.map((error) => error.field)).toContain("field");
  });

  it("refuses a result below 0 or above the maximum and saves none of the products", async () => {
    const before = await prices();
    const below = await admin.send("/api/products/bulk", {
      json: { productIds: [ids.brezel, ids.cent], field: "price", mode: "amount", value: -20 },
    });
    expect(below.status).toBe(400);
    const belowBody = await json(below);
    expect(belowBody.errors).toHaveLength(1);
    expect(belowBody.errors?.[0]?.field).toBe("value");
    expect(belowBody.errors?.[0]?.message.replace(/\s/g, " ")).toBe(
      "„Centartikel“: Der neue Preis -0,10 € läge unter 0,00 €.",
    );
    const above = await admin.send("/api/products/bulk", {
      json: { productIds: [ids.brezel], field: "price", mode: "percent", value: 1000 },
    });
    expect(above.status).toBe(200);
    const huge = await admin.send("/api/products/bulk", {
      json: { productIds: [ids.brezel], field: "price", mode: "set", value: 10_000_001 },
    });
    expect(huge.status).toBe(400);
    const tooMuch = await admin.send("/api/products/bulk", {
      json: { productIds: [ids.brezel], field: "price", mode: "amount", value: 9_999_800 },
    });
    expect(tooMuch.status).toBe(400);
    expect((await json(tooMuch)).errors?.[0]?.message).toContain("über dem Höchstbetrag");
    const afterAll = await prices();
    expect(afterAll[ids.cent]).toBe(before[ids.cent]);
    expect(afterAll[ids.brezel]).toBe(2750);
  });

  it.each([
    [{ productIds: [], field: "price", mode: "percent", value: 5 }, "productIds"],
    [{ productIds: ["abc"], field: "price", mode: "percent", value: 5 }, "productIds"],
    [{ productIds: [999_999], field: "price", mode: "percent", value: 5 }, "productIds"],
    [{ productIds: [1], field: "name", mode: "percent", value: 5 }, "field"],
    [{ productIds: [1], field: "price", mode: "double", value: 5 }, "mode"],
    [{ productIds: [1], field: "price", mode: "percent", value: "abc" }, "value"],
    [{ productIds: [1], field: "price", mode: "percent", value: -101 }, "value"],
    [{ productIds: [1], field: "price", mode: "amount", value: 0.5 }, "value"],
    [{ productIds: [1], field: "tax", mode: "set", value: 101 }, "mode"],
  ])("refuses %j with a German message beside %s", async (body, field) => {
    const before = await prices();
    const productIds = body.productIds.map((id) => (id === 1 ? ids.brezel : id));
    const response = await admin.send("/api/products/bulk", { json: { ...body, productIds } });
    expect(response.status).toBe(400);
    const { errors } = await json(response);
    expect(errors?.some((error) => error.field === field)).toBe(true);
    for (const error of errors ?? []) expect(error.message).toMatch(/[äöüÄÖÜß]|Bitte|Produkt/);
    expect(await prices()).toEqual(before);
  });

  it("answers 409 when a product changed between the preview and the confirmation", async () => {
    const preview = await json(
      await admin.send("/api/products/bulk", {
        json: {
          productIds: [ids.brezel, ids.kuchen],
          field: "price",
          mode: "percent",
          value: 10,
          dryRun: true,
        },
      }),
    );
    const versions = Object.fromEntries(
      preview.data.changes.map((change: any) => [change.id, change.version]),
    );
    await handle.db
      .updateTable("products")
      .set({ price: 300 })
      .where("id", "=", ids.kuchen)
      .execute();
    for (const guard of [{ versions }, { checksum: preview.data.checksum }]) {
      const response = await admin.send("/api/products/bulk", {
        json: {
          productIds: [ids.brezel, ids.kuchen],
          field: "price",
          mode: "percent",
          value: 10,
          ...guard,
        },
      });
      expect(response.status).toBe(409);
      expect((await json(response)).errors?.[0]?.message).toContain("seit der Vorschau geändert");
    }
    const after = await prices();
    expect(after[ids.brezel]).toBe(250);
    expect(after[ids.kuchen]).toBe(300);
    expect(await handle.db.selectFrom("auditLog").selectAll().execute()).toEqual([]);
  });

  it("is for administrators: a manager gets 403, a stranger 401", async () => {
    const body = { json: { productIds: [ids.brezel], field: "price", mode: "percent", value: 5 } };
    expect((await manager.send("/api/products/bulk", body)).status).toBe(403);
    expect((await new StaffClient(server).send("/api/products/bulk", body)).status).toBe(401);
    expect((await manager.send("/backend/products/bulk")).status).toBe(403);
    const before = await prices();
    expect(before[ids.brezel]).toBe(250);
  });

  it("works as plain forms: filter, preview with old and new prices, confirm, 409 when stale", async () => {
    const page = await admin.send("/backend/products/bulk?suche=kuchen");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Käsekuchen");
    expect(html).not.toContain("Brezel</label>");
    expect(html).toContain("1 Treffer");

    const choice = {
      suche: "",
      kategorie: "",
      schlagwort: "",
      produkt: [String(ids.brezel), String(ids.kuchen)],
      feld: "price",
      art: "percent",
      wert: "+5",
    };
    const preview = await admin.send("/backend/products/bulk", {
      form: { ...choice, intent: "vorschau" },
    });
    expect(preview.status).toBe(200);
    const previewHtml = (await preview.text()).replace(/\u00a0|&nbsp;/g, " ");
    expect(previewHtml).toContain("2,50 €");
    expect(previewHtml).toContain("2,63 €");
    expect(previewHtml).toContain("2,09 €");
    expect(previewHtml).toContain("ab einem halben Cent aufwärts");
    const checksum = /name="pruefsumme" value="([^"]+)"/.exec(previewHtml)?.[1];
    expect(checksum).toBeTruthy();
    expect((await prices())[ids.brezel]).toBe(250);

    const stale = await admin.send("/backend/products/bulk", {
      form: { ...choice, intent: "uebernehmen", pruefsumme: "veraltet" },
    });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("seit der Vorschau geändert");
    expect((await prices())[ids.brezel]).toBe(250);

    const confirmed = await admin.send("/backend/products/bulk", {
      form: { ...choice, intent: "uebernehmen", pruefsumme: checksum! },
    });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toContain("hinweis=gespeichert");
    expect(await prices()).toMatchObject({ [ids.brezel]: 263, [ids.kuchen]: 209, [ids.cent]: 10 });
  });

  it("changes all matches of a search with „Alle Treffer“", async () => {
    const response = await admin.send("/backend/products/bulk", {
      form: {
        suche: "e",
        kategorie: "",
        schlagwort: "",
        alle: "1",
        feld: "takeawayTax",
        art: "set",
        wert: "19",
        intent: "vorschau",
      },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("3 Produkte werden geändert.");
    const bad = await admin.send("/backend/products/bulk", {
      form: { suche: "", alle: "", feld: "price", art: "percent", wert: "abc", intent: "vorschau" },
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Bitte wählen Sie mindestens ein Produkt.");
  });
});
