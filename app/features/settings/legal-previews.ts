import { markdownToHtml } from "#app/domain/markdown";
import { de } from "#app/i18n/de-backoffice";

/** The legal texts of the settings, in the order the page previews them. */
const LEGAL = [
  ["termsAndConditionsText", de.settings.terms],
  ["privacyPolicyText", de.settings.privacy],
  ["imprintText", de.settings.imprint],
  ["allergensText", de.settings.allergens],
] as const;

/** What the legal pages would show, from what was typed (the settings page's preview). */
export function legalPreviews(values: Record<string, unknown>): { label: string; html: string }[] {
  return LEGAL.flatMap(([name, label]) => {
    const text = values[name];
    return typeof text === "string" && text ? [{ label, html: markdownToHtml(text) }] : [];
  });
}
