import { formatTime } from "#app/domain/format";
import type { ProductionGroup } from "#app/domain/production-list";
import { deProduction as de } from "#app/i18n/de-production";
import { BOLD, openSansPdf, REGULAR } from "#app/features/shared/pdf.server";
import { changeText } from "./production.server";

/**
 * The production list on A4 (issue 39 part 1, decision 103): one group (category) per page, so
 * that each station takes its own sheet; per row the product and variant, the quantity in large
 * type, the number of orders, the first due time and the change since the last print, the
 * inscriptions and files under it with their ticket numbers. Open Sans as the other PDFs.
 */

export interface ProductionPdfInput {
  title: string;
  printedAt: string;
  groups: ProductionGroup[];
}

const MM = 72 / 25.4;
const MARGIN = 15 * MM;

export async function productionPdf(input: ProductionPdfInput): Promise<Buffer> {
  const { doc, finish } = openSansPdf({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: input.title, Creator: "Backstube" },
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 14;
  const columns = [
    { label: de.product, width: 0.44, align: "left" as const },
    { label: de.quantity, width: 0.16, align: "right" as const },
    { label: de.orders, width: 0.14, align: "right" as const },
    { label: de.firstDue, width: 0.12, align: "right" as const },
    { label: de.change, width: 0.14, align: "right" as const },
  ];
  const gap = 6;
  let y = 0;

  const rule = (weight = 0.5) => {
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(weight)
      .strokeColor("#000000")
      .stroke();
  };
  const cells = (values: string[], font: string, size: number) => {
    let x = left;
    doc.font(font).fontSize(size);
    values.forEach((value, index) => {
      const column = columns[index]!;
      const cellWidth = column.width * width;
      doc.text(value, x + (column.align === "left" ? 0 : -gap), y, {
        width: cellWidth - (column.align === "left" ? gap : 0),
        align: column.align,
        lineBreak: false,
        ellipsis: true,
      });
      x += cellWidth;
    });
  };
  const heading = (group: string, continued: boolean) => {
    doc.font(BOLD).fontSize(15).text(input.title, left, MARGIN, { width });
    doc
      .font(BOLD)
      .fontSize(13)
      .text(continued ? `${group} (Forts.)` : group, { width });
    doc.font(REGULAR).fontSize(8).text(de.printedOn(input.printedAt), { width });
    y = doc.y + 8;
    cells(
      columns.map((column) => column.label),
      BOLD,
      9,
    );
    y += 14;
    rule(1);
    y += 4;
  };

  input.groups.forEach((group, index) => {
    if (index > 0) doc.addPage();
    heading(group.name, false);
    for (const row of group.rows) {
      const notes = row.notes.map(
        (note) =>
          `${de.ticket(note.ticketNumber)}, ${formatTime(note.due)}: ${note.text}${note.isNew ? ` (${de.newNote})` : ""}`,
      );
      const needed = 24 + (row.variant ? 12 : 0) + notes.length * 11 + 6;
      if (y + needed > bottom) {
        doc.addPage();
        heading(group.name, true);
      }
      cells(
        [
          row.productName,
          row.quantity,
          String(row.orders),
          row.firstDue ? formatTime(row.firstDue) : "",
          changeText(row),
        ],
        BOLD,
        12,
      );
      y += 17;
      doc.font(REGULAR).fontSize(9);
      if (row.variant) {
        doc.text(row.variant, left, y, {
          width: columns[0]!.width * width - gap,
          lineBreak: false,
        });
        y += 12;
      }
      for (const note of notes) {
        doc.text(note, left + 10, y, { width: width - 10, lineBreak: false, ellipsis: true });
        y += 11;
      }
      y += 3;
      rule();
      y += 4;
    }
  });

  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page);
    // Below the bottom margin: without this, pdfkit would start a new page for the line.
    doc.page.margins.bottom = 0;
    doc
      .font(REGULAR)
      .fontSize(8)
      .text(de.pageOf(page - range.start + 1, range.count), left, doc.page.height - MARGIN, {
        width,
        align: "right",
        lineBreak: false,
      });
  }
  return finish();
}
