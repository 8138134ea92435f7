import { describe, expect, it } from "vitest";
import { buildReceipt, type ReceiptSource } from "#app/domain/receipt";
import { columns, printableText, receiptToEscPos, wrapText } from "./escpos";

/**
 * Code page 858 as published (IBM/Microsoft), written out here rather than taken from the code
 * under test: bytes 0x80–0xFF.
 */
const CP858 =
  "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈ€ÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0";

interface PrintedLine {
  text: string;
  bold: boolean;
  /** Width and height multipliers from GS !. */
  width: number;
  height: number;
  align: "left" | "center" | "right";
}

interface Decoded {
  lines: PrintedLine[];
  codePage: number | null;
  initialised: boolean;
  cuts: { mode: number; feed: number }[];
  /** Commands after the last cut (there should be none). */
  trailing: number;
  unknown: string[];
}

/** A small ESC/POS reader: the commands the renderer may use, text decoded as CP858. */
function decode(bytes: Uint8Array): Decoded {
  const result: Decoded = {
    lines: [],
    codePage: null,
    initialised: false,
    cuts: [],
    trailing: 0,
    unknown: [],
  };
  let state = { bold: false, width: 1, height: 1, align: "left" as PrintedLine["align"] };
  let text = "";
  let lineState = { ...state };
  let index = 0;
  const next = () => {
    const value = bytes[index++];
    if (value === undefined) throw new Error("Befehl am Ende abgeschnitten");
    return value;
  };
  while (index < bytes.length) {
    const byte = next();
    if (result.cuts.length > 0) result.trailing += 1;
    if (byte === 0x1b) {
      const command = next();
      if (command === 0x40) {
        result.initialised = true;
        state = { bold: false, width: 1, height: 1, align: "left" };
      } else if (command === 0x74) result.codePage = next();
      else if (command === 0x61) state.align = (["left", "center", "right"] as const)[next() % 48]!;
      else if (command === 0x45) state.bold = (next() & 1) === 1;
      else result.unknown.push(`ESC ${command}`);
    } else if (byte === 0x1d) {
      const command = next();
      if (command === 0x21) {
        const size = next();
        state.width = (size >> 4) + 1;
        state.height = (size & 0x0f) + 1;
      } else if (command === 0x56) {
        const mode = next();
        result.cuts.push({ mode, feed: mode >= 65 ? next() : 0 });
      } else result.unknown.push(`GS ${command}`);
    } else if (byte === 0x0a) {
      result.lines.push({ text, ...lineState });
      text = "";
    } else if (byte < 0x20 || byte === 0x7f) {
      result.unknown.push(`control ${byte}`);
    } else {
      // A line takes the state in force at its first character.
      if (text === "") lineState = { ...state };
      text += byte < 0x80 ? String.fromCharCode(byte) : CP858[byte - 0x80];
    }
    if (text === "" && byte !== 0x0a) lineState = { ...state };
  }
  if (text) result.lines.push({ text, ...lineState });
  return result;
}

const source: ReceiptSource = {
  order: {
    ticketNumber: 128,
    isDelivery: true,
    isDineIn: false,
    isPreorder: false,
    isQuotation: false,
    isRejected: false,
    isCanceled: false,
    isFailed: false,
    isPaid: false,
    isRefunded: false,
    isConfirmed: true,
    tableIdentifier: null,
    name: "Jürgen Weiß",
    firstName: null,
    lastName: null,
    company: null,
    street: "Kaiser-Joseph-Straße 12",
    city: "79098 Freiburg",
    deliveryAreaName: "Altstadt",
    floor: "2",
    stairway: null,
    door: null,
    phone: "+497611234567",
    email: "juergen@example.org",
    appointment: new Date("2026-11-21T09:30:00Z"),
    counterAppointment: null,
    comment: "Bitte bei „Weiß“ klingeln – Hund beißt nicht…\nDanke!",
    paymentMethod: "cash",
    donationAmount: 0,
    gross: 123_450,
    deliveryGross: 350,
    totalGross: 123_800,
    createdAt: new Date("2026-11-21T07:05:00Z"),
  },
  items: [
    {
      name: "Brötchen",
      amount: 6,
      unit: "piece",
      gross: 270,
      calculationModel: "fixed",
      isPriceHidden: false,
      parts: [],
    },
    {
      name: "Dreistöckige Hochzeitstorte mit Marzipanüberzug und Zuckerblüten nach Wahl",
      amount: 1,
      unit: "piece",
      gross: 123_180,
      calculationModel: "fixed",
      isPriceHidden: false,
      parts: [
        {
          partId: 1,
          name: "Größe",
          type: "select",
          options: [{ optionId: 1, name: "Ø 26 cm", modifier: "add", value: 600 }],
        },
        {
          partId: 2,
          name: "Aufschrift",
          type: "text",
          value: "Alles Gute zur Hochzeit, Jürgen & Maße!",
        },
      ],
    },
  ],
  taxes: [
    { taxRate: 7, net: 115_374, tax: 8_076, gross: 123_450 },
    { taxRate: 19, net: 294, tax: 56, gross: 350 },
  ],
  branch: {
    name: "Sonnenkorn Altstadt",
    street: "Münsterplatz 3",
    zipCode: "79098",
    city: "Freiburg",
    phone: "+49 761 123456",
  },
  settings: {
    shopName: "Bäckerei Sonnenkorn",
    currency: "EUR",
    disableTickets: false,
    businessTimeZone: "Europe/Berlin",
    website: null,
  },
  donatee: null,
};

const receipt = buildReceipt(source, new Date("2026-11-21T09:45:00Z"));

describe.each([32, 48])("a receipt on a %i-column printer", (width) => {
  const bytes = receiptToEscPos(receipt, { width });
  const printed = decode(bytes);
  const texts = printed.lines.map((line) => line.text);

  it("initialises, selects code page 858, and ends with a partial cut after feeding", () => {
    expect([...bytes.slice(0, 5)]).toEqual([0x1b, 0x40, 0x1b, 0x74, 19]);
    expect(printed.initialised).toBe(true);
    expect(printed.codePage).toBe(19);
    expect(printed.cuts).toEqual([{ mode: 66, feed: 0 }]);
    expect([...bytes.slice(-4)]).toEqual([0x1d, 0x56, 66, 0]);
    expect(printed.trailing).toBe(0);
    expect(printed.unknown).toEqual([]);
  });

  it("prints the ticket number bold at double width and height, centred", () => {
    const ticket = printed.lines.find((line) => line.text === "Ticket 128");
    expect(ticket).toEqual({
      text: "Ticket 128",
      bold: true,
      width: 2,
      height: 2,
      align: "center",
    });
    // Everything else is normal size, apart from the grand total's double height.
    const big = printed.lines.filter((line) => line.width > 1 || line.height > 1);
    expect(big.map((line) => line.text.trim().split(/\s+/)[0])).toEqual(["Ticket", "Gesamt"]);
  });

  it("keeps umlauts, ß and the euro sign in their code page bytes", () => {
    expect(texts[0]).toBe("Bäckerei Sonnenkorn");
    expect(printed.lines[0]).toMatchObject({ bold: true, align: "center" });
    const raw = [...bytes];
    for (const [char, byte] of [
      ["ä", 0x84],
      ["ö", 0x94],
      ["ü", 0x81],
      ["ß", 0xe1],
      ["€", 0xd5],
      ["Ø", 0x9d],
    ] as const) {
      expect(raw, char).toContain(byte);
    }
    expect(texts).toContain("Münsterplatz 3");
    expect(texts.some((line) => line.includes("Kaiser-Joseph-Straße 12"))).toBe(true);
    expect(texts.some((line) => line.endsWith("2,70 €"))).toBe(true);
  });

  it("never prints past the line, counting double width twice", () => {
    for (const line of printed.lines) {
      expect(line.text.length * line.width, line.text).toBeLessThanOrEqual(width);
    }
  });

  it("aligns amounts flush right, and wraps a long name under its own column", () => {
    const first = texts.find((line) => line.startsWith("6 Stk. Brötchen"))!;
    expect(first).toHaveLength(width);
    expect(first.endsWith(" 2,70 €")).toBe(true);

    const start = texts.findIndex((line) => line.startsWith("1 Stk. Dreistöckige"));
    const price = "1.231,80 €";
    expect(texts[start]).toHaveLength(width);
    expect(texts[start]!.endsWith(` ${price}`)).toBe(true);
    const continued: string[] = [];
    for (
      let index = start + 1;
      texts[index]!.startsWith("  ") && !texts[index]!.startsWith("    ");
      index += 1
    ) {
      continued.push(texts[index]!);
    }
    expect(continued.length).toBeGreaterThan(0);
    for (const line of continued) expect(line.length).toBeLessThanOrEqual(width - price.length - 1);
    const name = [texts[start]!.slice(0, width - price.length - 1), ...continued]
      .map((line) => line.trim())
      .join(" ");
    // Word-wrapped: every word whole, in order.
    expect(name).toBe(
      "1 Stk. Dreistöckige Hochzeitstorte mit Marzipanüberzug und Zuckerblüten nach Wahl",
    );

    const details = texts.filter((line) => line.startsWith("    "));
    expect(details.map((line) => line.trim()).join(" ")).toBe(
      "Größe: Ø 26 cm Aufschrift: Alles Gute zur Hochzeit, Jürgen & Maße!",
    );
  });

  it("shows totals, payment and the tax table with their amounts flush right", () => {
    for (const [label, amount] of [
      ["Zwischensumme", "1.234,50 €"],
      ["Lieferkosten", "3,50 €"],
      ["Zahlungsart", "Barzahlung"],
      ["Zahlungsstatus", "offen"],
    ] as const) {
      const line = texts.find((candidate) => candidate.startsWith(label))!;
      expect(line, label).toHaveLength(width);
      expect(line.endsWith(` ${amount}`), label).toBe(true);
    }
    const total = printed.lines.find((line) => line.text.startsWith("Gesamt"))!;
    expect(total).toMatchObject({ bold: true, height: 2, width: 1 });
    expect(total.text).toHaveLength(width);
    expect(total.text.endsWith(" 1.238,00 €")).toBe(true);

    const heading = texts.indexOf("Enthaltene MwSt.");
    expect(heading).toBeGreaterThan(0);
    const table = texts.slice(heading + 1, texts.indexOf("-".repeat(width), heading));
    if (width === 48) {
      expect(table).toHaveLength(3);
      for (const line of table) expect(line).toHaveLength(width);
      expect(table[1]!.startsWith("7 %")).toBe(true);
      expect(table[1]!.endsWith("1.153,74 €    80,76 € 1.234,50 €")).toBe(true);
      expect(table[2]!.endsWith("2,94 €     0,56 €     3,50 €")).toBe(true);
    } else {
      // Too narrow for four columns: one block per rate.
      expect(table).toEqual([
        "7 %",
        `  Netto${"1.153,74 €".padStart(width - 7)}`,
        `  MwSt.${"80,76 €".padStart(width - 7)}`,
        `  Brutto${"1.234,50 €".padStart(width - 8)}`,
        "19 %",
        `  Netto${"2,94 €".padStart(width - 7)}`,
        `  MwSt.${"0,56 €".padStart(width - 7)}`,
        `  Brutto${"3,50 €".padStart(width - 8)}`,
      ]);
    }
  });

  it("prints the comment with its line break and German quotes made printable", () => {
    const heading = texts.indexOf("Anmerkung");
    const comment = texts.slice(heading + 1, texts.indexOf("-".repeat(width), heading));
    expect(comment.join(" ").replace(/ +/g, " ")).toBe(
      'Bitte bei "Weiß" klingeln - Hund beißt nicht... Danke!',
    );
    expect(comment.at(-1)).toBe("Danke!");
  });

  it("centres the footer", () => {
    expect(printed.lines.slice(-3).map((line) => [line.text, line.align])).toEqual([
      ["Vielen Dank für Ihre Bestellung!", "center"],
      ["Bestellbeleg - kein Kassenbon", "center"],
      ["Gedruckt am 21.11.2026 10:45", "center"],
    ]);
  });
});

describe("text for the printer", () => {
  it("turns control characters in customer text into spaces, so no command gets through", () => {
    const hostile = buildReceipt(
      { ...source, order: { ...source.order, comment: "Hallo\u001b@\u001dV\u0000A\u0007 Ende" } },
      new Date("2026-11-21T09:45:00Z"),
    );
    const printed = decode(receiptToEscPos(hostile, { width: 48 }));
    expect(printed.unknown).toEqual([]);
    expect(printed.cuts).toHaveLength(1);
    expect(printed.lines.some((line) => line.text === "Hallo @ V A Ende")).toBe(true);
  });

  it("substitutes what the code page lacks and marks the rest with ?", () => {
    expect(printableText("12,50\u00a0€ – „gut“ … ‚so‘")).toBe("12,50 € - \"gut\" ... 'so'");
    expect(printableText("Crème brûlée, Łódź, 🎂")).toBe("Crème brûlée, ?ódz, ?");
    expect(printableText("a\u0308 o\u0308")).toBe("ä ö");
  });

  it("wraps words and splits only a word longer than the line", () => {
    expect(wrapText("Das ist ein langer Satz", 10)).toEqual(["Das ist", "ein langer", "Satz"]);
    expect(wrapText("Donaudampfschifffahrt", 8)).toEqual(["Donaudam", "pfschiff", "fahrt"]);
    expect(wrapText("eins\n\nzwei", 10)).toEqual(["eins", "", "zwei"]);
  });

  it("puts a right column on the first line and indents the rest", () => {
    expect(columns("2 Stk. Kürbiskernbrötchen mit Salz", "1,80 €", 24)).toEqual([
      "2 Stk.            1,80 €",
      "  Kürbiskernbrötc",
      "  hen mit Salz",
    ]);
    expect(columns("3 Stk. Laugenbrezel mit Butter", "3,60 €", 24)).toEqual([
      "3 Stk.            3,60 €",
      "  Laugenbrezel",
      "  mit Butter",
    ]);
    expect(columns("3 Stk. Laugenbrezel", "3,60 €", 26)).toEqual(["3 Stk. Laugenbrezel 3,60 €"]);
    expect(columns("Gesamt", "1,00 €", 20)).toEqual(["Gesamt        1,00 €"]);
  });

  it("refuses a width no printer has", () => {
    expect(() => receiptToEscPos(receipt, { width: 10 })).toThrow(RangeError);
  });
});
