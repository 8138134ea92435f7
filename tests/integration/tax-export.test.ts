import { randomBytes } from "node:crypto";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import type { Db } from "#app/db/schema";
import { nextTicketNumber } from "#app/db/queries/orders";
import { cartTotals, taxRows } from "#app/domain/tax";
import { runRollups } from "#app/features/statistics/rollups.server";
import { statistics } from "#app/features/statistics/statistics.server";
import { deTaxExport } from "#app/i18n/de-tax-export";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * The tax adviser's export (issue 39 part 3, decision 116): a month of seeded orders at 7 % and
 * 19 % (takeaway, dine-in, a delivery with its charge, a canceled order, a quotation, a refund, a
 * donation, one order either side of the month's end) gives the same revenue as the statistics'
 * own functions, to the cent, per branch and for all; per tax rate the totals are the orders'
 * rate groups; the DATEV batch books 7 % and 19 % to the configured accounts; the order lines add
 * up to the same figures; bad input, foreign branches and missing settings are refused.
 */
const ZONE = "Europe/Berlin";
const MONTH = "2026-10";

interface Line {
  name: string;
  gross: number;
  taxRate: number;
}

type Body = { data?: any; errors?: { message: string; field?: string }[] };

describe.each(databaseTargets())("the tax adviser's export (%s)", (target) => {
  let handle: DatabaseHandle;
  let db: Db;
  let server: AppServer;
  let admin: StaffClient;
  let manager: StaffClient;
  let branchA: number;
  let branchB: number;

  const at = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toJSDate();

  async function order(
    branchId: number,
    createdAt: Date,
    lines: Line[],
    options: {
      payment?: "cash" | "atm-card" | "voucher" | "stripe" | "paypal";
      delivery?: number;
      dineIn?: boolean;
      canceled?: boolean;
      quotation?: boolean;
      refunded?: boolean;
      donation?: number;
    } = {},
  ) {
    const totals = cartTotals(
      lines,
      options.delivery ? { gross: options.delivery, taxRate: 19 } : null,
    );
    const businessDate = DateTime.fromJSDate(createdAt, { zone: ZONE }).toISODate()!;
    return db.transaction().execute(async (trx) => {
      const ticketNumber = await nextTicketNumber(trx, branchId, businessDate);
      const row = await trx
        .insertInto("orders")
        .values({
          hash: randomBytes(18).toString("base64url"),
          branchId,
          businessDate,
          ticketNumber,
          name: "Erika Mustermann",
          paymentMethod: options.payment ?? "cash",
          isDelivery: options.delivery !== undefined,
          isDineIn: options.dineIn ?? false,
          isCanceled: options.canceled ?? false,
          isQuotation: options.quotation ?? false,
          isPaid: options.refunded ?? false,
          isRefunded: options.refunded ?? false,
          donationAmount: options.donation ?? 0,
          net: totals.net,
          tax: totals.tax,
          gross: totals.gross,
          deliveryNet: totals.deliveryNet,
          deliveryTax: totals.deliveryTax,
          deliveryGross: totals.deliveryGross,
          totalNet: totals.totalNet,
          totalTax: totals.totalTax,
          totalGross: totals.totalGross,
          createdAt,
          updatedAt: createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("orderItems")
        .values(
          lines.map((line, position) => ({
            orderId: row.id,
            position,
            name: line.name,
            amount: 1,
            unit: "piece" as const,
            unitPrice: line.gross,
            gross: line.gross,
            taxRate: line.taxRate,
          })),
        )
        .execute();
      await trx
        .insertInto("orderTaxes")
        .values(
          taxRows(totals.totalTaxes).map((group) => ({
            orderId: row.id,
            taxRate: group.rate,
            net: group.net,
            tax: group.tax,
            gross: group.gross,
          })),
        )
        .execute();
      return row.id;
    });
  }

  const json = async (response: Response) => (await response.json()) as Body;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    db = handle.db;
    const branches = await db
      .insertInto("branches")
      .values([
        { identifier: "altstadt", name: "Altstadt Büdingen", position: 1 },
        { identifier: "hafen", name: "Hafen", position: 2 },
      ])
      .returning("id")
      .execute();
    branchA = branches[0]!.id;
    branchB = branches[1]!.id;
    const brot = { name: "Bauernbrot", gross: 450, taxRate: 7 };
    const kaffee = { name: "Kaffee", gross: 350, taxRate: 19 };
    // Takeaway, cash, both rates: 7 % 4,50 € and 19 % 3,50 €.
    await order(branchA, at("2026-10-01T00:05"), [brot, kaffee]);
    // Dine-in, card: food at 7 %, drinks at 19 %, three lines.
    await order(
      branchA,
      at("2026-10-15T12:00"),
      [
        { name: "Flammkuchen", gross: 1299, taxRate: 7 },
        { name: "Apfelschorle", gross: 333, taxRate: 19 },
        { name: "Espresso", gross: 333, taxRate: 19 },
      ],
      { payment: "atm-card", dineIn: true },
    );
    // Delivery, PayPal: goods at 7 %, the charge at 19 %.
    await order(branchB, at("2026-10-20T18:00"), [{ name: "Torte", gross: 3900, taxRate: 7 }], {
      payment: "paypal",
      delivery: 350,
    });
    // Canceled and a quotation request: no revenue.
    await order(branchA, at("2026-10-21T09:00"), [brot, brot], { canceled: true });
    await order(branchA, at("2026-10-22T09:00"), [brot], { quotation: true });
    // With a donation (the shop's gift, not in the total).
    await order(branchA, at("2026-10-23T09:00"), [brot], { donation: 7 });
    // Paid online and refunded without being canceled: revenue, booked back apart.
    await order(branchB, at("2026-10-24T09:00"), [kaffee, brot], {
      payment: "stripe",
      refunded: true,
    });
    // Voucher, at the month's last minute; and one a minute into November.
    await order(branchA, at("2026-10-31T23:59"), [kaffee], { payment: "voucher" });
    await order(branchA, at("2026-11-01T00:01"), [brot, kaffee]);
    await order(branchA, at("2026-09-30T23:59"), [brot]);

    const adminStaff = await createStaff(db, { roles: ["ROLE_ADMIN"] });
    const managerStaff = await createStaff(db, { roles: ["ROLE_MANAGER"], branchIds: [branchA] });
    server = await startAppServer(db);
    admin = await new StaffClient(server).signInAs(server.context, adminStaff.id);
    manager = await new StaffClient(server).signInAs(server.context, managerStaff.id);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  async function statisticsRevenue(branches: "all" | number[]) {
    const series = (await statistics(db, "revenue", {
      range: { from: `${MONTH}-01`, to: `${MONTH}-31` },
      branches,
      zone: ZONE,
    })) as { date: string; value: number }[];
    return series.reduce((sum, point) => sum + point.value, 0);
  }

  it("totals per tax rate add up to the statistics' revenue, to the cent, rolled or live", async () => {
    const live = await statisticsRevenue("all");
    await runRollups(db, { zone: ZONE, maxDays: 400 });
    const rolled = await statisticsRevenue("all");
    expect(rolled).toBe(live);

    const answer = await admin.send(`/api/exports?month=${MONTH}`);
    expect(answer.status).toBe(200);
    const { data } = await json(answer);
    // 800 + 1.965 + 4.250 + 450 + 800 + 350 (cents): canceled, quotation, 1 November, 30 September out.
    expect(data.total.gross).toBe(8615);
    expect(data.total.gross).toBe(rolled);
    const byRate = Object.fromEntries(
      data.byTaxRate.map((row: { taxRate: number; gross: number }) => [row.taxRate, row]),
    );
    expect(Object.keys(byRate).sort()).toEqual(["19", "7"]);
    // 7 %: 450 + 1.299 + 3.900 + 450 + 450; 19 %: 350 + 666 + 350 (delivery) + 350 + 350.
    expect(byRate[7]).toMatchObject({ gross: 6549, account: "8300", orders: 5 });
    expect(byRate[19]).toMatchObject({ gross: 2066, account: "8400", orders: 5 });
    expect(byRate[7].net + byRate[7].tax).toBe(6549);
    expect(byRate[7].gross + byRate[19].gross).toBe(rolled);
    expect(data.total.net + data.total.tax).toBe(data.total.gross);
    expect(data.canceled).toEqual({ orders: 1, gross: 900 });
    expect(data.donations).toEqual({ orders: 1, amount: 7 });
    expect(data.refunded).toMatchObject({ orders: 1, gross: 800 });
    const byPayment = data.byPaymentMethod.map((row: { paymentMethod: string; gross: number }) => [
      row.paymentMethod,
      row.gross,
    ]);
    expect(byPayment).toEqual([
      ["cash", 1250],
      ["atm-card", 1965],
      ["voucher", 350],
      ["stripe", 800],
      ["paypal", 4250],
    ]);

    // A manager's own branch matches the statistics of that branch.
    const own = await json(await manager.send(`/api/exports?month=${MONTH}`));
    expect(own.data.branchId).toBe(branchA);
    expect(own.data.total.gross).toBe(await statisticsRevenue([branchA]));
    expect(own.data.total.gross).toBe(800 + 1965 + 450 + 350);
  });

  it("refuses the DATEV batch until the adviser's numbers are set, then books 7 % and 19 % to the configured accounts", async () => {
    const before = await admin.send(`/api/exports/datev?month=${MONTH}`);
    expect(before.status).toBe(409);
    expect((await json(before)).errors?.[0]?.message).toBe(deTaxExport.notConfigured);

    const settings = {
      kontenrahmen: "SKR03",
      beraternummer: "29098",
      mandantennummer: "55003",
      wirtschaftsjahr: "1",
      sachkontenlaenge: "4",
      revenue7: "8300",
      revenue19: "8400",
      revenueOther: "8200",
      cash: "1000",
      "atm-card": "1361",
      voucher: "1590",
      stripe: "1360",
      paypal: "1360",
      taxKey7: "",
      taxKey19: "",
      taxKeyOther: "",
    };
    const refusedForm = await admin.send("/backend/exports/settings", {
      form: { ...settings, beraternummer: "12", revenue7: "=1+1" },
    });
    expect(refusedForm.status).toBe(400);
    expect(await db.selectFrom("taxExportSettings").selectAll().execute()).toEqual([]);
    const managerForm = await manager.send("/backend/exports/settings", { form: settings });
    expect([302, 303, 403]).toContain(managerForm.status);
    expect(await db.selectFrom("taxExportSettings").selectAll().execute()).toEqual([]);
    const saved = await admin.send("/backend/exports/settings", { form: settings });
    expect(saved.status).toBe(303);

    const answer = await admin.send(`/backend/exports/datev.csv?monat=${MONTH}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("windows-1252");
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect([...bytes.slice(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    // "ü" is one byte in Windows-1252.
    expect(bytes.includes(0xfc)).toBe(true);
    const text = new TextDecoder("windows-1252").decode(bytes);
    const [header, columns, ...rest] = text.split("\r\n");
    const rows = rest.filter((line) => line !== "").map((line) => line.split(";"));
    expect(header).toMatch(
      /^"EXTF";700;21;"Buchungsstapel";13;\d{17};;"RE";"Backstube";"";29098;55003;20260101;4;20261001;20261031;"Bestellungen 10\/2026";/,
    );
    expect(header!.split(";")).toHaveLength(31);
    expect(columns!.split(";")).toHaveLength(125);
    expect(columns).toMatch(/^Umsatz \(ohne Soll\/Haben-Kz\);Soll\/Haben-Kennzeichen;WKZ Umsatz;/);
    for (const row of rows) expect(row).toHaveLength(125);

    const cents = (amount: string) => Math.round(Number(amount.replace(",", ".")) * 100);
    const sum = (contra: string, side: string) =>
      rows
        .filter((row) => row[7] === contra && row[1] === `"${side}"`)
        .reduce((total, row) => total + cents(row[0]!), 0);
    expect(sum("8300", "S") - sum("8300", "H")).toBe(6549 - 450);
    expect(sum("8400", "S") - sum("8400", "H")).toBe(2066 - 350);
    expect(sum("8300", "S")).toBe(6549);
    expect(sum("8400", "S")).toBe(2066);
    // The dine-in order by card: 12,99 € at 7 % and 6,66 € at 19 % from the card's account.
    const card = rows.filter((row) => row[6] === "1361");
    expect(card.map((row) => [row[0], row[7], row[9]])).toEqual([
      ["12,99", "8300", "1510"],
      ["6,66", "8400", "1510"],
    ]);
    expect(card[0]![13]).toBe('"Bestellung Nr. 1 Altstadt Büdingen"');
    // The refund is booked back, Haben, from the Stripe account.
    const refunds = rows.filter((row) => row[1] === '"H"');
    expect(refunds.map((row) => [row[6], row[7], row[0]])).toEqual([
      ["1360", "8300", "4,50"],
      ["1360", "8400", "3,50"],
    ]);
    expect(rows.filter((row) => row[6] === "1590").map((row) => row[9])).toEqual(["3110"]);
  });

  it("a chart switched to SKR04 takes its default accounts where they were not edited", async () => {
    const current = await admin.send("/backend/exports/settings", {
      form: {
        kontenrahmen: "SKR04",
        beraternummer: "29098",
        mandantennummer: "55003",
        wirtschaftsjahr: "7",
        sachkontenlaenge: "5",
        revenue7: "8300",
        revenue19: "8400",
        revenueOther: "8200",
        cash: "1000",
        "atm-card": "1361",
        voucher: "1590",
        stripe: "1360",
        paypal: "1360",
        taxKey7: "",
        taxKey19: "",
        taxKeyOther: "",
      },
    });
    expect(current.status).toBe(303);
    const { data } = await json(await admin.send(`/api/exports?month=${MONTH}`));
    expect(data.byTaxRate.map((row: { account: string }) => row.account)).toEqual(["4300", "4400"]);
    const text = new TextDecoder("windows-1252").decode(
      await (await admin.send(`/api/exports/datev?month=${MONTH}`)).arrayBuffer(),
    );
    const [header, , first] = text.split("\r\n");
    // Financial year from July: October 2026 is in the one that began on 1 July 2026.
    expect(header).toContain(';20260701;5;20261001;20261031;"Bestellungen 10/2026";');
    expect(header).toContain(';"04";');
    // Five-digit ledger accounts: the four-digit ones are filled with a zero.
    expect(first!.split(";").slice(6, 8)).toEqual(["16000", "43000"]);
  });

  it("lists every order line with net, tax and gross that add up to the totals per rate", async () => {
    const answer = await admin.send(`/backend/exports/bestellpositionen.csv?monat=${MONTH}`);
    expect(answer.status).toBe(200);
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [head, ...lines] = text
      .slice(1)
      .split("\r\n")
      .filter((line) => line !== "");
    expect(head).toBe(
      "Datum;Bestellung;Nr.;Filiale;Produkt;Menge;Einheit;Netto (EUR);Steuersatz (%);Steuer (EUR);Brutto (EUR);Zahlungsart;Bestellart;Erstattet",
    );
    const cells = lines.map((line) => line.split(";"));
    const cents = (amount: string) => Math.round(Number(amount.replace(",", ".")) * 100);
    const perRate = (rate: string, column: number) =>
      cells.filter((row) => row[8] === rate).reduce((sum, row) => sum + cents(row[column]!), 0);
    const { data } = await json(await admin.send(`/api/exports?month=${MONTH}`));
    for (const group of data.byTaxRate) {
      expect(perRate(String(group.taxRate), 7)).toBe(group.net);
      expect(perRate(String(group.taxRate), 9)).toBe(group.tax);
      expect(perRate(String(group.taxRate), 10)).toBe(group.gross);
    }
    expect(cells.find((row) => row[4] === "Liefergebühr")).toMatchObject({
      10: "3,50",
      11: "PayPal",
      12: "Lieferung",
    });
    expect(cells.find((row) => row[4] === "Flammkuchen")?.[12]).toBe("Vor Ort");
    expect(cells.filter((row) => row[13] === "ja")).toHaveLength(2);
  });

  it("refuses bad months, unknown and foreign branches in German, on the page, the files and the API", async () => {
    for (const month of ["2026-13", "26-10", "99999-01", "1999-12", "x".repeat(5000)]) {
      const answer = await admin.send(`/api/exports?month=${encodeURIComponent(month)}`);
      expect(answer.status, month).toBe(400);
      expect((await json(answer)).errors?.[0]?.field).toBe("monat");
    }
    const unknown = await admin.send(`/api/exports/order-lines?month=${MONTH}&branchId=999999`);
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).errors?.[0]?.message).toBe(deTaxExport.badBranch);
    const foreign = await manager.send(`/api/exports/datev?month=${MONTH}&branchId=${branchB}`);
    expect(foreign.status).toBe(403);
    const foreignFile = await manager.send(
      `/backend/exports/bestellpositionen.csv?monat=${MONTH}&filiale=${branchB}`,
    );
    expect(foreignFile.status).toBe(403);
    const page = await manager.send(`/backend/exports?monat=2026-99&filiale=${branchA}`);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(deTaxExport.badMonth);
    const post = await admin.send(`/api/exports/datev?month=${MONTH}`, { json: {} });
    expect(post.status).toBe(405);
  });
});
