import { resource } from "#app/i18n/de-backoffice";

/** The allergens' German texts (the area's own catalogue, decision 083). */
export const deAllergens = {
  area: {
    label: "Allergene",
    description: "Die Allergene, die Produkte nennen: Kurzzeichen und Name.",
  },
  resource: resource("Allergene", "Allergen", { newTitle: "Neues Allergen", article: "das" }),
  code: "Kurzzeichen",
  codeHelp: "Ein bis drei Großbuchstaben oder Ziffern, zum Beispiel 'A' oder 'G'.",
  codeFormat: "Bitte ein bis drei Großbuchstaben oder Ziffern, zum Beispiel 'A'.",
  inProducts: (count: number) =>
    count === 1 ? "1 Produkt nennt es noch." : `${count} Produkte nennen es noch.`,
};
