/**
 * Identifiers made from names (decision 098): 'Große Brötchen' → 'grosse-broetchen'. German
 * letters are written out (ä → ae, ö → oe, ü → ue, ß → ss), other accents dropped, everything
 * but letters and digits becomes one hyphen, and the result is cut to the field's length.
 */
const GERMAN: Record<string, string> = {
  ä: "ae",
  ö: "oe",
  ü: "ue",
  ß: "ss",
  Ä: "ae",
  Ö: "oe",
  Ü: "ue",
  ẞ: "ss",
};

export function slugify(text: string, max = 80): string {
  const written = text
    .replace(/[äöüßÄÖÜẞ]/g, (letter) => GERMAN[letter] ?? letter)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  const slug = written.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return slug.slice(0, max).replace(/-+$/, "");
}

/**
 * The first of `base`, `base-2`, `base-3` … that `taken` does not hold, within `max` characters
 * (the base is shortened to make room for the number).
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>, max = 80): string {
  if (!taken.has(base)) return base;
  for (let number = 2; ; number += 1) {
    const suffix = `-${number}`;
    const head = base.slice(0, max - suffix.length).replace(/-+$/, "");
    const candidate = `${head}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
