import type { HoursRule } from "#app/db/schema";
import type { OpeningRuleValue } from "#app/features/branches/opening-rules.schema";

/**
 * Availability schedules of categories and products (spec section 3: `schedule`): the same rules
 * as opening hours, kept as a jsonb list of `HoursRule` (`fromTime`, `toTime`) while the form and
 * the JSON API speak the editor's `OpeningRuleValue` (`from`, `to`), as branches do.
 */
export function scheduleToStored(rules: readonly OpeningRuleValue[]): HoursRule[] {
  return rules.map((rule) => ({
    type: rule.type,
    date: rule.date,
    isClosed: rule.isClosed,
    fromTime: rule.from,
    toTime: rule.to,
  }));
}

export function scheduleFromStored(rules: readonly HoursRule[] | null): OpeningRuleValue[] {
  return (rules ?? []).map((rule) => ({
    type: rule.type,
    date: rule.date ? rule.date.slice(0, 10) : null,
    isClosed: rule.isClosed,
    from: rule.fromTime ? rule.fromTime.slice(0, 5) : null,
    to: rule.toTime ? rule.toTime.slice(0, 5) : null,
  })) as OpeningRuleValue[];
}
