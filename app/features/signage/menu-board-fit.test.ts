import { describe, expect, it } from "vitest";
import { menuBoardRows } from "./menu-board-fit";

describe("menuBoardRows", () => {
  it("counts a heading per category and a line per short product", () => {
    const rows = menuBoardRows([
      { name: "Brot", products: [{ name: "Bauernbrot" }, { name: "Dinkelbrot" }] },
      { name: "Kuchen", products: [{ name: "Apfelkuchen" }] },
    ]);
    expect(rows).toBeCloseTo(2 * (0.8 + 1.375) + 3 * 1.25);
  });

  it("gives a long name the lines it wraps to, the sold-out mark included", () => {
    const long = "Schwarzwälder Kirschtorte (ganz, 16 Stück)";
    const one = menuBoardRows([{ name: "Torten", products: [{ name: long }] }]);
    expect(one).toBeCloseTo(0.8 + 1.375 + 3 * 1.25);
    const marked = menuBoardRows(
      [{ name: "Torten", products: [{ name: "Käsekuchen vom Blech", soldOut: true }] }],
      "ausverkauft",
    );
    expect(marked).toBeCloseTo(0.8 + 1.375 + 2 * 1.25);
  });

  it("is nothing for an empty board", () => {
    expect(menuBoardRows([])).toBe(0);
  });
});
