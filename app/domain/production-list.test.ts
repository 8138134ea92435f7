import { describe, expect, it } from "vitest";
import type { ChosenPart } from "./chosen-parts";
import {
  printedRows,
  productionList,
  type ProductionLine,
  type ProductionList,
} from "./production-list";

const files = (count: number) => `${count} Datei${count === 1 ? "" : "en"}`;
const at = (clock: string) => new Date(`2026-12-20T${clock}:00+01:00`);

const size = (name: string): ChosenPart => ({
  partId: 1,
  name: "Größe",
  type: "select",
  options: [{ optionId: name.length, name, modifier: "add", value: 0 }],
});
const inscription = (text: string): ChosenPart => ({
  partId: 2,
  name: "Aufschrift",
  type: "text",
  value: text,
});

let nextOrder = 1;
function line(overrides: Partial<ProductionLine>): ProductionLine {
  const orderId = overrides.orderId ?? nextOrder++;
  return {
    orderId,
    ticketNumber: orderId,
    due: at("09:00"),
    createdAt: at("08:00"),
    productId: 1,
    productName: "Christstollen",
    groupName: "Weihnachten",
    groupPosition: 1,
    productPosition: 1,
    amount: 1,
    unit: "piece",
    parts: [],
    ...overrides,
  };
}

const rowsOf = (list: ProductionList) =>
  list.groups.map((group) => [
    group.name,
    group.rows.map((row) => [row.productName, row.variant, row.quantity, row.orders]),
  ]);

describe("the production list", () => {
  it("sums each product per variant and keeps the earliest due time", () => {
    const list = productionList(
      [
        line({ amount: 2, parts: [size("500 g")], due: at("10:00") }),
        line({ amount: 1, parts: [size("1 kg")], due: at("07:30") }),
        line({ amount: 3, parts: [size("500 g")], due: at("08:15") }),
        line({ amount: 4 }),
      ],
      null,
      files,
    );
    expect(rowsOf(list)).toEqual([
      [
        "Weihnachten",
        [
          ["Christstollen", "", "4 Stk.", 1],
          ["Christstollen", "Größe: 1 kg", "1 Stk.", 1],
          ["Christstollen", "Größe: 500 g", "5 Stk.", 2],
        ],
      ],
    ]);
    const half = list.groups[0]!.rows[2]!;
    expect(half.firstDue).toEqual(at("08:15"));
    expect(list.orderCount).toBe(4);
    expect(list.changedRows).toBe(0);
  });

  it("adds weights in the first line's unit and keeps pieces apart", () => {
    const list = productionList(
      [
        line({ productId: 7, productName: "Bauernbrot", amount: 250, unit: "gram" }),
        line({ productId: 7, productName: "Bauernbrot", amount: 1, unit: "kilogram" }),
        line({ productId: 7, productName: "Bauernbrot", amount: 2, unit: "piece" }),
      ],
      null,
      files,
    );
    const quantities = list.groups[0]!.rows.map((row) => row.quantity);
    expect(quantities).toEqual(["1.250 g", "2 Stk."]);
  });

  it("keeps inscriptions with their order, in due order, instead of summing them", () => {
    const list = productionList(
      [
        line({
          productId: 3,
          productName: "Torte",
          ticketNumber: 12,
          due: at("15:00"),
          parts: [size("Ø 26 cm"), inscription("Alles Gute, Anna")],
        }),
        line({
          productId: 3,
          productName: "Torte",
          ticketNumber: 4,
          due: at("11:00"),
          parts: [size("Ø 26 cm"), inscription("  Frohe Weihnachten ")],
        }),
      ],
      null,
      files,
    );
    const [row] = list.groups[0]!.rows;
    expect(row!.quantity).toBe("2 Stk.");
    expect(row!.notes.map((note) => [note.ticketNumber, note.text])).toEqual([
      [4, "Aufschrift: Frohe Weihnachten"],
      [12, "Aufschrift: Alles Gute, Anna"],
    ]);
  });

  it("orders groups and rows by their menu positions", () => {
    const list = productionList(
      [
        line({ productId: 9, productName: "Brezel", groupName: "Brot", groupPosition: 2 }),
        line({ productId: 8, productName: "Zopf", groupName: "Feines", groupPosition: 1 }),
        line({
          productId: 10,
          productName: "Baguette",
          groupName: "Brot",
          groupPosition: 2,
          productPosition: 5,
        }),
      ],
      null,
      files,
    );
    expect(rowsOf(list).map(([name]) => name)).toEqual(["Feines", "Brot"]);
    expect(list.groups[1]!.rows.map((row) => row.productName)).toEqual(["Brezel", "Baguette"]);
  });

  it("shows what changed since the last print, rows that went included", () => {
    const early = [
      line({ orderId: 100, amount: 3 }),
      line({ orderId: 101, productId: 2, productName: "Früchtebrot", amount: 2 }),
    ];
    const printed = productionList(early, null, files);
    const print = { at: at("18:00"), rows: printedRows(printed) };
    // After the print: order 101 is canceled, a new order adds two Stollen with an inscription.
    const later = productionList(
      [
        early[0]!,
        line({
          orderId: 102,
          amount: 2,
          createdAt: at("19:00"),
          parts: [inscription("Für Oma")],
        }),
      ],
      print,
      files,
    );
    const rows = later.groups[0]!.rows;
    expect(rows.map((row) => [row.productName, row.amount, row.printedAmount, row.change])).toEqual(
      [
        ["Christstollen", 5, 3, 2],
        ["Früchtebrot", 0, 2, -2],
      ],
    );
    expect(rows[0]!.notes).toEqual([
      expect.objectContaining({ text: "Aufschrift: Für Oma", isNew: true }),
    ]);
    expect(later.changedRows).toBe(2);
  });

  it("a print keeps only rows with something to bake", () => {
    const list = productionList([line({ amount: 2 })], null, files);
    expect(printedRows(list)).toEqual([
      {
        key: list.groups[0]!.rows[0]!.key,
        groupName: "Weihnachten",
        productName: "Christstollen",
        variant: "",
        amount: 2,
        unit: "piece",
      },
    ]);
  });
});
