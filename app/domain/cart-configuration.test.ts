import { describe, expect, it } from "vitest";
import type { ChosenPart } from "#app/db/schema";
import { configurationKey, lineToJoin, type ConfiguredLine } from "./cart-configuration";

const select = (partId: number, ...optionIds: number[]): ChosenPart => ({
  partId,
  name: "Sorte",
  type: "multiselect",
  options: optionIds.map((optionId) => ({
    optionId,
    name: `Option ${optionId}`,
    modifier: "add",
    value: 50,
  })),
});
const text = (partId: number, value: string | null): ChosenPart => ({
  partId,
  name: "Aufschrift",
  type: "text",
  value,
});
const line = (parts: ChosenPart[], changes: Partial<ConfiguredLine> = {}): ConfiguredLine => ({
  productId: 7,
  unit: "piece",
  productPrice: 350,
  parts,
  ...changes,
});

describe("one cart line per configuration (issue 36)", () => {
  it("joins the same product with the same options and texts", () => {
    const existing = [line([select(1, 3, 2), text(2, "Alles Gute")])];
    expect(lineToJoin(existing, line([text(2, "Alles Gute"), select(1, 2, 3)]))).toBe(existing[0]);
    expect(lineToJoin([line([])], line([text(2, ""), select(1)]))).toBeDefined();
  });

  it("keeps apart other options, another text, another unit, product or price", () => {
    const existing = [line([select(1, 2), text(2, "Alles Gute")])];
    expect(lineToJoin(existing, line([select(1, 3), text(2, "Alles Gute")]))).toBeUndefined();
    expect(lineToJoin(existing, line([select(1, 2), text(2, "Alles Liebe")]))).toBeUndefined();
    expect(
      lineToJoin(existing, line([select(1, 2), text(2, "Alles Gute")], { unit: "kilogram" })),
    ).toBeUndefined();
    expect(
      lineToJoin(existing, line([select(1, 2), text(2, "Alles Gute")], { productId: 8 })),
    ).toBeUndefined();
    expect(
      lineToJoin(existing, line([select(1, 2), text(2, "Alles Gute")], { productPrice: 400 })),
    ).toBeUndefined();
  });

  it("never joins a line with an uploaded photo", () => {
    const photo: ChosenPart = { partId: 4, name: "Foto", type: "image", uploadIds: [11] };
    expect(configurationKey(line([photo]))).toBeNull();
    expect(lineToJoin([line([photo])], line([photo]))).toBeUndefined();
    expect(lineToJoin([line([photo])], line([]))).toBeUndefined();
  });
});
