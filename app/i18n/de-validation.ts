import type { $ZodRawIssue } from "zod/v4/core";

/**
 * The one German error map of zod (issue 38, decision 091): every message a schema does not
 * word itself is said here, in the shop's voice, for the forms (conform validates in the browser
 * too) and the JSON API alike. `app/zod-in-german.ts` installs it wherever zod is loaded.
 */

const number = (value: number | bigint) => value.toLocaleString("de-DE");

/** What a value of each type is called in 'Bitte geben Sie … ein.' */
const NOUNS: Record<string, string> = {
  string: "einen Text",
  number: "eine Zahl",
  int: "eine ganze Zahl",
  bigint: "eine ganze Zahl",
  boolean: "true oder false",
  array: "eine Liste",
  tuple: "eine Liste",
  set: "eine Liste",
  object: "ein Objekt",
  record: "ein Objekt",
  map: "ein Objekt",
  date: "ein Datum",
};

/** Issues that say the value is of another kind, not that a value of the right kind is off. */
const WRONG_KIND = new Set(["invalid_type", "invalid_value", "invalid_union"]);

const FORMATS: Record<string, string> = {
  email: "eine gültige E-Mail-Adresse",
  url: "eine gültige Adresse (URL)",
  date: "ein Datum wie 2026-12-24",
  time: "eine Uhrzeit wie 08:30",
  datetime: "Datum und Uhrzeit wie 2026-12-24T08:30",
};

export const deValidation = {
  required: "Bitte füllen Sie dieses Feld aus.",
  enter: (what: string) => `Bitte geben Sie ${what} ein.`,
  /** A value outside an enum or a literal: the allowed ones, as the API spells them. */
  oneOf: (values: string) => `Bitte wählen Sie einen der erlaubten Werte: ${values}.`,
  unknownKeys: (keys: string[]) =>
    `${keys.length > 1 ? "Unbekannte Felder" : "Unbekanntes Feld"}: ${keys.join(", ")}.`,
  check: "Bitte prüfen Sie diese Angabe.",
  /** One key a JSON body may not hold (decision 097), named in the sentence and as the field. */
  unknownKey: (key: string) => `Unbekanntes Feld „${key}“.`,
};

const t = deValidation;

/** A text's length, a list's length or a number's bound, too small or too big. */
function size(
  issue: { origin: string; inclusive?: boolean },
  bound: number | bigint,
  big: boolean,
) {
  const { origin, inclusive } = issue;
  const limit = `${big ? "höchstens" : "mindestens"} ${number(bound)}`;
  if (origin === "string") return t.enter(`${limit} Zeichen`);
  if (/array|set/.test(origin)) return `Bitte geben Sie ${limit} Einträge an.`;
  if (!/number|int|bigint/.test(origin)) return t.check;
  const word = big ? (inclusive ? "bis" : "kleiner als") : inclusive ? "ab" : "größer als";
  return t.enter(`eine Zahl ${word} ${number(bound)}`);
}

/** A message for every issue zod can raise; a schema's own message always comes first. */
export function germanIssue(issue: $ZodRawIssue): string {
  const missing = issue.input === undefined || issue.input === null;
  switch (issue.code) {
    case "invalid_type":
      return missing ? t.required : t.enter(NOUNS[issue.expected] ?? "einen gültigen Wert");
    case "too_small":
      return issue.origin === "string" && Number(issue.minimum) === 1
        ? t.required
        : size(issue, issue.minimum, false);
    case "too_big":
      return size(issue, issue.maximum, true);
    case "invalid_value":
      return t.oneOf(issue.values.map(String).join(", "));
    case "invalid_format":
      return t.enter(FORMATS[issue.format] ?? "einen Wert im richtigen Format");
    case "not_multiple_of":
      return t.enter(`ein Vielfaches von ${number(issue.divisor)}`);
    case "unrecognized_keys":
      return t.unknownKeys(issue.keys);
    case "invalid_union": {
      if (missing) return t.required;
      const options = "options" in issue ? (issue.options as unknown[]) : [];
      if (options.length) return t.oneOf(options.map(String).join(", "));
      // Each option's first complaint: one that got past the type says what is wrong, else the
      // types the options take.
      const first = issue.errors.flatMap((errors) => errors.slice(0, 1));
      const nearest = first.find((option) => option.path.length || !WRONG_KIND.has(option.code));
      if (nearest) return nearest.message;
      const types = first.map((option) => option.code === "invalid_type" && NOUNS[option.expected]);
      const named = [...new Set(types.filter(Boolean))];
      return named.length ? t.enter(named.join(" oder ")) : t.check;
    }
    default:
      return t.check;
  }
}
