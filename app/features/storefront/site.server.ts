import type { Db, Site } from "../../db/schema";
import { findSiteByPath } from "../../db/queries/content";
import { getSettings } from "../../db/queries/settings";
import { markdownToHtml } from "../../domain/markdown";
import { de } from "../../i18n/de";

/**
 * The legal pages whose text the settings keep (spec section 3: termsAndConditionsText …): when
 * the text is set it is the page's body, so an edit in the back office shows at once; the site
 * row, if any, still gives the title.
 */
const LEGAL_TEXTS = {
  "terms-and-conditions": { column: "termsAndConditionsText", title: de.shell.terms },
  privacy: { column: "privacyPolicyText", title: de.shell.privacy },
  imprint: { column: "imprintText", title: de.shell.imprint },
  allergens: { column: "allergensText", title: de.shell.allergens },
} as const;

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
  const legalPath = (site?.path ?? candidates[0] ?? "") as keyof typeof LEGAL_TEXTS;
  const legal = Object.hasOwn(LEGAL_TEXTS, legalPath) ? LEGAL_TEXTS[legalPath] : null;
  const legalText = legal ? (await getSettings(db))[legal.column] : null;
  if (legal && legalText) {
    return {
      path: legalPath,
      title: site ? site.title || site.name : legal.title,
      description: site?.description ?? null,
      isDraft: false,
      bodyHtml: markdownToHtml(legalText),
    };
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
