import type { Route } from "#app/server/route-types";
import {
  foreignBranch,
  productionFor,
  productionJson,
} from "#app/features/production/production.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problemAnswer } from "#app/server/outcome";

/**
 * `GET /api/production-lists?day=YYYY-MM-DD&branchId=` (issue 39 part 1, decision 103): the
 * production list of a day, for one branch or every branch the caller works for, with the change
 * since the last print; `{ data }`, a bad day or branch `{ errors }` with 400/403.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const view = await productionFor(context.db, user, new URL(request.url).searchParams);
  if (!view.ok) return problemAnswer(view);
  return Response.json(
    { data: productionJson(view.value) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const foreign = foreignBranch(user, new URL(request.url).searchParams);
  if (foreign) return problemAnswer(foreign);
  return apiMethodNotAllowed("GET");
}
