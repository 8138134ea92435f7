import { z } from "zod";
import { linkProblem } from "#app/domain/input-rules";
import { cleanLine, parseId } from "#app/domain/values";
import { de } from "#app/i18n/de-backoffice";
import { deContent } from "#app/i18n/de-content";

/**
 * A navigation's entries as the form and the JSON API send them (decision 039): each a label and
 * one target, a site by id or an address (a path inside the shop or an external https URL);
 * entries nest one level. Client-safe.
 */
const t = deContent.navigations;
export const MAX_NAVIGATION_ITEMS = 30;
const LABEL_MAX = 80;
const HREF_MAX = 500;

const label = z
  .string({ error: de.fields.required })
  .transform(cleanLine)
  .pipe(
    z
      .string()
      .min(1, de.fields.required)
      .max(LABEL_MAX, de.fields.tooLong(LABEL_MAX))
      .refine((value) => !/[<>]/.test(value), de.fields.markup),
  );

/** '' or null is no site; anything else must be an id. */
const siteId = z
  .union([z.string(), z.number(), z.null()], { error: de.fields.reference })
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === null || value === "") return null;
    const id = parseId(value);
    if (id === null) {
      context.addIssue({ code: "custom", message: de.fields.reference });
      return z.NEVER;
    }
    return id;
  });

const href = z
  .union([z.string(), z.null()], { error: t.hrefFormat })
  .optional()
  .transform((value, context) => {
    // '/store/mitte', '/site/imprint#kontakt' or 'https://example.org/…', judged as typed: a
    // control character inside is refused, not removed (decision 073).
    const typed = value ? value.trim() : "";
    if (typed === "") return null;
    if (typed.length > HREF_MAX) {
      context.addIssue({ code: "custom", message: de.fields.tooLong(HREF_MAX) });
      return z.NEVER;
    }
    const problem = linkProblem(typed);
    if (problem !== null) {
      context.addIssue({
        code: "custom",
        message: problem === "unsafe" ? t.hrefUnsafe : t.hrefFormat,
      });
      return z.NEVER;
    }
    return cleanLine(typed);
  });

function oneTarget(item: { siteId: number | null; href: string | null }, context: z.RefinementCtx) {
  if (item.siteId === null && item.href === null) {
    context.addIssue({ code: "custom", message: t.targetMissing, path: ["href"] });
  } else if (item.siteId !== null && item.href !== null) {
    context.addIssue({ code: "custom", message: t.targetBoth, path: ["href"] });
  }
}

const childSchema = z
  .object({
    label,
    siteId,
    href,
    children: z.array(z.unknown()).max(0, t.tooDeep).optional(),
  })
  .superRefine(oneTarget)
  .transform(({ label: text, siteId: site, href: address }) => ({
    label: text,
    siteId: site,
    href: address,
  }));

const itemSchema = z
  .object({
    label,
    siteId,
    href,
    children: z
      .array(childSchema, { error: t.tooDeep })
      .max(MAX_NAVIGATION_ITEMS, t.tooMany(MAX_NAVIGATION_ITEMS))
      .optional()
      .transform((children) => children ?? []),
  })
  .superRefine(oneTarget);

export const navigationItemsSchema = z
  .array(itemSchema, { error: de.fields.tooMany })
  .max(MAX_NAVIGATION_ITEMS, t.tooMany(MAX_NAVIGATION_ITEMS));

export type StoredNavigationItem = z.output<typeof itemSchema>;
