import type { Route } from "#app/server/route-types";
import { timeSheetFile } from "#app/features/time-tracking/plan-views.server";
import { requireManager } from "#app/routes/time-tracking-requests.server";
import { downloadAnswer } from "#app/server/download-answer.server";

/** `GET /backend/time-sheets/export?monat&person`: a person's month as CSV (decision 059). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireManager(request, context);
  const search = new URL(request.url).searchParams;
  return downloadAnswer(await timeSheetFile(context.db, user, search, "csv"));
}
