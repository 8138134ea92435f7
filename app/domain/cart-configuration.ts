import type { ChosenPart } from "./chosen-parts";
import type { Unit } from "./units";

/** What makes two cart lines of one product the same thing to bake. */
export interface ConfiguredLine {
  productId: number;
  unit: Unit;
  /** The product's price when the line was written: a line at an older price stays apart. */
  productPrice: number;
  parts: readonly ChosenPart[];
}

/**
 * A line's configuration as one comparable string, or null for a line that never joins another:
 * one with an uploaded photo or file is its own (issue 36: "+" twice made two lines of the same
 * product with the same choices; a photo makes a different cake). Options count as a set, an
 * empty text as none; what the database did to the JSON's key order does not matter.
 */
export function configurationKey(line: ConfiguredLine): string | null {
  const parts: unknown[] = [];
  for (const part of line.parts) {
    if ((part.uploadIds?.length ?? 0) > 0) return null;
    const value = typeof part.value === "string" ? part.value : "";
    const options = (part.options ?? []).map((option) => option.optionId).sort((a, b) => a - b);
    if (value === "" && options.length === 0) continue;
    parts.push([part.partId, value, options]);
  }
  parts.sort((a, b) => (a as [number])[0] - (b as [number])[0]);
  return JSON.stringify([line.productId, line.unit, line.productPrice, parts]);
}

/** The line among `lines` that `added` joins (same product, choices, texts and unit), if any. */
export function lineToJoin<Line extends ConfiguredLine>(
  lines: readonly Line[],
  added: ConfiguredLine,
): Line | undefined {
  const key = configurationKey(added);
  if (key === null) return undefined;
  return lines.find((line) => configurationKey(line) === key);
}
