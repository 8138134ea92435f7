import {
  changeShift,
  removeShift,
  SHIFT_FIELDS,
  shiftJson,
  visibleShift,
} from "#app/features/time-tracking/plan-service.server";
import { managersItem } from "#app/routes/time-tracking-requests.server";
import { dePlan as de } from "#app/i18n/de-working-plan";

/**
 * `GET`, `PUT` and `DELETE /api/working-schedules/{id}` (issue 21, decisions 059 and 100): a `PUT`
 * names the fields to change (`userId`, `branchId`, `day`, `start`, `end`, `departmentId`), checked
 * as a new shift is.
 */
const item = managersItem(visibleShift, de.errors.notFound, {
  read: shiftJson,
  update: changeShift,
  updateKeys: { takes: SHIFT_FIELDS, answers: ["id", "endsNextDay"] },
  remove: removeShift,
});

export const loader = item.loader;
export const action = item.action;
