import type { Kysely } from "kysely";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { ChosenPart, Database } from "#app/db/schema";
import { deliverDueJobs } from "#app/features/devices/print-jobs.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { fakeEpsonSdpPrinter } from "#tests/support/fake-epson-sdp";
import { startFakeTcpPrinter, type FakeTcpPrinter } from "#tests/support/fake-tcp-printer";
import { insertTestOrder } from "#tests/support/orders";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * The production list by department and on the receipt printer (issue 39 part 1, decisions 106
 * and 107). Products get a department ("Abteilung", form and API); the list groups by it on
 * request (`gruppe=abteilung`, the API's `groupBy=department`), products without one under "Ohne
 * Abteilung", the PDF one department per page. "Auf dem Bondrucker drucken" puts the short list
 * on the branch's printer through the order tickets' queue, rendered for each protocol (a raw TCP
 * printer, Star's CloudPRNT, Epson's Server Direct Print, each a local fake), without customer
 * data, and remembers the print as the A4 print does.
 */
type Body = { data?: any; errors?: { message: string; field?: string }[] };

const ZONE = "Europe/Berlin";
const FAST = {
  connectTimeoutMs: 1_000,
  answerTimeoutMs: 1_000,
  now: () => new Date(Date.now() + 5),
};
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

async function pdfText(bytes: ArrayBuffer): Promise<{ pages: string[] }> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false })
    .promise;
  const pages: string[] = [];
  for (let page = 1; page <= pdf.numPages; page++) {
    const content = await (await pdf.getPage(page)).getTextContent();
    pages.push(
      content.items
        .map((item) => ("str" in item ? item.str : ""))
        .join(" ")
        .replace(/\s+/g, " "),
    );
  }
  await pdf.destroy();
  return { pages };
}

/** PC858 as the printer reads it (the order tickets' code page): bytes back to text. */
const CP858_HIGH =
  "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈ€ÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0";
/** The printed lines of a ticket: control sequences dropped, PC858 decoded. */
function ticketLines(ticket: Buffer): string[] {
  const text: string[] = [];
  for (let i = 0; i < ticket.length; i++) {
    const byte = ticket[i]!;
    if (byte === 0x1b) i += byte === 0x1b && [0x40].includes(ticket[i + 1]!) ? 1 : 2;
    else if (byte === 0x1d) i += ticket[i + 1] === 0x56 ? 3 : 2;
    else if (byte === 0x0a) text.push("\n");
    else text.push(byte >= 0x80 ? CP858_HIGH[byte - 0x80]! : String.fromCharCode(byte));
  }
  return text.join("").split("\n");
}

describe.each(databaseTargets())(
  "the production list by department and on the receipt printer (%s)",
  (target) => {
    let handle: DatabaseHandle;
    let db: Kysely<Database>;
    let server: AppServer;
    let tcp: FakeTcpPrinter;
    let admin: StaffClient;
    let hafenEmployee: StaffClient;
    let altstadt: number;
    let hafen: number;
    let ohneDrucker: number;
    let stollen: number;
    let zopf: number;
    let brezel: number;
    let konditorei: number;
    const printers = { tcp: 0, star: 0, epson: 0, hafen: 0 };
    const tokens = { star: "", epson: "" };
    const day = DateTime.now().setZone(ZONE).plus({ days: 1 }).toISODate()!;
    const emptyDay = DateTime.now().setZone(ZONE).plus({ days: 3 }).toISODate()!;
    const at = (time: string) => DateTime.fromISO(`${day}T${time}`, { zone: ZONE }).toJSDate();

    async function order(
      branchIdentifier: string,
      due: Date,
      lines: { productId: number; name: string; amount: number; parts?: ChosenPart[] }[],
    ) {
      const created = await insertTestOrder(db, { branchIdentifier, appointment: due });
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

    const jobs = () =>
      db
        .selectFrom("printJobs")
        .selectAll()
        .where("reason", "=", "production_list")
        .orderBy("id")
        .execute();
    const prints = async () =>
      (await db.selectFrom("productionListPrints").select("id").execute()).length;
    /** "Auf dem Bondrucker drucken" as the page's form posts it. */
    const printOnReceipt = (client: StaffClient, fields: Record<string, string>) =>
      client.send("/backend/production", {
        form: { tag: day, filiale: String(altstadt), gruppe: "kategorie", ...fields },
      });

    beforeAll(async () => {
      handle = await createTestDatabase(target);
      db = handle.db;
      tcp = await startFakeTcpPrinter();
      const branches = await db
        .insertInto("branches")
        .values([
          { identifier: "altstadt", name: "Altstadt", position: 1 },
          { identifier: "hafen", name: "Hafen", position: 2 },
          { identifier: "ohne-drucker", name: "Ohne Drucker", position: 3 },
        ])
        .returning("id")
        .execute();
      [altstadt, hafen, ohneDrucker] = branches.map((branch) => branch.id) as [
        number,
        number,
        number,
      ];
      // Backstube comes first by its position, whatever the names' order.
      const departments = await db
        .insertInto("departments")
        .values([
          { identifier: "konditorei", name: "Konditorei", position: 2 },
          { identifier: "backstube", name: "Backstube", position: 1 },
        ])
        .returning("id")
        .execute();
      konditorei = departments[0]!.id;
      const categories = await db
        .insertInto("categories")
        .values([{ name: "Weihnachten" }, { name: "Brot und Brötchen" }])
        .returning("id")
        .execute();
      const products = await db
        .insertInto("products")
        .values([
          { name: "Christstollen", departmentId: konditorei },
          { name: "Hefezopf", departmentId: departments[1]!.id },
          { name: "Laugenbrezel" },
        ])
        .returning("id")
        .execute();
      [stollen, zopf, brezel] = products.map((product) => product.id) as [number, number, number];
      const menu = await db
        .insertInto("menus")
        .values({ name: "Winter", availableFrom: new Date("2026-01-01T00:00:00Z") })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("menuBranches")
        .values([altstadt, hafen, ohneDrucker].map((branchId) => ({ menuId: menu.id, branchId })))
        .execute();
      await db
        .insertInto("menuCategories")
        .values([
          { menuId: menu.id, categoryId: categories[0]!.id, position: 0 },
          { menuId: menu.id, categoryId: categories[1]!.id, position: 1 },
        ])
        .execute();
      await db
        .insertInto("menuEntries")
        .values([
          { menuId: menu.id, categoryId: categories[0]!.id, position: 0, productId: stollen },
          { menuId: menu.id, categoryId: categories[1]!.id, position: 0, productId: zopf },
          { menuId: menu.id, categoryId: categories[1]!.id, position: 1, productId: brezel },
        ])
        .execute();
      await order("altstadt", at("09:00"), [
        { productId: stollen, name: "Christstollen", amount: 2, parts: [size("500 g")] },
        { productId: zopf, name: "Hefezopf", amount: 1 },
        { productId: brezel, name: "Laugenbrezel", amount: 6 },
      ]);
      await order("altstadt", at("07:30"), [
        {
          productId: stollen,
          name: "Christstollen",
          amount: 3,
          parts: [size("500 g"), inscription("Für Oma Käthe")],
        },
      ]);
      await order("hafen", at("08:00"), [{ productId: zopf, name: "Hefezopf", amount: 4 }]);
      await order("ohne-drucker", at("08:00"), [{ productId: zopf, name: "Hefezopf", amount: 1 }]);

      const devices = await db
        .insertInto("devices")
        .values([
          {
            branchId: altstadt,
            identifier: "theke-tcp",
            name: "Theke",
            kind: "printer",
            connection: "escpos_tcp",
            host: "127.0.0.1",
            port: tcp.port,
            paperWidth: 58,
            printsNewOrders: false,
            printsConfirmedOrders: false,
          },
          {
            branchId: altstadt,
            identifier: "star",
            name: "Star in der Backstube",
            kind: "printer",
            connection: "star_cloudprnt",
            paperWidth: 80,
            printsNewOrders: false,
          },
          {
            branchId: altstadt,
            identifier: "epson",
            name: "Epson Konditorei",
            kind: "printer",
            connection: "epson_sdp",
            paperWidth: 80,
            printsNewOrders: false,
          },
          {
            branchId: hafen,
            identifier: "hafen-theke",
            name: "Hafen Theke",
            kind: "printer",
            connection: "epson_sdp",
            paperWidth: 80,
            printsNewOrders: false,
          },
        ])
        .returning(["id", "token"])
        .execute();
      printers.tcp = devices[0]!.id;
      printers.star = devices[1]!.id;
      printers.epson = devices[2]!.id;
      printers.hafen = devices[3]!.id;
      tokens.star = devices[1]!.token!;
      tokens.epson = devices[2]!.token!;

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
      await tcp?.close();
      await handle?.close();
    });

    it("a product's department is a field of the form and the API, checked", async () => {
      const form = await (await admin.send(`/backend/products/${stollen}`)).text();
      expect(form).toContain("Abteilung");
      expect(form).toContain("Konditorei");
      const read = await admin.send(`/api/products/${stollen}`);
      expect(((await read.json()) as Body).data.departmentId).toBe(konditorei);
      const made = await admin.send("/api/products", {
        json: { name: "Bienenstich", price: 350, departmentId: konditorei },
      });
      expect(made.status).toBe(201);
      const id = ((await made.json()) as Body).data.id as number;
      const stored = await db
        .selectFrom("products")
        .select("departmentId")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(stored.departmentId).toBe(konditorei);
      for (const departmentId of [999_999, "abc", -1]) {
        const bad = await admin.send("/api/products", {
          json: { name: "Falsch", price: 100, departmentId },
        });
        expect(bad.status, String(departmentId)).toBe(400);
        const body = (await bad.json()) as Body;
        expect(body.errors, String(departmentId)).toContainEqual(
          expect.objectContaining({ field: "departmentId" }),
        );
      }
      expect(
        await db.selectFrom("products").select("id").where("name", "=", "Falsch").execute(),
      ).toEqual([]);
      await db.deleteFrom("products").where("id", "=", id).execute();
    });

    it("groups by department on request, products without one under 'Ohne Abteilung'", async () => {
      const response = await admin.send(
        `/api/production-lists?day=${day}&branchId=${altstadt}&groupBy=department`,
      );
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as Body;
      expect(data.groupBy).toBe("department");
      expect(
        data.groups.map((group: any) => [
          group.name,
          group.rows.map((row: any) => [row.productName, row.amount]),
        ]),
      ).toEqual([
        ["Backstube", [["Hefezopf", 1]]],
        ["Konditorei", [["Christstollen", 5]]],
        ["Ohne Abteilung", [["Laugenbrezel", 6]]],
      ]);
      const byCategory = (await (
        await admin.send(`/api/production-lists?day=${day}&branchId=${altstadt}`)
      ).json()) as Body;
      expect(byCategory.data.groupBy).toBe("category");
      expect(byCategory.data.groups.map((group: any) => group.name)).toEqual([
        "Weihnachten",
        "Brot und Brötchen",
      ]);

      const page = await (
        await admin.send(`/backend/production?tag=${day}&filiale=${altstadt}&gruppe=abteilung`)
      ).text();
      expect(page).toContain("Gruppieren nach");
      expect(page).toMatch(/<option value="abteilung" selected/);
      expect(page.indexOf("Backstube")).toBeLessThan(page.indexOf("Ohne Abteilung"));

      const csv = await (
        await admin.send(
          `/backend/production/backliste.csv?tag=${day}&filiale=${altstadt}&gruppe=abteilung`,
        )
      ).text();
      expect(csv).toContain("Konditorei;Christstollen;Größe: 500 g;5;Stk.;2;07:30");
      expect(csv).toContain("Ohne Abteilung;Laugenbrezel;;6;Stk.;1;09:00");
    });

    it("the PDF by department puts one department on each page", async () => {
      const printed = await admin.send("/backend/production/backliste.pdf", {
        form: { tag: day, filiale: String(altstadt), gruppe: "abteilung" },
      });
      expect(printed.status).toBe(200);
      const { pages } = await pdfText(await printed.arrayBuffer());
      expect(pages).toHaveLength(3);
      expect(pages[0]).toContain("Backstube");
      expect(pages[0]).toContain("Hefezopf");
      expect(pages[1]).toContain("Konditorei");
      expect(pages[1]).toContain("Christstollen");
      expect(pages[1]).not.toContain("Hefezopf");
      expect(pages[2]).toContain("Ohne Abteilung");
    });

    it("refuses an unknown grouping with a German 400 naming the field", async () => {
      for (const query of ["gruppe=farbe", "groupBy=x", "gruppe=constructor", "groupBy=toString"]) {
        const api = await admin.send(`/api/production-lists?day=${day}&${query}`);
        expect(api.status, query).toBe(400);
        const body = (await api.json()) as Body;
        expect(body.errors?.[0]).toEqual({
          message: "Bitte nach Kategorie oder Abteilung gruppieren.",
          field: "gruppe",
        });
        expect((await admin.send(`/backend/production?${query}`)).status, query).toBe(400);
      }
    });

    it("puts the short list on a raw TCP printer (58 mm), without customer data, and remembers it", async () => {
      const page = await (
        await admin.send(`/backend/production?tag=${day}&filiale=${altstadt}`)
      ).text();
      expect(page).toContain("Auf dem Bondrucker drucken");
      // Three printers: the page asks which.
      expect(page).toContain("Star in der Backstube");

      const before = await prints();
      const answer = await printOnReceipt(admin, { drucker: String(printers.tcp) });
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe(
        `/backend/production?tag=${day}&filiale=${altstadt}&gruppe=kategorie&gedruckt=${printers.tcp}`,
      );
      expect(await prints()).toBe(before + 1);
      const [job] = await jobs();
      expect(job).toMatchObject({ deviceId: printers.tcp, orderId: null, status: "pending" });

      const round = await deliverDueJobs(db, FAST);
      expect(round.printed).toBe(1);
      expect(tcp.printed).toEqual([job!.id]);
      const ticket = tcp.tickets.at(-1)!;
      expect([...ticket.subarray(0, 5)]).toEqual([0x1b, 0x40, 0x1b, 0x74, 19]);
      const lines = ticketLines(ticket);
      for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(32);
      const text = lines.join("\n");
      expect(text).toContain(`Auftrag ${job!.id}`);
      expect(text).toContain("Altstadt");
      expect(text).toContain("Weihnachten");
      expect(text).toMatch(/Christstollen +5 Stk\./);
      expect(text).toContain("Größe: 500 g");
      expect(text).toContain("Erste fällig: 07:30");
      expect(text.replace(/\s+/g, " ")).toContain("Aufschrift: Für Oma Käthe");
      expect(text).toMatch(/Laugenbrezel +6 Stk\./);
      // No customer data: the test orders' customer is Erika Mustermann.
      expect(text).not.toContain("Erika");
      expect(text).not.toContain("erika@example.org");
      expect((await jobs())[0]!.status).toBe("printed");

      const after = await (
        await admin.send(
          `/backend/production?tag=${day}&filiale=${altstadt}&gedruckt=${printers.tcp}`,
        )
      ).text();
      expect(after).toContain("Die Backliste geht an den Bondrucker „Theke“.");
      expect(after).toContain("Seit dem Druck hat sich nichts geändert.");
    });

    it("renders the same list for Star's CloudPRNT (ESC/POS, 80 mm)", async () => {
      expect((await printOnReceipt(admin, { drucker: String(printers.star) })).status).toBe(303);
      const star = new StaffClient(server);
      const base = `/api/cloudprnt/${tokens.star}`;
      const poll = await star.send(base, { json: { status: "23 6 0 0 0 0 0 0 0 " } });
      const offer = (await poll.json()) as { jobReady: boolean; jobToken: string };
      expect(offer.jobReady).toBe(true);
      const fetched = await star.send(
        `${base}?type=application/octet-stream&token=${offer.jobToken}`,
      );
      expect(fetched.status).toBe(200);
      const ticket = Buffer.from(await fetched.arrayBuffer());
      const lines = ticketLines(ticket);
      for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(48);
      const text = lines.join("\n");
      expect(text).toMatch(/^Christstollen {20,}5 Stk\.$/m);
      expect(text).toContain("  Größe: 500 g");
      expect(text).toContain("Aufschrift: Für Oma Käthe");
      expect(text).not.toContain("Erika");
    });

    it("renders the same list for Epson's Server Direct Print (ePOS XML)", async () => {
      expect((await printOnReceipt(admin, { drucker: String(printers.epson) })).status).toBe(303);
      const printer = fakeEpsonSdpPrinter(`${server.origin}/api/epson-sdp/${tokens.epson}`);
      const printed = await printer.poll();
      expect(printed).not.toBeNull();
      expect(printed!.text).toContain("Backliste");
      expect(printed!.text).toMatch(/Christstollen +5 Stk\./);
      expect(printed!.text).toContain("Größe: 500 g");
      expect(printed!.text).toContain("Aufschrift: Für Oma Käthe");
      expect(printed!.text).not.toContain("Erika");
      const job = (await jobs()).find((entry) => entry.deviceId === printers.epson)!;
      expect(job.status).toBe("printed");
    });

    it("'Alle Filialen' prints the list of the chosen printer's branch", async () => {
      const page = await (await admin.send(`/backend/production?tag=${day}`)).text();
      expect(page).toContain("Filiale und Bondrucker");
      expect(page).toContain("Hafen: Hafen Theke");
      const before = (await jobs()).length;
      const withoutPrinter = await printOnReceipt(admin, { filiale: "" });
      expect(withoutPrinter.status).toBe(400);
      expect(await withoutPrinter.text()).toContain(
        "Für den Bondrucker bitte eine Filiale wählen.",
      );
      const printed = await printOnReceipt(admin, { filiale: "", drucker: String(printers.hafen) });
      expect(printed.status).toBe(303);
      expect(printed.headers.get("Location")).toContain(`filiale=${hafen}`);
      const job = (await jobs()).at(-1)!;
      expect(job.deviceId).toBe(printers.hafen);
      expect(job.payload!.branch).toBe("Hafen");
      expect(job.payload!.groups.flatMap((group) => group.rows.map((row) => row.quantity))).toEqual(
        ["4 Stk."],
      );
      expect((await jobs()).length).toBe(before + 1);
    });

    it("says so where no branch of the member's has a printer", async () => {
      const member = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [ohneDrucker] });
      const client = new StaffClient(server);
      expect((await client.login(member.email, member.password)).status).toBe(303);
      const all = await (await client.send(`/backend/production?tag=${day}`)).text();
      expect(all).toContain("Keine Ihrer Filialen hat einen Bondrucker.");
      expect(all).not.toContain("Auf dem Bondrucker drucken");
      const own = await (
        await client.send(`/backend/production?tag=${day}&filiale=${ohneDrucker}`)
      ).text();
      expect(own).toContain("Diese Filiale hat keinen Bondrucker.");
    });

    it("refuses what cannot be printed, queues and remembers nothing then", async () => {
      const jobsBefore = (await jobs()).length;
      const printsBefore = await prints();
      const cases: [StaffClient, Record<string, string>, number, string][] = [
        // Several printers: one must be chosen.
        [admin, {}, 400, "Bitte einen Bondrucker dieser Filiale wählen."],
        // Another branch's printer.
        [
          admin,
          { drucker: String(printers.hafen) },
          400,
          "Bitte einen Bondrucker dieser Filiale wählen.",
        ],
        [admin, { drucker: "99999999999999999999" }, 400, "Bitte einen Bondrucker"],
        [admin, { filiale: String(ohneDrucker) }, 409, "Diese Filiale hat keinen Bondrucker."],
        [admin, { tag: emptyDay, drucker: String(printers.tcp) }, 409, "nichts zu drucken"],
        [admin, { tag: "2026-02-30", drucker: String(printers.tcp) }, 400, "JJJJ-MM-TT"],
        [admin, { gruppe: "farbe", drucker: String(printers.tcp) }, 400, "Abteilung gruppieren"],
        // A branch one does not work for, or its printer named with 'Alle Filialen'.
        [hafenEmployee, { drucker: String(printers.tcp) }, 403, "Diese Filiale gibt es nicht."],
        [
          hafenEmployee,
          { filiale: "", drucker: String(printers.tcp) },
          400,
          "Bitte einen Bondrucker",
        ],
      ];
      for (const [client, fields, status, message] of cases) {
        const answer = await printOnReceipt(client, fields);
        expect(answer.status, JSON.stringify(fields)).toBe(status);
        expect(await answer.text(), JSON.stringify(fields)).toContain(message);
      }
      expect((await jobs()).length).toBe(jobsBefore);
      expect(await prints()).toBe(printsBefore);
    });
  },
);
