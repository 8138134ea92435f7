import type { Receipt, ReceiptField } from "#app/domain/receipt";
import { de } from "#app/i18n/de-staff";

/**
 * The receipt as ESC/POS bytes for a thermal printer with a 58 mm (32 characters) or 80 mm
 * (48 characters) roll, in Font A. A later device integration sends these bytes to the printers;
 * nothing here talks to hardware. Choices (decision 013): code page PC858 (`ESC t 19`, CP850 with
 * the euro sign at 0xD5), the ticket number in bold at double width and height, amounts
 * right-aligned, long names word-wrapped, a partial cut with feed at the end (`GS V 66 0`).
 */

const ESC = 0x1b;
const GS = 0x1d;
const LF = 0x0a;

export const COMMANDS = {
  init: [ESC, 0x40],
  /** ESC t 19: PC858 (Euro) on Epson-compatible printers. */
  codePage: [ESC, 0x74, 19],
  alignLeft: [ESC, 0x61, 0],
  alignCenter: [ESC, 0x61, 1],
  boldOn: [ESC, 0x45, 1],
  boldOff: [ESC, 0x45, 0],
  /** GS ! n: bits 4–6 width, 0–2 height multiplier minus one. */
  sizeNormal: [GS, 0x21, 0x00],
  sizeDoubleHeight: [GS, 0x21, 0x01],
  sizeDouble: [GS, 0x21, 0x11],
  /** GS V 66 n: feed to the cutting position (plus n motion units) and cut partially. */
  partialCut: [GS, 0x56, 66, 0],
} as const;

/** Bytes 0x80–0xFF of code page 858, in order. */
export const CP858_HIGH =
  "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈ€ÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0";

const HIGH_BYTES = new Map<string, number>(
  Array.from(CP858_HIGH, (char, index) => [char, 0x80 + index] as const),
);

/** Characters the code page lacks, written the way a German receipt would. */
const SUBSTITUTES: Record<string, string> = {
  "\u00a0": " ",
  "\u202f": " ",
  "\u2007": " ",
  "\u2009": " ",
  "\u2002": " ",
  "\u2003": " ",
  "\t": " ",
  "\u00ad": "",
  "\u200b": "",
  "\u201e": '"',
  "\u201c": '"',
  "\u201d": '"',
  "\u201a": "'",
  "\u2018": "'",
  "\u2019": "'",
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
  "\u2026": "...",
  "\u2022": "*",
  "\u2122": "TM",
  "\u2300": "\u00d8",
};

/**
 * Text as the printer can show it: every character of the result is one byte of PC858 (and one
 * column). Control characters become spaces, so a customer's comment can never smuggle printer
 * commands in; what the code page lacks is substituted, stripped of its accents, or `?`.
 */
export function printableText(text: string): string {
  let result = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    if (code >= 0x20 && code < 0x7f) result += char;
    else if (SUBSTITUTES[char] !== undefined) result += SUBSTITUTES[char];
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) result += " ";
    else if (HIGH_BYTES.has(char)) result += char;
    else {
      const bare = char.normalize("NFD").replace(/\p{M}/gu, "");
      result += bare !== char && [...bare].every((part) => isPrintable(part)) ? bare : "?";
    }
  }
  return result;
}

function isPrintable(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code < 0x7f) || HIGH_BYTES.has(char);
}

/** Bytes of text already made printable. */
function encode(text: string): number[] {
  return Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    return code < 0x80 ? code : (HIGH_BYTES.get(char) ?? 0x3f);
  });
}

/** Any text as PC858 bytes (made printable first): umlauts and € as the printer shows them. */
export function encodePc858(text: string): number[] {
  return encode(printableText(text));
}

/** Word-wraps to `width` columns; a word longer than a line is split. Keeps blank lines. */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    const words = paragraph.split(" ").filter((word) => word !== "");
    let line = "";
    for (let word of words) {
      while (word.length > width) {
        if (line) {
          lines.push(line);
          line = "";
        }
        lines.push(word.slice(0, width));
        word = word.slice(width);
      }
      if (!word) continue;
      if (!line) line = word;
      else if (line.length + 1 + word.length <= width) line += ` ${word}`;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * Text on the left, an amount flush right on the first line; the text wraps in the space left
 * and its further lines are indented by `indent`.
 */
export function columns(left: string, right: string, width: number, indent = 2): string[] {
  if (right.length + 1 + Math.max(indent + 1, 8) > width) {
    return [...wrapText(left, width), right.padStart(width)];
  }
  const room = width - right.length - 1;
  const words = left.split(/[ \n]/).filter((word) => word !== "");
  let first = "";
  let taken = 0;
  for (const word of words) {
    const candidate = first ? `${first} ${word}` : word;
    if (candidate.length > room) break;
    first = candidate;
    taken += 1;
  }
  let rest = words.slice(taken);
  if (taken === 0 && words[0]) {
    // Even the first word is too long: it is split.
    first = words[0].slice(0, room);
    rest = [words[0].slice(room), ...words.slice(1)];
  }
  const more = rest.length > 0 ? wrapText(rest.join(" "), room - indent) : [];
  return [`${first.padEnd(room)} ${right}`, ...more.map((line) => `${" ".repeat(indent)}${line}`)];
}

export interface EscPosOptions {
  /** Characters per line in Font A: 32 on 58 mm paper, 48 on 80 mm. */
  width: number;
}

/** A layout command by name: ESC/POS writes its bytes, ePOS-Print XML its elements. */
export type TicketCommand = keyof typeof COMMANDS;

/** Where a ticket's layout goes: ESC/POS bytes here, ePOS-Print XML in `epos-xml.ts`. */
export interface TicketSink {
  command(name: TicketCommand): void;
  /** One line of printable text (see `printableText`), without its line feed. */
  line(text: string): void;
}

/** Builds the ticket line by line on a sink. */
class Writer {
  constructor(
    readonly width: number,
    readonly sink: TicketSink,
  ) {}

  command(name: TicketCommand): this {
    this.sink.command(name);
    return this;
  }

  line(text = ""): this {
    this.sink.line(text);
    return this;
  }

  lines(lines: readonly string[]): this {
    for (const line of lines) this.line(line);
    return this;
  }

  separator(char = "-"): this {
    return this.line(char.repeat(this.width));
  }

  heading(text: string): this {
    return this.command("boldOn").lines(wrapText(text, this.width)).command("boldOff");
  }
}

/** ESC/POS bytes: each command its bytes, each line PC858 and a line feed. */
export class EscPosSink implements TicketSink {
  readonly bytes: number[] = [];
  command(name: TicketCommand) {
    this.bytes.push(...COMMANDS[name]);
  }
  line(text: string) {
    this.bytes.push(...encode(text), LF);
  }
}

const SIZE_BIG = 2;

/** The receipt as ESC/POS: initialise, select PC858, print, feed and cut. */
export function receiptToEscPos(receipt: Receipt, options: EscPosOptions): Uint8Array {
  const sink = new EscPosSink();
  layoutReceipt(receipt, options, sink);
  return Uint8Array.from(sink.bytes);
}

/** The receipt's layout (decision 013), the same for every printer language. */
export function layoutReceipt(receipt: Receipt, options: EscPosOptions, sink: TicketSink): void {
  const width = Math.floor(options.width);
  if (!Number.isFinite(width) || width < 24 || width > 64) {
    throw new RangeError(
      `Zeichen pro Zeile zwischen 24 und 64 erwartet, erhalten: ${options.width}`,
    );
  }
  const texts = de.receipt;
  const out = new Writer(width, sink);
  const text = printableText;
  // Line breaks the customer typed stay; every other control character becomes a space.
  const wrap = (value: string) =>
    value.split(/\r?\n/).flatMap((part) => wrapText(text(part), width));
  const field = ({ label, value }: ReceiptField) => columns(text(label), text(value), width);
  const labelled = ({ label, value }: ReceiptField) => wrap(`${label}: ${value}`);

  out.command("init").command("codePage").command("alignCenter");
  out.heading(text(receipt.header.shopName));
  out.lines(wrap(receipt.header.branchName));
  for (const line of receipt.header.address) out.lines(wrap(line));
  if (receipt.header.phone) out.lines(wrap(`${texts.phone} ${receipt.header.phone}`));
  out.line();

  out.command("sizeDouble").command("boldOn");
  out.lines(
    wrapText(
      text(`${receipt.ticket.label} ${receipt.ticket.number}`),
      Math.floor(width / SIZE_BIG),
    ),
  );
  out.command("boldOff").command("sizeNormal");
  if (receipt.banners.length > 0) {
    out.command("sizeDoubleHeight").command("boldOn");
    for (const banner of receipt.banners) out.lines(wrap(banner.toLocaleUpperCase("de-DE")));
    out.command("boldOff").command("sizeNormal");
  }
  out.command("alignLeft").separator();

  for (const fact of receipt.facts) out.lines(field(fact));
  out.separator();

  if (receipt.customer.length > 0) {
    out.heading(text(texts.customer));
    for (const entry of receipt.customer) out.lines(labelled(entry));
  }
  if (receipt.deliveryAddress.length > 0) {
    out.heading(text(texts.deliveryAddress));
    for (const line of receipt.deliveryAddress) out.lines(wrap(line));
  }
  if (receipt.customer.length > 0 || receipt.deliveryAddress.length > 0) out.separator();

  out.heading(text(texts.items));
  for (const item of receipt.items) {
    out.lines(columns(text(`${item.quantity} ${item.name}`), text(item.price), width));
    for (const detail of item.details) {
      out.lines(wrapText(text(detail), width - 4).map((line) => `    ${line}`));
    }
  }
  out.separator();

  for (const total of receipt.totals) {
    if (total.isGrandTotal) {
      out.command("sizeDoubleHeight").command("boldOn");
      out.lines(field(total));
      out.command("boldOff").command("sizeNormal");
    } else {
      out.lines(field(total));
    }
  }
  for (const note of receipt.notes) out.lines(wrap(note));
  out.separator();

  for (const entry of receipt.payment) out.lines(field(entry));
  if (receipt.donation) out.lines(wrap(receipt.donation));
  if (receipt.comment) {
    out.separator();
    out.heading(text(texts.comment));
    out.lines(wrap(receipt.comment));
  }

  if (receipt.taxes.length > 0) {
    out.separator();
    out.heading(text(texts.taxes));
    out.lines(taxTable(receipt, width));
  }

  out.separator().command("alignCenter");
  for (const line of receipt.footer) out.lines(wrap(line));
  out.command("alignLeft").command("partialCut");
}

/** Rate, net, tax, gross side by side where they fit, else one block per rate. */
function taxTable(receipt: Receipt, width: number): string[] {
  const texts = de.receipt;
  const header = [texts.taxRate, texts.net, texts.tax, texts.gross].map(printableText);
  const rows = receipt.taxes.map((row) =>
    [row.rate, row.net, row.tax, row.gross].map(printableText),
  );
  const rateWidth = Math.max(header[0]!.length, ...rows.map((row) => row[0]!.length));
  const amountWidth = Math.max(
    ...header.slice(1).map((cell) => cell.length),
    ...rows.flatMap((row) => row.slice(1).map((cell) => cell.length)),
  );
  if (rateWidth + 3 * (amountWidth + 1) <= width) {
    const line = (cells: string[]) =>
      cells[0]!.padEnd(rateWidth) +
      cells
        .slice(1)
        .map((cell) => ` ${cell.padStart(amountWidth)}`)
        .join("")
        .padStart(width - rateWidth);
    return [line(header), ...rows.map(line)];
  }
  return rows.flatMap((row) => [
    row[0]!,
    ...[1, 2, 3].map((column) => {
      const amount = row[column]!;
      return `  ${header[column]}`.padEnd(width - amount.length) + amount;
    }),
  ]);
}
