import { balancesFor } from "#app/features/time-tracking/plan-service.server";
import { managersRead, onlyForManagers } from "#app/routes/time-tracking-requests.server";

/** `GET /api/time-sheets/holiday-balances?year&branch&user` (issue 21, decision 059). */
export const loader = managersRead(balancesFor);

export const action = onlyForManagers;
