import { de } from "#app/i18n/de";
import type { CartNotice } from "./cart-changes.server";

/** The notice the page shows after a redirect, named in the URL (`?hinweis=added`). */
export const NOTICE_PARAM = "hinweis";

export function noticeText(value: string | null): string | null {
  const notices: Record<CartNotice, string> = {
    added: de.cartPanel.added,
    updated: de.cartPanel.updated,
    removed: de.cartPanel.removed,
  };
  return value && value in notices ? notices[value as CartNotice] : null;
}
