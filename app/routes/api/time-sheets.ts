import { sheetFor } from "#app/features/time-tracking/plan-service.server";
import { managersRead, onlyForManagers } from "#app/routes/time-tracking-requests.server";

/** `GET /api/time-sheets?month&user` (issue 21, decision 059): a person's month. */
export const loader = managersRead((db, user, search) =>
  sheetFor(db, user, { month: search.get("month"), user: search.get("user") }),
);

export const action = onlyForManagers;
