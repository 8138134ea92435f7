import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";

/**
 * The PDFs the shop draws with pdfkit (the product labels, decision 057; the time sheet, decision
 * 065) in Open Sans from `@fontsource`, shipped with the app and embedded as a subset: umlauts, ß
 * and € render on any printer.
 */

export type PdfDoc = InstanceType<typeof PDFDocument>;

/** The font names `openSansPdf` registers. */
export const REGULAR = "OpenSans";
export const BOLD = "OpenSans-Bold";

const requireFrom = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;

function fontFiles() {
  if (!fonts) {
    const folder = path.join(
      path.dirname(requireFrom.resolve("@fontsource/open-sans/package.json")),
      "files",
    );
    fonts = {
      regular: readFileSync(path.join(folder, "open-sans-latin-400-normal.woff")),
      bold: readFileSync(path.join(folder, "open-sans-latin-700-normal.woff")),
    };
  }
  return fonts;
}

/** A document with Open Sans as `REGULAR` and `BOLD`; `finish()` ends it and answers its bytes. */
export function openSansPdf(options: ConstructorParameters<typeof PDFDocument>[0]): {
  doc: PdfDoc;
  finish: () => Promise<Buffer>;
} {
  const { regular, bold } = fontFiles();
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  const finish = async () => {
    doc.end();
    await ended;
    return Buffer.concat(chunks);
  };
  return { doc, finish };
}
