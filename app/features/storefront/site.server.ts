import type { Db, Site } from "../../db/schema";
import { findSiteByPath } from "../../db/queries/content";

/** The one site type the CMS defines ('Standardseite'): a single HTML body. */
export const KNOWN_SITE_TYPES = ["default"] as const;

export interface SitePage {
  path: string;
  title: string;
  description: string | null;
  isDraft: boolean;
  bodyHtml: string;
}

/**
 * The site a URL names: `/site/imprint` finds the site stored as 'imprint', any other path its
 * joined segments ('/ueber-uns/team' → 'ueber-uns/team'). Null when there is none; a 500 response
 * is thrown for a type this version cannot render.
 */
export async function loadSite(db: Db, splat: string): Promise<SitePage | null> {
  const segments = splat.split("/").filter((segment) => segment !== "");
  const candidates =
    segments[0]?.toLowerCase() === "site" && segments.length > 1
      ? [segments.slice(1).join("/"), segments.join("/")]
      : [segments.join("/")];
  let site: Site | undefined;
  for (const candidate of candidates) {
    site = await findSiteByPath(db, candidate);
    if (site) break;
  }
  if (!site) return null;
  if (!(KNOWN_SITE_TYPES as readonly string[]).includes(site.type)) {
    throw new Response(null, { status: 500, statusText: "Internal Server Error" });
  }
  const body = site.content.body;
  return {
    path: site.path,
    title: site.title || site.name,
    description: site.description,
    isDraft: !site.isPublic,
    bodyHtml: typeof body === "string" ? body : "",
  };
}
