import type { MetaDescriptor } from "@remix-run/node";
import { de } from "#app/i18n/de-staff";

/** A back-office page's title ("… - Backoffice") and the note that no search engine lists it. */
export function staffPageMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} - ${de.backOffice.title}` }, { name: "robots", content: "noindex" }];
}
