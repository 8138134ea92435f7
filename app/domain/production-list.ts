import type { ChosenPart } from "./chosen-parts";
import { convertQuantity, formatQuantity, type Unit } from "./units";

/**
 * The production list ("Backliste", issue 39 part 1, decision 103): what to bake for a day, summed
 * from the order lines due that day. Pure: the server reads the lines and the last print, this
 * module adds them up.
 *
 * - A row is a product in one variant: the same product with the same chosen options (size,
 *   filling) sums into one row, in the unit of the first line (250 g and 1 kg of the same loaf add
 *   up to 1,25 kg); a unit of another kind (pieces beside weight) makes a row of its own.
 * - What cannot be summed, an inscription or a photo, stays with its order under the row: the
 *   night shift writes "Alles Gute, Anna" on one cake, not on the sum.
 * - Rows come in groups (the category the product is sold in), groups and rows in menu order.
 * - Against the last print: each row carries the amount then printed and the difference, rows that
 *   have gone since (all their orders canceled) stay with amount 0, and notes of orders that came
 *   in after the print are marked new, so the night shift sees what changed.
 */

export interface ProductionLine {
  orderId: number;
  ticketNumber: number;
  /** When the order is due: its appointment, else when it came in. */
  due: Date;
  createdAt: Date;
  productId: number | null;
  productName: string;
  groupName: string;
  /** Sort key of the group (menu order); groups with the same name share the smallest. */
  groupPosition: number;
  /** Sort key of the product within its group. */
  productPosition: number;
  amount: number;
  unit: Unit;
  parts: readonly ChosenPart[];
}

/** What a print kept of a row: enough to show a row that has since gone. */
export interface PrintedRow {
  key: string;
  groupName: string;
  productName: string;
  variant: string;
  amount: number;
  unit: Unit;
}

export interface ProductionNote {
  orderId: number;
  ticketNumber: number;
  due: Date;
  /** 'Aufschrift: Alles Gute, Anna', 'Foto: 1 Datei'. */
  text: string;
  /** The order came in after the last print. */
  isNew: boolean;
}

export interface ProductionRow {
  key: string;
  productName: string;
  /** The chosen options, 'Größe: Ø 26 cm · Füllung: Marzipan'; empty for the plain product. */
  variant: string;
  amount: number;
  unit: Unit;
  quantity: string;
  orders: number;
  firstDue: Date | null;
  notes: ProductionNote[];
  /** The amount on the last print; null when there was none or the row was not on it. */
  printedAmount: number | null;
  /** amount − printedAmount, 0 without a print. */
  change: number;
}

export interface ProductionGroup {
  name: string;
  rows: ProductionRow[];
}

export interface ProductionList {
  groups: ProductionGroup[];
  /** Lines summed (not orders). */
  lineCount: number;
  orderCount: number;
  /** Rows whose amount differs from the last print. */
  changedRows: number;
}

/** Options of the line, part by part, in the order the product asks for them. */
function variantOf(parts: readonly ChosenPart[]): string {
  return parts
    .filter((part) => part.options && part.options.length > 0)
    .map((part) => `${part.name}: ${(part.options ?? []).map((option) => option.name).join(", ")}`)
    .join(" · ");
}

/** What stays with the order: text typed in and files sent along. */
function notesOf(parts: readonly ChosenPart[], files: (count: number) => string): string[] {
  return parts.flatMap((part) => {
    if (part.options && part.options.length > 0) return [];
    if (part.value && part.value.trim() !== "") return [`${part.name}: ${part.value.trim()}`];
    if (part.uploadIds && part.uploadIds.length > 0) {
      return [`${part.name}: ${files(part.uploadIds.length)}`];
    }
    return [];
  });
}

const round = (value: number) => Math.round(value * 1000) / 1000;

interface Building {
  row: ProductionRow;
  groupName: string;
  groupPosition: number;
  productPosition: number;
  orderIds: Set<number>;
}

export function productionList(
  lines: readonly ProductionLine[],
  lastPrint: { at: Date; rows: readonly PrintedRow[] } | null,
  files: (count: number) => string,
): ProductionList {
  const rows = new Map<string, Building>();
  const byVariant = new Map<string, string[]>();
  for (const line of lines) {
    const variant = variantOf(line.parts);
    const variantKey = `${line.productId ?? `n:${line.productName}`}|${variant}`;
    const candidates = byVariant.get(variantKey) ?? [];
    // The first row of this variant whose unit the line's amount converts into.
    let key = candidates.find((candidate) => {
      const unit = rows.get(candidate)!.row.unit;
      return unit === line.unit || convertQuantity(line.amount, line.unit, unit) !== null;
    });
    if (!key) {
      key = `${variantKey}|${line.unit}`;
      candidates.push(key);
      byVariant.set(variantKey, candidates);
      rows.set(key, {
        row: {
          key,
          productName: line.productName,
          variant,
          amount: 0,
          unit: line.unit,
          quantity: "",
          orders: 0,
          firstDue: null,
          notes: [],
          printedAmount: null,
          change: 0,
        },
        groupName: line.groupName,
        groupPosition: line.groupPosition,
        productPosition: line.productPosition,
        orderIds: new Set(),
      });
    }
    const building = rows.get(key)!;
    const { row } = building;
    const amount =
      line.unit === row.unit
        ? line.amount
        : (convertQuantity(line.amount, line.unit, row.unit) ?? 0);
    row.amount = round(row.amount + amount);
    building.orderIds.add(line.orderId);
    if (!row.firstDue || line.due < row.firstDue) row.firstDue = line.due;
    for (const text of notesOf(line.parts, files)) {
      row.notes.push({
        orderId: line.orderId,
        ticketNumber: line.ticketNumber,
        due: line.due,
        text,
        isNew: lastPrint !== null && line.createdAt > lastPrint.at,
      });
    }
  }
  for (const printed of lastPrint?.rows ?? []) {
    const building = rows.get(printed.key);
    if (building) {
      building.row.printedAmount = printed.amount;
      continue;
    }
    rows.set(printed.key, {
      row: {
        key: printed.key,
        productName: printed.productName,
        variant: printed.variant,
        amount: 0,
        unit: printed.unit,
        quantity: "",
        orders: 0,
        firstDue: null,
        notes: [],
        printedAmount: printed.amount,
        change: 0,
      },
      groupName: printed.groupName,
      groupPosition: Number.MAX_SAFE_INTEGER,
      productPosition: Number.MAX_SAFE_INTEGER,
      orderIds: new Set(),
    });
  }
  const groups = new Map<string, { position: number; rows: Building[] }>();
  let changedRows = 0;
  for (const building of rows.values()) {
    const { row } = building;
    row.orders = building.orderIds.size;
    row.quantity = formatQuantity(row.amount, row.unit);
    row.change = lastPrint ? round(row.amount - (row.printedAmount ?? 0)) : 0;
    if (row.change !== 0) changedRows += 1;
    row.notes.sort((a, b) => a.due.getTime() - b.due.getTime() || a.ticketNumber - b.ticketNumber);
    const group = groups.get(building.groupName);
    if (group) {
      group.position = Math.min(group.position, building.groupPosition);
      group.rows.push(building);
    } else {
      groups.set(building.groupName, { position: building.groupPosition, rows: [building] });
    }
  }
  const ordered = [...groups.entries()]
    .sort(([nameA, a], [nameB, b]) => a.position - b.position || nameA.localeCompare(nameB, "de"))
    .map(([name, group]) => ({
      name,
      rows: group.rows
        .sort(
          (a, b) =>
            a.productPosition - b.productPosition ||
            a.row.productName.localeCompare(b.row.productName, "de") ||
            a.row.variant.localeCompare(b.row.variant, "de"),
        )
        .map((building) => building.row),
    }));
  return {
    groups: ordered,
    lineCount: lines.length,
    orderCount: new Set(lines.map((line) => line.orderId)).size,
    changedRows,
  };
}

/** The rows a print keeps (decision 103): every row with its amount as printed. */
export function printedRows(list: ProductionList): PrintedRow[] {
  return list.groups.flatMap((group) =>
    group.rows
      .filter((row) => row.amount > 0)
      .map((row) => ({
        key: row.key,
        groupName: group.name,
        productName: row.productName,
        variant: row.variant,
        amount: row.amount,
        unit: row.unit,
      })),
  );
}
