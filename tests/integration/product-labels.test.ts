import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * Product labels (issue 20, decision 057): `/backend/products/labels` answers a PDF made on the
 * server; the test reads it back with pdfjs and finds the names, prices, Grundpreis, ingredients,
 * allergens, best-before dates and the number of sheets. Refusals are 400s in German.
 */
async function pdfText(bytes: ArrayBuffer) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ("str" in item ? item.str : ""))
        .join("")
        .replace(/\s+/g, " "),
    );
  }
  await pdf.destroy();
  return pages;
}

describe.each(databaseTargets())("product labels (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let manager: StaffClient;
  let ids: { brot: number; kekse: number; aufschnitt: number };

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    server = await startAppServer(handle.db);
    const adminUser = await createStaff(handle.db, { roles: ["ROLE_ADMIN"] });
    const managerUser = await createStaff(handle.db, { roles: ["ROLE_MANAGER"] });
    admin = await new StaffClient(server).signInAs(server.context, adminUser.id);
    manager = await new StaffClient(server).signInAs(server.context, managerUser.id);
    const rows = await handle.db
      .insertInto("products")
      .values([
        {
          name: "Weißbrot groß",
          price: 385,
          allergenCodes: ["gluten", "sesame"],
          ingredients: "Weizenmehl, Wasser, Sesam, Hefe, Salz",
          bestBeforeDays: 3,
        },
        {
          name: "Nusskekse",
          price: 249,
          allergenCodes: ["nuts", "milk"],
          allergens: "Kann Spuren von Erdnüssen enthalten.",
        },
        // Sold by weight: 0,29 € per 10 g is 29,00 € per kg.
        { name: "Käsestangen", price: 29, unit: "decagram", bestBeforeDays: null },
      ])
      .returning("id")
      .execute();
    ids = { brot: rows[0]!.id, kekse: rows[1]!.id, aufschnitt: rows[2]!.id };
  });

  /** The plain form's way: POST, 303 to the PDF's address, GET it. */
  async function download(form: Record<string, string>) {
    const posted = await admin.send("/backend/products/labels", { form });
    expect(posted.status).toBe(303);
    const location = posted.headers.get("Location")!;
    expect(location).toMatch(/^\/backend\/products\/labels\.pdf\?/);
    return admin.send(location);
  }

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("offers the products with a count each, for administrators only", async () => {
    const page = await admin.send("/backend/products/labels?suche=brot");
    expect(page.status).toBe(200);
    const html = (await page.text()).replace(/\u00a0|&nbsp;/g, " ");
    expect(html).toContain("Produktetiketten drucken");
    expect(html).toContain(`name="anzahl-${ids.brot}"`);
    expect(html).not.toContain(`name="anzahl-${ids.kekse}"`);
    expect(html).toContain("3,85 € / Stk.");
    expect((await manager.send("/backend/products/labels")).status).toBe(403);
  });

  it("makes a compact PDF with names, prices, allergens and the sheets needed", async () => {
    const response = await download({
      format: "compact",
      start: "40",
      mhd: "2026-12-24",
      [`anzahl-${ids.brot}`]: "5",
      [`anzahl-${ids.kekse}`]: "4",
      [`anzahl-${ids.aufschnitt}`]: "1",
      [`anzahl-999999`]: "",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toContain("etiketten.pdf");
    const pages = await pdfText(await response.arrayBuffer());
    // 10 labels from position 40: 9 on the first sheet, 1 on the second.
    expect(pages).toHaveLength(2);
    const all = pages.join(" ");
    expect(all.match(/Weißbrot groß/g)).toHaveLength(5);
    expect(all.match(/Nusskekse/g)).toHaveLength(4);
    expect(all).toContain("3,85 € / Stk.");
    expect(all).toContain("2,49 € / Stk.");
    expect(all).toContain("0,29 € / 10 g");
    expect(all).toContain("Grundpreis: 29,00 € / kg");
    expect(all).toContain("Enthält: Glutenhaltiges Getreide, Sesam");
    // A wrapped line loses its space in the extracted text.
    expect(all).toMatch(/Enthält: Milch \(einschließlich Laktose\), ?Schalenfrüchte \(Nüsse\)/);
    expect(all).toContain("Mindestens haltbar bis: 24.12.2026");
    expect(pages[1]).toContain("Käsestangen");
  });

  it("makes a detail PDF with the ingredients and the best-before date from the product", async () => {
    const response = await download({
      format: "detail",
      [`anzahl-${ids.brot}`]: "11",
      [`anzahl-${ids.kekse}`]: "1",
    });
    expect(response.status).toBe(200);
    const pages = await pdfText(await response.arrayBuffer());
    expect(pages).toHaveLength(2);
    expect(pages[0]!.match(/Weißbrot groß/g)).toHaveLength(10);
    expect(pages[0]).toContain("Zutaten: Weizenmehl, Wasser, Sesam, Hefe, Salz");
    // The list shows every allergen: no "Enthält" beside it. The biscuits have no list.
    expect(pages[0]).not.toContain("Enthält: Glutenhaltiges");
    const biscuits = pages[1]!.slice(pages[1]!.indexOf("Nusskekse"));
    expect(biscuits).toContain("Enthält: Milch (einschließlich Laktose), Schalenfrüchte (Nüsse)");
    expect(biscuits).toContain("Kann Spuren von Erdnüssen enthalten.");
    const settings = await handle.db
      .selectFrom("settings")
      .select("businessTimeZone")
      .executeTakeFirstOrThrow();
    const { DateTime } = await import("luxon");
    const expected = DateTime.now()
      .setZone(settings.businessTimeZone)
      .plus({ days: 3 })
      .toFormat("dd.MM.yyyy");
    expect(pages[0]).toContain(`Mindestens haltbar bis: ${expected}`);
    // No days, no date: the biscuits' label names none.
    expect(biscuits).not.toContain("Mindestens haltbar");
  });

  it("refuses 100,000 copies, a foreign product and nothing chosen with German 400s", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ format: "compact", [`anzahl-${ids.brot}`]: "100000" }, "ganze Zahl von 0 bis 2000"],
      [
        { format: "compact", [`anzahl-${ids.brot}`]: "1500", [`anzahl-${ids.kekse}`]: "600" },
        "höchstens 2000 Etiketten",
      ],
      [{ format: "compact", "anzahl-987654321": "3" }, "Dieses Produkt gibt es nicht."],
      [{ format: "compact", [`anzahl-${ids.brot}`]: "-1" }, "ganze Zahl"],
      [{ format: "compact" }, "mindestens einem Produkt"],
      [{ format: "riesig", [`anzahl-${ids.brot}`]: "1" }, "Bitte wählen Sie ein Format."],
      [{ format: "detail", start: "11", [`anzahl-${ids.brot}`]: "1" }, "zwischen 1 und 10"],
      [{ format: "detail", mhd: "2026-02-31", [`anzahl-${ids.brot}`]: "1" }, "kein gültiges Datum"],
    ];
    for (const [form, message] of cases) {
      const response = await admin.send("/backend/products/labels", { form });
      expect(response.status, JSON.stringify(form)).toBe(400);
      const html = (await response.text()).replace(/&quot;/g, '"');
      expect(html, JSON.stringify(form)).toContain(message);
      // The PDF's address refuses the same, as text.
      const direct = await admin.send(
        `/backend/products/labels.pdf?${new URLSearchParams(form).toString()}`,
      );
      expect(direct.status, JSON.stringify(form)).toBe(400);
      expect(await direct.text(), JSON.stringify(form)).toContain(message);
    }
    expect(
      (await manager.send(`/backend/products/labels.pdf?format=compact&anzahl-${ids.brot}=1`))
        .status,
    ).toBe(403);
  });
});
