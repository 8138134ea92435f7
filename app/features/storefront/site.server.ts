import type { Db, Site } from "#app/db/schema";
import { findSiteByPath } from "#app/db/queries/content";
import { getSettings } from "#app/db/queries/settings";
import { markdownToHtml } from "#app/domain/markdown";
import { sanitizeRichText } from "#app/domain/rich-text.server";
import { de } from "#app/i18n/de";

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
  /** What search engines see (decision 039): the SEO fields, else title and description. */
  seoTitle: string;
  seoDescription: string | null;
  noindex: boolean;
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
  const siteBody = typeof site?.content.body === "string" ? site.content.body.trim() : "";
  // A legal page's site with a body of its own wins (the pages are edited in "Seiten", decision
  // 039); without one, the settings' text is the body, as before.
  const legalText = legal && !siteBody ? (await getSettings(db))[legal.column] : null;
  if (legal && legalText && (!site || site.isPublic)) {
    const title = site ? site.title || site.name : legal.title;
    return {
      path: legalPath,
      title,
      description: site?.description ?? null,
      seoTitle: site?.seoTitle || title,
      seoDescription: site?.seoDescription || site?.description || null,
      noindex: site?.noindex ?? false,
      isDraft: false,
      bodyHtml: markdownToHtml(legalText),
    };
  }
  if (!site) return null;
  if (!(KNOWN_SITE_TYPES as readonly string[]).includes(site.type)) {
    throw new Response(null, { status: 500, statusText: "Internal Server Error" });
  }
  const title = site.title || site.name;
  return {
    path: site.path,
    title,
    description: site.description,
    seoTitle: site.seoTitle || title,
    seoDescription: site.seoDescription || site.description,
    noindex: site.noindex,
    isDraft: !site.isPublic,
    // Cleaned when saved and again here: rows written by hand or by an older version too.
    bodyHtml: siteBody ? sanitizeRichText(siteBody) : "",
  };
}
