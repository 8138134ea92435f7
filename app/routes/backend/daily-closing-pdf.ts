import type { Route } from "#app/server/route-types";
import { formatDateTime } from "#app/domain/format";
import { dateOf } from "#app/domain/time";
import { dailyClosingPdf } from "#app/features/daily-closing/daily-closing-pdf.server";
import {
  businessZone,
  closingFilters,
  dailyClosingView,
  mayUseDailyClosing,
  PAGE_FIELDS,
} from "#app/features/daily-closing/daily-closing.server";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { deDailyClosing as de } from "#app/i18n/de-daily-closing";
import { downloadAnswer } from "#app/server/download-answer.server";
import { refused, succeeded } from "#app/server/outcome";

/**
 * `GET /backend/daily-closing/tagesabschluss.pdf?tag=&filiale=` (decision 117): the day's figures
 * on A4, a closed day with its number, who closed it and when, an open one marked as open. A GET:
 * reading the figures changes nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!mayUseDailyClosing(user)) throw forbidden(user.surface);
  const search = new URL(request.url).searchParams;
  const now = new Date();
  const zone = await businessZone(context.db);
  const filters = await closingFilters(
    context.db,
    user,
    { day: search.get("tag") ?? undefined, branch: search.get("filiale") ?? undefined },
    PAGE_FIELDS,
    dateOf(now, zone),
  );
  if (!filters.ok) return downloadAnswer(filters);
  if (filters.value.branchId === null) return downloadAnswer(refused(403, de.noBranches));
  const view = await dailyClosingView(context.db, filters.value, now);
  if (!view.result) return downloadAnswer(refused(403, de.noBranches));
  const pdf = await dailyClosingPdf({
    title: de.titleFor(view.dayText, view.branchText),
    state: view.closedText ?? (view.isFuture ? de.notYet : de.open),
    printedAt: de.printedOn(formatDateTime(now, zone)),
    figures: view.result.figures,
  });
  return downloadAnswer(
    succeeded({
      body: new Uint8Array(pdf),
      contentType: "application/pdf",
      filename: `tagesabschluss-${view.day}-filiale-${view.branchId}.pdf`,
    }),
  );
}
