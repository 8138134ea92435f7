import {
  A4,
  LABEL_LAYOUTS,
  labelSlots,
  mmToPt,
  type LabelLayoutName,
  type LabelSlot,
} from "#app/domain/label-layout";
import type { LabelContent } from "#app/domain/product-label";
import { BOLD, openSansPdf, REGULAR, type PdfDoc as Doc } from "#app/features/shared/pdf.server";

/**
 * Product labels as a PDF (decision 057), drawn by pdfkit with Open Sans from `@fontsource`
 * (shipped with the app, embedded as a subset: umlauts, ß and € render on any printer). Each
 * label is clipped to its place on the sheet, so a long text never spills onto its neighbour.
 */

export interface LabelPrint {
  content: LabelContent;
  copies: number;
}

const BLACK = "#000000";

interface Box {
  x: number;
  y: number;
  width: number;
  bottom: number;
}

/** Writes one block of runs at `box.y` and moves the box's top below it; false: no room left. */
function block(doc: Doc, box: Box, runs: { text: string; bold: boolean }[], size: number) {
  const text = runs.map((run) => run.text).join("");
  if (!text || box.y >= box.bottom) return;
  doc.font(BOLD).fontSize(size);
  const room = box.bottom - box.y;
  const height = Math.min(doc.heightOfString(text, { width: box.width, lineGap: 0 }), room);
  runs.forEach((run, index) => {
    doc.font(run.bold ? BOLD : REGULAR).fontSize(size);
    const options = {
      width: box.width,
      height: room,
      lineGap: 0,
      continued: index < runs.length - 1,
      ellipsis: true,
    };
    if (index === 0) doc.text(run.text, box.x, box.y, options);
    else doc.text(run.text, options);
  });
  box.y += height + size * 0.15;
}

const plain = (text: string | null, bold = false) => (text ? [{ text, bold }] : []);

function drawCompact(doc: Doc, slot: LabelSlot, content: LabelContent) {
  const pad = mmToPt(1.5);
  const box: Box = {
    x: mmToPt(slot.x) + pad,
    y: mmToPt(slot.y) + pad,
    width: mmToPt(slot.width) - 2 * pad,
    bottom: mmToPt(slot.y + slot.height) - pad,
  };
  doc.font(BOLD).fontSize(7);
  doc.text(content.name, box.x, box.y, { width: box.width, height: 9, ellipsis: true });
  box.y += 9;
  block(doc, box, plain(content.price, true), 7);
  block(doc, box, plain(content.grundpreis), 4.5);
  block(doc, box, plain(content.containsAll, true), 4.5);
  block(doc, box, plain(content.bestBefore), 4.5);
}

function drawDetail(doc: Doc, slot: LabelSlot, content: LabelContent) {
  const pad = mmToPt(3);
  const box: Box = {
    x: mmToPt(slot.x) + pad,
    y: mmToPt(slot.y) + pad,
    width: mmToPt(slot.width) - 2 * pad,
    bottom: mmToPt(slot.y + slot.height) - pad,
  };
  doc.font(BOLD).fontSize(11);
  doc.text(content.name, box.x, box.y, { width: box.width, height: 15, ellipsis: true });
  box.y += 15;
  block(doc, box, plain(content.price, true), 10);
  block(doc, box, plain(content.grundpreis), 6.5);
  // The legal text takes the room that is left: the largest size from 7 pt down that fits.
  const legal = [
    content.ingredients,
    plain(content.contains, true),
    plain(content.traces),
    plain(content.bestBefore),
  ].filter((runs) => runs.length > 0);
  let size = 7;
  for (; size > 4.5; size -= 0.5) {
    doc.font(BOLD).fontSize(size);
    const needed = legal.reduce(
      (sum, runs) =>
        sum +
        doc.heightOfString(runs.map((run) => run.text).join(""), { width: box.width }) +
        size * 0.15,
      0,
    );
    if (needed <= box.bottom - box.y) break;
  }
  for (const runs of legal) block(doc, box, runs, size);
}

/** The PDF of the labels, `start` the first free position on the first sheet. */
export async function renderLabelsPdf(
  prints: readonly LabelPrint[],
  layoutName: LabelLayoutName,
  start: number,
): Promise<Buffer> {
  const layout = LABEL_LAYOUTS[layoutName];
  const total = prints.reduce((sum, print) => sum + print.copies, 0);
  const slots = labelSlots(layout, total, start);
  const { doc, finish } = openSansPdf({
    size: [mmToPt(A4.width), mmToPt(A4.height)],
    margin: 0,
    autoFirstPage: false,
    info: { Title: "Produktetiketten", Creator: "Backstube" },
  });
  let page = -1;
  let next = 0;
  for (const print of prints) {
    for (let copy = 0; copy < print.copies; copy += 1) {
      const slot = slots[next++]!;
      while (page < slot.page) {
        doc.addPage({ size: [mmToPt(A4.width), mmToPt(A4.height)], margin: 0 });
        page += 1;
        doc.fillColor(BLACK);
      }
      doc.save();
      doc.rect(mmToPt(slot.x), mmToPt(slot.y), mmToPt(slot.width), mmToPt(slot.height)).clip();
      if (layoutName === "compact") drawCompact(doc, slot, print.content);
      else drawDetail(doc, slot, print.content);
      doc.restore();
    }
  }
  if (page < 0) doc.addPage({ size: [mmToPt(A4.width), mmToPt(A4.height)], margin: 0 });
  return finish();
}
