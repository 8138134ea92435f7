import type { Db } from "../../db/schema";

/**
 * The hook for `GET /api/time-tracking/{branchId}/{deviceKey}/working-schedules` (decision 058):
 * a person's planned shifts from `from` to `to` (business days, both included). The working
 * schedules come with issue 21's second half; until then nobody has any. Replace the body, keep
 * the signature: the time clock's API answers `{ data: <this> }`.
 */
export interface PlannedShift {
  id: number;
  branchId: number;
  departmentId: number | null;
  start: string;
  end: string;
}

export async function workingSchedulesOf(
  _db: Db,
  _input: { userId: number; branchId: number; from: string; to: string; zone: string },
): Promise<PlannedShift[]> {
  return [];
}
