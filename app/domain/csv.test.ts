import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvDocument, guardCell, unguardCell } from "./csv";

describe("the CSV files the back office hands out (issue 35, finding 12a)", () => {
  it("writes a text starting with = + - @ or a tab behind a quote mark, and reads it back", () => {
    for (const text of ["=1+2", "+49 761", "-Rabatt", "@SUMME(A1)", "\tx", "\rx"]) {
      expect(guardCell(text), text).toBe(`'${text}`);
      expect(unguardCell(guardCell(text)), text).toBe(text);
    }
    for (const text of ["Anna", "", "'=schon geschützt", "1=1"]) {
      expect(guardCell(text), text).toBe(text);
    }
    // Plain numbers, amounts and hours stay numbers: no function can hide in them.
    for (const text of ["-1,50", "+1:30", "-0:30", "1.234,56", "42"]) {
      expect(guardCell(text), text).toBe(text);
    }
    expect(guardCell("-1+A1")).toBe("'-1+A1");
    expect(guardCell("+1:30;=A1")).toBe("'+1:30;=A1");
  });

  it("puts a BOM first, separates with semicolons, ends lines with CRLF, quotes what needs it", () => {
    const text = csvDocument([
      ["Name", "Betrag"],
      ['=HYPERLINK("https://boese.example";"Klick")', 12],
      ["Müller; Bäckerei", null],
      ["Zeile\nzwei", -3],
    ]);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.slice(1).split("\r\n")[1]).toBe(
      `"'=HYPERLINK(""https://boese.example"";""Klick"")";12`,
    );
    const rows = parse(text.slice(1), { delimiter: ";" }) as string[][];
    expect(rows).toEqual([
      ["Name", "Betrag"],
      ['\'=HYPERLINK("https://boese.example";"Klick")', "12"],
      ["Müller; Bäckerei", ""],
      ["Zeile\nzwei", "-3"],
    ]);
    expect(text.endsWith("\r\n")).toBe(true);
  });
});
