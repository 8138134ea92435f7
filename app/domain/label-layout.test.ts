import { describe, expect, it } from "vitest";
import { A4, LABEL_LAYOUTS, labelSlots, sheetCount, slotAt, mmToPt } from "./label-layout";

describe("label layouts on A4", () => {
  it("puts 48 compact labels in 12 rows of 4, inside the sheet", () => {
    const layout = LABEL_LAYOUTS.compact;
    const slots = labelSlots(layout, 48);
    expect(slots).toHaveLength(48);
    expect(new Set(slots.map((slot) => slot.page))).toEqual(new Set([0]));
    expect(slots[0]).toMatchObject({ x: 9.7, y: 21.5, row: 0, column: 0, position: 1 });
    expect(slots[3]).toMatchObject({ x: 154.6, y: 21.5, row: 0, column: 3 });
    expect(slots[4]).toMatchObject({ x: 9.7, y: 42.7, row: 1, column: 0 });
    expect(slots[47]).toMatchObject({ x: 154.6, y: 254.7, row: 11, column: 3, position: 48 });
    for (const slot of slots) {
      expect(slot.x).toBeGreaterThanOrEqual(0);
      expect(slot.y).toBeGreaterThanOrEqual(0);
      expect(slot.x + slot.width).toBeLessThanOrEqual(A4.width);
      expect(slot.y + slot.height).toBeLessThanOrEqual(A4.height);
    }
    // Symmetric on the sheet: the right margin is the left one.
    expect(A4.width - (slots[3]!.x + slots[3]!.width)).toBeCloseTo(layout.left, 3);
  });

  it("puts 10 detail labels in 5 rows of 2 that fill the sheet", () => {
    const slots = labelSlots(LABEL_LAYOUTS.detail, 10);
    expect(slots.map((slot) => [slot.x, slot.y])).toEqual([
      [4.65, 6],
      [106.25, 6],
      [4.65, 63],
      [106.25, 63],
      [4.65, 120],
      [106.25, 120],
      [4.65, 177],
      [106.25, 177],
      [4.65, 234],
      [106.25, 234],
    ]);
    const last = slots[9]!;
    expect(last.x + last.width).toBeCloseTo(205.35, 3);
    expect(last.y + last.height).toBe(291);
  });

  it("starts on a partly used sheet and goes on to the next sheets", () => {
    const layout = LABEL_LAYOUTS.detail;
    const slots = labelSlots(layout, 5, 8);
    expect(slots.map((slot) => [slot.page, slot.position])).toEqual([
      [0, 8],
      [0, 9],
      [0, 10],
      [1, 1],
      [1, 2],
    ]);
    expect(slots[3]).toMatchObject(slotAt(layout, 1, 1));
    expect(sheetCount(layout, 5, 8)).toBe(2);
    expect(sheetCount(LABEL_LAYOUTS.compact, 48)).toBe(1);
    expect(sheetCount(LABEL_LAYOUTS.compact, 49)).toBe(2);
    expect(sheetCount(LABEL_LAYOUTS.compact, 0)).toBe(0);
    // A start beyond the sheet is clamped to its last position.
    expect(labelSlots(layout, 1, 99)[0]).toMatchObject({ page: 0, position: 10 });
  });

  it("converts millimetres to points", () => {
    expect(mmToPt(A4.width)).toBeCloseTo(595.28, 2);
    expect(mmToPt(A4.height)).toBeCloseTo(841.89, 2);
  });
});
