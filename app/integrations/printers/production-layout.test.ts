import { describe, expect, it } from "vitest";
import type { ProductionTicket } from "#app/domain/production-ticket";
import { EposSink } from "./epos-xml";
import type { TicketCommand, TicketSink } from "./escpos";
import { layoutProductionTicket, productionTicketToEscPos } from "./production-layout";

/**
 * The production list's short form on the receipt printer (decision 107): every line within the
 * paper's width (32 characters on 58 mm, 48 on 80 mm, twice as wide for the double-size title),
 * umlauts and ß in PC858 as the order tickets print them, a cut at the end, and the same layout
 * as ePOS-Print XML.
 */
const ticket: ProductionTicket = {
  title: "Backliste",
  day: "Sa., 19.12.2026",
  branch: "Altstadt",
  printedAt: "Gedruckt am 18.12.2026, 18:05",
  groups: [
    {
      name: "Konditorei",
      rows: [
        {
          product: "Christstollen mit Marzipan und Rosinen aus eigener Herstellung",
          variant: "Größe: 500 g · Füllung: Marzipan",
          quantity: "12 Stk.",
          firstDue: "07:30",
          notes: ["Nr. 12, 11:00: Aufschrift: Frohe Weihnachten, liebe Großmutter Käthe!"],
        },
      ],
    },
    {
      name: "Ohne Abteilung",
      rows: [
        { product: "Laugenbrezel", variant: "", quantity: "1,25 kg", firstDue: "", notes: [] },
      ],
    },
  ],
};

/** Records the layout: each line with the size in force, and the commands. */
class RecordingSink implements TicketSink {
  readonly lines: { text: string; double: boolean }[] = [];
  readonly commands: TicketCommand[] = [];
  private double = false;
  command(name: TicketCommand) {
    this.commands.push(name);
    if (name === "sizeDouble") this.double = true;
    if (name === "sizeNormal") this.double = false;
  }
  line(text: string) {
    this.lines.push({ text, double: this.double });
  }
}

describe("the production list on the receipt printer", () => {
  for (const [paper, width] of [
    [58, 32],
    [80, 48],
  ] as const) {
    it(`keeps every line within ${width} characters on ${paper} mm paper`, () => {
      const sink = new RecordingSink();
      layoutProductionTicket(ticket, { width }, sink);
      for (const line of sink.lines) {
        expect(line.text.length * (line.double ? 2 : 1), line.text).toBeLessThanOrEqual(width);
      }
      const text = sink.lines.map((line) => line.text).join("\n");
      expect(text).toContain("Konditorei");
      expect(text).toContain("Ohne Abteilung");
      expect(text).toContain("Erste fällig: 07:30");
      expect(text).toContain("12 Stk.");
      // The quantity flush right on the product's first line.
      const first = sink.lines.find((line) => line.text.startsWith("Christstollen"))!;
      expect(first.text.endsWith(" 12 Stk.")).toBe(true);
      expect(first.text).toHaveLength(width);
      expect(text.replace(/\s+/g, " ")).toContain("Frohe Weihnachten, liebe Großmutter Käthe!");
      expect(sink.commands.at(-1)).toBe("partialCut");
    });
  }

  it("writes ESC/POS with umlauts and ß in PC858, initialised and cut", () => {
    const bytes = Buffer.from(productionTicketToEscPos(ticket, { width: 32 }));
    expect([...bytes.subarray(0, 5)]).toEqual([0x1b, 0x40, 0x1b, 0x74, 19]);
    // 'ö' 0x94, 'ü' 0x81, 'ß' 0xE1, 'ä' 0x84 in PC858; no UTF-8 bytes of them.
    expect(
      bytes.includes(Buffer.from("Gr\u0094\u00e1e".split("").map((c) => c.charCodeAt(0)))),
    ).toBe(true);
    expect(bytes.includes(Buffer.from([0x46, 0x81, 0x6c]))).toBe(true);
    expect(bytes.includes(Buffer.from([0x4b, 0x84, 0x74]))).toBe(true);
    expect(bytes.includes(Buffer.from("ö", "utf8"))).toBe(false);
    expect([...bytes.subarray(-4)]).toEqual([0x1d, 0x56, 66, 0]);
  });

  it("writes the same layout as ePOS-Print XML, umlauts as characters", () => {
    const sink = new EposSink();
    layoutProductionTicket(ticket, { width: 48 }, sink);
    const xml = sink.document();
    expect(xml).toContain("<text>  Größe: 500 g · Füllung: Marzipan&#10;</text>");
    expect(xml).toContain('<text width="2" height="2"/>');
    expect(xml).toContain('<cut type="feed"/>');
    expect(xml).toContain("Konditorei");
  });

  it("refuses a width no printer has", () => {
    expect(() => layoutProductionTicket(ticket, { width: 10 }, new RecordingSink())).toThrow(
      RangeError,
    );
  });
});
