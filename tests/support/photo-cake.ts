import type { Kysely } from "kysely";
import { findBranchByIdentifier } from "#app/db/queries/branches";
import { getSettings } from "#app/db/queries/settings";
import type { Database } from "#app/db/schema";
import { loadActiveCatalogue } from "#app/features/storefront/menu-catalogue.server";

/**
 * The seeded photo cake ("motivtorte") at Altstadt as a cart change needs it: the branch, its
 * orderable products at `now`, the cake, the form field of its photo and the other required
 * choices (first size, first filling).
 */
export async function photoCakeAtAltstadt(db: Kysely<Database>, now: Date) {
  const settings = await getSettings(db);
  const branch = (await findBranchByIdentifier(db, "altstadt"))!;
  const { orderable } = await loadActiveCatalogue(db, branch.id, now, settings.businessTimeZone);
  const cake = [...orderable.values()].find((product) => product.identifier === "motivtorte")!;
  const byName = (name: string) => cake.parts.find((part) => part.name === name)!;
  const size = byName("Größe");
  const filling = byName("Füllung");
  return {
    settings,
    branch,
    orderable,
    cake,
    photoField: `part-${byName("Foto für den Tortenaufleger").id}`,
    otherFields: {
      [`part-${size.id}`]: String(size.options[0]!.id),
      [`part-${filling.id}`]: String(filling.options[0]!.id),
    },
  };
}
