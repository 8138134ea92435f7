/**
 * The 14 allergens the EU's food information regulation (LMIV, Annex II) requires a shop to
 * declare, by code (stored in `products.allergen_codes`) with their usual German names. Products
 * name the ones they contain; anything else (traces, other ingredients) is the free text beside.
 */
export const ALLERGENS = [
  { code: "gluten", label: "Glutenhaltiges Getreide" },
  { code: "crustaceans", label: "Krebstiere" },
  { code: "eggs", label: "Eier" },
  { code: "fish", label: "Fisch" },
  { code: "peanuts", label: "Erdnüsse" },
  { code: "soybeans", label: "Soja" },
  { code: "milk", label: "Milch (einschließlich Laktose)" },
  { code: "nuts", label: "Schalenfrüchte (Nüsse)" },
  { code: "celery", label: "Sellerie" },
  { code: "mustard", label: "Senf" },
  { code: "sesame", label: "Sesam" },
  { code: "sulphites", label: "Schwefeldioxid und Sulfite" },
  { code: "lupin", label: "Lupinen" },
  { code: "molluscs", label: "Weichtiere" },
] as const;

export type AllergenCode = (typeof ALLERGENS)[number]["code"];

const LABELS = new Map<string, string>(ALLERGENS.map(({ code, label }) => [code, label]));

export function isAllergenCode(code: string): code is AllergenCode {
  return LABELS.has(code);
}

/** The German names of the codes, in the regulation's order; unknown codes are left out. */
export function allergenLabels(codes: readonly string[]): string[] {
  const chosen = new Set(codes);
  return ALLERGENS.filter(({ code }) => chosen.has(code)).map(({ label }) => label);
}
