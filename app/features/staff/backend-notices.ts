import { de } from "#app/i18n/de-staff";

/**
 * The confirmations a back-office form redirects to (`?hinweis=angelegt`): a word in the URL, the
 * sentence from the catalogue, so nothing a visitor types ends up on the page.
 */
const texts = de.users;

const NOTICES: Record<string, string> = {
  angelegt: texts.created,
  gespeichert: texts.saved,
  gesperrt: texts.lockedDone,
  entsperrt: texts.unlockedDone,
  passwort: texts.passwordSet,
  geloescht: texts.deleted,
  abgemeldet: texts.signedOutEverywhere,
  geaendert: de.account.changed,
};

export type NoticeKey = keyof typeof NOTICES;

export function noticeFrom(request: Request): string | null {
  const key = new URL(request.url).searchParams.get("hinweis");
  return key ? (NOTICES[key] ?? null) : null;
}
