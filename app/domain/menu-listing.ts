import { de } from "#app/i18n/de";
import { foldForSearch, searchWords } from "./search";

/** How long the search term may be: longer input is cut, not refused (a GET form). */
export const MENU_SEARCH_MAX_LENGTH = 100;

/** The query parameter of the menu's search form (`?suche=brot`). */
export const MENU_SEARCH_PARAM = "suche";

/** How often an open menu asks whether the menu changed, and when it reloads anyway (spec 9). */
export const MENU_CHECK_INTERVAL_MS = 10_000;
export const MENU_RELOAD_AFTER_MS = 4 * 60 * 60 * 1000;

export interface ListedRow {
  name: string;
  description: string | null;
  isAvailable: boolean;
}

export interface ListedSection<R extends ListedRow> {
  products: R[];
}

/**
 * Available products first, in their menu order, then the unavailable ones (sold out, not
 * orderable now); categories with nothing to order now move behind the others, so the first
 * screen never shows only what cannot be ordered. Stable: the menu's order decides otherwise.
 */
export function availableFirst<R extends ListedRow, S extends ListedSection<R>>(
  sections: readonly S[],
): S[] {
  const ordered = sections.map((section) => {
    const available = section.products.filter((product) => product.isAvailable);
    if (available.length === section.products.length) return section;
    const unavailable = section.products.filter((product) => !product.isAvailable);
    return { ...section, products: [...available, ...unavailable] };
  });
  const orderable = ordered.filter((section) => section.products.some((p) => p.isAvailable));
  const rest = ordered.filter((section) => !section.products.some((p) => p.isAvailable));
  return [...orderable, ...rest];
}

/** The term as the search form may carry it: one line, at most 100 characters. */
export function cleanMenuSearch(value: string | null | undefined): string {
  return (value ?? "")
    .replace(/[\p{Cc}\p{Cs}\p{Co}\p{Cn}\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/gu, " ")
    .slice(0, MENU_SEARCH_MAX_LENGTH)
    .trim();
}

/**
 * Whether a product matches every word of the term in its name or description (a part of a
 * word is enough; case, umlauts and accents do not matter: "brotchen" and "broetchen" both find
 * "Brötchen"). An empty term matches everything.
 */
export function matchesMenuSearch(row: ListedRow, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const text = foldForSearch(`${row.name}\n${row.description ?? ""}`);
  const loose = text.replace(/([aou])e/g, "$1");
  return words.every(
    (word) => text.includes(word) || loose.includes(word.replace(/([aou])e/g, "$1")),
  );
}

/** The sections with only the matching products; sections left empty are dropped. */
export function filterMenu<R extends ListedRow, S extends ListedSection<R>>(
  sections: readonly S[],
  term: string,
): S[] {
  const words = searchWords(cleanMenuSearch(term));
  if (words.length === 0) return [...sections];
  return sections.flatMap((section) => {
    const products = section.products.filter((product) => matchesMenuSearch(product, words));
    return products.length > 0 ? [{ ...section, products }] : [];
  });
}

export type LeadTimeUnit = "minutes" | "hours" | "days" | "weeks";

export interface LeadTime {
  isLeadTimeEnabled: boolean;
  leadTimeType: LeadTimeUnit | null;
  leadTimeValue: number | null;
}

/** 'Vorlaufzeit: 2 Tage', or null when the product has none. */
export function leadTimeText(product: LeadTime): string | null {
  const value = product.leadTimeValue ?? 0;
  if (!product.isLeadTimeEnabled || !product.leadTimeType || !(value > 0)) return null;
  const units = de.menu.leadTimeUnits[product.leadTimeType];
  const amount = String(value).replace(".", ",");
  return de.menu.leadTime(`${amount} ${value === 1 ? units.one : units.many}`);
}
