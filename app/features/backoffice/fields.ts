import { z } from "zod";
import { cleanLine, cleanText, parseClockTime, parseId, parseIsoDate } from "#app/domain/values";
import { de } from "#app/i18n/de-backoffice";
import { isEmailAddress, linkProblem } from "#app/domain/input-rules";

/**
 * The field registry (spec section 3, CMS field types; decision 035): one description per field
 * says how it is labelled, rendered as a plain form control, validated on the server and shown in
 * the JSON API. A resource's zod schema is built from its fields (`schemaOf`), so the HTML form
 * (conform), the JSON API and the audit log agree by construction.
 *
 * Client-safe: the form components import this module too.
 */

interface FieldBase {
  /** The JSON and form name (camelCase, as the API speaks). */
  name: string;
  label: string;
  /** A help text under the label. */
  help?: string;
  required?: boolean;
  /** Another field type's settings this one inherits (spec: `extends`), resolved by `field()`. */
  extends?: FieldType;
  /** Shown in a section of the form with this heading. */
  section?: string;
  /** An empty text is stored as "" rather than null (a column that is never null). */
  emptyString?: boolean;
  /**
   * The JSON API's name of this field where the spec (section 3) names it otherwise than the
   * form does (decision 097): the API answers under it and accepts it; `name` stays accepted as a
   * deprecated alias. The form keeps `name`.
   */
  apiName?: string;
  /**
   * How a reference or image field travels in the JSON API: `id` (the default) bare ids, as the
   * form sends them; `object` the spec's `{ "id": 5 }`, several as `[{ "id": 5 }]` (a table's
   * `branch.id`, a branch's `tags`). Either shape is accepted.
   */
  apiShape?: "id" | "object";
}

export interface TextField extends FieldBase {
  type: "text";
  /** What the line must look like. */
  format?: "identifier" | "email" | "url" | "phone" | "color" | "postcodes" | "keywords" | "digits";
  min?: number;
  max?: number;
  placeholder?: string;
  /**
   * Left empty (form or API), the value is made from this field's (a name's) text as an
   * identifier: 'Große Brötchen' → 'grosse-broetchen', unique by '-2', '-3' … (decision 098).
   */
  derivedFrom?: string;
}
export interface TextareaField extends FieldBase {
  type: "textarea" | "markdown";
  max?: number;
  rows?: number;
}
export interface NumberField extends FieldBase {
  type: "number";
  min?: number;
  max?: number;
  /** Places after the comma; 0 for whole numbers. */
  decimals?: number;
  placeholder?: string;
  /** The value an empty field stands for (spec: `default`); without one an empty field is null. */
  default?: number;
}
/** An amount of money: typed as '1,50' in the form, integer cents in the API and database. */
export interface MoneyField extends FieldBase {
  type: "money";
  max?: number;
}
export interface BooleanField extends FieldBase {
  type: "boolean";
}
export interface SelectField extends FieldBase {
  type: "select";
  options: { value: string; label: string }[];
  /**
   * The value a missing choice stands for (spec: `default`; a product's unit is the piece,
   * decision 098): a required select left out of a JSON body takes it instead of being refused.
   */
  default?: string;
}
/**
 * Several of a fixed set of values (the 14 EU allergens): one checkbox each, stored as a list of
 * the chosen values (a `text[]` column), in the order of `options`.
 */
export interface ChoicesField extends FieldBase {
  type: "choices";
  options: readonly { value: string; label: string }[];
}
export interface DateField extends FieldBase {
  type: "date";
  /** A day ('2026-12-24'), a time ('08:30') or both ('2026-12-24T08:30', local to the shop). */
  mode: "date" | "time" | "dateTime";
}
/** Another resource's record, by id; `multiple` for a list of ids. */
export interface ReferenceField extends FieldBase {
  type: "reference";
  resource: string;
  multiple?: boolean;
  /** A multiple reference shown as a group of checkboxes instead of a list box. */
  checkboxes?: boolean;
}

/**
 * An image by its id (`image`, a column such as `imageId`) or several in order (`images`, a link
 * table with a position). The form uploads files (multipart); the JSON API names existing ids.
 */
export interface ImageField extends FieldBase {
  type: "image" | "images";
}

export type Field =
  | ImageField
  | TextField
  | TextareaField
  | NumberField
  | MoneyField
  | BooleanField
  | SelectField
  | ChoicesField
  | DateField
  | ReferenceField;
export type FieldType = Field["type"];

const texts = de.fields;
/** One line of any field: long enough for every real name, short enough to refuse 100 KB. */
const DEFAULT_LINE_MAX = 200;
const DEFAULT_TEXT_MAX = 20_000;
export const MONEY_MAX = 10_000_000;

const formats: Record<
  NonNullable<TextField["format"]>,
  { pattern: RegExp | { test: (value: string) => boolean }; message: string }
> = {
  identifier: { pattern: /^[a-z0-9]+(-[a-z0-9]+)*$/, message: texts.identifier },
  // The shared rules (decision 073): the same e-mail rule as the checkout and the staff users.
  email: { pattern: { test: isEmailAddress }, message: texts.email },
  // Links are checked as typed, before `cleanLine` (see `textSchema`); this only names the message.
  url: { pattern: { test: (value) => linkProblem(value) !== "format" }, message: texts.url },
  phone: { pattern: /^\+?[0-9 ()/-]{5,30}$/, message: texts.phone },
  color: { pattern: /^#[0-9a-fA-F]{6}$/, message: texts.color },
  postcodes: { pattern: /^[0-9A-Za-z]{3,10}([ ,;]+[0-9A-Za-z]{3,10})*$/, message: texts.postcodes },
  keywords: { pattern: /^[^<>]*$/, message: texts.markup },
  digits: { pattern: /^[0-9]+$/, message: texts.digits },
};

/** Angle brackets have no place in a name or a line; markup in them is refused, not escaped. */
const MARKUP = /[<>]/;

function textSchema(field: TextField): z.ZodType<string, unknown> {
  const max = field.max ?? DEFAULT_LINE_MAX;
  const format = field.format ? formats[field.format] : null;
  const min = field.min ?? 0;
  return z
    .string()
    .superRefine((raw, context) => {
      // A link is judged as typed: a tab or line break inside is refused, not quietly removed.
      const typed = raw.trim();
      if (field.format === "url" && typed !== "" && linkProblem(typed) === "unsafe") {
        context.addIssue({ code: "custom", message: texts.linkUnsafe });
      }
    })
    .transform(cleanLine)
    .pipe(
      z
        .string()
        .max(max, texts.tooLong(max))
        .refine((value) => !MARKUP.test(value), texts.markup)
        .refine((value) => value === "" || !format || format.pattern.test(value), {
          message: format?.message ?? texts.markup,
        })
        .refine((value) => value === "" || value.length >= min, texts.tooShort(min)),
    );
}

function requiredString(schema: z.ZodType<string, unknown>, field: FieldBase) {
  const empty = field.emptyString ? "" : null;
  return field.required
    ? schema.pipe(z.string().min(1, texts.required))
    : schema.nullish().transform((value) => (value ? value : empty));
}

/** '1.234,50', '1234.5', '3' or a number of cents from JSON → integer cents. */
export function parseMoney(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== "string") return null;
  const text = value.trim().replace(/\s|€/g, "");
  const match =
    /^(\d{1,3}(\.\d{3})+|\d+)(,\d{1,2})?$/.exec(text) ?? /^(\d+)(\.\d{1,2})?$/.exec(text);
  if (!match) return null;
  const normalised = text.includes(",") ? text.replace(/\./g, "").replace(",", ".") : text;
  return Math.round(Number(normalised) * 100);
}

/** '2026-12-24T08:30' (a datetime-local field), to the minute; null when it is not one. */
function parseLocalDateTime(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(\.\d+)?)?$/.exec(value.trim());
  if (!match) return null;
  const day = parseIsoDate(match[1]);
  const time = parseClockTime(match[2]);
  return day && time ? `${day}T${time}` : null;
}

/** A wrong type's message, where a missing value is still 'required' (decision 091). */
const missingOr =
  (message: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null ? texts.required : message;

/** An empty form field ("") is no value: a required one then says so, an optional one is null. */
function emptyIsNone(schema: z.ZodType) {
  return z.preprocess((value) => (value === "" ? undefined : value), schema);
}

/** The zod type of one field, for form data (conform coerces) and JSON alike. */
export function fieldSchema(field: Field): z.ZodType {
  switch (field.type) {
    case "text":
      return requiredString(textSchema(field), field);
    case "textarea":
    case "markdown": {
      const max = field.max ?? DEFAULT_TEXT_MAX;
      const schema = z
        .string()
        .transform(cleanText)
        .pipe(z.string().max(max, texts.tooLong(max)));
      return requiredString(schema, field);
    }
    case "number": {
      const min = field.min ?? 0;
      const max = field.max ?? 1_000_000;
      let number = z
        .number({ error: texts.number })
        .min(min, texts.atLeast(min))
        .max(max, texts.atMost(max));
      if (!field.decimals) number = number.int(texts.wholeNumber);
      const fallback = field.default ?? null;
      const schema = field.required
        ? number
        : number.nullish().transform((value) => value ?? fallback);
      // Forms send text ('12,5'); an empty field is no value.
      return z.preprocess((value) => {
        if (typeof value !== "string") return value;
        const text = value.trim();
        if (text === "") return undefined;
        return /^-?\d+([.,]\d+)?$/.test(text) ? Number(text.replace(",", ".")) : text;
      }, schema);
    }
    case "money": {
      const max = field.max ?? MONEY_MAX;
      const schema = z
        .unknown()
        .optional()
        .transform((value, context) => {
          const cents = parseMoney(value);
          if (cents === null || (cents !== undefined && (cents < 0 || cents > max))) {
            // A form types '2,50'; the API sends whole cents, and 1.2 is neither.
            const message = typeof value === "string" ? texts.money : texts.cents;
            context.addIssue({
              code: "custom",
              message: cents === null ? message : texts.moneyRange,
            });
            return z.NEVER;
          }
          if (cents === undefined && field.required) {
            context.addIssue({ code: "custom", message: texts.required });
            return z.NEVER;
          }
          return cents ?? null;
        });
      return schema;
    }
    case "boolean":
      // An unchecked box sends nothing: false, not "missing".
      return z
        .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")], {
          error: texts.boolean,
        })
        .optional()
        .transform((value) => value === true || value === "on" || value === "true");
    case "select": {
      const values = field.options.map((option) => option.value);
      const schema = z
        .string({ error: missingOr(texts.choice) })
        .refine((value) => values.includes(value), { message: texts.choice });
      const fallback = field.default;
      if (fallback !== undefined) {
        return emptyIsNone(schema.nullish().transform((value) => value ?? fallback));
      }
      return emptyIsNone(
        field.required ? schema : schema.nullish().transform((value) => value || null),
      );
    }
    case "choices": {
      const values = field.options.map((option) => option.value);
      const choice = z
        .string({ error: texts.choice })
        .refine((value) => values.includes(value), { message: texts.choice });
      // One ticked box posts a single value, none posts nothing; the order is the options'.
      return z
        .union([z.array(choice).max(values.length, texts.tooMany), choice.transform((v) => [v])])
        .nullish()
        .transform((chosen) => values.filter((value) => (chosen ?? []).includes(value)));
    }
    case "date": {
      const parse =
        field.mode === "date"
          ? parseIsoDate
          : field.mode === "time"
            ? parseClockTime
            : parseLocalDateTime;
      const wrong = field.mode === "time" ? texts.time : texts.date;
      const schema = z.string({ error: missingOr(wrong) }).transform((value, context) => {
        const parsed = parse(value);
        if (parsed === null) {
          context.addIssue({ code: "custom", message: wrong });
          return z.NEVER;
        }
        return parsed;
      });
      return emptyIsNone(
        field.required ? schema : schema.nullish().transform((value) => value ?? null),
      );
    }
    case "image":
    case "images":
      return imageIdsSchema(field);
    case "reference": {
      const id = idSchema(texts.reference);
      if (field.multiple) {
        return z
          .union([z.array(id).max(500, texts.tooMany), id.transform((value) => [value])])
          .nullish()
          .transform((value) => [...new Set(value ?? [])]);
      }
      // An empty choice ('– keine Auswahl –') sends "".
      const optional = z.union([z.literal(""), z.null(), z.undefined()]).transform(() => null);
      return field.required
        ? id
        : z
            .union([optional, id], { error: texts.reference })
            .optional()
            .transform((value) => value ?? null);
    }
  }
}

/** An id as a form (text) or JSON (number) sends it; anything else, an object too, is no id. */
function idSchema(message: string) {
  return z
    .union([z.string(), z.number()], { error: missingOr(message) })
    .transform((value, context) => {
      const parsed = parseId(value);
      if (parsed === null) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return parsed;
    });
}

/** Image ids: one (or none) for `image`, an ordered list without repeats for `images`. */
function imageIdsSchema(field: ImageField): z.ZodType {
  const id = idSchema(texts.reference);
  if (field.type === "images") {
    return z
      .union([z.array(id).max(100, texts.tooMany), id.transform((value) => [value])])
      .nullish()
      .transform((value) => [...new Set(value ?? [])]);
  }
  const none = z.union([z.literal(""), z.null(), z.undefined()]).transform(() => null);
  return z
    .union([none, id], { error: texts.reference })
    .optional()
    .transform((value) => value ?? null);
}

/** A resource's input schema from its fields. Unknown keys are dropped, not stored. */
export function schemaOf(fields: readonly Field[]) {
  return z.object(Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])));
}

/** How a stored value is put back into a form field (conform reads strings). */
export function formValue(field: Field, value: unknown): string | string[] | undefined {
  if (value === null || value === undefined) return undefined;
  switch (field.type) {
    case "boolean":
      return value ? "on" : undefined;
    case "money":
      return typeof value === "number"
        ? (value / 100).toLocaleString("de-DE", { minimumFractionDigits: 2, useGrouping: false })
        : undefined;
    case "reference":
    case "images":
    case "choices":
      return Array.isArray(value) ? value.map(String) : String(value);
    default:
      return String(value);
  }
}
