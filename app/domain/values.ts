import { z } from "zod";
import { de } from "#app/i18n/de";

/**
 * The kinds of value that arrive from outside – ids, calendar days, text – each checked in this
 * one place, so that a route or schema that uses these never hands PostgreSQL a value it cannot
 * store (an id beyond `integer`, February 30th, a NUL byte) and answers 400 instead of 500.
 */

/** The largest value of PostgreSQL's `integer` (our ids are `integer` or `serial`). */
export const MAX_ID = 2_147_483_647;

/** A positive integer id from a path segment, query or form value; null for anything else. */
export function parseId(value: unknown): number | null {
  if (typeof value === "number")
    return Number.isInteger(value) && value > 0 && value <= MAX_ID ? value : null;
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** The years a business date may name; outside them a date is a typo or an attack. */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2999;

/** A real calendar day as 'YYYY-MM-DD' (no February 30th, no year 0); null for anything else. */
export function parseIsoDate(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR || month < 1 || month > 12 || day < 1) return null;
  return day <= daysInMonth(year, month) ? value : null;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A clock time 'HH:mm' of one day; null for anything else. */
export function parseClockTime(value: unknown): string | null {
  if (typeof value !== "string") return null;
  return /^(?:[01]\d|2[0-3]):[0-5]\d$/.test(value) ? value : null;
}

/**
 * C0 and C1 control characters, DEL and unpaired UTF-16 surrogates: nothing a person types into a
 * one-line field, and NUL is a byte PostgreSQL refuses to store.
 */
const LINE_UNWANTED =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** The same for several lines: tabs and line breaks stay. */
const TEXT_UNWANTED =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A one-line field (a name, a street, a label) without control characters, trimmed. */
export function cleanLine(value: string): string {
  return value.replace(LINE_UNWANTED, "").trim();
}

/** A text of several lines (a comment, a message) without control characters but its breaks. */
export function cleanText(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(TEXT_UNWANTED, "").trim();
}

/** True when a decoded path or query holds a character no address of ours ever contains. */
export function hasUnwantedCharacters(value: string): boolean {
  LINE_UNWANTED.lastIndex = 0;
  const found = LINE_UNWANTED.test(value);
  LINE_UNWANTED.lastIndex = 0;
  return found;
}

/** Zod forms of the same rules, for route params, query strings, forms and JSON bodies. */
export const idSchema = z.union([z.string(), z.number()]).transform((value, context) => {
  const id = parseId(value);
  if (id === null) {
    context.addIssue({ code: "custom", message: de.values.invalidId });
    return z.NEVER;
  }
  return id;
});

export const isoDateSchema = z.string().refine((value) => parseIsoDate(value) !== null, {
  message: de.values.invalidDate,
});

/** A one-line text of at most `max` characters after cleaning. */
export const lineSchema = (max: number, tooLong?: string) =>
  z.string().transform(cleanLine).pipe(z.string().max(max, tooLong));

/** A text of several lines of at most `max` characters after cleaning. */
export const textSchema = (max: number, tooLong?: string) =>
  z.string().transform(cleanText).pipe(z.string().max(max, tooLong));
