import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import { de } from "#app/i18n/de";

/**
 * The example the error message shows: a German number in international form, as customers of
 * a bakery in Germany would write theirs (country code, area code, number).
 */
export const PHONE_EXAMPLE = "+49 30 1234567";

/** The shop's country when nothing else names one (decision 045). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = "DE";

/**
 * The shop's country, from the business's time zone (the only setting that names a country):
 * a national number such as `0761 123456` is read as a number of that country.
 */
export function phoneCountryOf(zone: string | null | undefined): CountryCode {
  switch (zone) {
    case "Europe/Vienna":
      return "AT";
    case "Europe/Zurich":
      return "CH";
    default:
      return DEFAULT_PHONE_COUNTRY;
  }
}

/** While typing: everything but digits, + and spaces is dropped. */
export function sanitizePhoneInput(input: string): string {
  return input.replace(/[^\d+ ]/g, "");
}

/**
 * After a change: only digits and one leading + stay, and a leading 00 (the international call
 * prefix) becomes +, so `0049 (30) 123-4567` becomes `+49301234567`.
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
 * A number is accepted when it can be a telephone number: international (`+49 …`, `0049 …`) or
 * national in the shop's country (`0761 123456`). It is answered in international form with the
 * usual groups (`+49 761 123456`), so that SMS reach the customer and staff can read it. The
 * check uses libphonenumber's smallest metadata (lengths and leading digits per country), which
 * knows every country's number plan but not every single range. Whether an empty number is
 * allowed is the branch's decision (isXPhoneRequired) and not checked here.
 */
export function checkPhone(
  input: string,
  country: CountryCode = DEFAULT_PHONE_COUNTRY,
): PhoneCheck {
  const compact = normalizePhone(input);
  // Letters or other signs inside the digits are not a number typed with spaces or dashes.
  // A national number starts with the trunk prefix 0 (Germany, Austria and Switzerland alike);
  // without it and without a country code, `12345` would pass the small metadata's length check.
  const looksLikeNumber =
    /^[\d+\s()/.-]*$/.test(input.trim()) && (compact.startsWith("+") || compact.startsWith("0"));
  const parsed =
    looksLikeNumber && compact.length > 0
      ? parsePhoneNumberFromString(compact, { defaultCountry: country })
      : undefined;
  if (parsed?.isValid()) return { isValid: true, phone: parsed.formatInternational() };
  return { isValid: false, phone: compact, message: de.phone.invalid(PHONE_EXAMPLE) };
}
