import type { Route } from "#app/server/route-types";
import { dateOf } from "#app/domain/time";
import {
  API_FIELDS,
  businessZone,
  closeDay,
  closingFilters,
  closingJson,
  dayClosing,
  mayUseDailyClosing,
} from "#app/features/daily-closing/daily-closing.server";
import { readSmallJson } from "#app/features/shared/small-request.server";
import { forbidden, requireStaff } from "#app/features/staff/staff-auth.server";
import { deDailyClosing as de } from "#app/i18n/de-daily-closing";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problem, problemAnswer } from "#app/server/outcome";
import { unknownKeysAnswer } from "#app/server/unknown-keys";

/**
 * The daily closing's API twin (issue 39 part 3, decision 117), for administrators and the
 * managers of the branch:
 * - `GET /api/daily-closings?branchId=&date=YYYY-MM-DD`: the day's figures (cents), closed or as
 *   a closing would freeze them now;
 * - `POST /api/daily-closings` with `{ "branchId", "date" }`: closes the day (201), a closed day
 *   409; unknown keys 400.
 */
const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  if (!mayUseDailyClosing(user)) throw forbidden(user.surface);
  const search = new URL(request.url).searchParams;
  const now = new Date();
  const filters = await closingFilters(
    context.db,
    user,
    { day: search.get("date") ?? undefined, branch: search.get("branchId") ?? undefined },
    API_FIELDS,
    dateOf(now, await businessZone(context.db)),
  );
  if (!filters.ok) return problemAnswer(filters);
  const { day, branchId } = filters.value;
  if (branchId === null) return problem(403, de.noBranches);
  const result = await dayClosing(context.db, branchId, day, now);
  return Response.json({ data: closingJson(result) }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  if (!mayUseDailyClosing(user)) throw forbidden(user.surface);
  if (request.method !== "POST") return apiMethodNotAllowed("GET, POST");
  const body = await readSmallJson(request);
  if (!body) return problem(400, de.badIntent);
  const unknown = unknownKeysAnswer(body, { takes: ["branchId", "date"] });
  if (unknown) return unknown;
  if (body.branchId === undefined || body.branchId === null || body.branchId === "") {
    return problem(400, de.branchRequired, { field: "branchId" });
  }
  if (body.date === undefined || body.date === null || body.date === "") {
    return problem(400, de.dayRequired, { field: "date" });
  }
  const now = new Date();
  const filters = await closingFilters(
    context.db,
    user,
    { day: body.date, branch: body.branchId },
    API_FIELDS,
    dateOf(now, await businessZone(context.db)),
  );
  if (!filters.ok) return problemAnswer(filters);
  const { day, branchId } = filters.value;
  if (branchId === null) return problem(403, de.noBranches);
  const closed = await closeDay(context.db, user, branchId, day, now);
  if (!closed.ok) return problemAnswer(closed);
  const result = await dayClosing(context.db, branchId, day, now);
  return Response.json({ data: closingJson(result) }, { status: 201, headers: NO_STORE });
}
