import type { Route } from "#app/server/route-types";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import {
  mayReadStatistics,
  statisticsCsvFile,
} from "#app/features/statistics/statistics-views.server";
import { firstMessage } from "#app/server/outcome";

/** `/backend/statistics/{metric}.csv?von=&bis=&filiale=`: one figure of the page as CSV. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!mayReadStatistics(user)) throw forbidden(user.surface);
  const search = new URL(request.url).searchParams;
  const file = await statisticsCsvFile(context.db, user, params.metric, search, new Date());
  if (!file.ok) {
    return new Response(firstMessage(file), {
      status: file.status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(file.value.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.value.fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
