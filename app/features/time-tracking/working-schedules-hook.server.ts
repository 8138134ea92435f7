import { DateTime } from "luxon";
import type { Db } from "#app/db/schema";
import { listSchedules } from "./working-plan.server";

/**
 * The hook for `GET /api/time-tracking/{branchId}/{deviceKey}/working-schedules` (decision 058):
 * a person's planned shifts from `from` to `to` (business days, both included), answered from the
 * working plan of decision 059 with the start and end as instants of the business time zone.
 */
export interface PlannedShift {
  id: number;
  branchId: number;
  departmentId: number | null;
  start: string;
  end: string;
}

/** The wall-clock time of `minute` after the start of `day` (a night shift's end: the next day). */
const instant = (day: string, minute: number, zone: string) =>
  DateTime.fromISO(day, { zone })
    .plus({ days: Math.floor(minute / 1440) })
    .set({ hour: Math.floor((minute % 1440) / 60), minute: minute % 60 })
    .toISO()!;

export async function workingSchedulesOf(
  db: Db,
  input: { userId: number; branchId: number; from: string; to: string; zone: string },
): Promise<PlannedShift[]> {
  const rows = await listSchedules(db, {
    branches: "all",
    userId: input.userId,
    from: input.from,
    to: input.to,
  });
  return rows.map((row) => ({
    id: row.id,
    branchId: row.branchId,
    departmentId: row.departmentId,
    start: instant(row.day, row.startMinute, input.zone),
    end: instant(row.day, row.endMinute, input.zone),
  }));
}
