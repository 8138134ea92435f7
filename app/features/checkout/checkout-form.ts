/**
 * What the checkout's page and its route share (plain TypeScript, so the browser's bundle may
 * import it): the names of the form's own controls and the legal texts it links to.
 */
import type { Problem } from "#app/server/outcome";
import type { CheckoutValues, CheckoutView } from "./checkout-view.server";

/** The intent of the plain form's 'Uhrzeiten anzeigen': a POST, so no personal data in the URL. */
export const SHOW_TIMES = "show-times";

/** The consents' texts, readable in an overlay (`?lesen=agb`) without leaving the form. */
export const LEGAL_PARAM = "lesen";

/** Each consent's text: the site page it is (CMS path) and its own address for a new tab. */
export const LEGAL_TEXTS = {
  agb: { site: "site/terms-and-conditions", page: "/site/terms-and-conditions" },
  datenschutz: { site: "site/privacy", page: "/site/privacy" },
} as const;

export type LegalKey = keyof typeof LEGAL_TEXTS;

/** What a refused post (or the plain form's 'Uhrzeiten anzeigen') answers the page. */
export interface CheckoutFailure {
  errors: Problem[];
  values: CheckoutValues;
  /** The form again with the times of the chosen day ('Uhrzeiten anzeigen' without JavaScript). */
  view?: CheckoutView;
}

/** A missing name belongs to the last name, the field the form marks as required. */
export const fieldOf = (field: string) => (field === "name" ? "lastName" : field);
