import type { Db, HoursRule } from "../../db/schema";
import type { BranchDetails } from "../../db/queries/branches";
import { branchStatus, type BranchStatusTone } from "../../domain/opening-display";
import {
  NEXT_OPENING_HORIZON_DAYS,
  openingState,
  type OpeningHoursRule,
} from "../../domain/opening-hours";
import { branchHoursWithHolidays } from "../branches/holidays.server";
import { referenceBranch } from "../shared/reference-data.server";

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

/**
 * The branch's opening and delivery hours as customers meet them: public holidays of its country
 * and federal state close it unless staff opened that date, and delivery never happens on a closed
 * day (decision 045). The same hours as the checkout's slots, for the status lines and tables.
 */
export function effectiveHours(branch: BranchDetails, now: Date, zone: string) {
  return branchHoursWithHolidays(
    branch,
    {
      openingHours: branch.openingHours.map(toOpeningRule),
      deliveryHours: branch.deliveryHours.map(toOpeningRule),
      isDeliveryHoursEnabled: branch.isDeliveryHoursEnabled,
    },
    now,
    zone,
    NEXT_OPENING_HORIZON_DAYS,
  );
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
