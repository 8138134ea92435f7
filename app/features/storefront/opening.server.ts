import type { HoursRule } from "../../db/schema";
import type { BranchDetails } from "../../db/queries/branches";
import { branchStatus, type BranchStatusTone } from "../../domain/opening-display";
import { openingState, type OpeningHoursRule } from "../../domain/opening-hours";

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

export function branchOpening(branch: BranchDetails, now: Date, zone: string) {
  const state = openingState(branch.openingHours.map(toOpeningRule), now, zone);
  const status = branchStatus(state, zone);
  return { state, view: { kind: status.tone, label: status.label } satisfies OpeningStateView };
}
