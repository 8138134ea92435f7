import { de } from "#app/i18n/de";

export type PartType =
  "text" | "textarea" | "image" | "images" | "file" | "files" | "select" | "multiselect";
export type PriceModifier = "add" | "subtract" | "overwrite";

/** What the customer chose for one configurable part of a cart or order item. */
export interface ChosenPart {
  partId: number;
  name: string;
  type: PartType;
  /** Text for text/textarea parts. */
  value?: string | null;
  /** Chosen options for select/multiselect parts, with the price effect they had. */
  options?: { optionId: number; name: string; modifier: PriceModifier; value: number }[];
  /** Uploads for image(s)/file(s) parts. */
  uploadIds?: number[];
}

/** A chosen option as an order keeps it: its name and price effect at the time of choosing. */
export type ChosenOption = NonNullable<ChosenPart["options"]>[number];

/** The catalogue's options, those that exist, as the item keeps them. */
export function chosenOptions(
  options: readonly (
    { id: number; name: string; modifier: PriceModifier; value: number } | undefined
  )[],
): ChosenOption[] {
  return options.flatMap((option) =>
    option
      ? [{ optionId: option.id, name: option.name, modifier: option.modifier, value: option.value }]
      : [],
  );
}

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
