import type { ProductionTicket } from "#app/domain/production-ticket";
import { deProduction as de } from "#app/i18n/de-production";
import {
  columns,
  EscPosSink,
  printableText,
  wrapText,
  type EscPosOptions,
  type TicketSink,
} from "./escpos";

/**
 * The production list's short form on a receipt printer (issue 39 part 1, decision 107), the same
 * layout for every printer language (ESC/POS bytes, also for Star's CloudPRNT, or Epson's ePOS
 * XML, by the sink): the title large, the day, branch and time of printing; per group its name in
 * bold, per row the product with its quantity flush right in bold, the variant, the first due
 * time and the inscriptions indented below. 32 characters a line on 58 mm paper, 48 on 80 mm;
 * text made printable as the order tickets' (`printableText`: umlauts and ß in PC858).
 */
export function layoutProductionTicket(
  ticket: ProductionTicket,
  options: EscPosOptions,
  sink: TicketSink,
): void {
  const width = Math.floor(options.width);
  if (!Number.isFinite(width) || width < 24 || width > 64) {
    throw new RangeError(
      `Zeichen pro Zeile zwischen 24 und 64 erwartet, erhalten: ${options.width}`,
    );
  }
  const text = printableText;
  const lines = (values: readonly string[]) => {
    for (const value of values) sink.line(value);
  };
  const wrap = (value: string, indent = 0) =>
    value
      .split(/\r?\n/)
      .flatMap((part) => wrapText(text(part), width - indent))
      .map((line) => `${" ".repeat(indent)}${line}`);

  sink.command("init");
  sink.command("codePage");
  sink.command("alignCenter");
  sink.command("sizeDouble");
  sink.command("boldOn");
  lines(wrapText(text(ticket.title), Math.floor(width / 2)));
  sink.command("boldOff");
  sink.command("sizeNormal");
  lines(wrap(ticket.day));
  lines(wrap(ticket.branch));
  lines(wrap(ticket.printedAt));
  sink.command("alignLeft");
  sink.line("=".repeat(width));
  for (const group of ticket.groups) {
    sink.command("boldOn");
    lines(wrap(group.name));
    sink.command("boldOff");
    sink.line("-".repeat(width));
    for (const row of group.rows) {
      sink.command("boldOn");
      lines(columns(text(row.product), text(row.quantity), width));
      sink.command("boldOff");
      if (row.variant) lines(wrap(row.variant, 2));
      if (row.firstDue) lines(wrap(`${de.firstDue}: ${row.firstDue}`, 2));
      for (const note of row.notes) lines(wrap(note, 4));
    }
    sink.line("");
  }
  sink.line("=".repeat(width));
  sink.line("");
  sink.line("");
  sink.command("partialCut");
}

/** The short list as ESC/POS bytes (a TCP printer or Star's CloudPRNT). */
export function productionTicketToEscPos(
  ticket: ProductionTicket,
  options: EscPosOptions,
): Uint8Array {
  const sink = new EscPosSink();
  layoutProductionTicket(ticket, options, sink);
  return Uint8Array.from(sink.bytes);
}
