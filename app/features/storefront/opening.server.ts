import type { Db, HoursRule } from "#app/db/schema";
import type { BranchDetails } from "#app/db/queries/branches";
import { branchStatus, type BranchStatusTone } from "#app/domain/opening-display";
import {
  NEXT_OPENING_HORIZON_DAYS,
  openingState,
  type OpeningHoursRule,
} from "#app/domain/opening-hours";
import { inZone } from "#app/domain/time";
import { branchHoursWithHolidays } from "#app/features/branches/holidays.server";
import { referenceBranch } from "#app/features/shared/reference-data.server";

/** The spec's rule shape from the stored one (`from`/`to` are reserved words in SQL). */
export function toOpeningRule(rule: HoursRule): OpeningHoursRule {
  return {
    type: rule.type,
    date: rule.date,
    isClosed: rule.isClosed,
    from: rule.fromTime ?? "00:00",
    to: rule.toTime ?? "00:00",
  };
}

export interface OpeningStateView {
  kind: BranchStatusTone;
  label: string;
}

/** Per branch (a reference value, shared until the data change): the hours of one day. */
const hoursMemo = new WeakMap<
  BranchDetails,
  { key: string; hours: ReturnType<typeof branchHoursWithHolidays> }
>();

/**
 * The branch's opening and delivery hours as customers meet them: public holidays of its country
 * and federal state close it unless staff opened that date, and delivery never happens on a closed
 * day (decision 045). The same hours as the checkout's slots, for the status lines and tables.
 *
 * They change with the date only: worked out once per branch and day (resolving half a year of
 * rules for every page cost the checkout most of its time). Callers must not change them.
 */
export function effectiveHours(
  branch: BranchDetails,
  now: Date,
  zone: string,
  days = NEXT_OPENING_HORIZON_DAYS,
) {
  const key = `${zone}|${inZone(now, zone).toISODate()}|${days}`;
  const kept = hoursMemo.get(branch);
  if (kept?.key === key) return kept.hours;
  const hours = branchHoursWithHolidays(
    branch,
    {
      openingHours: branch.openingHours.map(toOpeningRule),
      deliveryHours: branch.deliveryHours.map(toOpeningRule),
      isDeliveryHoursEnabled: branch.isDeliveryHoursEnabled,
    },
    now,
    zone,
    days,
  );
  hoursMemo.set(branch, { key, hours });
  return hours;
}

export function branchOpening(branch: BranchDetails, now: Date, zone: string) {
  const state = openingState(effectiveHours(branch, now, zone).openingHours, now, zone);
  const status = branchStatus(state, zone);
  return { state, view: { kind: status.tone, label: status.label } satisfies OpeningStateView };
}

/** Whether the branch with this identifier is open at `now` (false for an unknown one). */
export async function isBranchOpenNow(
  db: Db,
  identifier: string,
  now: Date,
  zone: string,
): Promise<boolean> {
  const branch = await referenceBranch(db, identifier);
  return branch ? branchOpening(branch, now, zone).state.isOpen : false;
}
