import { planShift, shiftsOf } from "#app/features/time-tracking/plan-service.server";
import { managersCreate, managersRead } from "#app/routes/time-tracking-requests.server";

/**
 * `GET /api/working-schedules?from&to&branch&user&department` and `POST` a shift
 * `{ userId, branchId, day, start, end, departmentId? }` (issue 21, decision 059).
 */
export const loader = managersRead(shiftsOf);

export const action = managersCreate(planShift, {
  takes: ["userId", "branchId", "departmentId", "day", "start", "end"],
  answers: ["id", "endsNextDay"],
});
