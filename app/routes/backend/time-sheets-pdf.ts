import type { LoaderFunctionArgs } from "@remix-run/node";
import { timeSheetFile } from "#app/features/time-tracking/plan-views.server";
import { downloadAnswer, requireManager } from "#app/features/time-tracking/requests.server";

/** `GET /backend/time-sheets/pdf?monat&person`: a person's month as a PDF (decision 065). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireManager(request, context);
  const search = new URL(request.url).searchParams;
  return downloadAnswer(await timeSheetFile(context.db, user, search, "pdf"));
}
