import { sql } from "kysely";
import type { Db, NavigationItem } from "#app/db/schema";
import { cachedReference } from "#app/features/shared/reference-data.server";
import { isSafeLink } from "#app/domain/input-rules";
import { siteHref } from "./site-paths";

/** The names of the navigations with an entry (or a nested entry) pointing at this site. */
export async function navigationsNaming(db: Db, siteId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("navigations")
    .select("name")
    .where(
      sql<boolean>`jsonb_path_exists(items, '$[*] ? (@.siteId == $id)', jsonb_build_object('id', ${siteId}::int))
        or jsonb_path_exists(items, '$[*].children[*] ? (@.siteId == $id)', jsonb_build_object('id', ${siteId}::int))`,
    )
    .orderBy("name")
    .execute();
  return rows.map((row) => row.name);
}

/** The site ids a list of entries names, nested ones included. */
export function siteIdsOf(items: readonly NavigationItem[]): number[] {
  return [
    ...new Set(
      items.flatMap((item) =>
        [item, ...(item.children ?? [])].flatMap((entry) =>
          typeof entry.siteId === "number" ? [entry.siteId] : [],
        ),
      ),
    ),
  ];
}

/** The public sites' paths by id, kept as reference data. */
export function publicSitePaths(db: Db): Promise<ReadonlyMap<number, string>> {
  return cachedReference(db, "sites:public-paths", async () => {
    const rows = await db
      .selectFrom("sites")
      .select(["id", "path"])
      .where("isPublic", "=", true)
      .execute();
    return new Map(rows.map((row) => [row.id, row.path]));
  });
}

export interface NavLink {
  label: string;
  href: string;
  external: boolean;
  children: NavLink[];
}

/**
 * A navigation as the shop shows it (the shell reads `header` and `footer` on every page): kept
 * as reference data, dropped on every change of navigations or sites (decision 032). Entries
 * pointing at a site that is not public are left out (visitors would meet a 404), and so are
 * their nested entries.
 */
export async function shopNavigation(db: Db, identifier: string): Promise<NavLink[]> {
  const [navigation, sites] = await Promise.all([
    cachedReference(db, `navigation:${identifier}`, () =>
      db
        .selectFrom("navigations")
        .select("items")
        .where("identifier", "=", identifier)
        .executeTakeFirst(),
    ),
    publicSitePaths(db),
  ]);
  if (!navigation) return [];
  const link = (item: NavigationItem): NavLink | null => {
    let href: string | null = null;
    if (typeof item.siteId === "number") {
      const path = sites.get(item.siteId);
      href = path === undefined ? null : siteHref(path);
    } else if (item.href && isSafeLink(item.href)) {
      // Stored before the shared link rule (decision 073) held: an off-site trick is left out.
      href = item.href;
    }
    if (href === null) return null;
    return {
      label: item.label,
      href,
      external: /^https:\/\//.test(href),
      children: (item.children ?? []).flatMap((child) => {
        const entry = link({ ...child, children: [] });
        return entry ? [entry] : [];
      }),
    };
  };
  return navigation.items.flatMap((item) => {
    const entry = link(item);
    return entry ? [entry] : [];
  });
}
