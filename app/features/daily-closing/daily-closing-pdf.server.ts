import type { DailyClosingFigures, ListedOrder, RateAmounts } from "#app/domain/daily-closing";
import { formatDate } from "#app/domain/format";
import { formatMoney } from "#app/domain/money";
import { deDailyClosing as de } from "#app/i18n/de-daily-closing";
import { BOLD, openSansPdf, REGULAR } from "#app/features/shared/pdf.server";

/**
 * The daily closing on A4 (decision 117): the title, the state (closed by whom and when, or
 * open), and each section of the page as a table: the first column left, amounts right. Open
 * Sans as the other PDFs; continued pages carry the title again and every page its number.
 */

export interface DailyClosingPdfInput {
  title: string;
  state: string;
  printedAt: string;
  figures: DailyClosingFigures;
}

interface Section {
  heading: string;
  columns: string[];
  rows: string[][];
  footer?: string[];
  empty?: string;
}

const MM = 72 / 25.4;
const MARGIN = 15 * MM;

function rateSection(heading: string, rates: readonly RateAmounts[], sum: RateAmounts | null) {
  const money = (rate: Omit<RateAmounts, "rate">) => [
    formatMoney(rate.net),
    formatMoney(rate.tax),
    formatMoney(rate.gross),
  ];
  return {
    heading,
    columns: [de.rate, de.net, de.tax, de.gross],
    rows: rates.map((rate) => [de.rateText(rate.rate), ...money(rate)]),
    footer: sum && rates.length > 0 ? [de.sum, ...money(sum)] : undefined,
    empty: de.noRevenue,
  };
}

function orderSection(heading: string, orders: readonly ListedOrder[], empty: string): Section {
  return {
    heading,
    columns: [de.order, de.status, de.payment, de.amount],
    rows: orders.map((order) => [
      de.ticket(order.ticket),
      de.statuses[order.status],
      de.payments[order.payment] ?? order.payment,
      formatMoney(order.gross),
    ]),
    empty,
  };
}

export function closingSections(figures: DailyClosingFigures): Section[] {
  return [
    {
      heading: de.ordersHeading,
      columns: [de.status, de.count],
      rows: (Object.keys(de.statuses) as (keyof typeof de.statuses)[]).map((status) => [
        de.statuses[status],
        String(figures.orders[status]),
      ]),
      footer: [de.totalOrders, String(figures.orders.total)],
    },
    rateSection(de.taxHeading, figures.byTaxRate, { rate: 0, ...figures.revenue }),
    {
      heading: de.typeHeading,
      columns: [de.type, de.count, de.gross],
      rows: figures.byType.map((entry) => [
        de.types[entry.type],
        String(entry.orders),
        formatMoney(entry.gross),
      ]),
    },
    {
      heading: de.paymentHeading,
      columns: [de.payment, de.count, de.gross],
      rows: figures.byPayment.map((entry) => [
        de.payments[entry.method] ?? entry.method,
        String(entry.orders),
        formatMoney(entry.gross),
      ]),
    },
    orderSection(de.cancellationsHeading, figures.cancellations, de.noCancellations),
    orderSection(de.refundsHeading, figures.refunds, de.noRefunds),
    {
      heading: de.apartHeading,
      columns: ["", de.amount],
      rows: [
        [`${de.tips} (${de.tipsNote})`, formatMoney(figures.tips.amount)],
        [
          `${de.donations} (${de.donationsOf(figures.donations.orders)})`,
          formatMoney(figures.donations.amount),
        ],
      ],
    },
    {
      heading: de.correctionsHeading,
      columns: [de.order, de.reason, de.gross],
      rows: figures.corrections.map((correction) => [
        de.correctionRef(correction.ticket, formatDate(correction.originalDay)),
        correction.reasons.map((reason) => de.reasons[reason]).join(", "),
        formatMoney(correction.gross),
      ]),
      empty: de.noCorrections,
    },
    rateSection(de.totalHeading, figures.totalByTaxRate, { rate: 0, ...figures.total }),
  ];
}

export async function dailyClosingPdf(input: DailyClosingPdfInput): Promise<Buffer> {
  const { doc, finish } = openSansPdf({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: input.title, Creator: "Backstube" },
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 14;
  const gap = 6;
  let y = MARGIN;

  const header = (continued: boolean) => {
    doc
      .font(BOLD)
      .fontSize(15)
      .text(continued ? `${input.title} (Forts.)` : input.title, left, MARGIN, { width });
    if (!continued) {
      doc.font(REGULAR).fontSize(9).text(input.state, { width });
      doc.font(REGULAR).fontSize(8).text(input.printedAt, { width });
    }
    y = doc.y + 10;
  };
  const cells = (values: string[], font: string, widths: number[]) => {
    let x = left;
    doc.font(font).fontSize(9);
    values.forEach((value, index) => {
      const cellWidth = widths[index]! * width;
      const first = index === 0;
      doc.text(value, first ? x : x - gap, y, {
        width: cellWidth - (first ? gap : 0),
        align: first ? "left" : "right",
        lineBreak: false,
        ellipsis: true,
      });
      x += cellWidth;
    });
    y += 13;
  };
  const rule = (weight = 0.5) => {
    doc
      .moveTo(left, y - 2)
      .lineTo(left + width, y - 2)
      .lineWidth(weight)
      .strokeColor("#000000")
      .stroke();
  };

  header(false);
  for (const section of closingSections(input.figures)) {
    const lines = Math.max(section.rows.length, 1) + 2 + (section.footer ? 1 : 0);
    if (y + 16 + lines * 13 > bottom) {
      doc.addPage();
      header(true);
    }
    doc.font(BOLD).fontSize(11).text(section.heading, left, y, { width });
    y = doc.y + 3;
    const rest = section.columns.length - 1;
    const firstWidth = rest >= 3 ? 0.4 : 0.6;
    const widths = [firstWidth, ...Array.from({ length: rest }, () => (1 - firstWidth) / rest)];
    cells(section.columns, BOLD, widths);
    rule(1);
    if (section.rows.length === 0) {
      doc
        .font(REGULAR)
        .fontSize(9)
        .text(section.empty ?? "", left, y, { width });
      y = doc.y + 2;
    }
    for (const row of section.rows) {
      if (y + 13 > bottom) {
        doc.addPage();
        header(true);
      }
      cells(row, REGULAR, widths);
    }
    if (section.footer) {
      rule();
      cells(section.footer, BOLD, widths);
    }
    y += 10;
  }

  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page);
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
