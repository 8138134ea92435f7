import { FilterBar, Select, TextInput } from "#app/components/ui";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { RATE_FILTER_OPTIONS, type ProductFilterValues } from "./product-filter";

const texts = deCatalogue.bulk;

interface Choice {
  id: number;
  name: string;
}

const RATE_FILTERS = [
  { param: "abholung", label: texts.takeawayRate, key: "takeawayTaxRate" },
  { param: "vor-ort", label: texts.dineInRate, key: "dineInTaxRate" },
] as const;

/**
 * The GET filter over products (search, category, the tag where `tags` is given, the takeaway and
 * dine-in rates `withRates`), shared by the bulk change and the labels page; `productFilterFrom`
 * reads what it sends.
 */
export function ProductFilterBar({
  filter,
  categories,
  tags,
  resetHref,
  categoryHelp,
  withRates = false,
}: {
  filter: Pick<ProductFilterValues, "search" | "categoryId"> &
    Partial<Pick<ProductFilterValues, "tagId" | "takeawayTaxRate" | "dineInTaxRate">>;
  categories: readonly Choice[];
  tags?: readonly Choice[];
  resetHref: string;
  categoryHelp?: string;
  withRates?: boolean;
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
      {withRates
        ? RATE_FILTERS.map(({ param, label, key }) => (
            <Select
              key={param}
              id={param}
              name={param}
              label={label}
              defaultValue={String(filter[key] ?? "")}
              options={RATE_FILTER_OPTIONS}
            />
          ))
        : null}
    </FilterBar>
  );
}
