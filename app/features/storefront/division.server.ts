import type { Db } from "#app/db/schema";
import { cachedReference, referenceSettings } from "#app/features/shared/reference-data.server";
import { loadBranchList, type HomeQuery } from "./home.server";
import { defaultTitle } from "./shell.server";

/**
 * A division's page (spec section 2): its branch list with search and tag filter, titled
 * '{title} - {shop title}'. An unknown or non-public division is null (the route's 404).
 */
export async function loadDivision(db: Db, identifier: string, now: Date, query: HomeQuery) {
  const [settings, division] = await Promise.all([
    referenceSettings(db),
    cachedReference(db, `division:${identifier}`, () =>
      db
        .selectFrom("divisions")
        .select(["id", "identifier", "name", "title", "description", "isPublic"])
        .where("identifier", "=", identifier)
        .executeTakeFirst(),
    ),
  ]);
  if (!division || !division.isPublic) return null;
  const title = division.title?.trim() || division.name;
  return {
    identifier: division.identifier,
    title,
    description: division.description?.trim() || null,
    pageTitle: `${title} - ${defaultTitle(settings)}`,
    list: await loadBranchList(db, now, query, { divisionId: division.id }),
  };
}
