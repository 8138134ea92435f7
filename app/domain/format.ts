import { de } from "#app/i18n/de";
import { BUSINESS_TIME_ZONE, inZone, type Instant } from "./time";

export { formatMoney } from "./money";

/** The specification's default for shortened texts. */
export const TRUNCATE_LENGTH = 128;

/** `DD.MM.YYYY` in the business's zone. */
export function formatDate(instant: Instant, zone: string = BUSINESS_TIME_ZONE): string {
  return inZone(instant, zone).toFormat("dd.MM.yyyy");
}

/** `HH:mm` (24 hours) in the business's zone. */
export function formatTime(instant: Instant, zone: string = BUSINESS_TIME_ZONE): string {
  return inZone(instant, zone).toFormat("HH:mm");
}

/** `DD.MM.YYYY HH:mm` in the business's zone. */
export function formatDateTime(instant: Instant, zone: string = BUSINESS_TIME_ZONE): string {
  return inZone(instant, zone).toFormat("dd.MM.yyyy HH:mm");
}

export function formatBoolean(value: boolean): string {
  return value ? de.format.yes : de.format.no;
}

/** A value for display, or `-` when there is nothing to show (null, undefined, blank). */
export function orDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return de.format.empty;
  const text = String(value);
  return text.trim() === "" ? de.format.empty : text;
}

/**
 * Shortens to at most `length` characters including the ellipsis. Counts code points, so an
 * emoji or a combined character is never cut in half.
 */
export function truncate(text: string, length: number = TRUNCATE_LENGTH): string {
  const characters = Array.from(text);
  if (characters.length <= length) return text;
  return (
    characters
      .slice(0, Math.max(length - 1, 0))
      .join("")
      .trimEnd() + de.format.ellipsis
  );
}

const numberFormats = new Map<number, Intl.NumberFormat>();

/** A quantity as Germans write it: `0,25`, `1.500`, `2`; at most `maximumFractionDigits` decimals. */
export function formatNumber(value: number, maximumFractionDigits = 3): string {
  let format = numberFormats.get(maximumFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat("de-DE", { maximumFractionDigits });
    numberFormats.set(maximumFractionDigits, format);
  }
  return format.format(value === 0 ? 0 : value);
}

const DECIMAL_INPUT = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

/**
 * Reads a decimal typed by a customer: `1,5` and `1.5` both mean one and a half. With only one
 * separator allowed there is no guessing between German thousands dots and English decimal
 * points, so `1.234,5` is rejected (null) rather than misread. Blank input is null too.
 */
export function parseDecimal(input: string): number | null {
  const text = input.trim();
  if (!DECIMAL_INPUT.test(text)) return null;
  const value = Number(text.replace(",", "."));
  return Number.isFinite(value) ? value : null;
}
