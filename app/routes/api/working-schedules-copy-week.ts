import { copyWeek } from "#app/features/time-tracking/plan-service.server";
import {
  managersCreate,
  mapOutcome,
  onlyForManagers,
} from "#app/routes/time-tracking-requests.server";

/** `POST /api/working-schedules/copy-week` `{ branchId, week }`: "Vorwoche übernehmen" (decision 059). */
export const loader = onlyForManagers;

export const action = managersCreate(
  async (context, user, body) =>
    mapOutcome(await copyWeek(context, user, body), (copied) => ({ copied })),
  { takes: ["branchId", "week"] },
);
