import { removeAbsence, visibleAbsence } from "#app/features/time-tracking/plan-service.server";
import { managersItem } from "#app/routes/time-tracking-requests.server";
import { dePlan as de } from "#app/i18n/de-working-plan";

/** `DELETE /api/absences/{id}` (issue 21, decision 059). */
const item = managersItem(visibleAbsence, de.errors.notFound, {
  remove: removeAbsence,
});

export const loader = item.loader;
export const action = item.action;
