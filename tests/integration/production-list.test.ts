import type { Kysely } from "kysely";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { ChosenPart, Database } from "#app/db/schema";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * The production list (issue 39 part 1, decision 103): `GET /api/production-lists`, the page, its
 * CSV and its PDF sum the lines of the orders due on a day per product and variant, in the menu's
 * categories, within the branches the staff member works for; printing remembers the amounts, and
 * the list then shows what changed. Bad days and branches get German 400s, foreign branches 403.
 */
type Body = { data?: any; errors?: { message: string; field?: string }[] };

const ZONE = "Europe/Berlin";
const size = (name: string): ChosenPart => ({
  partId: 1,
  name: "Größe",
  type: "select",
  options: [{ optionId: name.length, name, modifier: "add", value: 0 }],
});
const inscription = (text: string): ChosenPart => ({
  partId: 2,
  name: "Aufschrift",
  type: "text",
  value: text,
});

async function pdfText(bytes: ArrayBuffer): Promise<{ pages: number; text: string }> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false })
    .promise;
  const texts: string[] = [];
  for (let page = 1; page <= pdf.numPages; page++) {
    const content = await (await pdf.getPage(page)).getTextContent();
    texts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  const pages = pdf.numPages;
  await pdf.destroy();
  return { pages, text: texts.join(" ").replace(/\s+/g, " ") };
}

describe.each(databaseTargets())("the production list (%s)", (target) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let server: AppServer;
  let admin: StaffClient;
  let hafenEmployee: StaffClient;
  let altstadt: number;
  let hafen: number;
  let stollen: number;
  let zopf: number;
  const day = DateTime.now().setZone(ZONE).plus({ days: 1 }).toISODate()!;
  const otherDay = DateTime.now().setZone(ZONE).plus({ days: 2 }).toISODate()!;
  const at = (date: string, time: string) =>
    DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toJSDate();

  /** An order due at `due` with these lines (the test order's own two lines replaced). */
  async function order(
    branchIdentifier: string,
    due: Date,
    lines: { productId: number; name: string; amount: number; parts?: ChosenPart[] }[],
    flags: { isCanceled?: boolean } = {},
  ) {
    const created = await insertTestOrder(db, { branchIdentifier, appointment: due, ...flags });
    await db.deleteFrom("orderItems").where("orderId", "=", created.id).execute();
    await db
      .insertInto("orderItems")
      .values(
        lines.map((line, position) => ({
          orderId: created.id,
          position,
          productId: line.productId,
          name: line.name,
          amount: line.amount,
          unit: "piece" as const,
          unitPrice: 100,
          gross: 100 * line.amount,
          taxRate: 7,
          parts: JSON.stringify(line.parts ?? []),
        })),
      )
      .execute();
    return created;
  }

  const list = async (client: StaffClient, query: string) => {
    const response = await client.send(`/api/production-lists?${query}`);
    return { status: response.status, body: (await response.json()) as Body };
  };

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    const branches = await db
      .insertInto("branches")
      .values([
        { identifier: "altstadt", name: "Altstadt", position: 1 },
        { identifier: "hafen", name: "Hafen", position: 2 },
      ])
      .returning("id")
      .execute();
    altstadt = branches[0]!.id;
    hafen = branches[1]!.id;
    const categories = await db
      .insertInto("categories")
      .values([{ name: "Feingebäck" }, { name: "Weihnachten" }])
      .returning("id")
      .execute();
    const products = await db
      .insertInto("products")
      .values([{ name: "Christstollen" }, { name: "Hefezopf" }])
      .returning("id")
      .execute();
    stollen = products[0]!.id;
    zopf = products[1]!.id;
    const menu = await db
      .insertInto("menus")
      .values({ name: "Winter", availableFrom: new Date("2026-01-01T00:00:00Z") })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("menuBranches")
      .values([
        { menuId: menu.id, branchId: altstadt },
        { menuId: menu.id, branchId: hafen },
      ])
      .execute();
    // Weihnachten first on the menu, whatever the categories' own order.
    await db
      .insertInto("menuCategories")
      .values([
        { menuId: menu.id, categoryId: categories[1]!.id, position: 0 },
        { menuId: menu.id, categoryId: categories[0]!.id, position: 1 },
      ])
      .execute();
    await db
      .insertInto("menuEntries")
      .values([
        { menuId: menu.id, categoryId: categories[1]!.id, position: 0, productId: stollen },
        { menuId: menu.id, categoryId: categories[0]!.id, position: 0, productId: zopf },
      ])
      .execute();

    await order("altstadt", at(day, "09:00"), [
      { productId: stollen, name: "Christstollen", amount: 2, parts: [size("500 g")] },
      { productId: zopf, name: "Hefezopf", amount: 1 },
    ]);
    await order("altstadt", at(day, "07:30"), [
      { productId: stollen, name: "Christstollen", amount: 1, parts: [size("1 kg")] },
    ]);
    await order("altstadt", at(day, "11:00"), [
      {
        productId: stollen,
        name: "Christstollen",
        amount: 3,
        parts: [size("500 g"), inscription("Frohe Weihnachten")],
      },
    ]);
    // Not on the list: canceled, due another day.
    await order("altstadt", at(day, "10:00"), [{ productId: zopf, name: "Hefezopf", amount: 9 }], {
      isCanceled: true,
    });
    await order("altstadt", at(otherDay, "10:00"), [
      { productId: zopf, name: "Hefezopf", amount: 7 },
    ]);
    // Hafen's own.
    await order("hafen", at(day, "08:00"), [{ productId: zopf, name: "Hefezopf", amount: 4 }]);

    server = await startAppServer(db);
    const owner = await createStaff(db, { roles: ["ROLE_ADMIN"] });
    const employee = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [hafen] });
    admin = new StaffClient(server);
    hafenEmployee = new StaffClient(server);
    expect((await admin.login(owner.email, owner.password)).status).toBe(303);
    expect((await hafenEmployee.login(employee.email, employee.password)).status).toBe(303);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("sums a branch's day per product and variant, in the menu's categories", async () => {
    const { status, body } = await list(admin, `day=${day}&branchId=${altstadt}`);
    expect(status).toBe(200);
    const data = body.data;
    expect(data.orderCount).toBe(3);
    expect(
      data.groups.map((group: any) => [
        group.name,
        group.rows.map((row: any) => [row.productName, row.variant, row.amount, row.orders]),
      ]),
    ).toEqual([
      [
        "Weihnachten",
        [
          ["Christstollen", "Größe: 1 kg", 1, 1],
          ["Christstollen", "Größe: 500 g", 5, 2],
        ],
      ],
      ["Feingebäck", [["Hefezopf", "", 1, 1]]],
    ]);
    const half = data.groups[0].rows[1];
    expect(new Date(half.firstDue)).toEqual(at(day, "09:00"));
    expect(half.notes.map((note: any) => note.text)).toEqual(["Aufschrift: Frohe Weihnachten"]);
  });

  it("sums every branch the member works for, and no other", async () => {
    const all = await list(admin, `day=${day}`);
    expect(all.status).toBe(200);
    const zopfRow = all.body.data.groups[1].rows[0];
    expect([zopfRow.productName, zopfRow.amount, zopfRow.orders]).toEqual(["Hefezopf", 5, 2]);

    const own = await list(hafenEmployee, `day=${day}`);
    expect(own.status).toBe(200);
    expect(own.body.data.orderCount).toBe(1);
    expect(
      own.body.data.groups.flatMap((group: any) => group.rows.map((row: any) => row.amount)),
    ).toEqual([4]);

    const foreign = await list(hafenEmployee, `day=${day}&branchId=${altstadt}`);
    expect(foreign.status).toBe(403);
    expect(JSON.stringify(foreign.body)).not.toContain("Christstollen");
  });

  it("answers bad days and branches with a German 400 naming the field", async () => {
    for (const [query, field] of [
      ["day=morgen", "tag"],
      ["day=2026-02-30", "tag"],
      ["day=2099-01-01", "tag"],
      ["branchId=abc", "filiale"],
      ["branchId=999999999", "filiale"],
      [`day=${"9".repeat(5000)}`, "tag"],
    ] as const) {
      const { status, body } = await list(admin, query);
      expect(status, query).toBe(400);
      expect(body.errors?.[0]?.field, query).toBe(field);
      expect(body.errors?.[0]?.message, query).toMatch(/^(Bitte|Diese)/);
    }
    const page = await admin.send("/backend/production?tag=2026-13-01");
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Bitte einen Tag im Format JJJJ-MM-TT wählen.");
  });

  it("the page shows the list, the CSV holds its rows", async () => {
    const page = await admin.send(`/backend/production?tag=${day}&filiale=${altstadt}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Backliste");
    expect(html).toContain("Größe: 500 g");
    expect(html).toContain("5 Stk.");
    expect(html).toContain("Diese Liste wurde noch nicht gedruckt.");

    const csv = await admin.send(
      `/backend/production/backliste.csv?tag=${day}&filiale=${altstadt}`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain("Weihnachten;Christstollen;Größe: 500 g;5;Stk.;2;09:00");
    expect(text).toContain("Aufschrift: Frohe Weihnachten");
  });

  it("printing gives the PDF, one category per page, and remembers what was printed", async () => {
    expect((await admin.send("/backend/production/backliste.pdf")).status).toBe(405);
    const printed = await admin.send("/backend/production/backliste.pdf", {
      form: { tag: day, filiale: String(altstadt) },
    });
    expect(printed.status).toBe(200);
    expect(printed.headers.get("Content-Type")).toBe("application/pdf");
    const pdf = await pdfText(await printed.arrayBuffer());
    expect(pdf.pages).toBe(2);
    expect(pdf.text).toContain("Weihnachten");
    expect(pdf.text).toContain("Christstollen");
    expect(pdf.text).toContain("Größe: 500 g");
    expect(pdf.text).toContain("Frohe Weihnachten");
    expect(pdf.text).toContain("Seite 2 von 2");

    // After the print: one Stollen order canceled, a new one with an inscription.
    const late = await order("altstadt", at(day, "12:00"), [
      {
        productId: stollen,
        name: "Christstollen",
        amount: 2,
        parts: [size("500 g"), inscription("Für Oma")],
      },
    ]);
    const early = await db
      .selectFrom("orderItems")
      .select("orderId")
      .where("name", "=", "Christstollen")
      .where("parts", "@>", JSON.stringify([{ options: [{ name: "1 kg" }] }]) as never)
      .executeTakeFirstOrThrow();
    await db
      .updateTable("orders")
      .set({ isCanceled: true })
      .where("id", "=", early.orderId)
      .execute();

    const { body } = await list(admin, `day=${day}&branchId=${altstadt}`);
    const rows = body.data.groups[0].rows;
    expect(
      rows.map((row: any) => [row.variant, row.amount, row.printedAmount, row.change]),
    ).toEqual([
      ["Größe: 500 g", 7, 5, 2],
      ["Größe: 1 kg", 0, 1, -1],
    ]);
    expect(body.data.changedRows).toBe(2);
    const note = rows[0].notes.find((entry: any) => entry.orderId === late.id);
    expect(note).toMatchObject({ text: "Aufschrift: Für Oma", isNew: true });

    const page = await (
      await admin.send(`/backend/production?tag=${day}&filiale=${altstadt}`)
    ).text();
    expect(page).toContain("2 Zeilen haben sich seit dem Druck geändert.");
    expect(page).toContain("+2 Stk.");
    expect(page).toContain("entfällt");
  });

  it("nothing to print is a 409, a foreign branch's print a 403, and neither is remembered", async () => {
    const before = await db.selectFrom("productionListPrints").select("id").execute();
    const empty = await admin.send("/backend/production/backliste.pdf", {
      form: { tag: otherDay, filiale: String(hafen) },
    });
    expect(empty.status).toBe(409);
    expect(await empty.text()).toContain("nichts zu drucken");
    const foreign = await hafenEmployee.send("/backend/production/backliste.pdf", {
      form: { tag: day, filiale: String(altstadt) },
    });
    expect(foreign.status).toBe(403);
    const after = await db.selectFrom("productionListPrints").select("id").execute();
    expect(after.length).toBe(before.length);
  });

  it("a GET never prints, other methods are refused", async () => {
    const before = await db.selectFrom("productionListPrints").select("id").execute();
    expect((await admin.send(`/backend/production?tag=${day}`)).status).toBe(200);
    expect((await admin.send(`/backend/production/backliste.csv?tag=${day}`)).status).toBe(200);
    expect(
      (await admin.send(`/api/production-lists?day=${day}`, { method: "POST", json: {} })).status,
    ).toBe(405);
    expect(
      (await admin.send(`/backend/production/backliste.csv`, { method: "POST", form: {} })).status,
    ).toBe(405);
    const after = await db.selectFrom("productionListPrints").select("id").execute();
    expect(after.length).toBe(before.length);
  });

  it("needs a signed-in staff member", async () => {
    const stranger = new StaffClient(server);
    expect((await stranger.send(`/api/production-lists?day=${day}`)).status).toBe(401);
    const page = await stranger.send(`/backend/production?tag=${day}`);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toContain("/backend/login");
  });
});
