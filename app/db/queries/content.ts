import type { Block, Db, Donatee, Navigation, Site } from "#app/db/schema";

/**
 * A site by its path as the URL names it: '/site/imprint', 'imprint/' and 'imprint' all find
 * the site stored as 'imprint'. Drafts are returned too (the page marks them); callers decide.
 */
export async function findSiteByPath(db: Db, path: string): Promise<Site | undefined> {
  const normalised = path
    .split("/")
    .filter((segment) => segment !== "")
    .join("/")
    .toLowerCase();
  if (normalised === "") return undefined;
  return db.selectFrom("sites").selectAll().where("path", "=", normalised).executeTakeFirst();
}

export async function listPublicBlocks(db: Db): Promise<Block[]> {
  return db
    .selectFrom("blocks")
    .selectAll()
    .where("isPublic", "=", true)
    .orderBy("position")
    .orderBy("identifier")
    .execute();
}

export async function findBlockByIdentifier(
  db: Db,
  identifier: string,
): Promise<Block | undefined> {
  return db
    .selectFrom("blocks")
    .selectAll()
    .where("identifier", "=", identifier)
    .executeTakeFirst();
}

/** Donation recipients in display order; the storefront offers only the enabled ones. */
export async function listDonatees(
  db: Db,
  { includeDisabled = false }: { includeDisabled?: boolean } = {},
): Promise<Donatee[]> {
  let query = db.selectFrom("donatees").selectAll().orderBy("position").orderBy("name");
  if (!includeDisabled) query = query.where("isEnabled", "=", true);
  return query.execute();
}

export async function findNavigationByIdentifier(
  db: Db,
  identifier: string,
): Promise<Navigation | undefined> {
  return db
    .selectFrom("navigations")
    .selectAll()
    .where("identifier", "=", identifier)
    .executeTakeFirst();
}
