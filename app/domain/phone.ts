import { de } from "../i18n/de";

/**
 * The example the error message shows: a German number in international form, as customers of
 * a bakery in Germany would write theirs (country code, area code, number).
 */
export const PHONE_EXAMPLE = "+49 30 1234567";

/** E.164 allows at most 15 digits; fewer than 6 cannot reach anyone. */
const INTERNATIONAL_NUMBER = /^\+\d{6,15}$/;

/** While typing: everything but digits, + and spaces is dropped. */
export function sanitizePhoneInput(input: string): string {
  return input.replace(/[^\d+ ]/g, "");
}

/**
 * After a change: only digits and one leading + stay, and a leading 00 (the international call
 * prefix) becomes +, so `0049 (30) 123-4567` is stored as `+49301234567`.
 */
export function normalizePhone(input: string): string {
  const compact = input.replace(/[^\d+]/g, "");
  const hasPlus = compact.startsWith("+");
  const digits = compact.replace(/\+/g, "");
  if (hasPlus) return `+${digits}`;
  if (digits.startsWith("00")) return `+${digits.slice(2)}`;
  return digits;
}

export type PhoneCheck =
  { isValid: true; phone: string } | { isValid: false; phone: string; message: string };

/**
 * A number is accepted in international form only, so that SMS reach the customer. Whether an
 * empty number is allowed is the branch's decision (isXPhoneRequired) and not checked here.
 */
export function checkPhone(input: string): PhoneCheck {
  const phone = normalizePhone(input);
  if (INTERNATIONAL_NUMBER.test(phone)) return { isValid: true, phone };
  return { isValid: false, phone, message: de.phone.invalid(PHONE_EXAMPLE) };
}
