import { DateTime } from "luxon";
import { hoursText } from "#app/domain/working-time";
import { dePlan as de } from "#app/i18n/de-working-plan";
import { BOLD, openSansPdf, REGULAR } from "#app/features/shared/pdf.server";

/**
 * A person's month as a PDF for payroll (decision 065): per day the expected, worked and balance
 * time and the absence or public holiday, the totals, the absences summed, and two signature
 * lines. A4 portrait with Open Sans (as the product labels, decision 057), one page for a month.
 */

export interface TimeSheetPdfInput {
  month: string;
  closed: boolean;
  personName: string;
  branchNames: string[];
  days: {
    day: string;
    expectedMinutes: number;
    workedMinutes: number;
    absence: { kind: "holiday" | "sickness" | "other"; half: boolean } | null;
    publicHoliday: boolean;
  }[];
  expectedMinutes: number;
  workedMinutes: number;
  balanceMinutes: number;
  printedAt: string;
}

const MM = 72 / 25.4;

/** '+1:30' / '−0:45'. */
export const balanceText = (minutes: number) =>
  `${minutes < 0 ? "−" : "+"}${hoursText(Math.abs(minutes))}`;

/** Days with halves in German: '2', '1,5'. */
const daysText = (halves: number) => String(halves / 2).replace(".", ",");

export async function timeSheetPdf(input: TimeSheetPdfInput): Promise<Buffer> {
  const monthName = DateTime.fromISO(`${input.month}-01`).setLocale("de").toFormat("LLLL yyyy");
  const { doc, finish } = openSansPdf({
    size: "A4",
    margin: 18 * MM,
    info: { Title: de.sheet.pdfTitle(monthName), Creator: "Backstube" },
  });

  const left = 18 * MM;
  const width = doc.page.width - 36 * MM;
  doc
    .font(BOLD)
    .fontSize(16)
    .text(de.sheet.pdfTitle(monthName), left, 18 * MM);
  doc.font(REGULAR).fontSize(10);
  doc.text(de.sheet.pdfPerson(input.personName));
  if (input.branchNames.length > 0) doc.text(de.sheet.pdfBranches(input.branchNames.join(", ")));
  doc.text(input.closed ? de.sheet.closed : de.sheet.openMonth);
  doc.moveDown(0.6);

  // The table: day, expected, worked, balance, note.
  const columns = [
    { label: de.sheet.day, width: 0.22, align: "left" as const },
    { label: de.sheet.expected, width: 0.13, align: "right" as const },
    { label: de.sheet.worked, width: 0.13, align: "right" as const },
    { label: de.sheet.balance, width: 0.14, align: "right" as const },
    { label: de.sheet.note, width: 0.38, align: "left" as const },
  ];
  const rowHeight = 14.5;
  const gap = 6;
  let y = doc.y;
  const row = (cells: string[], font: string) => {
    let x = left;
    doc.font(font).fontSize(9);
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      const cellWidth = column.width * width;
      doc.text(cell, x + (column.align === "left" ? 0 : -gap), y + 3, {
        width: cellWidth - (column.align === "left" ? gap : 0),
        align: column.align,
        lineBreak: false,
        ellipsis: true,
      });
      x += cellWidth;
    });
    y += rowHeight;
  };
  const rule = (weight = 0.5) => {
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(weight)
      .strokeColor("#000000")
      .stroke();
  };
  row(
    columns.map((column) => column.label),
    BOLD,
  );
  rule(0.8);
  for (const day of input.days) {
    const date = DateTime.fromISO(day.day);
    const note = day.publicHoliday
      ? de.sheet.publicHoliday
      : day.absence
        ? `${de.kinds[day.absence.kind]}${day.absence.half ? " (½ Tag)" : ""}`
        : "";
    const quiet = day.expectedMinutes === 0 && day.workedMinutes === 0;
    row(
      [
        `${de.weekdays[date.weekday - 1]} ${date.toFormat("dd.MM.yyyy")}`,
        hoursText(day.expectedMinutes),
        hoursText(day.workedMinutes),
        quiet ? "" : balanceText(day.workedMinutes - day.expectedMinutes),
        note,
      ],
      REGULAR,
    );
    if (date.weekday === 7) rule(0.3);
  }
  rule(0.8);
  row(
    [
      de.sheet.total,
      hoursText(input.expectedMinutes),
      hoursText(input.workedMinutes),
      balanceText(input.balanceMinutes),
      "",
    ],
    BOLD,
  );

  // Absences summed (in days; a half day counts half).
  y += 8;
  doc.font(BOLD).fontSize(10).text(de.sheet.absences, left, y);
  doc.font(REGULAR).fontSize(9);
  const halves = new Map<string, number>();
  for (const day of input.days) {
    if (!day.absence) continue;
    halves.set(day.absence.kind, (halves.get(day.absence.kind) ?? 0) + (day.absence.half ? 1 : 2));
  }
  const holidays = input.days.filter((day) => day.publicHoliday).length;
  const lines = (["holiday", "sickness", "other"] as const)
    .filter((kind) => halves.has(kind))
    .map((kind) => de.sheet.absenceDays(de.kinds[kind], daysText(halves.get(kind)!)));
  if (holidays > 0) lines.push(de.sheet.publicHolidays(holidays));
  doc.text(lines.length > 0 ? lines.join(" · ") : de.sheet.noAbsences, { width });
  doc.moveDown(0.3);
  doc.fontSize(8).text(de.sheet.hoursNote, { width });
  doc.text(de.sheet.pdfPrinted(input.printedAt), { width });

  // Two signature lines at the foot of the page.
  const signY = Math.max(doc.y + 40, doc.page.height - 40 * MM);
  const half = (width - 12 * MM) / 2;
  for (const [index, label] of [de.sheet.signEmployee, de.sheet.signEmployer].entries()) {
    const x = left + index * (half + 12 * MM);
    doc
      .moveTo(x, signY)
      .lineTo(x + half, signY)
      .lineWidth(0.5)
      .stroke();
    doc
      .font(REGULAR)
      .fontSize(8)
      .text(label, x, signY + 3, { width: half, lineBreak: false });
  }
  return finish();
}
