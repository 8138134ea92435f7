import type { Receipt } from "#app/domain/receipt";
import {
  layoutReceipt,
  printableText,
  type EscPosOptions,
  type TicketCommand,
  type TicketSink,
} from "./escpos";

/**
 * The receipt as Epson ePOS-Print XML, for printers that fetch their tickets by Server Direct
 * Print (decision 063). The layout is the ESC/POS receipt's (`layoutReceipt`); each layout command
 * becomes an ePOS element and each line a `<text>` ending in a line feed. The document is UTF-8
 * text, so umlauts, ß and € travel as characters and the printer picks its code page; the text is
 * first made printable as for ESC/POS (`printableText`), so columns line up the same way and no
 * control character of a customer's comment reaches the printer.
 */
export const EPOS_PRINT_NAMESPACE = "http://www.epson-pos.com/schemas/2011/03/epos-print";

const ELEMENTS: Record<TicketCommand, string> = {
  init: "",
  codePage: '<text lang="en" smooth="true"/>',
  alignLeft: '<text align="left"/>',
  alignCenter: '<text align="center"/>',
  boldOn: '<text em="true"/>',
  boldOff: '<text em="false"/>',
  sizeNormal: '<text width="1" height="1"/>',
  sizeDoubleHeight: '<text width="1" height="2"/>',
  sizeDouble: '<text width="2" height="2"/>',
  partialCut: '<cut type="feed"/>',
};

/** Text as XML character data (and attribute values). */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Collects ePOS-Print elements. */
export class EposSink implements TicketSink {
  readonly parts: string[] = [];
  command(name: TicketCommand) {
    if (ELEMENTS[name]) this.parts.push(ELEMENTS[name]);
  }
  line(text: string) {
    this.parts.push(`<text>${escapeXml(printableText(text))}&#10;</text>`);
  }
  /** Empty lines before the first printed line, so it is never under the cutter. */
  feed(lines: number) {
    this.parts.push(`<feed line="${lines}"/>`);
  }
  /** The `<epos-print>` element with everything collected. */
  document(): string {
    return `<epos-print xmlns="${EPOS_PRINT_NAMESPACE}">${this.parts.join("")}</epos-print>`;
  }
}

/** The receipt's elements, appended to a sink (the job's head comes first). */
export function receiptToEpos(receipt: Receipt, options: EscPosOptions, sink: EposSink): void {
  layoutReceipt(receipt, options, sink);
}

/** A print job id as SDP allows it: 1 to 30 of A–Z, a–z, 0–9, `_`, `-`, `.`. */
export const PRINT_JOB_ID = /^[A-Za-z0-9_.-]{1,30}$/;

/**
 * The answer to a printer's GetRequest: one print request (`PrintRequestInfo` version 2.00, which
 * carries our job id, so the printer's result names the job it printed).
 */
export function printRequestInfo(printJobId: string, eposPrint: string, timeoutMs = 10_000) {
  if (!PRINT_JOB_ID.test(printJobId))
    throw new RangeError(`Ungültige Auftragsnummer ${printJobId}`);
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    '<PrintRequestInfo Version="2.00">' +
    "<ePOSPrint><Parameter><devid>local_printer</devid>" +
    `<timeout>${timeoutMs}</timeout><printjobid>${printJobId}</printjobid></Parameter>` +
    `<PrintData>${eposPrint}</PrintData></ePOSPrint></PrintRequestInfo>`
  );
}

export interface PrintResult {
  printJobId: string | null;
  success: boolean;
  code: string;
}

/**
 * Reads a printer's `ResponseFile` (`PrintResponseInfo` 1.00, 2.00 or 3.00): per `ePOSPrint`
 * the job id of its `Parameter` and the `success`/`code` of its `response`. Version 3.00's
 * `ServerDirectPrint/Response Success="false"` (our XML refused as a whole) counts as a failure of
 * every job it names, and of an unnamed one. Only attributes and the job id are read: no entity,
 * no DTD, nothing fetched.
 */
export function parsePrintResponse(xml: string): PrintResult[] {
  const results: PrintResult[] = [];
  const refused = /<Response\b[^>]*\bSuccess\s*=\s*["']false["']/i.test(xml);
  const refusal = /<ErrorSummary>([^<]{0,200})<\/ErrorSummary>/i.exec(xml)?.[1]?.trim();
  const blocks = xml.match(/<ePOSPrint\b[\s\S]*?<\/ePOSPrint>/gi) ?? [];
  for (const block of blocks) {
    const id = /<printjobid>\s*([^<\s]{1,30})\s*<\/printjobid>/i.exec(block)?.[1] ?? null;
    const response = /<response\b([^>]*)>/.exec(block)?.[1] ?? "";
    const success = /\bsuccess\s*=\s*["']true["']/.test(response);
    const code = /\bcode\s*=\s*["']([^"']{0,60})["']/.exec(response)?.[1] ?? "";
    results.push({ printJobId: id, success: success && !refused, code: code || (refusal ?? "") });
  }
  if (blocks.length === 0) {
    // Version 1.00 (no job id) or a refusal of the whole document.
    const response = /<response\b([^>]*)>/.exec(xml)?.[1];
    if (response !== undefined || refused) {
      const success = /\bsuccess\s*=\s*["']true["']/.test(response ?? "");
      const code = /\bcode\s*=\s*["']([^"']{0,60})["']/.exec(response ?? "")?.[1] ?? "";
      results.push({
        printJobId: null,
        success: success && !refused,
        code: code || (refusal ?? ""),
      });
    }
  }
  return results;
}
