import type { Route } from "#app/server/route-types";
import { listedBranch, soldOutListFor } from "#app/features/catalogue/sold-out.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { apiMethodNotAllowed } from "#app/server/api-methods.server";
import { problemAnswer } from "#app/server/outcome";

/**
 * `GET /api/products/sold-out?branchId=` (decision 036): what is sold out today in the branch
 * (without `branchId`: for every branch the caller works in).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const branchId = new URL(request.url).searchParams.get("branchId");
  const rows = await soldOutListFor(context.db, user, branchId, new Date());
  if (!rows.ok) return problemAnswer(rows);
  return Response.json({ data: rows.value }, { headers: { "Cache-Control": "private, no-store" } });
}

/** Only GET reads the list; other methods are answered after the same checks. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const branch = listedBranch(user, new URL(request.url).searchParams.get("branchId"));
  if (!branch.ok) return problemAnswer(branch);
  return apiMethodNotAllowed("GET, HEAD");
}
