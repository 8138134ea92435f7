import type { ChosenPart } from "../db/schema";
import { de } from "../i18n/de";

/** One short line per filled step of a configured item: 'Größe: Ø 22 cm', 'Foto: 1 Datei'. */
export function describeChosenParts(parts: readonly ChosenPart[]): string[] {
  return parts.flatMap((part) => {
    if (part.options && part.options.length > 0) {
      return [`${part.name}: ${part.options.map((option) => option.name).join(", ")}`];
    }
    if (part.value) return [`${part.name}: ${part.value}`];
    if (part.uploadIds && part.uploadIds.length > 0) {
      return [`${part.name}: ${de.cartPanel.files(part.uploadIds.length)}`];
    }
    return [];
  });
}
