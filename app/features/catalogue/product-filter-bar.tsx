import { FilterBar, Select, TextInput } from "#app/components/ui";
import { deCatalogue } from "#app/i18n/de-catalogue";
import type { ProductFilterValues } from "./product-filter";

const texts = deCatalogue.bulk;

interface Choice {
  id: number;
  name: string;
}

/**
 * The GET filter over products (search, category, and the tag where `tags` is given), shared by
 * the bulk change and the labels page; `productFilterFrom` reads what it sends.
 */
export function ProductFilterBar({
  filter,
  categories,
  tags,
  resetHref,
  categoryHelp,
}: {
  filter: Pick<ProductFilterValues, "search" | "categoryId"> & { tagId?: number | null };
  categories: readonly Choice[];
  tags?: readonly Choice[];
  resetHref: string;
  categoryHelp?: string;
}) {
  return (
    <FilterBar label={texts.filterLabel} resetHref={resetHref}>
      <TextInput
        id="suche"
        name="suche"
        type="search"
        label={texts.search}
        help={texts.searchHelp}
        defaultValue={filter.search}
        maxLength={100}
      />
      <Select
        id="kategorie"
        name="kategorie"
        label={texts.category}
        help={categoryHelp}
        defaultValue={String(filter.categoryId ?? "")}
        options={[
          { value: "", label: texts.anyCategory },
          ...categories.map((category) => ({ value: String(category.id), label: category.name })),
        ]}
      />
      {tags ? (
        <Select
          id="schlagwort"
          name="schlagwort"
          label={texts.tag}
          defaultValue={String(filter.tagId ?? "")}
          options={[
            { value: "", label: texts.anyTag },
            ...tags.map((tag) => ({ value: String(tag.id), label: tag.name })),
          ]}
        />
      ) : null}
    </FilterBar>
  );
}
