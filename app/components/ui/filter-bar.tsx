import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { de } from "#app/i18n/de-staff";
import { buttonClass } from "./button";

/**
 * A GET form whose fields sit in one row on a desktop and wrap on a phone; 'Filtern' submits,
 * 'Zurücksetzen' is a link to the unfiltered address.
 */
export function FilterBar({
  label,
  resetHref,
  children,
  submitLabel = de.ui.filter,
  resetLabel = de.ui.reset,
}: {
  label: string;
  resetHref: string;
  children: ReactNode;
  submitLabel?: string;
  resetLabel?: string;
}) {
  return (
    <Form method="get" className="ui-filter-bar" aria-label={label}>
      <div className="ui-filter-fields">{children}</div>
      <div className="ui-filter-actions">
        <button type="submit" className={buttonClass("primary")}>
          {submitLabel}
        </button>
        <Link to={resetHref} className={buttonClass("quiet")}>
          {resetLabel}
        </Link>
      </div>
    </Form>
  );
}
