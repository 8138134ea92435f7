import { z } from "zod";
import { de } from "#app/i18n/de-staff";
import type { OpeningHoursRule, OpeningHoursRuleType } from "#app/domain/opening-hours";
import { WEEKDAYS, minutesOfClock, type IsoDate, type WallClock } from "#app/domain/time";
import { isoDateSchema, parseClockTime } from "#app/domain/values";

const texts = de.hoursEditor.errors;

/** More rules than a branch needs for a year of holidays; beyond it a post is a mistake or worse. */
export const MAX_OPENING_RULES = 100;

/** The rule types of spec section 3, in the order the editor offers them. */
export const OPENING_RULE_TYPES = [
  "once",
  "daily",
  ...WEEKDAYS,
] as const satisfies readonly OpeningHoursRuleType[];

/** A midnight end that JSON clients (and the `branch_hours` column) may write as `24:00`. */
const MIDNIGHT = "00:00";

/**
 * One rule as it is stored and sent in JSON (spec section 3: type, date, isClosed, from, to).
 * A closed rule carries no times and only a `once` rule a date, matching the `branch_hours`
 * constraints, so a value that passed this schema can be written as it is.
 */
export interface OpeningRuleValue {
  type: OpeningHoursRuleType;
  date: IsoDate | null;
  isClosed: boolean;
  from: WallClock | null;
  to: WallClock | null;
}

/** A text field that may be missing, null or blank (then null); trimmed otherwise. */
const optionalText = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : null));

/** A JSON boolean, or the checkbox's `on` (and `true`/`false`) from a form; missing is false. */
const flag = z
  .union([z.boolean(), z.enum(["on", "true", "false"])], { error: texts.closed })
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

function endMinutes(to: WallClock): number {
  return to === MIDNIGHT ? 24 * 60 : minutesOfClock(to);
}

/**
 * One rule from the form (`hours[0].type`, `hours[0].date`, `hours[0].from`, `hours[0].to`,
 * `hours[0].isClosed`) or from JSON. `to` must lie after `from`; `00:00` (or `24:00`) as `to`
 * means midnight at the end of the day, so `00:00`–`00:00` is the whole day. Ranges past midnight
 * are two rules (decision 034). Times of a closed rule and the date of a weekly rule are dropped:
 * a hidden field of the editor may still post them.
 */
export const openingRuleSchema = z
  .object(
    {
      type: z.enum(OPENING_RULE_TYPES, { error: texts.type }),
      date: optionalText,
      isClosed: flag,
      from: optionalText,
      to: optionalText,
    },
    { error: texts.rule },
  )
  .superRefine((rule, context) => {
    if (rule.type === "once") {
      if (rule.date === null) {
        context.addIssue({ code: "custom", message: texts.dateRequired, path: ["date"] });
      } else {
        const date = isoDateSchema.safeParse(rule.date);
        if (!date.success) {
          const message = date.error.issues[0]?.message ?? de.values.invalidDate;
          context.addIssue({ code: "custom", message, path: ["date"] });
        }
      }
    }
    if (rule.isClosed) return;
    const from = rule.from === null ? null : parseClockTime(rule.from);
    const to = rule.to === "24:00" ? MIDNIGHT : rule.to === null ? null : parseClockTime(rule.to);
    if (rule.from === null) {
      context.addIssue({ code: "custom", message: texts.fromRequired, path: ["from"] });
    } else if (from === null) {
      context.addIssue({ code: "custom", message: de.values.invalidTime, path: ["from"] });
    }
    if (rule.to === null) {
      context.addIssue({ code: "custom", message: texts.toRequired, path: ["to"] });
    } else if (to === null) {
      context.addIssue({ code: "custom", message: de.values.invalidTime, path: ["to"] });
    } else if (from !== null && endMinutes(to) <= minutesOfClock(from)) {
      context.addIssue({ code: "custom", message: texts.toBeforeFrom, path: ["to"] });
    }
  })
  .transform((rule): OpeningRuleValue => ({
    type: rule.type,
    date: rule.type === "once" ? rule.date : null,
    isClosed: rule.isClosed,
    from: rule.isClosed ? null : rule.from,
    to: rule.isClosed ? null : rule.to === "24:00" ? MIDNIGHT : rule.to,
  }));

/**
 * The list of rules of one kind (opening or delivery hours), in the order they apply. The length
 * is checked before any rule, so a post naming `hours[99999].type` gets one message, not 100,000.
 * A missing list (a form without rows posts nothing) is an empty list.
 */
export const openingRulesSchema = z
  .array(z.unknown(), { error: texts.list })
  .max(MAX_OPENING_RULES, texts.tooMany(MAX_OPENING_RULES))
  .optional()
  .transform((rules) => rules ?? [])
  .pipe(z.array(openingRuleSchema));

export type OpeningRulesInput = z.input<typeof openingRulesSchema>;

/** The rule as the domain (app/domain/opening-hours.ts) reads it; a closed rule's times are unused. */
export function toDomainRule(rule: OpeningRuleValue): OpeningHoursRule {
  return {
    type: rule.type,
    date: rule.date,
    isClosed: rule.isClosed,
    from: rule.from ?? MIDNIGHT,
    to: rule.to ?? MIDNIGHT,
  };
}
