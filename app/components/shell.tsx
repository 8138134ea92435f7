import { Form, Link, useLocation, useMatches } from "@remix-run/react";
import { de } from "#app/i18n/de";
import type { LegalLink, ShellData } from "#app/features/storefront/shell.server";
import type { NavLink } from "#app/features/content/navigation-items.server";
import { FOOTER_SLOT_ID } from "#app/features/pwa/pwa-host";
import { useSelfService } from "./kiosk";
import { Button } from "./ui/button";

/** The branch the visitor is looking at, from the URL (`/store/{identifier}/…`). */
function useCurrentBranchIdentifier(): string | null {
  const matches = useMatches();
  for (const match of matches) {
    const identifier = match.params.branchIdentifier;
    if (identifier) return identifier;
  }
  return null;
}

export function Toolbar({ toolbar }: { toolbar: NonNullable<ShellData["toolbar"]> }) {
  const identifier = useCurrentBranchIdentifier();
  const branch = identifier
    ? toolbar.branches.find((candidate) => candidate.identifier === identifier)
    : undefined;
  return (
    <aside className="toolbar" aria-label={de.shell.toolbar}>
      {branch ? (
        <p>
          <Link to="/" className="toolbar-branch">
            {branch.name}
          </Link>{" "}
          <span className={`toolbar-status is-${branch.tone}`}>{branch.label}</span>
        </p>
      ) : (
        <p>{toolbar.summary}</p>
      )}
    </aside>
  );
}

export function SiteHeader({ shell }: { shell: ShellData }) {
  return (
    <header className="site-header">
      <Link to="/" className="brand">
        {shell.logoUrl ? (
          <img
            src={shell.logoUrl}
            alt={shell.shopName}
            width={shell.logoSize?.width ?? 160}
            height={shell.logoSize?.height ?? 48}
            className="brand-logo"
          />
        ) : (
          <span className="brand-name">{shell.shopName}</span>
        )}
      </Link>
      {shell.headerNavigation.length ? (
        <nav className="site-nav" aria-label={de.shell.headerNavigation}>
          <NavList links={shell.headerNavigation} />
        </nav>
      ) : null}
    </header>
  );
}

/** An owner's menu (decision 039): plain links, a nested list for an entry's sub-entries. */
function NavList({ links, nested = false }: { links: readonly NavLink[]; nested?: boolean }) {
  return (
    <ul className={nested ? "site-nav-sub" : "site-nav-list"}>
      {links.filter(useInShopFilter()).map((link, index) => (
        <li key={`${index}-${link.href}`}>
          <LegalAnchor link={link} />
          {link.children.length ? <NavList links={link.children} nested /> : null}
        </li>
      ))}
    </ul>
  );
}

/** On a kiosk only the entries that stay in the shop (decision 053); elsewhere all. */
function useInShopFilter(): (link: LegalLink) => boolean {
  const selfService = useSelfService();
  return (link) => !selfService || !link.external;
}

export function LegalAnchor({ link }: { link: LegalLink }) {
  const selfService = useSelfService();
  // Another site in a new tab is a way out of a kiosk (decision 053): such entries are left out.
  if (link.external && selfService) return null;
  return link.external ? (
    <a href={link.href} target="_blank" rel="noopener noreferrer">
      {link.label}
      <span className="visually-hidden"> {de.shell.newTab}</span>
    </a>
  ) : (
    <Link to={link.href}>{link.label}</Link>
  );
}

export function SiteFooter({ shell }: { shell: ShellData }) {
  const inShop = useInShopFilter();
  return (
    <footer className="site-footer">
      <p className="footer-shop">{shell.shopName}</p>
      {shell.singleBranchIdentifier ? (
        <p>
          <Link to={`/store/${shell.singleBranchIdentifier}`}>{de.shell.onlineOrdering}</Link>
        </p>
      ) : null}
      <nav aria-label={de.shell.footerNavigation}>
        <ul className="footer-links">
          {shell.footerNavigation
            .flatMap((link) => [link, ...link.children])
            .filter(inShop)
            .map((link, index) => (
              <li key={`nav-${index}-${link.href}`}>
                <LegalAnchor link={link} />
              </li>
            ))}
          {shell.legalLinks.filter(inShop).map((link) => (
            <li key={link.label}>
              <LegalAnchor link={link} />
            </li>
          ))}
        </ul>
      </nav>
      {/* 'App installieren' is put here in the browser, when it applies (decision 052). */}
      <div id={FOOTER_SLOT_ID} />
      <p className="copyright">{de.shell.copyright(shell.year, shell.businessName)}</p>
    </footer>
  );
}

/**
 * A plain form with two equally weighted buttons (decision 047): without JavaScript the browser
 * posts, the server keeps the answer and answers 303 back to this page; with it, Remix posts and
 * revalidates in place. Once answered, either way, the banner stays away.
 */
export function CookieBanner({ shell }: { shell: ShellData }) {
  const location = useLocation();
  if (shell.consentDecided) return null;
  const redirectTo = `${location.pathname}${location.search}`;
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-titel">
      <h2 id="cookie-banner-titel" className="visually-hidden">
        {de.consent.heading}
      </h2>
      <p>
        {de.consent.text}{" "}
        {shell.privacyLink ? (
          <LegalAnchor link={{ ...shell.privacyLink, label: de.consent.learnMore }} />
        ) : null}
      </p>
      <Form method="post" action="/cookie-consent" preventScrollReset className="cookie-choices">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Button
          variant="store"
          type="submit"
          name="choice"
          value="decline"
          className="cookie-choice"
        >
          {shell.consentLabels.decline}
        </Button>
        <Button
          variant="store"
          type="submit"
          name="choice"
          value="accept"
          className="cookie-choice"
        >
          {shell.consentLabels.accept}
        </Button>
      </Form>
    </section>
  );
}
