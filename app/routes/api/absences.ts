import { absencesFor, bookAbsenceFor } from "#app/features/time-tracking/plan-service.server";
import {
  managersCreate,
  managersRead,
  mapOutcome,
} from "#app/routes/time-tracking-requests.server";

/**
 * `GET /api/absences?from&to&branch&user` and `POST` an absence
 * `{ userId, from, to?, kind, half? }` (issue 21, decision 059): all its days or none.
 */
export const loader = managersRead(absencesFor);

export const action = managersCreate(
  async (context, user, body) =>
    mapOutcome(await bookAbsenceFor(context, user, body), (days) => ({ days })),
  { takes: ["userId", "from", "to", "kind", "half"] },
);
