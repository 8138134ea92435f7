import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { limitRequestBodies } from "#app/server/body-limit.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import {
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";

/**
 * Products as CSV (issue 15, decision 036): the export, the import's dry run and apply, every
 * row's errors in German, conflicts with edits saved after the export, the limits, and (on
 * PostgreSQL) the import racing a manual edit: rows are locked in id order, an edit saved while
 * the import waits makes its row a conflict, an edit waiting on the import's lock finds the
 * version moved and gets the resource pattern's 409 (once simulated, once the real `PUT`).
 */
type Body = { data?: any; errors?: { message: string; field?: string }[] };

/** German headers since issue 36 (decision 076); the API's names of older files still import. */
const HEADER =
  "ID;UID;Kennung;Name;Beschreibung;Typ;Preis;Einheit;Berechnung;Steuersatz Lieferung;Steuersatz Abholung;Steuersatz vor Ort;Mindestmenge;Höchstmenge;Schrittweite;Standardmenge;Aktiv;Allergene (Freitext);Allergene;Abteilung;Version";

describe.each(databaseTargets())("products as CSV (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let manager: StaffClient;
  let adminUser: TestStaff;
  let ids: { brezel: number; kuchen: number };

  const json = async (response: Response) => (await response.json()) as Body;
  const importCsv = (csv: string, dryRun = false) =>
    admin.send(`/api/products/import${dryRun ? "?dryRun=1" : ""}`, {
      method: "POST",
      body: csv,
      headers: { "Content-Type": "text/csv; charset=utf-8" },
    });
  const exportCsv = async () => {
    const response = await admin.send("/api/products/export");
    expect(response.status).toBe(200);
    return (await response.text()).replace(/^\uFEFF/, "");
  };
  const snapshot = () =>
    handle.db
      .selectFrom("products")
      .select(["id", "name", "price", "identifier", "taxRate", "allergenCodes"])
      .orderBy("id")
      .execute();
  /** The export with one cell of one product's row replaced (`column`: its German header). */
  const edit = (csv: string, id: number, column: string, value: string) => {
    const lines = csv.trim().split("\r\n");
    const index = lines[0]!.split(";").indexOf(column);
    if (index < 0) throw new Error(`Keine Spalte „${column}“ im Export.`);
    return lines
      .map((line) => {
        if (!line.startsWith(`${id};`)) return line;
        const cells = line.split(";");
        cells[index] = value;
        return cells.join(";");
      })
      .join("\r\n");
  };

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
        {
          name: "Brezel",
          identifier: "brezel",
          price: 250,
          description: "=HYPERLINK(1)",
          allergenCodes: sql<string[]>`'{gluten}'::text[]`,
        },
        { name: "Käsekuchen", identifier: "kaesekuchen", price: 1234, maximumQuantity: 10 },
      ])
      .returning("id")
      .execute();
    ids = { brezel: rows[0]!.id, kuchen: rows[1]!.id };
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("exports every product as UTF-8 CSV with a BOM, semicolons, German prices and versions", async () => {
    const response = await admin.send("/api/products/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trim().split("\r\n");
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${ids.brezel};[0-9a-f-]{36};brezel;Brezel;'=HYPERLINK\\(1\\);Einfach;2,50;Stück;Fix;`,
      ),
    );
    expect(lines[1]).toMatch(/;ja;;gluten;;\d+$/);
    expect(lines[2]).toContain(";12,34;");
    expect(lines[2]).toContain(";10;1;1;ja;");
    const page = await admin.send("/backend/products/export.csv");
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Disposition")).toMatch(/attachment; filename="produkte-/);
  });

  it("reads its own export back as unchanged, formula guard and all", async () => {
    const response = await importCsv(await exportCsv(), true);
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data).toMatchObject({
      dryRun: true,
      saved: false,
      unchanged: 2,
      created: [],
      changed: [],
    });
    expect(data.errors).toEqual([]);
  });

  it("dry run lists created and changed fields old → new and saves nothing; apply saves all, audited", async () => {
    const before = await snapshot();
    let csv = edit(await exportCsv(), ids.brezel, "Preis", "2,80");
    csv = edit(csv, ids.brezel, "Allergene", "milk,gluten");
    csv += "\r\n;;laugenstange;Laugenstange;;;1,10;;;;;;;;;;nein;;;";
    const dry = await importCsv(csv, true);
    expect(dry.status).toBe(200);
    const report = (await json(dry)).data;
    expect(report.created).toEqual([{ line: 4, name: "Laugenstange" }]);
    expect(report.unchanged).toBe(1);
    expect(report.changed).toHaveLength(1);
    expect(report.changed[0]).toMatchObject({ line: 2, id: ids.brezel, name: "Brezel" });
    const changes = report.changed[0].changes.map((change: any) => ({
      ...change,
      before: change.before.replace(/\s/g, " "),
      after: change.after.replace(/\s/g, " "),
    }));
    expect(changes).toEqual([
      { field: "price", before: "2,50 €", after: "2,80 €" },
      { field: "allergenCodes", before: "gluten", after: "gluten, milk" },
    ]);
    expect(await snapshot()).toEqual(before);

    const applied = await importCsv(csv);
    expect(applied.status).toBe(200);
    expect((await json(applied)).data.saved).toBe(true);
    const after = await snapshot();
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ price: 280, allergenCodes: ["gluten", "milk"] });
    expect(after[2]).toMatchObject({
      name: "Laugenstange",
      price: 110,
      identifier: "laugenstange",
    });
    const created = await handle.db
      .selectFrom("products")
      .select(["isEnabled", "taxRate", "dineInTaxRate", "unit"])
      .where("identifier", "=", "laugenstange")
      .executeTakeFirstOrThrow();
    expect(created).toEqual({ isEnabled: false, taxRate: 7, dineInTaxRate: 7, unit: "piece" });
    const audits = await handle.db
      .selectFrom("auditLog")
      .select(["action", "entityId", "data", "userId"])
      .where("entityType", "=", "product")
      .orderBy("id")
      .execute();
    expect(audits.map((entry) => entry.action)).toEqual(["product.updated", "product.created"]);
    expect(audits[0]!.data).toMatchObject({ before: { price: 250 }, after: { price: 280 } });
    expect(audits[1]!.data).toMatchObject({ before: null, after: { name: "Laugenstange" } });
    expect(audits.every((entry) => entry.userId === adminUser.id)).toBe(true);
  });

  it("names each product's department and sets it by name or identifier, 'keine' for none", async () => {
    const [konditorei, backstube] = (await Promise.all(
      [
        { name: "Konditorei", identifier: "konditorei", position: 1 },
        { name: "Backstube", identifier: "backstube", position: 2 },
      ].map((values) =>
        handle.db
          .insertInto("departments")
          .values(values)
          .returning("id")
          .executeTakeFirstOrThrow(),
      ),
    )) as [{ id: number }, { id: number }];
    try {
      await handle.db
        .updateTable("products")
        .set({ departmentId: konditorei.id })
        .where("id", "=", ids.kuchen)
        .execute();
      const csv = await exportCsv();
      const kuchen = csv.split("\r\n").find((line) => line.startsWith(`${ids.kuchen};`));
      expect(kuchen).toMatch(/;Konditorei;\d+$/);

      // By name (any case) for one, by identifier for the other; then none again.
      let edited = edit(csv, ids.brezel, "Abteilung", "backstube");
      edited = edit(edited, ids.kuchen, "Abteilung", "BACKSTUBE");
      const applied = await importCsv(edited, false);
      expect(applied.status, await applied.clone().text()).toBe(200);
      const { data } = await json(applied);
      expect(data.changed).toHaveLength(2);
      expect(data.changed[1].changes).toEqual([
        { field: "departmentId", before: "Konditorei", after: "Backstube" },
      ]);
      const departments = await handle.db
        .selectFrom("products")
        .select(["id", "departmentId"])
        .orderBy("id")
        .execute();
      expect(departments.map((row) => row.departmentId)).toEqual([backstube.id, backstube.id]);
      const cleared = await importCsv(
        edit(await exportCsv(), ids.brezel, "Abteilung", "keine"),
        false,
      );
      expect(cleared.status).toBe(200);
      const brezel = await handle.db
        .selectFrom("products")
        .select("departmentId")
        .where("id", "=", ids.brezel)
        .executeTakeFirstOrThrow();
      expect(brezel.departmentId).toBeNull();

      // A name no department has: the row's German error names the ones there are; nothing saved.
      const before = await exportCsv();
      const refused = await importCsv(edit(before, ids.kuchen, "Abteilung", "Küche"), false);
      expect(refused.status).toBe(400);
      const refusal = await json(refused);
      expect(JSON.stringify(refusal)).toContain(
        "Eine Abteilung „Küche“ gibt es nicht. Möglich: Konditorei, Backstube oder „keine“.",
      );
      expect(await exportCsv()).toBe(before);
    } finally {
      await handle.db.updateTable("products").set({ departmentId: null }).execute();
      await handle.db.deleteFrom("departments").execute();
    }
  });

  it("reads the spec's names of the rates as columns, and the older names (decision 104)", async () => {
    const rates = () =>
      handle.db
        .selectFrom("products")
        .select(["taxRate", "takeawayTaxRate", "dineInTaxRate"])
        .where("id", "=", ids.kuchen)
        .executeTakeFirstOrThrow();
    const applied = await importCsv(`id;tax;takeawayTax;dineInTax\n${ids.kuchen};19;7;0`);
    expect(applied.status).toBe(200);
    expect(await rates()).toEqual({ taxRate: 19, takeawayTaxRate: 7, dineInTaxRate: 0 });
    // The report names the changed rates as the API does.
    const fields = (await json(applied)).data.changed[0].changes.map((change: any) => change.field);
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) expect(["tax", "takeawayTax", "dineInTax"]).toContain(field);
    // An older file with the older names still imports.
    const older = await importCsv(`id;taxRate;takeawayTaxRate;dineInTaxRate\n${ids.kuchen};7;19;7`);
    expect(older.status).toBe(200);
    expect(await rates()).toEqual({ taxRate: 7, takeawayTaxRate: 19, dineInTaxRate: 7 });
  });

  it("lists every row's errors in German and saves nothing, not even the good rows", async () => {
    const before = await snapshot();
    const rows = [
      "id;identifier;name;price;unit;minimumQuantity;maximumQuantity;allergenCodes;isEnabled;taxRate",
      ";gut;Gute Zeile;1,00;;;;;;",
      ";;Schlecht;abc;;;;;;",
      "999999;;Fremd;1,00;;;;;;",
      ";;Einheit;1,00;fass;;;;;",
      ";;Mengen;1,00;;5;2;;;",
      ";;Allergen;1,00;;;;gluten,staub;;",
      ";;Schalter;1,00;;;;;vielleicht;",
      ";;Steuer;1,00;;;;;;120",
      ";brezel;Doppelt;1,00;;;;;;",
      `${ids.kuchen};brezel;Kennung;1,00;;;;;;`,
      ";;<b>Fett</b>;1,00;;;;;;",
      ";;;1,00;;;;;;",
      ";;Negativ;-1,00;;;;;;",
    ].join("\n");
    const dry = await importCsv(rows, true);
    expect(dry.status).toBe(400);
    const body = await json(dry);
    const messages = body.data.errors.map((error: any) => error.message);
    expect(messages).toEqual([
      "Zeile 3: Preis „abc“ ist kein Betrag.",
      "Zeile 4: Ein Produkt mit der ID 999999 gibt es nicht.",
      expect.stringMatching(/^Zeile 5: Einheit „fass“ ist nicht erlaubt \(Stück, Portion, /),
      "Zeile 6: Die Mindestmenge liegt über der Höchstmenge.",
      "Zeile 7: Allergen „staub“ ist unbekannt.",
      "Zeile 8: Aktiv „vielleicht“ ist weder „ja“ noch „nein“.",
      "Zeile 9: Steuersatz Lieferung „120“ ist kein Steuersatz zwischen 0 und 100.",
      "Zeile 11: Die Kennung „brezel“ hat schon ein anderes Produkt.",
      "Zeile 12: Name: bitte ohne spitze Klammern (< >).",
      "Zeile 13: Ein neues Produkt braucht einen Namen.",
      "Zeile 14: Preis „-1,00“ ist kein Betrag.",
    ]);
    expect(body.errors?.[0]?.message).toBe("Zeile 3: Preis „abc“ ist kein Betrag.");
    expect(body.errors?.some((error) => error.field === "row.14")).toBe(true);
    // Row 10 names the existing Brezel by its identifier: a change, not an error.
    expect(body.data.changed.map((row: any) => row.line)).toEqual([10]);
    const applied = await importCsv(rows);
    expect(applied.status).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect(await handle.db.selectFrom("auditLog").selectAll().execute()).toEqual([]);
  });

  it("writes German headers and values and reads them back, and the English ones of older files", async () => {
    await handle.db
      .updateTable("products")
      .set({ type: "configurable", unit: "kilogram", calculationModel: "approximate" })
      .where("id", "=", ids.kuchen)
      .execute();
    const csv = await exportCsv();
    const kuchen = csv.split("\r\n").find((line) => line.startsWith(`${ids.kuchen};`));
    expect(kuchen).toContain(";Konfigurierbar;12,34;Kilogramm;ca.;");
    expect(csv).not.toMatch(/calculationModel|kilogram|configurable|simple|piece/);
    const back = await importCsv(csv, true);
    expect((await json(back)).data).toMatchObject({ unchanged: 2, changed: [], errors: [] });

    const stored = () =>
      handle.db
        .selectFrom("products")
        .select(["name", "type", "unit", "calculationModel", "price", "isEnabled"])
        .where("name", "in", ["Stollen", "Früchtebrot", "Lebkuchen"])
        .orderBy("name")
        .execute();
    const written = [
      "name;type;price;unit;calculationModel;isEnabled",
      "Stollen;bundle;18,90;kilogram;minimum;ja",
    ];
    const english = await importCsv(written.join("\n"));
    expect(english.status).toBe(200);
    const german = await importCsv(
      [
        // Headers and words in any case, the model's dot optional.
        "NAME;Typ;preis;Einheit;Berechnung;Aktiv",
        "Früchtebrot;Paket;18,90;Kilogramm;ab;ja",
        "Lebkuchen;konfigurierbar;2,00;10 Gramm;ca;nein",
      ].join("\n"),
    );
    expect(german.status).toBe(200);
    expect(await stored()).toEqual([
      {
        name: "Früchtebrot",
        type: "bundle",
        unit: "kilogram",
        calculationModel: "minimum",
        price: 1890,
        isEnabled: true,
      },
      {
        name: "Lebkuchen",
        type: "configurable",
        unit: "decagram",
        calculationModel: "approximate",
        price: 200,
        isEnabled: false,
      },
      {
        name: "Stollen",
        type: "bundle",
        unit: "kilogram",
        calculationModel: "minimum",
        price: 1890,
        isEnabled: true,
      },
    ]);
    const wrong = await importCsv(["Name;Einheit;Berechnung", "Brot;Fass;genau"].join("\n"), true);
    expect((await json(wrong)).data.errors.map((error: any) => error.message)).toEqual([
      expect.stringMatching(/^Zeile 2: Einheit „Fass“ ist nicht erlaubt \(Stück, Portion, Paar, /),
      "Zeile 2: Berechnung „genau“ ist nicht erlaubt (Fix, ca., ab).",
    ]);
  });

  it("refuses a header it does not know and a row naming one product twice", async () => {
    const unknown = await importCsv("name;kosten\nBrot;1,00", true);
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).errors?.[0]?.message).toBe("Zeile 1: Unbekannte Spalte „kosten“.");
    const twice = await importCsv(`id;price\n${ids.brezel};1,00\n${ids.brezel};2,00`, true);
    expect(twice.status).toBe(400);
    expect((await json(twice)).errors?.[0]?.message).toBe(
      "Zeile 3: Dasselbe Produkt steht schon in Zeile 2.",
    );
    const broken = await importCsv('name;price\n"Brot;1,00\n', true);
    expect(broken.status).toBe(400);
    expect((await json(broken)).errors?.[0]?.message).toMatch(/^Die Datei ist keine lesbare CSV/);
    const latin1 = await admin.send("/api/products/import?dryRun=1", {
      method: "POST",
      body: Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0x4b, 0xe4, 0x73, 0x65]) as never,
      headers: { "Content-Type": "text/csv" },
    });
    expect(latin1.status).toBe(400);
    expect((await json(latin1)).errors?.[0]?.message).toContain("UTF-8");
  });

  it("makes a row changed since the export a conflict: 409, nothing saved", async () => {
    const csv = edit(
      edit(await exportCsv(), ids.brezel, "Preis", "3,00"),
      ids.kuchen,
      "Name",
      "Torte",
    );
    await handle.db
      .updateTable("products")
      .set({ name: "Käsetorte" })
      .where("id", "=", ids.kuchen)
      .execute();
    const before = await snapshot();
    const response = await importCsv(csv);
    expect(response.status).toBe(409);
    const body = await json(response);
    expect(body.errors?.[0]?.message).toBe(
      "Produkte wurden seit dem Export geändert; es wurde nichts gespeichert.",
    );
    expect(body.errors?.[1]?.message).toBe(
      "Zeile 3: „Käsetorte“ wurde nach dem Export geändert (Konflikt). Bitte exportieren Sie neu und übertragen Sie Ihre Änderung.",
    );
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a 20 MB CSV with 400 (API and page) and 10,000 rows of garbage with 400 and every row", async () => {
    const tooLarge = "Die CSV-Datei ist zu groß (höchstens 10 MB). Bitte teilen Sie sie auf.";
    const twentyMegabytes = "x".repeat(20 * 1024 * 1024);
    const big = await admin.send("/api/products/import?dryRun=1", {
      method: "POST",
      body: twentyMegabytes,
      headers: { "Content-Type": "text/csv" },
    });
    expect(big.status).toBe(400);
    expect((await json(big)).errors?.[0]?.message).toBe(tooLarge);
    // The back office's page, multipart as the form without JavaScript sends it.
    const form = new FormData();
    form.set("intent", "pruefen");
    form.set("datei", new Blob([twentyMegabytes], { type: "text/csv" }), "produkte.csv");
    const page = await admin.send("/backend/products/import", { multipart: form });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(tooLarge);
    expect(await handle.db.selectFrom("products").select("id").execute()).toHaveLength(2);

    // The running server's body guard refuses both before the route, with the same 400.
    const guarded = express();
    guarded.use(limitRequestBodies());
    guarded.use((_req, res) => void res.status(200).end("gelesen"));
    const listener: Server = guarded.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => listener.once("listening", resolve));
    try {
      const origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
      const api = await fetch(`${origin}/api/products/import`, {
        method: "POST",
        body: twentyMegabytes,
        headers: { "Content-Type": "text/csv" },
      });
      expect(api.status).toBe(400);
      expect(((await api.json()) as Body).errors?.[0]?.message).toBe(tooLarge);
      const pageGuarded = await fetch(`${origin}/backend/products/import`, {
        method: "POST",
        body: form,
        headers: { Accept: "text/html" },
      });
      expect(pageGuarded.status).toBe(400);
      expect(await pageGuarded.text()).toContain(tooLarge);
      // Other routes keep the generic 413.
      const other = await fetch(`${origin}/api/products`, {
        method: "POST",
        body: twentyMegabytes,
        headers: { "Content-Type": "application/json" },
      });
      expect(other.status).toBe(413);
    } finally {
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
    const garbage = [
      "name;price;unit",
      ...Array.from({ length: 10_000 }, (_, i) => `Müll ${i};x${i}y;??`),
    ].join("\n");
    const response = await importCsv(garbage);
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.data.errors).toHaveLength(20_000);
    expect(body.data.errors[0].message).toBe("Zeile 2: Preis „x0y“ ist kein Betrag.");
    expect(body.data.errors.at(-1).line).toBe(10_001);
    expect(await handle.db.selectFrom("products").select("id").execute()).toHaveLength(2);
  });

  it("shows a dry run's German row error on the page (multipart, no JavaScript needed)", async () => {
    const form = new FormData();
    form.set("intent", "probelauf");
    form.set(
      "datei",
      new Blob([`\uFEFFname;price\nBrot;3,20\nSemmel;abc\n`], { type: "text/csv" }),
      "produkte.csv",
    );
    const response = await admin.send("/backend/products/import", { multipart: form });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Zeile 3: Preis „abc“ ist kein Betrag.");
    expect(html).toContain("1 neu, 0 geändert, 0 unverändert.");
    expect(await handle.db.selectFrom("products").select("id").execute()).toHaveLength(2);
    const missing = new FormData();
    missing.set("intent", "probelauf");
    const none = await admin.send("/backend/products/import", { multipart: missing });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Bitte wählen Sie eine CSV-Datei.");
  });

  it("is for administrators only", async () => {
    expect((await manager.send("/api/products/export")).status).toBe(403);
    expect((await manager.send("/backend/products/export.csv")).status).toBe(403);
    expect((await manager.send("/backend/products/import")).status).toBe(403);
    const denied = await manager.send("/api/products/import", {
      method: "POST",
      body: "name\nBrot",
      headers: { "Content-Type": "text/csv" },
    });
    expect(denied.status).toBe(403);
    expect((await new StaffClient(server).send("/api/products/export")).status).toBe(401);
    expect(await handle.db.selectFrom("products").select("id").execute()).toHaveLength(2);
  });

  // ——— The race with a manual edit: needs a server with more than one connection ———

  /** Waits until `count` backends of this database wait for a row lock. */
  const lockWaiters = async (count: number) => {
    for (let attempt = 0; attempt < 500; attempt += 1) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(handle.db);
      if (rows[0]!.n >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`Nicht ${count} wartende Sperren gesehen.`);
  };

  /**
   * A manual edit as `updateRecord` makes it: lock the row, compare the version the editor read,
   * write or answer 409. `hold` keeps the transaction open (with its lock) until it resolves.
   */
  const manualEdit = (
    id: number,
    expected: string | null,
    price: number,
    hold?: Promise<void>,
    locked?: () => void,
  ) =>
    handle.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      const { rows } = await sql<{ version: string }>`
        select xmin::text as version from products where id = ${id} for update`.execute(connection);
      locked?.();
      if (expected !== null && rows[0]!.version !== expected) {
        await sql`rollback`.execute(connection);
        return 409;
      }
      await sql`update products set price = ${price} where id = ${id}`.execute(connection);
      await hold;
      await sql`commit`.execute(connection);
      return 200;
    });

  it.skipIf(target === "pglite")(
    "an edit saved while the import waits for its lock makes that row a conflict (409)",
    async () => {
      const csv = edit(
        edit(await exportCsv(), ids.brezel, "Preis", "3,00"),
        ids.kuchen,
        "Preis",
        "9,99",
      );
      let release!: () => void;
      const hold = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const editing = manualEdit(ids.kuchen, null, 1500, hold, locked);
      // The edit holds the Käsekuchen's row; the import locks the Brezel, then waits.
      await isLocked;
      const importing = importCsv(csv);
      await lockWaiters(1);
      release();
      expect(await editing).toBe(200);
      const response = await importing;
      expect(response.status).toBe(409);
      expect((await json(response)).errors?.[1]?.message).toContain("Käsekuchen");
      const rows = await snapshot();
      expect(rows.map((row) => row.price)).toEqual([250, 1500]);
    },
  );

  it.skipIf(target === "pglite")(
    "an edit waiting on the import's lock finds the version moved and gets 409",
    async () => {
      const exported = await exportCsv();
      const versionOf = (id: number) =>
        exported
          .split("\r\n")
          .find((line) => line.startsWith(`${id};`))!
          .split(";")
          .at(-1)!;
      const brezelVersion = versionOf(ids.brezel);
      const csv = edit(edit(exported, ids.brezel, "Preis", "3,00"), ids.kuchen, "Preis", "9,99");
      // A third party holds the Käsekuchen: the import locks the Brezel (lower id) and waits.
      let release!: () => void;
      const hold = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const blocker = handle.db.connection().execute(async (connection) => {
        await sql`begin`.execute(connection);
        await sql`select id from products where id = ${ids.kuchen} for update`.execute(connection);
        locked();
        await hold;
        await sql`rollback`.execute(connection);
      });
      await isLocked;
      const importing = importCsv(csv);
      await lockWaiters(1);
      // The editor read the Brezel at the export's version; saving waits on the import's lock.
      const editing = manualEdit(ids.brezel, brezelVersion, 999);
      await lockWaiters(2);
      release();
      await blocker;
      const response = await importing;
      expect(response.status).toBe(200);
      expect(await editing).toBe(409);
      const rows = await snapshot();
      expect(rows.map((row) => row.price)).toEqual([300, 999]);
    },
  );
  it.skipIf(target === "pglite")(
    "the real PUT /api/products/{id} with the exported version, waiting on the import, gets 409",
    async () => {
      const exported = await exportCsv();
      const brezelVersion = exported
        .split("\r\n")
        .find((line) => line.startsWith(`${ids.brezel};`))!
        .split(";")
        .at(-1)!;
      // The version the export names is the one the API's editor reads.
      expect((await json(await admin.send(`/api/products/${ids.brezel}`))).data.version).toBe(
        brezelVersion,
      );
      const csv = edit(edit(exported, ids.brezel, "Preis", "3,00"), ids.kuchen, "Preis", "9,99");
      // A third party holds the Käsekuchen: the import locks the Brezel (lower id) and waits.
      let release!: () => void;
      const hold = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const blocker = handle.db.connection().execute(async (connection) => {
        await sql`begin`.execute(connection);
        await sql`select id from products where id = ${ids.kuchen} for update`.execute(connection);
        locked();
        await hold;
        await sql`rollback`.execute(connection);
      });
      await isLocked;
      const importing = importCsv(csv);
      await lockWaiters(1);
      // The manual edit through the API, as the back office's editor sends it: it waits on the
      // import's lock of the Brezel.
      const editing = admin.send(`/api/products/${ids.brezel}`, {
        method: "PUT",
        json: { price: 1234 },
        headers: { "If-Match": `"${brezelVersion}"` },
      });
      await lockWaiters(2);
      release();
      await blocker;
      const response = await importing;
      expect(response.status).toBe(200);
      const edited = await editing;
      expect(edited.status).toBe(409);
      expect((await json(edited)).errors?.[0]?.message).toBeTruthy();
      const rows = await snapshot();
      expect(rows.map((row) => row.price)).toEqual([300, 999]);
      // Nothing of the refused edit was written: the Brezel's one audit entry is the import's.
      const log = await handle.db
        .selectFrom("auditLog")
        .select(["action", "data"])
        .where("entityType", "=", "product")
        .where("entityId", "=", String(ids.brezel))
        .execute();
      expect(log).toHaveLength(1);
      expect(log[0]!.data).toMatchObject({ before: { price: 250 }, after: { price: 300 } });
    },
  );
});
