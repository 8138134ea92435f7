import { z } from "zod";
import { de } from "#app/i18n/de";
import { cleanLine } from "#app/domain/values";

/**
 * What `POST /api/analytics-log` takes (spec section 7, decision 054): `type`, `action`,
 * `category`, `data`, or the storefront's `type`, `name`, `extra`, `data`; plus the branch the
 * visitor is in. Only these types exist: anything else is refused, so nobody can fill the table
 * with types of their own making.
 */
export const EVENT_TYPES = [
  "page_view",
  "add_to_cart",
  "initiate_checkout",
  "purchase",
  "event",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The stored data's JSON text at most (the column holds 4 KB of jsonb). */
export const DATA_MAX_BYTES = 2_048;
const DATA_MAX_KEYS = 16;
const DATA_KEY = /^[A-Za-z0-9_.-]{1,40}$/;
const t = de.analytics;

const line = (max: number) =>
  z
    .string()
    .transform(cleanLine)
    .pipe(z.string().max(max, t.tooLong(max)))
    .nullish()
    .transform((value) => (value ? value : null));

const dataValue = z.union([
  z.string().transform(cleanLine).pipe(z.string().max(200, t.badData)),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);

const dataSchema = z
  .record(z.string().regex(DATA_KEY, t.badData), dataValue, { error: t.badData })
  .refine((data) => Object.keys(data).length <= DATA_MAX_KEYS, t.badData)
  .refine((data) => Buffer.byteLength(JSON.stringify(data)) <= DATA_MAX_BYTES, t.badData)
  .nullish()
  .transform((data) => data ?? null);

export const analyticsEventSchema = z
  .object({
    type: z.enum(EVENT_TYPES, { error: t.unknownType }),
    action: line(60),
    category: line(60),
    name: line(120),
    /** The storefront variant's extra: kept in the data as `extra`. */
    extra: z.union([z.string(), z.number()]).nullish(),
    data: dataSchema,
    branch: z
      .string()
      .regex(/^[a-z0-9-]{1,100}$/)
      .nullish()
      .catch(null)
      .transform((value) => value ?? null),
  })
  .transform(({ extra, data, ...rest }) => {
    const extraValue = typeof extra === "string" ? cleanLine(extra).slice(0, 200) : extra;
    const merged =
      extraValue === undefined || extraValue === null || extraValue === ""
        ? data
        : { ...(data ?? {}), extra: extraValue };
    return { ...rest, data: merged };
  });

export type AnalyticsEvent = z.output<typeof analyticsEventSchema>;
