import { describe, expect, it } from "vitest";
import {
  accountsOf,
  CHART_DEFAULTS,
  datevAmount,
  datevDocument,
  datevLine,
  DATEV_COLUMNS,
  encodeWindows1252,
  fiscalYearStart,
  ledgerAccount,
  switchChart,
} from "./datev";
import { apportionTax } from "./tax-apportion";
import { splitGross } from "./tax";

describe("the DATEV batch's pieces (decision 116)", () => {
  it("writes amounts with a decimal comma, no thousands separator and no sign", () => {
    expect(datevAmount(123450)).toBe("1234,50");
    expect(datevAmount(5)).toBe("0,05");
    expect(datevAmount(-250)).toBe("2,50");
  });

  it("encodes Windows-1252: umlauts and € as one byte each, the rest as ?", () => {
    expect([...encodeWindows1252("Büdingen €")]).toEqual([
      0x42, 0xfc, 0x64, 0x69, 0x6e, 0x67, 0x65, 0x6e, 0x20, 0x80,
    ]);
    expect([...encodeWindows1252("–😀")]).toEqual([0x96, 0x3f]);
  });

  it("has 125 columns and fills a booking's first 14", () => {
    expect(DATEV_COLUMNS).toHaveLength(125);
    const line = datevLine(
      {
        amount: 1190,
        debitCredit: "S",
        account: "1000",
        contraAccount: "8400",
        taxKey: "",
        day: "2026-10-05",
        document: "Best. 17_a",
        text: 'Bestellung "Nr." 1\nAltstadt',
      },
      5,
    );
    const fields = line.split(";");
    expect(fields).toHaveLength(125);
    expect(fields.slice(0, 14)).toEqual([
      "11,90",
      '"S"',
      '"EUR"',
      "",
      "",
      '""',
      "10000",
      "84000",
      '""',
      "0510",
      '"Best17a"',
      '""',
      "",
      '"Bestellung ""Nr."" 1 Altstadt"',
    ]);
  });

  it("keeps Belegfeld 1 to DATEV's characters and 36 of them", () => {
    expect(datevDocument("Ä-1/2 x;y")).toBe("-1/2xy");
    expect(datevDocument("9".repeat(50))).toHaveLength(36);
  });

  it("starts the financial year in the exported month's year, or the year before", () => {
    expect(fiscalYearStart("2026-10-01", 1)).toBe("20260101");
    expect(fiscalYearStart("2026-10-01", 7)).toBe("20260701");
    expect(fiscalYearStart("2026-03-01", 7)).toBe("20250701");
  });

  it("fills short ledger accounts with zeros", () => {
    expect(ledgerAccount("8400", 4)).toBe("8400");
    expect(ledgerAccount("8400", 6)).toBe("840000");
  });

  it("moves accounts still at the old chart's defaults to the new chart's, keeps edited ones", () => {
    const edited = { ...CHART_DEFAULTS.SKR03, cash: "1001" };
    const moved = switchChart("SKR03", "SKR04", edited);
    expect(moved.revenue7).toBe("4300");
    expect(moved.revenue19).toBe("4400");
    expect(moved.cash).toBe("1001");
    expect(accountsOf("SKR04", { revenue7: "4301", unknown: "x" }).revenue7).toBe("4301");
  });
});

describe("apportioning an order's tax over its lines", () => {
  it("lines of a rate add up to the group's split, where splitting each line would not", () => {
    const lines = [
      { gross: 333, taxRate: 19 },
      { gross: 333, taxRate: 19 },
      { gross: 333, taxRate: 19 },
    ];
    const group = { rate: 19, ...splitGross(999, 19) };
    const each = lines.map((line) => splitGross(line.gross, line.taxRate));
    expect(each.reduce((sum, line) => sum + line.tax, 0)).not.toBe(group.tax);
    const shared = apportionTax(lines, [group]);
    expect(shared.reduce((sum, line) => sum + line.tax, 0)).toBe(group.tax);
    expect(shared.reduce((sum, line) => sum + line.net, 0)).toBe(group.net);
    for (const line of shared) expect(line.net + line.tax).toBe(line.gross);
  });
});
