/**
 * Label sheets (spec section 9: "Label layouts: compact 12 rows × 4 columns; detail 5 rows × 2
 * columns"; decision 057). Pure maths in millimetres on an A4 sheet (210 × 297 mm), origin at the
 * sheet's top left, labels counted row by row from the top left (position 1). The sizes are those
 * of the common sheets sold for them: 45.7 × 21.2 mm (48 per sheet, e.g. Avery L4778) and
 * 99.1 × 57 mm (10 per sheet, e.g. Avery L7173).
 */
export const A4 = { width: 210, height: 297 } as const;

export type LabelLayoutName = "compact" | "detail";

export interface LabelLayout {
  name: LabelLayoutName;
  rows: number;
  columns: number;
  /** One label's size. */
  width: number;
  height: number;
  /** The sheet's margin to the first label. */
  left: number;
  top: number;
  /** Space between two labels. */
  columnGap: number;
  rowGap: number;
}

export const LABEL_LAYOUTS: Readonly<Record<LabelLayoutName, LabelLayout>> = {
  compact: {
    name: "compact",
    rows: 12,
    columns: 4,
    width: 45.7,
    height: 21.2,
    left: 9.7,
    top: 21.5,
    columnGap: 2.6,
    rowGap: 0,
  },
  detail: {
    name: "detail",
    rows: 5,
    columns: 2,
    width: 99.1,
    height: 57,
    left: 4.65,
    top: 6,
    columnGap: 2.5,
    rowGap: 0,
  },
};

export function isLabelLayoutName(value: unknown): value is LabelLayoutName {
  return value === "compact" || value === "detail";
}

export function labelsPerSheet(layout: LabelLayout): number {
  return layout.rows * layout.columns;
}

export interface LabelSlot {
  /** 0-based sheet. */
  page: number;
  /** 1-based position on the sheet, row by row. */
  position: number;
  row: number;
  column: number;
  /** Top left corner in mm from the sheet's top left. */
  x: number;
  y: number;
  width: number;
  height: number;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Where the label at a 1-based position of a sheet sits. */
export function slotAt(layout: LabelLayout, position: number, page = 0): LabelSlot {
  const index = position - 1;
  const row = Math.floor(index / layout.columns);
  const column = index % layout.columns;
  return {
    page,
    position,
    row,
    column,
    x: round(layout.left + column * (layout.width + layout.columnGap)),
    y: round(layout.top + row * (layout.height + layout.rowGap)),
    width: layout.width,
    height: layout.height,
  };
}

/**
 * The slots of `count` labels, the first at `start` (1-based) on the first sheet (the positions
 * before it are used up), then on as many sheets as needed.
 */
export function labelSlots(layout: LabelLayout, count: number, start = 1): LabelSlot[] {
  const perSheet = labelsPerSheet(layout);
  const first = Math.min(Math.max(1, Math.trunc(start)), perSheet) - 1;
  const slots: LabelSlot[] = [];
  for (let n = 0; n < count; n += 1) {
    const index = first + n;
    slots.push(slotAt(layout, (index % perSheet) + 1, Math.floor(index / perSheet)));
  }
  return slots;
}

/** How many sheets `count` labels take from `start`. */
export function sheetCount(layout: LabelLayout, count: number, start = 1): number {
  if (count <= 0) return 0;
  const first = Math.min(Math.max(1, Math.trunc(start)), labelsPerSheet(layout)) - 1;
  return Math.ceil((first + count) / labelsPerSheet(layout));
}

/** Millimetres to PDF points. */
export const mmToPt = (mm: number) => (mm * 72) / 25.4;
