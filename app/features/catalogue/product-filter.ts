import { parseId } from "#app/domain/values";

/**
 * The product filter of the bulk change and the label pages: `suche` (name or identifier, at most
 * 100 characters), `kategorie` and `schlagwort` (ids; anything else means "all"). Both pages
 * query with `matchingProducts` and draw the bar with `ProductFilterBar`.
 */
export interface ProductFilterValues {
  search: string;
  categoryId: number | null;
  tagId: number | null;
}

export function productFilterFrom(params: URLSearchParams | FormData): ProductFilterValues {
  const text = params.get("suche");
  return {
    search: typeof text === "string" ? text.trim().slice(0, 100) : "",
    categoryId: parseId(params.get("kategorie")),
    tagId: parseId(params.get("schlagwort")),
  };
}
