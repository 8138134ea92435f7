import { Link, useLocation } from "@remix-run/react";
import { LEGAL_PARAM, LEGAL_TEXTS, type LegalKey } from "#app/features/checkout/checkout-form";
import { de } from "#app/i18n/de";
import { UrlDialog, withParam } from "#app/components/ui/dialog";
import { useHydrated } from "#app/components/use-hydrated";

export interface LegalText {
  title: string;
  bodyHtml: string;
}

/**
 * A consent's text: on a kiosk it folds open in the form itself, with or without JavaScript;
 * elsewhere a link to it (an overlay with JavaScript, its own page in a new tab without).
 */
export function LegalTextLink({
  textKey,
  label,
  kioskTexts,
}: {
  textKey: LegalKey;
  label: string;
  kioskTexts: readonly (LegalText & { key: string })[];
}) {
  const text = kioskTexts.find((entry) => entry.key === textKey);
  if (text) return <KioskLegalText title={label} bodyHtml={text.bodyHtml} />;
  return <LegalLink overlay={textKey} page={LEGAL_TEXTS[textKey].page} label={label} />;
}

function KioskLegalText({ title, bodyHtml }: LegalText) {
  return (
    <details className="kiosk-legal">
      <summary>{title}</summary>
      {/* Written by the shop's staff in the CMS, links kept in the shop. */}
      <div className="site-body" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
    </details>
  );
}

/** With JavaScript the overlay; without it the text's own page in a new tab, the form kept. */
function LegalLink({ overlay, page, label }: { overlay: string; page: string; label: string }) {
  const isHydrated = useHydrated();
  const location = useLocation();
  if (isHydrated) {
    return (
      <Link to={withParam(location, LEGAL_PARAM, overlay)} preventScrollReset replace>
        {label}
      </Link>
    );
  }
  return (
    <a href={page} target="_blank" rel="noopener noreferrer">
      {label}
      <span className="visually-hidden"> {de.shell.newTab}</span>
    </a>
  );
}

/** The text opened by `?lesen=…` over the form. */
export function LegalDialog({ legal }: { legal: LegalText }) {
  const location = useLocation();
  return (
    <UrlDialog
      labelledBy="rechtstext-titel"
      closeTo={withParam(location, LEGAL_PARAM, null)}
      className="legal-dialog"
    >
      <h2 id="rechtstext-titel">{legal.title}</h2>
      {/* Written by the shop's staff in the CMS, like every site page. */}
      <div className="site-body" dangerouslySetInnerHTML={{ __html: legal.bodyHtml }} />
      <p className="dialog-actions">
        <Link to={withParam(location, LEGAL_PARAM, null)} replace preventScrollReset>
          {de.landing.close}
        </Link>
      </p>
    </UrlDialog>
  );
}
