import {
  removeShift,
  shiftJson,
  visibleShift,
} from "#app/features/time-tracking/plan-service.server";
import { managersItem } from "#app/features/time-tracking/requests.server";
import { dePlan as de } from "#app/i18n/de-working-plan";

/** `GET` and `DELETE /api/working-schedules/{id}` (issue 21, decision 059). */
const item = managersItem(visibleShift, de.errors.notFound, {
  read: shiftJson,
  remove: removeShift,
});

export const loader = item.loader;
export const action = item.action;
