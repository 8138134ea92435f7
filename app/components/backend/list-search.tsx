import { useLocation } from "@remix-run/react";
import { FilterBar, TextInput } from "#app/components/ui";

/**
 * The search row above a hand-made list of the back office (users, files, images): one search
 * field `suche` of up to 100 characters, sent as a GET form, and a reset back to the plain list.
 */
export function ListSearch({
  label,
  search,
  submitLabel,
}: {
  label: string;
  search: string;
  submitLabel?: string;
}) {
  const location = useLocation();
  return (
    <FilterBar label={label} resetHref={location.pathname} submitLabel={submitLabel}>
      <TextInput
        id="suche"
        name="suche"
        type="search"
        label={label}
        defaultValue={search}
        maxLength={100}
      />
    </FilterBar>
  );
}
