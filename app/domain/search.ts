import { de } from "#app/i18n/de";

/** The fields of a branch the storefront search looks at. */
export interface SearchableBranch {
  name: string;
  street?: string | null;
  city?: string | null;
  zipCode?: string | null;
  /** Free text or a list, as the back office stores it. */
  keywords?: string | readonly string[] | null;
  tags?: readonly { id: number | string; name: string }[] | null;
}

export interface BranchFilter {
  term?: string | null;
  tagId?: number | string | null;
}

/**
 * Case-insensitive in German: lower-cased with the German locale, ß, ä, ö, ü written out as ss,
 * ae, oe, ue, and other accents dropped, on both sides: "strasse" finds "Hauptstraße",
 * "muenchen" finds "München" and "cafe" finds "Café".
 */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFC")
    .toLocaleLowerCase("de-DE")
    .replace(/ß/g, "ss")
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .normalize("NFD")
    .replace(/\p{M}/gu, "");
}

/** The term, trimmed and split on commas and spaces, folded; empty when nothing was typed. */
export function searchWords(term: string | null | undefined): string[] {
  return (term ?? "")
    .trim()
    .split(/[\s,]+/)
    .filter((word) => word !== "")
    .map(foldForSearch);
}

function searchableTexts(branch: SearchableBranch): string[] {
  const keywords =
    typeof branch.keywords === "string" ? [branch.keywords] : [...(branch.keywords ?? [])];
  return [
    branch.name,
    branch.street ?? "",
    branch.city ?? "",
    branch.zipCode ?? "",
    ...keywords,
    ...(branch.tags ?? []).map((tag) => tag.name),
  ].map(foldForSearch);
}

/** A branch matches when ANY word occurs in any of its fields (a part of a word is enough). */
export function matchesSearch(branch: SearchableBranch, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const texts = searchableTexts(branch);
  return words.some((word) => texts.some((text) => text.includes(word)));
}

export function hasTag(branch: SearchableBranch, tagId: number | string): boolean {
  return (branch.tags ?? []).some((tag) => String(tag.id) === String(tagId));
}

/** The branches to list, in their given order: the tag filter first restricts, the term matches. */
export function filterBranches<T extends SearchableBranch>(
  branches: readonly T[],
  filter: BranchFilter,
): T[] {
  const words = searchWords(filter.term);
  const tagId = filter.tagId;
  return branches.filter(
    (branch) =>
      (tagId === null || tagId === undefined || tagId === "" || hasTag(branch, tagId)) &&
      matchesSearch(branch, words),
  );
}

/** 'x von y Filialen', or the no-results sentence when nothing was found. */
export function searchResultText(shown: number, total: number): string {
  return shown === 0 ? de.search.noResults : de.search.resultCount(shown, total);
}
