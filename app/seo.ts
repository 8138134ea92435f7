import type { MetaDescriptor } from "@remix-run/node";
import type { ShellData } from "./features/storefront/shell.server";

export interface PageSeo {
  /** The page's own title; the shop's default title when absent (the home page). */
  title?: string | null;
  /** Falls back to the shop's seoDescription, else description. */
  description?: string | null;
  /** An absolute or site-relative image; the logo, else the shop icon. */
  image?: string | null;
}

interface MatchLike {
  id: string;
  data?: unknown;
}

/** The root loader's shell, found among a meta function's matches. */
export function shellFromMatches(matches: readonly MatchLike[]): ShellData | null {
  const root = matches.find((match) => match.id === "root")?.data as
    { shell?: ShellData } | undefined;
  return root?.shell ?? null;
}

/** '{page} - {shop title}', as section 2 lists the page titles. */
export function pageTitle(shell: Pick<ShellData, "defaultTitle">, page: string): string {
  return `${page} - ${shell.defaultTitle}`;
}

/**
 * Every head tag that names the page, kept in step: title, description, canonical URL (the
 * site's origin plus the path, no query), Open Graph and Twitter variants, image. A route's meta
 * replaces its parents' in Remix, so each route calls this with its own title.
 */
export function seoMeta(
  matches: readonly MatchLike[],
  location: { pathname: string },
  page: PageSeo = {},
): MetaDescriptor[] {
  const shell = shellFromMatches(matches);
  if (!shell) return page.title ? [{ title: page.title }] : [];
  const title = page.title || shell.defaultTitle;
  const description = page.description || shell.description;
  const url = `${shell.origin}${location.pathname}`;
  const imagePath = page.image || shell.logoUrl || "/favicon.svg";
  const image = /^https?:\/\//.test(imagePath) ? imagePath : `${shell.origin}${imagePath}`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: shell.shopName },
    { property: "og:locale", content: "de_DE" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}
